import { add, ceil, compare, floor, max, minus, mul, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import type { Rng } from '../../rng.ts';
import type { OwnOrder, PairRules } from '../../strategy.ts';
import { drawDecimal } from './draw.ts';
import { venueMinimum } from './order-size.ts';
import type { DesiredOrder } from './sync-slots.ts';

/** A ladder of quotes around a reference price (follow modes). */
export interface LadderSpec {
  reference: string;
  layersPerSide: number;
  /** Fraction of the reference between neighbouring layers. */
  layerStep: string;
  /** Fraction of the reference between the first bid and the first ask. */
  baseSpread: string;
  orderAmountMin: string;
  orderAmountMax: string;
  /** Leave out layers further than this fraction from the reference (safe mode's max deviation). */
  maxDistance?: string;
}

/**
 * Layer i (1-based) sits at baseSpread / 2 + (i − 1) × layerStep from the reference: bids rounded
 * down to the price step, asks up, so rounding never narrows the spread. Nearest layers first,
 * bid then ask, tags `bid-i` / `ask-i`. A layer whose slot already holds an open order of that side
 * keeps that order's amount (when still between the min and max), so a tick that does not move
 * the price keeps the order and its queue position; an empty slot draws its amount. An amount under
 * the venue's minimum (amount, order value) is raised to it, as the depth bots do.
 */
export function ladderOrders(spec: LadderSpec, rules: PairRules, own: readonly OwnOrder[], rng: Rng): DesiredOrder[] {
  const half = mul(spec.baseSpread, '0.5');
  const orders: DesiredOrder[] = [];
  for (let i = 1; i <= spec.layersPerSide; i++) {
    const distance = add(half, mul(spec.layerStep, String(i - 1)));
    if (spec.maxDistance !== undefined && compare(distance, spec.maxDistance) > 0) break;
    const bid = floor(mul(spec.reference, minus('1', distance)), rules.pricePrecision);
    const ask = ceil(mul(spec.reference, add('1', distance)), rules.pricePrecision);
    if (sign(bid) > 0) orders.push(layer(`bid-${i}`, 'buy', bid, spec, rules, own, rng));
    orders.push(layer(`ask-${i}`, 'sell', ask, spec, rules, own, rng));
  }
  return orders;
}

function layer(tag: string, side: Side, price: string, spec: LadderSpec, rules: PairRules, own: readonly OwnOrder[], rng: Rng): DesiredOrder {
  const resting = own.find((o) => o.tag === tag && o.side === side && o.state === 'open');
  const keep = resting && compare(resting.amount, spec.orderAmountMin) >= 0 && compare(resting.amount, spec.orderAmountMax) <= 0;
  const amount = keep ? resting.amount : drawDecimal(rng, spec.orderAmountMin, spec.orderAmountMax, rules.amountPrecision);
  return { tag, side, price, amount: max(amount, venueMinimum(price, rules)) };
}
