import type BigNumber from 'bignumber.js';
import { plain, toBig, type NumericInput } from './decimal.ts';

/** Applies `op` to two parsed operands; '0' when either is not a finite number or the result is not finite. */
function apply(a: NumericInput, b: NumericInput, op: (x: BigNumber, y: BigNumber) => BigNumber): string {
  const x = toBig(a);
  const y = toBig(b);
  if (!x || !y) return '0';
  const r = op(x, y);
  return r.isFinite() ? plain(r) : '0';
}

/** Exact a + b as a plain decimal string. */
export function add(a: NumericInput, b: NumericInput): string {
  return apply(a, b, (x, y) => x.plus(y));
}

/** Exact a − b as a plain decimal string. */
export function minus(a: NumericInput, b: NumericInput): string {
  return apply(a, b, (x, y) => x.minus(y));
}

/** Exact a × b as a plain decimal string. */
export function mul(a: NumericInput, b: NumericInput): string {
  return apply(a, b, (x, y) => x.times(y));
}

/** a ÷ b rounded half-up at 36 decimals; '0' on division by zero. */
export function div(a: NumericInput, b: NumericInput): string {
  return apply(a, b, (x, y) => x.div(y));
}
