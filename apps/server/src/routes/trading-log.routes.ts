import { paths, tradingLogListQuery, tradingLogListResponse } from '@makerdesk/contract';
import { principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

export const tradingLogRoutes: RoutePlugin = (app, { auth, tradingLogs }) => {
  app.get(paths.tradingLogList, { onRequest: signedIn(auth), schema: { tags: ['tradingLog'], summary: 'Trading logs of a pair, newest first; by bot, level and time', querystring: tradingLogListQuery, response: replies(tradingLogListResponse) } }, async (request) =>
    ok(await tradingLogs.list(principalOf(request).admin, request.query)),
  );
};
