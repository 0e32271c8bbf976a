import { decimalParts, type NumericInput } from './decimal.ts';
import { groupDigits } from './separators.ts';

// Output format: `0.0{N}digits`, where N counts ALL the zeros after the decimal point ('0.0000012' → '0.0{5}12').

/**
 * Collapses a leading run of N >= minZeros fractional zeros into brace notation.
 * The integer part and sign are kept ('-12.0000001' → '-12.0{6}1'); a fraction made only
 * of zeros (padding) is left alone. Non-numbers → '0'.
 */
export function zeroBrace(value: NumericInput, minZeros = 5): string {
  if (!Number.isInteger(minZeros) || minZeros < 1) {
    throw new TypeError(`zeroBrace: minZeros must be a positive integer, got ${String(minZeros)}`);
  }
  const { negative, int, frac, grouped } = decimalParts(value);
  const head = `${negative ? '-' : ''}${grouped ? groupDigits(int) : int}`;
  const zeros = /^0*/.exec(frac)?.[0].length ?? 0;
  if (zeros >= minZeros && zeros < frac.length) {
    return `${head}.0{${zeros}}${frac.slice(zeros)}`;
  }
  return frac ? `${head}.${frac}` : head;
}

/** `zeroBrace` with a threshold of 3 zeros ('0.000123' → '0.0{3}123'). */
export function trimZeros(value: NumericInput): string {
  return zeroBrace(value, 3);
}

/** Inverse of zeroBrace: expands `.0{N}` back into N zeros; text without a brace is returned unchanged. */
export function expandZeroBrace(text: string): string {
  return text.replace(/\.0\{(\d+)\}(?=\d)/, (_, n: string) => `.${'0'.repeat(Number(n))}`);
}
