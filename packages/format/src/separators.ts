import { decimalParts, type NumericInput } from './decimal.ts';

/** Inserts ',' every 3 digits into a string of integer digits. */
export function groupDigits(int: string): string {
  return int.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Thousands separators on the integer part; the fraction is kept as written ('1234.50' → '1,234.50').
 * Accepts already-grouped strings, so it is idempotent. Non-numbers → '0'.
 */
export function thousands(value: NumericInput): string {
  const { negative, int, frac } = decimalParts(value);
  return `${negative ? '-' : ''}${groupDigits(int)}${frac ? `.${frac}` : ''}`;
}
