import { abs, add, compare, div, min, minus, mul, negate, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';

/**
 * A bot's base position by the average-cost method. `base` is signed: a bot that sells what the
 * account held before it started goes short against its own start, and the same rules apply
 * mirrored. `avgCost` is null while the position is flat.
 */
export interface Position {
  base: string;
  avgCost: string | null;
}

export const FLAT: Position = { base: '0', avgCost: null };

/** Decimals kept for an average cost: far below any venue's price step, so rounding never shows. */
export const AVG_COST_DECIMALS = 18;

export interface LedgerFill {
  side: Side;
  price: string;
  amount: string;
}

/**
 * One fill applied to a position.
 * Adding (same direction, or from flat): avg = (avg·q + p·d) / (q + d), nothing realised.
 * Reducing: realised = (p − avg)·d for a long (mirrored for a short), avg unchanged; a fill larger
 * than the position closes it and opens the rest at p.
 */
export function applyFill(position: Position, fill: LedgerFill): { position: Position; realized: string } {
  const q = position.base;
  const d = fill.side === 'buy' ? fill.amount : negate(fill.amount);
  if (sign(d) === 0) return { position, realized: '0' };
  const after = add(q, d);
  if (sign(q) === 0 || position.avgCost === null || sign(q) === sign(d)) {
    const cost = add(mul(position.avgCost ?? '0', abs(q)), mul(fill.price, abs(d)));
    return { position: { base: after, avgCost: div(cost, abs(after), { decimals: AVG_COST_DECIMALS, rounding: 'half-even' }) }, realized: '0' };
  }
  const closing = min(abs(d), abs(q));
  const perUnit = sign(q) > 0 ? minus(fill.price, position.avgCost) : minus(position.avgCost, fill.price);
  const realized = mul(perUnit, closing);
  if (sign(after) === 0) return { position: FLAT, realized };
  const flipped = compare(abs(d), abs(q)) > 0;
  return { position: { base: after, avgCost: flipped ? fill.price : position.avgCost }, realized };
}

/** (mid − avg)·q, which for a short is (avg − mid)·|q|; zero when flat. */
export function unrealizedPnl(position: Position, mid: string): string {
  if (position.avgCost === null || sign(position.base) === 0) return '0';
  return mul(minus(mid, position.avgCost), position.base);
}
