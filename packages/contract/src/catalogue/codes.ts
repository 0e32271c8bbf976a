/**
 * Named codes the server raises. Every value must have an entry in the catalogue
 * (`catalogue.test.ts` checks it), so nothing reaches a user without a text.
 */
export const ErrorCode = {
  UNAUTHORIZED: 401,
  ACCOUNT_SUSPENDED: 2000401,
  PAIR_UNAVAILABLE: 3000401,
  PAIR_EXPIRED: 4000401,

  INVALID_PARAMS: 1050400,
  SYSTEM_BUSY: 1050500,
  INTERNAL_ERROR: 1050501,

  ACCOUNT_CREATE_FAILED: 1011200,

  PAIR_EMPTY: 1030001,
  PASSWORD_LENGTH: 1030029,
  EMAIL_INVALID: 1030030,
  PASSWORD_MISMATCH: 1030031,
  OLD_PASSWORD_WRONG: 1030032,
  CANNOT_CHANGE_SELF: 1030033,

  BAD_CREDENTIALS: 1070001,
  TOO_MANY_ATTEMPTS: 1070002,
  VERIFICATION_CODE_INVALID: 1070003,

  ROUTE_NOT_FOUND: 2030001,
  PAIR_NOT_FOUND: 2030002,
  COIN_NOT_FOUND: 2030003,
  USER_NOT_FOUND: 2030004,
  PLATFORM_NOT_FOUND: 2030005,
  CREDENTIAL_NOT_FOUND: 2030006,
  FORBIDDEN: 2030007,
  RISK_RESTRICTED: 2030008,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** data.code that raises the console's system-notice event instead of a toast. */
export const SYSTEM_NOTICE_CODE = 1080028;
