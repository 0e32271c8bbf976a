import { div, isDecimal, mul } from '@makerdesk/decimal';

/**
 * Forms show percentages with a % sign while the API keeps fractions (issue 18 §7). A form field is
 * an edit, not a display: the conversion is exact both ways (no cut, no rounding), so a value read
 * from the API and saved untouched comes back the same fraction.
 */

/** A stored fraction as the percent a field shows: '0.05' → '5', '0.0005' → '0.05'; undefined when empty or no number. */
export function percentFromFraction(fraction: string | null | undefined): string | undefined {
  if (fraction === null || fraction === undefined || fraction === '' || !isDecimal(fraction)) return undefined;
  return mul(fraction, '100');
}

/** What the user typed in a percent field ('5', '5 %', '0.5%', '1,000') as the fraction the API takes ('0.05'); undefined when it is no number. */
export function fractionFromPercent(text: string | null | undefined): string | undefined {
  const clean = (text ?? '').replace(/[%\s,]/g, '');
  if (clean === '' || !isDecimal(clean)) return undefined;
  return div(clean, '100', { decimals: 18, rounding: 'half-up' });
}
