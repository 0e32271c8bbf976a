import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

/** Public candles of the built-in simulator for the embedded chart page: no account, no key. */
export const notificationRoutes: RoutePlugin = (app, { auth, notifications }) => {
  serveEndpoints(app, auth)('spotCandles', { access: 'no-token', tags: ['notification'], summary: 'Public candles of a simulator pair, oldest first' }, async (request) =>
    ok(await notifications.spotCandles(request.params.symbol, request.query.interval, request.query.limit)),
  );
};
