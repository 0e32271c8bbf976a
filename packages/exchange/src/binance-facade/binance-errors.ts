import { isExchangeError, type ExchangeErrorKind } from '../errors.ts';

/**
 * Binance's error answer `{code, msg}` with the HTTP status Binance uses for it. Codes and texts are
 * Binance's own (https://developers.binance.com/docs/binance-spot-api-docs/errors): clients such as
 * ccxt map them onto their error types, partly by exact message.
 */
export class BinanceError extends Error {
  override readonly name = 'BinanceError';
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly status: number = statusOf(code),
    /** The `Retry-After` (seconds) of a 429 or 418. */
    readonly retryAfterSeconds?: number,
  ) {
    super(msg);
  }

  toJSON(): { code: number; msg: string } {
    return { code: this.code, msg: this.msg };
  }
}

function statusOf(code: number): number {
  if (code === -2014 || code === -2015 || code === -1002) return 401;
  if (code === -1003) return 429;
  if (code === -1000 || code === -1001 || code === -1006 || code === -1007) return 500;
  return 400;
}

export const binanceErrors = {
  unknown: () => new BinanceError(-1000, 'An unknown error occurred while processing the request.'),
  tooManyRequests: () => new BinanceError(-1003, 'Too many requests; please use the websocket for live updates.'),
  timestampAhead: () => new BinanceError(-1021, "Timestamp for this request was 1000ms ahead of the server's time."),
  timestampOutside: () => new BinanceError(-1021, 'Timestamp for this request is outside of the recvWindow.'),
  badSignature: () => new BinanceError(-1022, 'Signature for this request is not valid.'),
  illegalChars: (param: string, range = '^([0-9]{1,20})(\\.[0-9]{1,20})?$') =>
    new BinanceError(-1100, `Illegal characters found in parameter '${param}'; legal range is '${range}'.`),
  mandatory: (param: string) => new BinanceError(-1102, `Mandatory parameter '${param}' was not sent, was empty/null, or malformed.`),
  eitherMandatory: (a: string, b: string) => new BinanceError(-1102, `Param '${a}' or '${b}' must be sent, but both were empty/null!`),
  notRequired: (param: string) => new BinanceError(-1106, `Parameter '${param}' sent when not required.`),
  unsupportedCombination: () => new BinanceError(-1014, 'Unsupported order combination.'),
  invalidTimeInForce: () => new BinanceError(-1115, 'Invalid timeInForce.'),
  invalidOrderType: () => new BinanceError(-1116, 'Invalid orderType.'),
  invalidSide: () => new BinanceError(-1117, 'Invalid side.'),
  invalidInterval: () => new BinanceError(-1120, 'Invalid interval.'),
  invalidSymbol: () => new BinanceError(-1121, 'Invalid symbol.'),
  invalidRecvWindow: () => new BinanceError(-1131, 'recvWindow must be less than 60000'),
  invalidTimeUnit: () => new BinanceError(-1194, 'Invalid value for time unit; expected either MICROSECOND or MILLISECOND.'),
  invalidParam: (param: string) => new BinanceError(-1130, `Data sent for parameter '${param}' is not valid.`),
  filter: (filter: 'LOT_SIZE' | 'PRICE_FILTER' | 'NOTIONAL' | 'MARKET_LOT_SIZE' | 'PERCENT_PRICE_BY_SIDE') => new BinanceError(-1013, `Filter failure: ${filter}`),
  invalidQuantity: () => new BinanceError(-1013, 'Invalid quantity.'),
  invalidPrice: () => new BinanceError(-1013, 'Invalid price.'),
  marketClosed: () => new BinanceError(-1013, 'Market is closed.'),
  selfTradePreventionModeNotAllowed: () => new BinanceError(-1013, 'This symbol does not allow the specified self-trade prevention mode.'),
  rejected: (msg: string) => new BinanceError(-2010, msg),
  insufficientBalance: () => new BinanceError(-2010, 'Account has insufficient balance for requested action.'),
  duplicateOrder: () => new BinanceError(-2010, 'Duplicate order sent.'),
  wouldTake: () => new BinanceError(-2010, 'Order would immediately match and take.'),
  cancelRejected: () => new BinanceError(-2011, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(-2013, 'Order does not exist.'),
  badKeyFormat: () => new BinanceError(-2014, 'API-key format invalid.'),
  rejectedKey: () => new BinanceError(-2015, 'Invalid API-key, IP, or permissions for action.'),
  /**
   * A symbol the account may not trade: Binance's text, under the code of the action (-2010 placing,
   * -2011 cancelling, -1010 otherwise); clients match the text (ccxt: PermissionDenied).
   */
  symbolNotPermitted: (action: FacadeAction) =>
    new BinanceError(action === 'place' ? -2010 : action === 'cancel' ? -2011 : -1010, 'This symbol is not permitted for this account.'),
  notFound: () => new BinanceError(-1000, 'Not found.', 404),
  cancelReplacePartlyFailed: () => new BinanceError(-2021, 'Order cancel-replace partially failed.', 409),
  cancelReplaceFailed: () => new BinanceError(-2022, 'Order cancel-replace failed.', 400),
} as const;

/** What the venue's refusal becomes when it happens while placing an order. */
const onPlace: Record<ExchangeErrorKind, () => BinanceError> = {
  insufficient_balance: binanceErrors.insufficientBalance,
  order_not_found: binanceErrors.noSuchOrder,
  order_closed: binanceErrors.cancelRejected,
  min_amount: () => binanceErrors.filter('LOT_SIZE'),
  max_amount: () => binanceErrors.filter('LOT_SIZE'),
  amount_precision: () => binanceErrors.filter('LOT_SIZE'),
  min_notional: () => binanceErrors.filter('NOTIONAL'),
  max_notional: () => binanceErrors.filter('NOTIONAL'),
  price_precision: () => binanceErrors.filter('PRICE_FILTER'),
  price_protection: () => binanceErrors.filter('PRICE_FILTER'),
  post_only_would_cross: binanceErrors.wouldTake,
  no_liquidity: () => binanceErrors.rejected('Market orders are not supported while the book is empty.'),
  self_trade_prevented: () => binanceErrors.rejected('Order would trade against an order of the same account.'),
  pair_not_open: binanceErrors.marketClosed,
  unknown_symbol: binanceErrors.invalidSymbol,
  invalid_order: () => binanceErrors.rejected('Order rejected.'),
  rate_limited: binanceErrors.tooManyRequests,
  invalid_key: binanceErrors.rejectedKey,
  permission_denied: binanceErrors.rejectedKey,
  ip_not_allowed: binanceErrors.rejectedKey,
  network: binanceErrors.unknown,
  venue_error: binanceErrors.unknown,
};

export type FacadeAction = 'place' | 'cancel' | 'query' | 'read';

/**
 * Maps anything thrown below the facade onto Binance's answer. Order look-ups that miss are -2013,
 * cancels of unknown or finished orders -2011, as Binance answers them.
 */
export function toBinanceError(err: unknown, action: FacadeAction): BinanceError {
  if (err instanceof BinanceError) return err;
  if (!isExchangeError(err)) return binanceErrors.unknown();
  if (action === 'cancel' && (err.kind === 'order_not_found' || err.kind === 'order_closed')) return binanceErrors.cancelRejected();
  if (err.kind === 'order_not_found') return binanceErrors.noSuchOrder();
  if (err.kind === 'invalid_order' && action === 'place') return binanceErrors.rejected(err.message || 'Order rejected.');
  if (err.kind === 'price_protection' && err.params.filter === 'PERCENT_PRICE_BY_SIDE') return binanceErrors.filter('PERCENT_PRICE_BY_SIDE');
  return onPlace[err.kind]();
}
