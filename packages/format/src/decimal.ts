import { DecimalError, fromNumber, parse } from '@makerdesk/decimal';

export type NumericInput = string | number | null | undefined;

/** Largest `digits` accepted by the rounding/formatting helpers (guards against runaway zero padding). */
export const MAX_DIGITS = 100;

/**
 * `x` as a canonical decimal string, or null when it is not a finite number (spec §5: such input
 * counts as zero). Strings may carry surrounding whitespace and exponents; hex, grouping commas and
 * the like are not numbers. Beyond the core's range a magnitude too large is not a number and one
 * too small is zero, as with the bignumber.js RANGE 1000 this package used to compute with.
 */
export function toDecimal(x: NumericInput): string | null {
  if (typeof x !== 'string' && (typeof x !== 'number' || !Number.isFinite(x))) return null;
  try {
    return typeof x === 'string' ? parse(x.trim()) : fromNumber(x);
  } catch (error) {
    if (error instanceof DecimalError) return error.code === 'underflow' ? '0' : null;
    throw error;
  }
}

/**
 * `compute` on canonical operands, with the spec's '0' when an operand is not a number or the
 * result cannot be had (division by zero, overflow; an underflow is zero anyway).
 */
export function lenient(inputs: readonly NumericInput[], compute: (...operands: string[]) => string): string {
  const operands: string[] = [];
  for (const input of inputs) {
    const operand = toDecimal(input);
    if (operand === null) return '0';
    operands.push(operand);
  }
  try {
    return compute(...operands);
  } catch (error) {
    if (error instanceof DecimalError) return '0';
    throw error;
  }
}

/** True when `x` is a finite number (numeric strings may carry surrounding whitespace). */
export function isNumeric(x: NumericInput): boolean {
  return toDecimal(x) !== null;
}

/** `x` as a plain decimal string ('0' for non-numbers), e.g. 1e-9 → '0.000000001'. */
export function toDecimalString(x: NumericInput): string {
  return toDecimal(x) ?? '0';
}

/** Throws a TypeError unless `digits` is an integer in [0, MAX_DIGITS]; `fn` names the caller in the message. */
export function assertDigits(digits: unknown, fn: string): asserts digits is number {
  if (digits === undefined) {
    throw new TypeError(`${fn}: the digit count is required`);
  }
  if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 0 || digits > MAX_DIGITS) {
    throw new TypeError(
      `${fn}: the digit count must be an integer from 0 to ${MAX_DIGITS}, got ${String(digits)}`,
    );
  }
}

export interface DecimalParts {
  negative: boolean;
  /** Integer digits, no grouping, no leading zeros ('0' at least). */
  int: string;
  /** Fractional digits exactly as written (trailing zeros kept); '' when none. */
  frac: string;
  /** True when the input string already used ',' thousands grouping. */
  grouped: boolean;
}

/** Plain decimal, optionally with well-formed ',' grouping (e.g. '1,234.50'); no exponent. */
const WRITTEN_DECIMAL = /^([+-]?)([1-9]\d{0,2}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/**
 * Splits a value into sign, integer and fraction digits for display helpers.
 * Written decimal strings keep their fractional digits verbatim (so '1.50' stays '1.50');
 * anything else goes through toDecimalString ('0' for non-numbers).
 */
export function decimalParts(x: NumericInput): DecimalParts {
  if (typeof x === 'string') {
    const m = WRITTEN_DECIMAL.exec(x.trim());
    const [, sign = '', rawInt = '', frac = ''] = m ?? [];
    if (m && (rawInt !== '' || frac !== '')) {
      const int = rawInt.replaceAll(',', '').replace(/^0+(?=\d)/, '') || '0';
      const isZero = /^0*$/.test(int + frac);
      return { negative: sign === '-' && !isZero, int, frac, grouped: rawInt.includes(',') };
    }
  }
  const s = toDecimalString(x);
  const negative = s.startsWith('-');
  const [int = '0', frac = ''] = (negative ? s.slice(1) : s).split('.');
  return { negative, int, frac, grouped: false };
}
