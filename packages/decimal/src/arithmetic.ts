import { DecimalError } from './decimal-error.ts';
import { checkDecimals, checkRounding, pow10, quote, render, roundQuotient, toFixedPoint, type Rounding } from './fixed-point.ts';

/** Exact a + b. */
export function add(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  if (x.scale === y.scale) return render(x.units + y.units, x.scale);
  return x.scale > y.scale
    ? render(x.units + y.units * pow10(x.scale - y.scale), x.scale)
    : render(x.units * pow10(y.scale - x.scale) + y.units, y.scale);
}

/** Exact a − b. */
export function minus(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  if (x.scale === y.scale) return render(x.units - y.units, x.scale);
  return x.scale > y.scale
    ? render(x.units - y.units * pow10(x.scale - y.scale), x.scale)
    : render(x.units * pow10(y.scale - x.scale) - y.units, y.scale);
}

/** Exact a × b. */
export function mul(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  return render(x.units * y.units, x.scale + y.scale);
}

export interface DivOptions {
  /** Decimals of the quotient (0 to MAX_EXPONENT). */
  decimals: number;
  /** How the exact quotient is rounded to them. */
  rounding: Rounding;
}

/**
 * a ÷ b rounded at `decimals` decimals: div('2', '3', { decimals: 4, rounding: 'half-up' }) → '0.6667'.
 * A quotient is rarely exact, so the caller always says how many decimals and which way to round.
 */
export function div(a: string, b: string, options: DivOptions): string {
  const { decimals, rounding } = options;
  checkDecimals(decimals, 'div');
  checkRounding(rounding, 'div');
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  if (y.units === 0n) throw new DecimalError('division_by_zero', `div: ${quote(a)} / ${quote(b)} divides by zero`);
  // a / b × 10^decimals = x.units × 10^(y.scale + decimals − x.scale) / y.units
  const shift = y.scale + decimals - x.scale;
  let numerator = shift >= 0 ? x.units * pow10(shift) : x.units;
  let denominator = shift >= 0 ? y.units : y.units * pow10(-shift);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  return render(roundQuotient(numerator, denominator, rounding), decimals);
}

/** −a. */
export function negate(a: string): string {
  const { units, scale } = toFixedPoint(a);
  return render(-units, scale);
}

/** |a|. */
export function abs(a: string): string {
  const { units, scale } = toFixedPoint(a);
  return render(units < 0n ? -units : units, scale);
}
