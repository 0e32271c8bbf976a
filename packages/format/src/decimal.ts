import BigNumber from 'bignumber.js';

/**
 * Local BigNumber constructor so the global config is never mutated:
 * - EXPONENTIAL_AT 1e9: toString/toFixed never switch to exponent notation.
 * - DECIMAL_PLACES 36: precision of `div` (other operations are exact).
 * - RANGE 1000: exponents beyond ±1000 overflow to Infinity (→ '0') or underflow to 0,
 *   so a hostile input like '1e999999999' cannot expand into a gigabyte-long string.
 */
export const Decimal = BigNumber.clone({
  EXPONENTIAL_AT: 1e9,
  DECIMAL_PLACES: 36,
  ROUNDING_MODE: BigNumber.ROUND_HALF_UP,
  RANGE: 1000,
});

export type NumericInput = string | number | BigNumber | null | undefined;

/** Largest `digits` accepted by the rounding/formatting helpers (guards against runaway zero padding). */
export const MAX_DIGITS = 100;

/** Plain or e-notation decimal literal; deliberately rejects hex/binary/octal prefixes and grouping commas. */
const DECIMAL_LITERAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Parses `x` into a finite Decimal, or null when it is not a finite number. */
export function toBig(x: NumericInput): BigNumber | null {
  let n: BigNumber;
  if (typeof x === 'string') {
    const s = x.trim();
    if (!DECIMAL_LITERAL.test(s)) return null;
    n = new Decimal(s);
  } else if (typeof x === 'number') {
    if (!Number.isFinite(x)) return null;
    n = new Decimal(x);
  } else if (BigNumber.isBigNumber(x)) {
    n = new Decimal(x);
  } else {
    return null;
  }
  return n.isFinite() ? n : null;
}

/** True when `x` is a finite number (numeric strings may carry surrounding whitespace). */
export function isNumeric(x: NumericInput): boolean {
  return toBig(x) !== null;
}

/** Plain decimal string without exponent and without a '-0'. */
export function plain(n: BigNumber): string {
  return n.isZero() ? '0' : n.toFixed();
}

/** `x` as a plain decimal string ('0' for non-numbers), e.g. 1e-9 → '0.000000001'. */
export function toDecimalString(x: NumericInput): string {
  const n = toBig(x);
  return n ? plain(n) : '0';
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
