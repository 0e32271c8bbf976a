/**
 * Decimal strings ⇄ integer units at the edge of the simulator: prices become ticks, amounts
 * become lots, balances become asset units. Nothing inside the engine or the ledger ever sees a
 * float or a decimal string.
 */

/** How a value with more decimals than allowed is handled: refused (default), truncated or raised. */
export type Rounding = 'exact' | 'down' | 'up';

export type UnitsErrorCode = 'not_a_number' | 'too_many_decimals' | 'out_of_range' | 'invalid_decimals';

export class UnitsError extends Error {
  override readonly name = 'UnitsError';
  constructor(
    readonly code: UnitsErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Largest decimals accepted, so a hostile precision cannot build huge powers of ten. */
export const MAX_DECIMALS = 36;

/** Longest decimal string parsed: bounds the work a hostile input can cause. */
const MAX_LENGTH = 128;

/** Plain non-negative decimal: '12', '12.5', '12.', '.5'. No sign, exponent, spaces or grouping. */
const PLAIN_DECIMAL = /^(\d*)(?:\.(\d*))?$/;

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new UnitsError(
      'invalid_decimals',
      `decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${String(decimals)}`,
    );
  }
}

/**
 * `value` in units of 10^-decimals as a bigint, e.g. ('1.25', 2) → 125n.
 * Throws a UnitsError on anything but a plain non-negative decimal string, and on more than
 * `decimals` significant decimals unless `rounding` is 'down' or 'up'.
 */
export function decimalToUnits(value: string, decimals: number, rounding: Rounding = 'exact'): bigint {
  assertDecimals(decimals);
  if (typeof value === 'string' && value.length > MAX_LENGTH) {
    throw new UnitsError('out_of_range', `a decimal of ${value.length} characters is longer than ${MAX_LENGTH}`);
  }
  const match = typeof value === 'string' ? PLAIN_DECIMAL.exec(value) : null;
  const int = match?.[1] ?? '';
  const frac = match?.[2] ?? '';
  if (match === null || (int === '' && frac === '')) {
    throw new UnitsError('not_a_number', `${JSON.stringify(value)} is not a plain non-negative decimal`);
  }
  const kept = frac.slice(0, decimals);
  const dropped = frac.slice(decimals);
  const units = BigInt(int + kept.padEnd(decimals, '0'));
  if (/^0*$/.test(dropped)) return units;
  if (rounding === 'exact') {
    throw new UnitsError(
      'too_many_decimals',
      `${JSON.stringify(value)} has more than ${decimals} decimal${decimals === 1 ? '' : 's'}`,
    );
  }
  return rounding === 'up' ? units + 1n : units;
}

/** Like decimalToUnits, as a JS number; throws 'out_of_range' above Number.MAX_SAFE_INTEGER. */
export function decimalToSafeUnits(value: string, decimals: number, rounding: Rounding = 'exact'): number {
  const units = decimalToUnits(value, decimals, rounding);
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new UnitsError(
      'out_of_range',
      `${JSON.stringify(value)} at ${decimals} decimals exceeds ${Number.MAX_SAFE_INTEGER} units`,
    );
  }
  return Number(units);
}

/** `units` of 10^-decimals as a decimal string with exactly `decimals` decimals: (125n, 3) → '0.125'. */
export function unitsToDecimal(units: bigint | number, decimals: number): string {
  assertDecimals(decimals);
  if (typeof units === 'number' && !Number.isSafeInteger(units)) {
    throw new UnitsError('out_of_range', `${String(units)} is not a safe integer`);
  }
  const big = BigInt(units);
  const negative = big < 0n;
  const digits = (negative ? -big : big).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}
