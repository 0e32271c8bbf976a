/**
 * ccxt's typed errors → our `ExchangeError` kinds. Classes are recognised by name along the
 * prototype chain (ccxt's hierarchy: `InsufficientFunds` extends `ExchangeError`, `RateLimitExceeded`
 * extends `NetworkError`, …), so this module needs no import of ccxt itself.
 */
import { ExchangeError, type ExchangeErrorKind } from '../errors.ts';

/** Most specific first: the first class found in an error's chain decides. */
const kindByClass: [string, ExchangeErrorKind][] = [
  ['OrderImmediatelyFillable', 'post_only_would_cross'],
  ['InsufficientFunds', 'insufficient_balance'],
  ['OrderNotFound', 'order_not_found'],
  ['BadSymbol', 'unknown_symbol'],
  ['MarketClosed', 'pair_not_open'],
  ['InvalidOrder', 'invalid_order'],
  ['PermissionDenied', 'permission_denied'],
  ['AccountSuspended', 'permission_denied'],
  ['AuthenticationError', 'invalid_key'],
  ['RateLimitExceeded', 'rate_limited'],
  ['DDoSProtection', 'rate_limited'],
  ['ExchangeNotAvailable', 'network'],
  ['NetworkError', 'network'],
];

/** Binance's filter failures name what was wrong; other venues stay `invalid_order`. */
const kindByFilter: [RegExp, ExchangeErrorKind][] = [
  // A price too far from the average price: a price band refusal, not a malformed order.
  [/\bPERCENT_PRICE(_BY_SIDE)?\b/, 'price_protection'],
  [/\b(MIN_)?NOTIONAL\b/, 'min_notional'],
  [/\bPRICE_FILTER\b/, 'price_precision'],
  [/\bLOT_SIZE\b/, 'amount_precision'],
];

function classNames(err: object): string[] {
  const names: string[] = [];
  for (let proto = Object.getPrototypeOf(err) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    const ctor = (proto as { constructor?: { name?: unknown } }).constructor;
    if (typeof ctor?.name === 'string') names.push(ctor.name);
  }
  return names;
}

export function isCcxtError(err: unknown): err is Error {
  return err instanceof Error && classNames(err).includes('BaseError');
}

export function ccxtErrorKind(err: Error): ExchangeErrorKind {
  const names = classNames(err);
  const kind = kindByClass.find(([name]) => names.includes(name))?.[1] ?? 'venue_error';
  if (kind === 'invalid_order' || (kind === 'venue_error' && names.includes('BadRequest'))) {
    const filter = kindByFilter.find(([pattern]) => pattern.test(err.message))?.[1];
    if (filter) return filter;
  }
  return kind;
}

/** What a connector call throws: ExchangeErrors pass through, ccxt errors are mapped, anything else is a venue error. */
export function toExchangeError(err: unknown): ExchangeError {
  if (err instanceof ExchangeError) return err;
  if (isCcxtError(err)) {
    const kind = ccxtErrorKind(err);
    // Which price filter refused it, as the simulator says it (the server words it from there).
    const filter = kind === 'price_protection' ? /\b(PERCENT_PRICE(?:_BY_SIDE)?)\b/.exec(err.message)?.[1] : undefined;
    return new ExchangeError(kind, err.message, { ccxt: err.constructor.name, ...(filter ? { filter } : {}) }, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ExchangeError('venue_error', message, {}, { cause: err });
}
