import { DecimalError } from './decimal-error.ts';
import { quote, render, toFixedPoint } from './fixed-point.ts';
import { fromUnits } from './units.ts';

/**
 * The canonical text of a decimal literal: parse('+001.500') → '1.5', parse('-0') → '0',
 * parse('1e-8') → '0.00000001'. Accepts an optional sign, '.5' and '5.', and an exponent; refuses
 * spaces, grouping, hex and the like with DecimalError('not_a_number').
 */
export function parse(value: string): string {
  const { units, scale } = toFixedPoint(value);
  return render(units, scale);
}

/** True when `parse` accepts `value` (a string, a decimal literal, in range). */
export function isDecimal(value: unknown): value is string {
  try {
    toFixedPoint(value as string);
    return true;
  } catch {
    return false;
  }
}

/**
 * The decimal a JS number was written as: its shortest round-trip form, so fromNumber(0.1) is
 * '0.1' and fromNumber(1.5e-7) is '0.00000015'. Exact for every decimal of up to 15 significant
 * digits; for data that arrives as numbers (ccxt's unified structures), never for arithmetic.
 */
export function fromNumber(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DecimalError('not_a_number', `${quote(value)} is not a finite number`);
  }
  return parse(String(value));
}

/** Decimals of the canonical form: decimalsOf('0.01000') → 2, decimalsOf('10') → 0. */
export function decimalsOf(value: string): number {
  const text = parse(value);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The smallest step at `decimals` decimals: stepOf(2) → '0.01', stepOf(0) → '1'. */
export function stepOf(decimals: number): string {
  return fromUnits(1n, decimals);
}
