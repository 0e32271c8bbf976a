/**
 * The representation behind every function of the package: a decimal is `units × 10^-scale` with a
 * bigint `units` and an integer `scale` >= 0. Internal; the public API speaks decimal strings.
 */
import { DecimalError } from './decimal-error.ts';

/**
 * Nonzero values must lie in [10^-MAX_EXPONENT, 10^(MAX_EXPONENT + 1)) in magnitude, and decimals
 * arguments go from 0 to MAX_EXPONENT. The bound keeps a hostile '1e999999999' from building a
 * gigabyte of digits; it is the range the console's formatter always had (bignumber.js RANGE 1000).
 */
export const MAX_EXPONENT = 1000;

export interface Fixed {
  readonly units: bigint;
  readonly scale: number;
}

const NONZERO_DIGIT = /[1-9]/;

const ZERO: Fixed = { units: 0n, scale: 0 };

const POWERS: bigint[] = [1n];
for (let i = 1; i <= 64; i++) POWERS.push((POWERS[i - 1] as bigint) * 10n);

/** 10^n for n >= 0; the small powers every price and amount needs are precomputed. */
export function pow10(n: number): bigint {
  return n < POWERS.length ? (POWERS[n] as bigint) : 10n ** BigInt(n);
}

export function quote(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function notANumber(value: unknown): DecimalError {
  return new DecimalError('not_a_number', `${quote(value)} is not a decimal`);
}

export function outOfRange(magnitude: number): DecimalError {
  return magnitude > 0
    ? new DecimalError('overflow', `a magnitude of 1e${magnitude} is above the supported 1e${MAX_EXPONENT}`)
    : new DecimalError('underflow', `a magnitude of 1e${magnitude} is below the supported 1e-${MAX_EXPONENT}`);
}

/**
 * Parses a decimal literal (sign, digits with an optional point, optional exponent); throws a
 * DecimalError on anything else and on values out of range. A hand-written scan rather than a
 * regular expression: this runs for every operand of every operation.
 */
export function toFixedPoint(value: string): Fixed {
  if (typeof value !== 'string') throw notANumber(value);
  const length = value.length;
  let i = 0;
  let c = value.charCodeAt(0);
  const negative = c === 45; // '-'
  if (negative || c === 43) i = 1; // '+'
  const intStart = i;
  // The digits as a float while they are few enough to be exact (15), so most values skip BigInt(string).
  let small = 0;
  while (i < length && (c = value.charCodeAt(i)) >= 48 && c <= 57) {
    small = small * 10 + (c - 48);
    i++;
  }
  const intEnd = i;
  let fracStart = i;
  if (i < length && c === 46) {
    fracStart = ++i;
    while (i < length && (c = value.charCodeAt(i)) >= 48 && c <= 57) {
      small = small * 10 + (c - 48);
      i++;
    }
  }
  const fracEnd = i;
  const count = intEnd - intStart + (fracEnd - fracStart);
  if (count === 0) throw notANumber(value);
  let exponent = 0;
  if (i < length) {
    if (c !== 101 && c !== 69) throw notANumber(value); // 'e', 'E'
    c = value.charCodeAt(++i);
    const negativeExponent = c === 45;
    if (negativeExponent || c === 43) i++;
    const expStart = i;
    while (i < length && (c = value.charCodeAt(i)) >= 48 && c <= 57) i++;
    if (i < length || i === expStart) throw notANumber(value);
    // A huge exponent becomes ±Infinity here and fails the range check below, unless the digits are all zeros.
    exponent = Number(value.slice(expStart));
    if (negativeExponent) exponent = -exponent;
  } else if (count <= 15) {
    return { units: BigInt(negative ? -small : small), scale: fracEnd - fracStart };
  }
  const digits = value.slice(intStart, intEnd) + value.slice(fracStart, fracEnd);
  // A plain literal this short cannot leave the range: the common case skips the magnitude check.
  if (exponent === 0 && count <= MAX_EXPONENT) {
    const units = BigInt(digits);
    return { units: negative ? -units : units, scale: fracEnd - fracStart };
  }
  const lead = digits.search(NONZERO_DIGIT);
  if (lead < 0) return ZERO;
  const magnitude = intEnd - intStart - lead - 1 + exponent;
  if (magnitude > MAX_EXPONENT || magnitude < -MAX_EXPONENT) throw outOfRange(magnitude);
  const shift = exponent - (fracEnd - fracStart);
  const units = shift > 0 ? BigInt(digits) * pow10(shift) : BigInt(digits);
  return { units: negative ? -units : units, scale: shift > 0 ? 0 : -shift };
}

/** Canonical text of units × 10^-scale: no exponent, no trailing fractional zeros, no '-0'. */
export function render(units: bigint, scale: number): string {
  if (units === 0n) return '0';
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  let end = digits.length;
  let places = scale;
  while (places > 0 && digits.charCodeAt(end - 1) === 48) {
    end--;
    places--;
  }
  const magnitude = end - places - 1;
  if (magnitude > MAX_EXPONENT || magnitude < -MAX_EXPONENT) throw outOfRange(magnitude);
  let body: string;
  if (places === 0) body = end === digits.length ? digits : digits.slice(0, end);
  else if (end > places) body = `${digits.slice(0, end - places)}.${digits.slice(end - places, end)}`;
  else body = `0.${'0'.repeat(places - end)}${digits.slice(0, end)}`;
  return negative ? `-${body}` : body;
}

/** Throws unless `decimals` is an integer from 0 to MAX_EXPONENT; `fn` names the caller. */
export function checkDecimals(decimals: number, fn: string): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_EXPONENT) {
    throw new DecimalError(
      'invalid_argument',
      `${fn}: decimals must be an integer from 0 to ${MAX_EXPONENT}, got ${quote(decimals)}`,
    );
  }
}

/**
 * How a value between two representable ones is resolved:
 * - 'down' toward zero (truncation), 'up' away from zero,
 * - 'floor' toward -infinity, 'ceil' toward +infinity,
 * - 'half-up' to the nearest, ties away from zero; 'half-even' to the nearest, ties to the even one.
 */
export type Rounding = 'down' | 'up' | 'floor' | 'ceil' | 'half-up' | 'half-even';

export const ROUNDINGS: readonly Rounding[] = ['down', 'up', 'floor', 'ceil', 'half-up', 'half-even'];

/** numerator / denominator (denominator > 0) rounded to an integer. */
export function roundQuotient(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator - quotient * denominator;
  if (remainder === 0n) return quotient;
  const negative = numerator < 0n;
  const away = negative ? quotient - 1n : quotient + 1n;
  switch (rounding) {
    case 'down':
      return quotient;
    case 'up':
      return away;
    case 'floor':
      return negative ? away : quotient;
    case 'ceil':
      return negative ? quotient : away;
    case 'half-up':
    case 'half-even': {
      const twice = (negative ? -remainder : remainder) * 2n;
      if (twice < denominator) return quotient;
      if (twice > denominator) return away;
      return rounding === 'half-up' || (quotient & 1n) === 1n ? away : quotient;
    }
  }
}

/** Throws unless `rounding` is one of ROUNDINGS (JavaScript callers can pass anything). */
export function checkRounding(rounding: Rounding, fn: string): void {
  if (!ROUNDINGS.includes(rounding)) {
    throw new DecimalError('invalid_argument', `${fn}: unknown rounding mode ${quote(rounding)}`);
  }
}
