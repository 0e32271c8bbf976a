import * as decimal from '@makerdesk/decimal';
import { lenient, type NumericInput } from './decimal.ts';

/** The spec's division: 36 decimals, half-up. */
const DIVISION: decimal.DivOptions = { decimals: 36, rounding: 'half-up' };

/** Exact a + b as a plain decimal string. */
export function add(a: NumericInput, b: NumericInput): string {
  return lenient([a, b], decimal.add);
}

/** Exact a − b as a plain decimal string. */
export function minus(a: NumericInput, b: NumericInput): string {
  return lenient([a, b], decimal.minus);
}

/** Exact a × b as a plain decimal string. */
export function mul(a: NumericInput, b: NumericInput): string {
  return lenient([a, b], decimal.mul);
}

/** a ÷ b rounded half-up at 36 decimals; '0' on division by zero. */
export function div(a: NumericInput, b: NumericInput): string {
  return lenient([a, b], (x, y) => decimal.div(x, y, DIVISION));
}
