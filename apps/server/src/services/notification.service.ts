import { ErrorCode } from '@makerdesk/contract';
import type { Candle, CandleInterval, MarketDataReader } from '@makerdesk/exchange';
import { AppError } from '../domain/app-error.ts';
import { venueCall } from '../domain/exchange-errors.ts';

/** `BTCUSDT`, `BTC_USDT`, `BTC-USDT` or `BTC/USDT` → the simulator's unified symbol. */
export function unifiedSymbol(symbol: string, markets: readonly { symbol: string; base: string; quote: string }[]): string | undefined {
  const compact = symbol.toUpperCase().replace(/[-_/]/g, '');
  return markets.find((m) => `${m.base}${m.quote}` === compact)?.symbol;
}

/**
 * Public market data of the built-in simulator, for the embedded chart page (spec §1: the chart app
 * follows the selected pair). No account, no key.
 */
export class NotificationService {
  constructor(private readonly sim: { marketData(): MarketDataReader }) {}

  /** Oldest first. */
  async spotCandles(symbol: string, interval: CandleInterval, limit: number): Promise<Candle[]> {
    const market = this.sim.marketData();
    const unified = unifiedSymbol(symbol, await market.loadMarkets());
    if (!unified) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    return venueCall(() => market.fetchCandles(unified, interval, { limit }));
  }
}
