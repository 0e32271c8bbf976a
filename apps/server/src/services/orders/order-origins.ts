import { isExchangeError, type Exchange } from '@makerdesk/exchange';
import type { OrderOriginRepository } from '../../repositories/order-origin.repository.ts';

/**
 * At most this many orders the server does not know yet are read from the venue per answer, one by
 * one (Binance: an order read weighs 4, where the closed-order history read it replaces weighs 20);
 * each is remembered, so an order is read once ever. The rest wait for the next read.
 */
export const ORDER_LOOKUPS_PER_READ = 20;

export type OrderOriginStore = Pick<OrderOriginRepository, 'clientIdsOf' | 'remember'>;

export interface ResolvedClientIds {
  /** Order number → its client order id (null: the venue told none). */
  clientIds: Map<string, string | null>;
  /** The orders not known and not read this time (over the bound, or the venue did not answer). */
  unresolved: string[];
  /** How many orders were asked of the venue. */
  asked: number;
}

/**
 * The client order ids of a pair's orders, for attributing their fills: the bots' journal and the
 * ids learnt before first, then up to `maxLookups` of the others read from the venue, in the order
 * given (callers pass the oldest first) and remembered.
 */
export async function resolveClientIds(
  store: OrderOriginStore,
  venue: { exchange: Pick<Exchange, 'fetchOrder'>; symbol: string; coinId: number },
  orderNos: Iterable<string>,
  maxLookups: number = ORDER_LOOKUPS_PER_READ,
  log?: { warn(obj: unknown, msg?: string): void },
): Promise<ResolvedClientIds> {
  const wanted = [...new Set(orderNos)];
  const clientIds = await store.clientIdsOf(venue.coinId, wanted);
  const unknown = wanted.filter((no) => !clientIds.has(no));
  const learnt: { orderNo: string; clientOrderId: string | null }[] = [];
  const unresolved: string[] = [];
  let asked = 0;
  for (const orderNo of unknown) {
    if (asked >= maxLookups) {
      unresolved.push(orderNo);
      continue;
    }
    asked += 1;
    try {
      const order = await venue.exchange.fetchOrder(venue.symbol, orderNo);
      learnt.push({ orderNo, clientOrderId: order.clientOrderId });
      clientIds.set(orderNo, order.clientOrderId);
    } catch (err) {
      if (isExchangeError(err) && err.kind === 'order_not_found') {
        // The venue no longer tells this order (too old): it tells no client order id, as the console's own rows copied before ids were kept.
        learnt.push({ orderNo, clientOrderId: null });
        clientIds.set(orderNo, null);
        continue;
      }
      log?.warn({ err, orderNo }, 'orders: the order of a fill was not read; its source waits for the next read');
      unresolved.push(orderNo);
    }
  }
  await store.remember(venue.coinId, learnt);
  return { clientIds, unresolved, asked };
}
