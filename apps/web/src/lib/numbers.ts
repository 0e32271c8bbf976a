import { sign, stepOf as stepAt } from '@makerdesk/decimal';
import { amountWithUnit, bpsText, div, feeInQuote, formatAmount, fractionToPercent, minus, mul, spreadBps, thousands, toDecimalString, truncate } from '@makerdesk/format';

/**
 * How the console shows money: truncated (never rounded up) to a fixed number of decimals, padded,
 * with thousands separators. Arithmetic goes through @makerdesk/format (the spec's lenient helpers
 * on @makerdesk/decimal); nothing here is a float.
 */
export function formatFixed(value: string | null | undefined, digits: number): string {
  return formatAmount(value ?? '0', { digits, padZeros: true });
}

/** Every decimal the value has, without trailing zeros, grouped: '100000.00000000' → '100,000'. */
export function formatPlain(value: string): string {
  return thousands(toDecimalString(value));
}

/** -1, 0 or 1 as a decimal string compares with another; non-numbers count as zero (spec §5). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  // Through the lenient minus on purpose: a non-number makes it '0', so the two compare equal.
  return sign(minus(a, b));
}

export function isPositive(value: string | null | undefined): boolean {
  return value != null && compareDecimals(value, '0') > 0;
}

/** (to − from) / from as a percentage, cut to `digits` decimals; null when `from` is zero. */
export function percentChange(from: string, to: string, digits = 2): string | null {
  if (!isPositive(from)) return null;
  return truncate(mul(div(minus(to, from), from), '100'), digits, { padZeros: true });
}

/** '1.5' → '+1.50%', '-0.3' → '-0.30%': the sign is always written, as a change reads. */
export function formatSignedPercent(percent: string, digits = 2): string {
  const cut = truncate(percent, digits, { padZeros: true });
  const sign = compareDecimals(cut, '0') > 0 ? '+' : '';
  return `${sign}${cut}%`;
}

/**
 * Decimals as written, trailing zeros included: '65043.52' → 2, '1200.00' → 2, '2' → 0. A venue pads
 * its prices and amounts to the pair's precision, so this reads the precision; @makerdesk/decimal's
 * decimalsOf counts the decimals of the value instead ('1200.00' → 0).
 */
export function writtenDecimals(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** The smallest step at `digits` decimals: 2 → '0.01', 0 (or less) → '1'. */
export function stepOf(digits: number): string {
  return stepAt(Math.max(0, digits));
}

/**
 * One way to show each kind of figure (DESK.md), so a screen never writes '64300' beside
 * '64,766.67': prices and amounts at the pair's precision with separators and their unit, spreads in
 * basis points, other shares as percentages, fees with their asset and their value in quote.
 */
export interface PairUnits {
  base: string;
  quote: string;
}
export interface PairDigits {
  price: number;
  amount: number;
}

/** A price at the pair's precision with its quote unit: '64300' → '64,300.00 USDT'. */
export function formatPrice(value: string, digits: PairDigits, pair: PairUnits): string {
  return amountWithUnit(value, digits.price, pair.quote);
}

/** An amount of the base asset at the pair's precision with its unit: '0.5' → '0.50000 BTC'. */
export function formatBaseAmount(value: string, digits: PairDigits, pair: PairUnits): string {
  return amountWithUnit(value, digits.amount, pair.base);
}

/*
 * Spreads: every screen (bot list, detail drawer, book header, dashboard cards, config summary, the
 * bot form) writes one through format's bpsText: basis points cut to one decimal, grouped, 'bps'.
 */

/** A spread already in basis points (runtime.quote.spreadBps): '6.15' → '6.1 bps'. */
export function formatBpsValue(bps: string): string {
  return bpsText(bps);
}

/** A spread stored as a fraction of the price, in basis points: '0.002' → '20 bps'. */
export function formatBps(fraction: string): string {
  return bpsText(mul(fraction, '10000'));
}

/** A spread stored as a fraction, as the form types it and as lists show it: '0.001' → '0.1% = 10 bps'. */
export function formatSpreadFraction(fraction: string): string {
  return `${formatFractionPercent(fraction)} = ${formatBps(fraction)}`;
}

/** DESK.md's spread of a bid and an ask, in basis points; null without both sides. */
export function formatSpreadBps(bid: string | null | undefined, ask: string | null | undefined): string | null {
  const bps = spreadBps(bid, ask, 2);
  return bps === null ? null : bpsText(bps);
}

/** A share stored as a fraction, as a percentage: '0.05' → '5%'. */
export function formatFractionPercent(fraction: string): string {
  return `${fractionToPercent(fraction)}%`;
}

/**
 * A fee with its asset at that asset's precision in the pair, and, when it is the base asset, its
 * value in quote at the fill price: '0.00000062 BTC' → '< 0.00001 BTC ≈ 0.04 USDT'; a third asset's fee
 * with every decimal it has, its quote value unknown here.
 */
export function formatFee(fee: string, feeAsset: string, price: string, digits: PairDigits, pair: PairUnits): string {
  const inQuote = feeInQuote(fee, feeAsset, pair, price);
  // A third asset (BNB): its precision in this pair is unknown, so every decimal it has.
  if (inQuote === null) return `${formatPlain(fee)} ${feeAsset}`;
  const own = amountWithUnit(fee, feeAsset === pair.base ? digits.amount : digits.price, feeAsset);
  return feeAsset === pair.quote ? own : `${own} ≈ ${amountWithUnit(inQuote, digits.price, pair.quote)}`;
}
