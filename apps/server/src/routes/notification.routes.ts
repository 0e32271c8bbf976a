import { candlesResponse, ErrorCode, paths, spotCandlesParams, spotCandlesQuery } from '@makerdesk/contract';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { venueCall } from '../venues/exchange-errors.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

/** `BTCUSDT`, `BTC_USDT`, `BTC-USDT` or `BTC/USDT` → the simulator's unified symbol. */
export function unifiedSymbol(symbol: string, markets: readonly { symbol: string; base: string; quote: string }[]): string | undefined {
  const compact = symbol.toUpperCase().replace(/[-_/]/g, '');
  return markets.find((m) => `${m.base}${m.quote}` === compact)?.symbol;
}

/**
 * Public candles of the built-in simulator, for the embedded chart page (spec §1: the chart app
 * follows the selected pair). Market data only: no account, no key.
 */
export const notificationRoutes: RoutePlugin = (app, { simHost }) => {
  app.get(paths.spotCandles, { schema: { tags: ['notification'], summary: 'Public candles of a simulator pair, oldest first', params: spotCandlesParams, querystring: spotCandlesQuery, response: replies(candlesResponse) } }, async (request) => {
    const market = simHost.venue.marketData();
    const symbol = unifiedSymbol(request.params.symbol, await market.loadMarkets());
    if (!symbol) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    return ok(await venueCall(() => market.fetchCandles(symbol, request.query.interval, { limit: request.query.limit })));
  });
};
