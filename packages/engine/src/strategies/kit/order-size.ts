import { add, ceil, compare, div, floor, max, minus, mul, sign, toUnits } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import type { MarketSnapshot, OwnOrder, PairRules } from '../../strategy.ts';
import { remaining } from './book-price.ts';
import type { DesiredOrder } from './sync-slots.ts';

/** The smallest amount the venue takes at `price`: its minimum amount, and enough for its minimum order value. */
export function venueMinimum(price: string, rules: PairRules): string {
  const forNotional = sign(price) > 0 ? ceil(div(rules.minNotional, price, { decimals: rules.amountPrecision, rounding: 'up' }), rules.amountPrecision) : '0';
  return max(max(rules.minAmount, forNotional), '0');
}

/** Positive and at least the venue's minimum amount and order value. */
export function meetsMinimums(price: string, amount: string, rules: PairRules): boolean {
  return sign(price) > 0 && sign(amount) > 0 && compare(amount, rules.minAmount) >= 0 && compare(mul(price, amount), rules.minNotional) >= 0;
}

/**
 * Keeps the desired orders within what the bot can pay: the bids' total cost within the quote
 * available plus what its own open bids lock (they are cancelled before the new ones need it), the
 * asks' total amount within the base available plus what its own open asks lock. Nearest the
 * reference first: the order that meets the limit is cut to what is left (dropped when that is under
 * the venue's minimums) and the ones behind it are dropped. The input order is kept.
 */
export function capByBalance(
  desired: readonly DesiredOrder[],
  own: readonly OwnOrder[],
  balances: MarketSnapshot['balances'],
  rules: PairRules,
): DesiredOrder[] {
  const budget: Record<Side, string> = {
    buy: positive(balances.quote.available),
    sell: positive(balances.base.available),
  };
  for (const o of own) {
    if (o.state !== 'open') continue;
    budget[o.side] = add(budget[o.side], o.side === 'buy' ? mul(o.price, remaining(o)) : remaining(o));
  }
  // Sort keys in integer ticks: bids highest first, asks lowest first.
  const keyOf = new Map(desired.map((d) => [d, toUnits(d.price, rules.pricePrecision, 'half-even') * (d.side === 'buy' ? -1n : 1n)]));
  const nearestFirst = [...desired].sort((a, b) => {
    if (a.side !== b.side) return a.side === 'buy' ? -1 : 1;
    const ka = keyOf.get(a) as bigint;
    const kb = keyOf.get(b) as bigint;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const kept = new Map<DesiredOrder, string>();
  for (const want of nearestFirst) {
    const left = budget[want.side];
    const cost = want.side === 'buy' ? mul(want.price, want.amount) : want.amount;
    if (compare(cost, left) <= 0) {
      kept.set(want, want.amount);
      budget[want.side] = minus(left, cost);
      continue;
    }
    const affordable = want.side === 'buy' ? floor(div(left, want.price, { decimals: rules.amountPrecision, rounding: 'down' }), rules.amountPrecision) : floor(left, rules.amountPrecision);
    if (meetsMinimums(want.price, affordable, rules)) kept.set(want, affordable);
    budget[want.side] = '0';
  }
  // An order cut to the funds left is kept only at that amount: the slot's range no longer applies.
  return desired.filter((d) => kept.has(d)).map((d) => {
    const amount = kept.get(d) as string;
    if (amount === d.amount) return d;
    const { amountRange: _range, ...cut } = d;
    return { ...cut, amount };
  });
}

function positive(value: string): string {
  return sign(value) > 0 ? value : '0';
}
