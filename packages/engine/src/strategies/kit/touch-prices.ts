import { add, ceil, compare, floor, fromUnits, minus, mul, parse } from '@makerdesk/decimal';

/**
 * A bid and an ask `distance` (a fraction) either side of the reference on the price grid: the bid
 * rounded down and the ask up, so rounding never brings a quote nearer than asked; when both land on
 * one tick (distance 0 on a grid price), the ask moves one tick up so the bot never meets itself.
 */
export function pricesAround(reference: string, distance: string, pricePrecision: number): { bid: string; ask: string } {
  const bid = floor(mul(reference, minus('1', distance)), pricePrecision);
  let ask = ceil(mul(reference, add('1', distance)), pricePrecision);
  if (compare(ask, bid) <= 0) ask = add(bid, parse(fromUnits(1n, pricePrecision)));
  return { bid, ask };
}
