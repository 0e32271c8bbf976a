import BigNumber from 'bignumber.js';
import { assertDigits, plain, toBig, type NumericInput } from './decimal.ts';

/** Rounds up (toward +infinity) at `digits` decimals; throws a TypeError when `digits` is missing or invalid. */
export function ceilAt(value: NumericInput, digits: number): string {
  assertDigits(digits, 'ceilAt');
  const n = toBig(value);
  return n ? plain(n.decimalPlaces(digits, BigNumber.ROUND_CEIL)) : '0';
}

export interface TruncateOptions {
  /** Pad with zeros to exactly `digits` decimals ('1.5' → '1.5000' at 4). */
  padZeros?: boolean;
}

/** Cuts to `digits` decimals toward zero, never rounding, so a balance is never shown larger than it is. */
export function truncate(value: NumericInput, digits: number, options: TruncateOptions = {}): string {
  assertDigits(digits, 'truncate');
  const n = toBig(value)?.decimalPlaces(digits, BigNumber.ROUND_DOWN);
  if (!options.padZeros) return n ? plain(n) : '0';
  // A truncated -0.001 is zero: format a positive zero so the output is never '-0.00'.
  return !n || n.isZero() ? (0).toFixed(digits) : n.toFixed(digits);
}
