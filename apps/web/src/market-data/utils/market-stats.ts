import { add, minus, mul } from '@makerdesk/format';
import type { Candle, MyTrade, Order, Wallet } from '../types';

export interface Valuation {
  total: string;
  available: string;
  frozen: string;
}

/** The pair's two balances valued in quote at the last price: quote + base × last. */
export function valuation({ base, quote }: Pick<Wallet, 'base' | 'quote'>, last: string): Valuation {
  const value = (field: keyof Valuation) => add(quote[field], mul(base[field], last));
  return { total: value('total'), available: value('available'), frozen: value('frozen') };
}

/**
 * What open orders hold, in quote: a buy holds price × the unfilled amount; a sell holds the
 * unfilled base, valued at the last price.
 */
export function orderOccupied(openOrders: readonly Order[], last: string): string {
  return openOrders.reduce((sum, order) => {
    const unfilled = minus(order.amount, order.filledAmount);
    const price = order.direction === 'buy' && order.price !== null ? order.price : last;
    return add(sum, mul(price, unfilled));
  }, '0');
}

/** Market volume of the candles opened at or after `since`: base amount and quote value. */
export function volumeSince(candles: readonly Candle[], since: number): { base: string; quote: string } {
  return candles
    .filter((c) => c.time >= since)
    .reduce((sum, c) => ({ base: add(sum.base, c.volume), quote: add(sum.quote, c.quoteVolume) }), { base: '0', quote: '0' });
}

/** The account's own fills: total base traded and its quote value. */
export function fillTotals(trades: readonly MyTrade[]): { volume: string; turnover: string } {
  return trades.reduce(
    (sum, t) => ({ volume: add(sum.volume, t.amount), turnover: add(sum.turnover, mul(t.price, t.amount)) }),
    { volume: '0', turnover: '0' },
  );
}
