export type DecimalErrorCode =
  /** Not a decimal literal (or not a string at all). */
  | 'not_a_number'
  /** A nonzero magnitude of 10^(MAX_EXPONENT + 1) or more. */
  | 'overflow'
  /** A nonzero magnitude below 10^-MAX_EXPONENT. */
  | 'underflow'
  | 'division_by_zero'
  /** toUnits without a rounding mode on a value with more decimals than asked for. */
  | 'inexact'
  /** A bad decimals count, rounding mode, step or unit count. */
  | 'invalid_argument';

/**
 * The one error the strict core throws. A RangeError, so code that already catches range errors
 * from the old helpers keeps working; `code` says which rule was broken.
 */
export class DecimalError extends RangeError {
  override readonly name = 'DecimalError';
  constructor(
    readonly code: DecimalErrorCode,
    message: string,
  ) {
    super(message);
  }
}
