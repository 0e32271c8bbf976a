/**
 * Exact decimal arithmetic on decimal strings, for every package of MakerDesk: bigint underneath,
 * no float anywhere, no dependency.
 *
 * Inputs are decimal literals: an optional sign, digits with an optional point ('.5' and '5.'
 * too), an optional exponent ('1e-8'). Results are canonical: no exponent, no trailing fractional
 * zeros, never '-0' (toFixed and fromUnits write exactly the decimals asked for).
 *
 * Bad input throws a DecimalError (a RangeError) whose `code` says why: 'not_a_number' for
 * anything that is not a literal, 'overflow' / 'underflow' outside the range MAX_EXPONENT sets,
 * 'division_by_zero', 'inexact' for toUnits without rounding, 'invalid_argument' for a bad
 * decimals count, rounding mode, step or unit count. Lenient behaviour (the spec's '0' for a
 * non-number) belongs to the callers, @makerdesk/format first.
 */
export { DecimalError } from './decimal-error.ts';
export type { DecimalErrorCode } from './decimal-error.ts';
export { MAX_EXPONENT, ROUNDINGS } from './fixed-point.ts';
export type { Rounding } from './fixed-point.ts';
export { abs, add, div, minus, mul, negate } from './arithmetic.ts';
export type { DivOptions } from './arithmetic.ts';
export { compare, max, min, sign } from './compare.ts';
export { ceil, floor, round, roundToStep, toFixed, truncate } from './rounding.ts';
export { decimalsOf, fromNumber, isDecimal, parse, stepOf } from './parse.ts';
export { fromUnits, toUnits } from './units.ts';
