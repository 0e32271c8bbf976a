import { principalOf } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

export const tradingLogRoutes: RoutePlugin = (app, { auth, tradingLogs }) => {
  serveEndpoints(app, auth)('tradingLogList', { access: 'signed-in', tags: ['tradingLog'], summary: 'Trading logs of a pair, newest first; by bot, level and time' }, async (request) =>
    ok(await tradingLogs.list(principalOf(request).admin, request.query, langOf(request))),
  );
};
