import { compare } from '@makerdesk/decimal';
import type { Order, Side } from '@makerdesk/exchange';

/** Open orders whose limit price lies in [min, max] (inclusive), optionally of one side. */
export function ordersInRange(orders: readonly Order[], minPrice: string, maxPrice: string, direction?: Side): Order[] {
  return orders.filter((o) => {
    if (o.price === null || (direction && o.direction !== direction)) return false;
    return compare(o.price, minPrice) >= 0 && compare(o.price, maxPrice) <= 0;
  });
}
