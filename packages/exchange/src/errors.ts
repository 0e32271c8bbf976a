/**
 * What went wrong at a venue, in terms the server maps onto the catalogue: every kind in one list,
 * the type made from it, so code that reads a kind off the wire checks against the same list.
 */
export const EXCHANGE_ERROR_KINDS = [
  'insufficient_balance',
  'order_not_found',
  'order_closed',
  'min_amount',
  'max_amount',
  'min_notional',
  'max_notional',
  'price_precision',
  'amount_precision',
  'price_protection',
  'post_only_would_cross',
  'no_liquidity',
  'self_trade_prevented',
  'pair_not_open',
  'unknown_symbol',
  'invalid_order',
  'rate_limited',
  'invalid_key',
  'permission_denied',
  'ip_not_allowed',
  'network',
  'venue_error',
] as const;

/** What went wrong at a venue (one of EXCHANGE_ERROR_KINDS). */
export type ExchangeErrorKind = (typeof EXCHANGE_ERROR_KINDS)[number];

export class ExchangeError extends Error {
  constructor(
    readonly kind: ExchangeErrorKind,
    message: string,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExchangeError';
  }
}

export function isExchangeError(err: unknown): err is ExchangeError {
  return err instanceof ExchangeError;
}
