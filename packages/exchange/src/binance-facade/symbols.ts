import type { Market } from '../exchange.ts';
import { binanceErrors } from './binance-errors.ts';

/** `BTC/USDT` → `BTCUSDT`. */
export function toBinanceSymbol(symbol: string): string {
  return symbol.replace('/', '').toUpperCase();
}

/**
 * Binance symbols ⇄ unified ones for a venue's markets. `BTCUSDT` alone cannot be split (BTC/USDT
 * or BTCU/SDT?), so the reverse direction goes through the market list.
 */
export class SymbolMap {
  private readonly byId = new Map<string, Market>();

  constructor(markets: readonly Market[]) {
    for (const market of markets) this.byId.set(toBinanceSymbol(market.symbol), market);
  }

  get markets(): Market[] {
    return [...this.byId.values()];
  }

  /** The market of a Binance symbol; -1121 when the venue does not list it. */
  market(binanceSymbol: string): Market {
    const market = this.byId.get(binanceSymbol);
    if (!market) throw binanceErrors.invalidSymbol();
    return market;
  }

  unified(binanceSymbol: string): string {
    return this.market(binanceSymbol).symbol;
  }
}
