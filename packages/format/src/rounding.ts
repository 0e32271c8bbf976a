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

/**
 * THE display rule of MakerDesk (console-spec §number formatting: "a truncating formatter cuts
 * decimals without rounding"): every figure a person reads, in the console and in the server's texts
 * (alerts, reports, trading-log lines), is cut toward zero at its decimals, never rounded. A balance,
 * a P&L or a fee is never shown larger than it is, and one value reads the same on every screen and
 * in every message ('64873.795' at 2 decimals is '64,873.79' everywhere). Rounding (half-up,
 * half-even) belongs to computations (a price placed on a tick, a ratio kept on the wire), not to
 * display.
 */
export function truncate(value: NumericInput, digits: number, options: TruncateOptions = {}): string {
  assertDigits(digits, 'truncate');
  if (!options.padZeros) return lenient([value], (n) => cut(n, digits));
  // A non-number pads as zero; a truncated -0.001 is zero too, never '-0.00'.
  return toFixed(toDecimal(value) ?? '0', digits, 'down');
}
