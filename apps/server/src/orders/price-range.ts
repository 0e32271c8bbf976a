import BigNumber from 'bignumber.js';
import type { Order, Side } from '@makerdesk/exchange';

/** Open orders whose limit price lies in [min, max] (inclusive), optionally of one side. */
export function ordersInRange(orders: readonly Order[], minPrice: string, maxPrice: string, direction?: Side): Order[] {
  const min = new BigNumber(minPrice);
  const max = new BigNumber(maxPrice);
  return orders.filter((o) => {
    if (o.price === null || (direction && o.direction !== direction)) return false;
    const price = new BigNumber(o.price);
    return price.gte(min) && price.lte(max);
  });
}
