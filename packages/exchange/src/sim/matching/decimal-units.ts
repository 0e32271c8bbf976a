/**
 * Decimal strings ⇄ integer units at the edge of the simulator: prices become ticks, amounts
 * become lots, balances become asset units. Nothing inside the engine or the ledger ever sees a
 * float or a decimal string. The conversion itself is @makerdesk/decimal's toUnits / fromUnits; this
 * module adds the engine's input rules (plain, non-negative, bounded) and its error codes.
 */
import { DecimalError, fromUnits, toUnits } from '@makerdesk/decimal';

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
const PLAIN_DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

// The throws live in their own functions so that the checks stay small enough to inline: these
// conversions run for every order placed and every price and amount the simulator reports.
function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) invalidDecimals(decimals);
}

function invalidDecimals(decimals: number): never {
  throw new UnitsError('invalid_decimals', `decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${String(decimals)}`);
}

function unsafe(units: number): never {
  throw new UnitsError('out_of_range', `${String(units)} is not a safe integer`);
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
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) {
    throw new UnitsError('not_a_number', `${JSON.stringify(value)} is not a plain non-negative decimal`);
  }
  try {
    return toUnits(value, decimals, rounding === 'exact' ? undefined : rounding);
  } catch (error) {
    if (!(error instanceof DecimalError) || error.code !== 'inexact') throw error;
    throw new UnitsError(
      'too_many_decimals',
      `${JSON.stringify(value)} has more than ${decimals} decimal${decimals === 1 ? '' : 's'}`,
    );
  }
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
  if (typeof units === 'number' && !Number.isSafeInteger(units)) unsafe(units);
  return fromUnits(units, decimals);
}
