import { DecimalError } from './decimal-error.ts';
import { MAX_EXPONENT, checkDecimals, checkRounding, outOfRange, pow10, quote, roundQuotient, toFixedPoint, type Rounding } from './fixed-point.ts';

/**
 * `value` in integer units of 10^-decimals: toUnits('1.25', 2) → 125n. Without `rounding` the
 * conversion must be exact and a value with more decimals throws DecimalError('inexact').
 */
export function toUnits(value: string, decimals: number, rounding?: Rounding): bigint {
  checkDecimals(decimals, 'toUnits');
  if (rounding !== undefined) checkRounding(rounding, 'toUnits');
  const { units, scale } = toFixedPoint(value);
  if (scale <= decimals) return scale === decimals ? units : units * pow10(decimals - scale);
  const divisor = pow10(scale - decimals);
  if (rounding !== undefined) return roundQuotient(units, divisor, rounding);
  const quotient = units / divisor;
  if (quotient * divisor !== units) {
    throw new DecimalError('inexact', `${quote(value)} has more than ${decimals} decimal${decimals === 1 ? '' : 's'}`);
  }
  return quotient;
}

/**
 * `units` of 10^-decimals written with exactly `decimals` decimals: fromUnits(125n, 3) → '0.125',
 * fromUnits(0n, 2) → '0.00'. A number must be a safe integer (ticks and lots are).
 */
export function fromUnits(units: bigint | number, decimals: number): string {
  checkDecimals(decimals, 'fromUnits');
  let negative: boolean;
  let digits: string;
  if (typeof units === 'bigint') {
    negative = units < 0n;
    digits = (negative ? -units : units).toString();
  } else if (Number.isSafeInteger(units)) {
    negative = units < 0;
    digits = String(negative ? -units : units);
  } else {
    throw new DecimalError('invalid_argument', `fromUnits: ${quote(units)} is not a bigint or a safe integer`);
  }
  if (digits.length <= decimals) digits = digits.padStart(decimals + 1, '0');
  const point = digits.length - decimals;
  if (point > MAX_EXPONENT + 1) {
    throw outOfRange(point - 1);
  }
  const body = decimals === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${body}` : body;
}
