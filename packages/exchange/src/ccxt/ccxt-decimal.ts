/**
 * ccxt parses a venue's decimal strings into JS numbers in its unified structures. We turn each
 * number back into the shortest decimal that round-trips, which is the venue's own decimal for
 * every value of at most 15 significant digits (all prices, amounts and fees we trade). No float
 * arithmetic happens anywhere: sums and products use exact decimal strings.
 */
import { isDecimal, normalize, numberToDecimal } from '../decimal.ts';

export type CcxtNumeric = number | string | undefined | null;

export function optionalDecimal(value: CcxtNumeric): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? numberToDecimal(value) : null;
  return isDecimal(value) ? normalize(value) : null;
}

export function decimal(value: CcxtNumeric, fallback = '0'): string {
  return optionalDecimal(value) ?? fallback;
}
