import { candleIntervals, candlesResponse, paths } from '@makerdesk/contract';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

const query = z.object({
  interval: z.enum(candleIntervals).default('1m'),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});

/** Public candles of the built-in simulator for the embedded chart page: no account, no key. */
export const notificationRoutes: RoutePlugin = (app, { notifications }) => {
  app.get(paths.spotCandles, { schema: { tags: ['notification'], summary: 'Public candles of a simulator pair, oldest first', params: z.object({ symbol: z.string().min(1).max(32) }), querystring: query, response: replies(candlesResponse) } }, async (request) =>
    ok(await notifications.spotCandles(request.params.symbol, request.query.interval, request.query.limit)),
  );
};
