/** What went wrong at a venue, in terms the server maps onto the catalogue. */
export type ExchangeErrorKind =
  | 'insufficient_balance'
  | 'order_not_found'
  | 'order_closed'
  | 'min_amount'
  | 'max_amount'
  | 'min_notional'
  | 'max_notional'
  | 'price_precision'
  | 'amount_precision'
  | 'price_protection'
  | 'post_only_would_cross'
  | 'no_liquidity'
  | 'self_trade_prevented'
  | 'pair_not_open'
  | 'unknown_symbol'
  | 'invalid_order'
  | 'rate_limited'
  | 'invalid_key'
  | 'permission_denied'
  | 'ip_not_allowed'
  | 'network'
  | 'venue_error';

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
