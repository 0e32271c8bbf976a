import { sign, stepOf } from '@makerdesk/decimal';
import { add, div, minus, mul } from './arithmetic.ts';
import { isNumeric, toDecimalString, type NumericInput } from './decimal.ts';
import { truncate } from './rounding.ts';
import { thousands } from './separators.ts';
import { trimZeros } from './zero-brace.ts';

/**
 * The desk's figures in one form each (DESK.md): spreads in basis points, other shares as
 * percentages, fees with their asset and their value in the quote asset. Pure, decimal strings only.
 */

/** A fraction in basis points, cut to `digits` decimals without trailing zeros: '0.002' → '20', '0.00015' → '1.5'. */
export function fractionToBps(fraction: NumericInput, digits = 1): string {
  return trimZeros(truncate(mul(fraction, '10000'), digits));
}

/** A fraction as a percentage, cut to `digits` decimals without trailing zeros: '0.005' → '0.5', '0.05' → '5'. */
export function fractionToPercent(fraction: NumericInput, digits = 2): string {
  return trimZeros(truncate(mul(fraction, '100'), digits));
}

/**
 * DESK.md's spread: (best ask - best bid) / mid × 10,000, in basis points cut to `digits` decimals;
 * null when either side is missing or not above zero.
 */
export function spreadBps(bid: NumericInput | null | undefined, ask: NumericInput | null | undefined, digits = 1): string | null {
  if (bid == null || ask == null || !isNumeric(bid) || !isNumeric(ask)) return null;
  const mid = div(add(bid, ask), '2');
  if (sign(toDecimalString(bid)) <= 0 || sign(mid) <= 0) return null;
  return trimZeros(truncate(mul(div(minus(ask, bid), mid), '10000'), digits));
}

/**
 * A spread already in basis points as every screen writes it (bot list, drawer, book header, desk
 * cards): cut to `digits` decimals (the display rule), grouped, with its unit: '6.159' → '6.1 bps'.
 */
export function bpsText(bps: NumericInput, digits = 1): string {
  return `${thousands(trimZeros(truncate(bps, digits)))} bps`;
}

/** Decimals a quote amount (a balance, a P&L, a fee, a volume) is shown at: the pair's price precision, at least 2, at most 8. */
export function quoteDigits(pricePrecision: number): number {
  return Math.min(8, Math.max(2, pricePrecision));
}

export interface FeePair {
  base: string;
  quote: string;
}

/**
 * A fee's value in the quote asset (DESK.md): a quote fee as it is, a base fee at the fill price;
 * null for a third asset, whose price against the quote the caller does not have.
 */
export function feeInQuote(fee: NumericInput, feeAsset: string, pair: FeePair, price: NumericInput): string | null {
  if (feeAsset === pair.quote) return String(fee);
  if (feeAsset === pair.base) return mul(fee, price);
  return null;
}

/**
 * A quantity at `digits` decimals with separators and its unit; a non-zero value that truncates to
 * zero says it is below the smallest step ('< 0.00001 BTC') instead of showing a false zero.
 */
export function amountWithUnit(value: NumericInput, digits: number, unit: string): string {
  const cut = truncate(value, digits, { padZeros: true });
  const valueSign = sign(toDecimalString(value));
  if (sign(cut) === 0 && valueSign !== 0) return `${valueSign < 0 ? '> -' : '< '}${stepOf(Math.max(0, digits))} ${unit}`;
  return `${thousands(cut)} ${unit}`;
}
