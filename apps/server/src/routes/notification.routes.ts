import { candlesResponse, paths, spotCandlesParams, spotCandlesQuery } from '@makerdesk/contract';
import { ok } from '../http/envelope.ts';
import { noToken, replies, type RoutePlugin } from './route-kit.ts';

/** Public candles of the built-in simulator for the embedded chart page: no account, no key. */
export const notificationRoutes: RoutePlugin = (app, { notifications }) => {
  app.get(paths.spotCandles, { schema: { ...noToken, tags: ['notification'], summary: 'Public candles of a simulator pair, oldest first', params: spotCandlesParams, querystring: spotCandlesQuery, response: replies(candlesResponse) } }, async (request) =>
    ok(await notifications.spotCandles(request.params.symbol, request.query.interval, request.query.limit)),
  );
};
