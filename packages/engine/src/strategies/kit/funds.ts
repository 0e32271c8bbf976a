import { add, compare, div, floor, minus, mul, sign } from '@makerdesk/decimal';
import type { AssetBalance, OwnOrder, PairRules } from '../../strategy.ts';
import type { DesiredOrder } from './sync-slots.ts';
import { meetsMinimums } from './order-size.ts';

/**
 * What a bot may have committed once its tick's intents are done: the available balance plus what
 * its own open orders already hold (a kept order keeps its funds, a cancelled one frees them).
 * Orders in flight (unknown, canceling) are not counted: they may hold funds or not, so leaving
 * them out never commits more than the venue has.
 */
export interface Funds {
  /** Quote for bids. */
  quote: string;
  /** Base for asks. */
  base: string;
}

export function fundsOf(balances: { base: AssetBalance; quote: AssetBalance }, own: readonly OwnOrder[]): Funds {
  let quote = balances.quote.available;
  let base = balances.base.available;
  for (const o of own) {
    if (o.state !== 'open') continue;
    const rest = minus(o.amount, o.filledAmount);
    if (sign(rest) <= 0) continue;
    if (o.side === 'buy') quote = add(quote, mul(o.price, rest));
    else base = add(base, rest);
  }
  return { quote: nonNegative(quote), base: nonNegative(base) };
}

/**
 * Keeps the desired orders, in the order given (nearest the price first), while the funds last:
 * the first one that does not fit whole is cut to what is left, or dropped when that is under the
 * pair's minimums; it and the ones after it then get nothing more.
 */
export function capToFunds(desired: readonly DesiredOrder[], funds: Funds, rules: PairRules): { orders: DesiredOrder[]; left: Funds } {
  let quote = funds.quote;
  let base = funds.base;
  const orders: DesiredOrder[] = [];
  const exhausted = { buy: false, sell: false };
  for (const want of desired) {
    if (exhausted[want.side]) continue;
    const room = want.side === 'buy' ? affordable(quote, want.price, rules.amountPrecision) : floor(base, rules.amountPrecision);
    let amount = want.amount;
    if (compare(amount, room) > 0) {
      amount = room;
      exhausted[want.side] = true;
    }
    if (!meetsMinimums(want.price, amount, rules)) continue;
    if (want.side === 'buy') quote = minus(quote, mul(want.price, amount));
    else base = minus(base, amount);
    orders.push(amount === want.amount ? want : { ...want, amount });
  }
  return { orders, left: { quote, base } };
}

/** The base amount `quote` buys at `price`, on the amount grid, never rounded up. */
export function affordable(quote: string, price: string, amountPrecision: number): string {
  return sign(price) > 0 ? div(quote, price, { decimals: amountPrecision, rounding: 'floor' }) : '0';
}

function nonNegative(v: string): string {
  return sign(v) < 0 ? '0' : v;
}

/** Funds left once `order` is sent (never below zero). */
export function spend(funds: Funds, order: { side: 'buy' | 'sell'; price: string; amount: string }): Funds {
  return order.side === 'buy' ? { ...funds, quote: nonNegative(minus(funds.quote, mul(order.price, order.amount))) } : { ...funds, base: nonNegative(minus(funds.base, order.amount)) };
}
