import { fromUnits, parse, toUnits } from '@makerdesk/decimal';
import type { Rng } from '../../rng.ts';

const CHUNK = 2 ** 32;

/** Fractions of a price (spreads) are drawn at this many decimals: 0.0001 % steps. */
export const FRACTION_DECIMALS = 6;

/**
 * A decimal drawn uniformly among the multiples of 10^-decimals inside [min, max] (both bounds
 * rounded inwards). Exact: the draw is an integer number of units, never a float price.
 * When no multiple lies inside the range, `min` rounded to `decimals` is returned.
 */
export function drawDecimal(rng: Rng, min: string, max: string, decimals: number): string {
  const lo = toUnits(min, decimals, 'ceil');
  const hi = toUnits(max, decimals, 'floor');
  if (hi < lo) return parse(fromUnits(toUnits(min, decimals, 'half-up'), decimals));
  return parse(fromUnits(lo + drawBigInt(rng, hi - lo), decimals));
}

/** Uniform integer in [0, span]; spans past 2^32 are drawn in 32-bit chunks (the rng's own resolution). */
export function drawBigInt(rng: Rng, span: bigint): bigint {
  if (span < BigInt(CHUNK)) return BigInt(rng.int(0, Number(span)));
  let value = 0n;
  for (let bits = 0n; span >> bits > 0n; bits += 32n) value = (value << 32n) | BigInt(rng.int(0, CHUNK - 1));
  // One extra chunk keeps the modulo bias under 2^-32.
  value = (value << 32n) | BigInt(rng.int(0, CHUNK - 1));
  return value % (span + 1n);
}
