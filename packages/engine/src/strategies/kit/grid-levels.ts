import { add, decimalsOf, div, fromUnits, minus, mul, parse, round, toUnits } from '@makerdesk/decimal';
import { integerRoot } from './decimal-roots.ts';

/** Extra decimals the grid is worked at before each level is rounded to the pair's price step. */
const WORK_DECIMALS = 12;

/**
 * gridCount + 1 prices from lower to upper, both included, rounded to the price step (half-even):
 * equal steps (arithmetic) or equal ratios (geometric, lower × r^i with r = (upper / lower)^(1/n)).
 * The n-th root is an exact integer root on units, so no float ever touches a price.
 */
export function gridLevels(lower: string, upper: string, gridCount: number, spacing: 'arithmetic' | 'geometric', pricePrecision: number): string[] {
  const decimals = pricePrecision + WORK_DECIMALS;
  const levels: string[] = [];
  if (spacing === 'arithmetic') {
    const step = div(minus(upper, lower), String(gridCount), { decimals, rounding: 'half-even' });
    for (let i = 0; i < gridCount; i++) levels.push(round(add(lower, mul(step, String(i))), pricePrecision, 'half-even'));
  } else {
    // r at `decimals` decimals: ⌊((upper / lower) × 10^(decimals × n))^(1/n)⌋ units, on bigints
    // (the power of ten is far beyond what a decimal string may carry).
    const places = Math.max(decimalsOf(lower), decimalsOf(upper));
    const scaled = (toUnits(upper, places) * 10n ** BigInt(decimals * gridCount)) / toUnits(lower, places);
    const r = parse(fromUnits(integerRoot(scaled, gridCount), decimals));
    let level = lower;
    for (let i = 0; i < gridCount; i++) {
      levels.push(round(level, pricePrecision, 'half-even'));
      level = round(mul(level, r), decimals, 'half-even');
    }
  }
  levels.push(round(upper, pricePrecision, 'half-even'));
  return levels;
}
