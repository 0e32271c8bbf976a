import { ceil, toFixed, truncate as cut } from '@makerdesk/decimal';
import { assertDigits, lenient, toDecimal, type NumericInput } from './decimal.ts';

/** Rounds up (toward +infinity) at `digits` decimals; throws a TypeError when `digits` is missing or invalid. */
export function ceilAt(value: NumericInput, digits: number): string {
  assertDigits(digits, 'ceilAt');
  return lenient([value], (n) => ceil(n, digits));
}

export interface TruncateOptions {
  /** Pad with zeros to exactly `digits` decimals ('1.5' → '1.5000' at 4). */
  padZeros?: boolean;
}

/** Cuts to `digits` decimals toward zero, never rounding, so a balance is never shown larger than it is. */
export function truncate(value: NumericInput, digits: number, options: TruncateOptions = {}): string {
  assertDigits(digits, 'truncate');
  if (!options.padZeros) return lenient([value], (n) => cut(n, digits));
  // A non-number pads as zero; a truncated -0.001 is zero too, never '-0.00'.
  return toFixed(toDecimal(value) ?? '0', digits, 'down');
}
