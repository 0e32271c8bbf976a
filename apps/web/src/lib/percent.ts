import { fractionToPercent, percentToFraction } from '@makerdesk/contract';
import { isDecimal } from '@makerdesk/decimal';

/**
 * Forms show percentages with a % sign while the API keeps fractions (issue 18 §7): the one place
 * the console converts between them, exactly (the contract's decimal conversion, never floats).
 */
export function percentFromFraction(fraction: string | null | undefined): string | undefined {
  if (fraction === null || fraction === undefined || fraction === '') return undefined;
  return isDecimal(fraction) ? fractionToPercent(fraction) : undefined;
}

/** What the user typed in a percent field ("5", "5 %", "0.5%") as the fraction the API takes ("0.05"); undefined when it is no number. */
export function fractionFromPercent(text: string | null | undefined): string | undefined {
  const clean = (text ?? '').replace(/[%\s,]/g, '');
  if (clean === '' || !isDecimal(clean)) return undefined;
  return percentToFraction(clean);
}
