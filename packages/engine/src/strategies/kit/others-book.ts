import { compare } from '@makerdesk/decimal';
import type { OrderBook } from '@makerdesk/exchange';
import type { DesiredOrder } from './sync-slots.ts';

/**
 * Leaves out quotes that would trade at once against the others' book (a bid at or above their best
 * ask, an ask at or below their best bid): a quoting ladder provides liquidity, it does not take it.
 */
export function withoutCrossing(orders: readonly DesiredOrder[], others: OrderBook): DesiredOrder[] {
  const bestBid = others.bids[0]?.[0];
  const bestAsk = others.asks[0]?.[0];
  return orders.filter((o) =>
    o.side === 'buy' ? bestAsk === undefined || compare(o.price, bestAsk) < 0 : bestBid === undefined || compare(o.price, bestBid) > 0,
  );
}
