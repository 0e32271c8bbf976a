import { div, mul, truncate } from '@makerdesk/format';
import { compareDecimals, isPositive } from '@/lib/numbers';
import type { Direction } from '@/market-data/types';

/** Available balances of the pair's two assets. */
export interface Available {
  base: string;
  quote: string;
}

/** What an order needs: a buy spends quote (price × amount), a sell spends base (the amount). */
export function orderCost(price: string, amount: string): string {
  return mul(price, amount);
}

/**
 * Whether the account can pay for an order (spec §5: buy and sell quantities must not exceed the
 * balance). `cost` is the quote a buy spends; `amount` the base a sell spends.
 */
export function exceedsBalance(direction: Direction, need: { cost: string; amount: string }, available: Available): boolean {
  return direction === 'buy' ? compareDecimals(need.cost, available.quote) > 0 : compareDecimals(need.amount, available.base) > 0;
}

/**
 * The amount that spends `percent` of what is available: for a buy, that share of the quote at
 * `price`; for a sell, that share of the base. Cut down to the amount precision, never rounded up,
 * so 100 % always fits.
 */
export function amountForShare(direction: Direction, percent: number, price: string | undefined, available: Available, amountDecimals: number): string {
  const share = div(String(percent), '100');
  if (direction === 'sell') return truncate(mul(available.base, share), amountDecimals);
  if (!price || !isPositive(price)) return '0';
  return truncate(div(mul(available.quote, share), price), amountDecimals);
}
