import { PRICE_GAP_CONFIRM_RATIO } from '@makerdesk/contract';
import { abs, add, compare, div, fromNumber, isDecimal, minus, mul, sign } from '@makerdesk/decimal';

const DIGITS = 18;

/** One pair a follow bot reads: where, which, and how it enters the reference price. */
export interface ReferenceLeg {
  platform: string;
  symbol: string;
  /** Combo follow: the leg's price, or 1 / price. */
  use?: 'price' | 'inverse';
  /** ETF follow: the leg's weight in the basket. */
  weight?: string;
}

/** The pairs a follow config reads its reference price from, as its type defines them. */
export function referenceLegs(config: Record<string, unknown>): ReferenceLeg[] {
  const legs = (list: unknown): ReferenceLeg[] => (Array.isArray(list) ? list.filter((leg): leg is ReferenceLeg => typeof leg === 'object' && leg !== null) : []);
  if (Array.isArray(config.legs)) return legs(config.legs);
  if (Array.isArray(config.components)) return legs(config.components);
  if (config.source && typeof config.source === 'object') return legs([config.source]);
  return [];
}

/**
 * The reference price the bot quotes around before mapping: the follow pair's price, the product of
 * a combo's legs, or a basket's weighted sum. Null when a leg's price is unknown.
 */
export function referencePrice(legs: ReferenceLeg[], priceOf: (leg: ReferenceLeg) => string | null): string | null {
  if (legs.length === 0) return null;
  const prices = legs.map(priceOf);
  if (prices.some((p) => p === null || !isDecimal(p) || sign(p) <= 0)) return null;
  const known = prices as string[];
  if (legs.some((leg) => leg.weight !== undefined)) {
    return legs.reduce((sum, leg, i) => add(sum, mul(isDecimal(leg.weight) ? leg.weight : '0', known[i]!)), '0');
  }
  return legs.reduce((product, leg, i) => (leg.use === 'inverse' ? div(product, known[i]!, { decimals: DIGITS, rounding: 'half-even' }) : mul(product, known[i]!)), '1');
}

/** Reference × price mapping ratio: the price the bot will quote around. */
export function mappedPrice(reference: string, ratio: unknown): string | null {
  const r = typeof ratio === 'number' ? fromNumber(ratio) : ratio;
  return isDecimal(r) ? mul(reference, r) : null;
}

export interface PriceGap {
  mapped: string;
  current: string;
  /** |mapped − current| / current, a fraction. */
  gap: string;
  /** More than the spec's 5 %: the user must confirm (spec §5). */
  needsConfirmation: boolean;
}

/** How far the mapped price is from the pair's current price, exactly (decimal strings, no floats). */
export function priceGap(mapped: string, current: string): PriceGap | null {
  if (!isDecimal(current) || sign(current) <= 0) return null;
  const difference = abs(minus(mapped, current));
  const gap = div(difference, current, { decimals: DIGITS, rounding: 'half-even' });
  const limit = mul(current, fromNumber(PRICE_GAP_CONFIRM_RATIO));
  return { mapped, current, gap, needsConfirmation: compare(difference, limit) > 0 };
}
