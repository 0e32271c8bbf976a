/**
 * ccxt parses a venue's decimal strings into JS numbers in its unified structures. We turn each
 * number back into the shortest decimal that round-trips, which is the venue's own decimal for
 * every value of at most 15 significant digits (all prices, amounts and fees we trade). No float
 * arithmetic happens anywhere: sums and products use exact decimal strings.
 */
import { fromNumber, parse } from '@makerdesk/decimal';

export type CcxtNumeric = number | string | undefined | null;

/** Strings ccxt hands over are taken in plain notation only ('1e-8', '+1' are not), up to 128 characters. */
const PLAIN_DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)$/;
const MAX_LENGTH = 128;

export function optionalDecimal(value: CcxtNumeric): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? fromNumber(value) : null;
  return value.length <= MAX_LENGTH && PLAIN_DECIMAL.test(value) ? parse(value) : null;
}

export function decimal(value: CcxtNumeric, fallback = '0'): string {
  return optionalDecimal(value) ?? fallback;
}
