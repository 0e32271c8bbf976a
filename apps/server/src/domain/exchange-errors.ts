import { ErrorCode } from '@makerdesk/contract';
import { isExchangeError, type ExchangeError, type ExchangeErrorKind } from '@makerdesk/exchange';
import { AppError } from './app-error.ts';
import { isDecimal } from '@makerdesk/decimal';
import { thousands } from '@makerdesk/format';

const codeByKind: Record<ExchangeErrorKind, number> = {
  insufficient_balance: ErrorCode.INSUFFICIENT_BALANCE,
  order_not_found: ErrorCode.ORDER_NOT_FOUND,
  order_closed: ErrorCode.ORDER_NOT_CANCELLABLE,
  min_amount: ErrorCode.MIN_ORDER_QUANTITY,
  max_amount: ErrorCode.MAX_ORDER_QUANTITY,
  min_notional: ErrorCode.MIN_ORDER_AMOUNT,
  max_notional: ErrorCode.MAX_ORDER_AMOUNT,
  price_precision: ErrorCode.PRICE_PRECISION_EXCEEDED,
  amount_precision: ErrorCode.QUANTITY_PRECISION_EXCEEDED,
  price_protection: ErrorCode.PRICE_PROTECTION,
  post_only_would_cross: ErrorCode.POST_ONLY_WOULD_CROSS,
  no_liquidity: ErrorCode.NO_MARKET_LIQUIDITY,
  self_trade_prevented: ErrorCode.SELF_TRADE_PREVENTED,
  pair_not_open: ErrorCode.PAIR_NOT_OPEN,
  unknown_symbol: ErrorCode.INVALID_SYMBOL,
  invalid_order: ErrorCode.EXCHANGE_REJECTED_ORDER,
  rate_limited: ErrorCode.ORDERS_TOO_FREQUENT,
  invalid_key: ErrorCode.INVALID_API_KEY,
  permission_denied: ErrorCode.INVALID_API_KEY,
  ip_not_allowed: ErrorCode.INVALID_BOUND_HOSTS,
  network: ErrorCode.SYSTEM_BUSY,
  venue_error: ErrorCode.EXCHANGE_REJECTED_ORDER,
};

/** Turns a venue's refusal into the catalogue error the console shows; anything else is rethrown. */
export function toAppError(err: unknown): unknown {
  if (!isExchangeError(err)) return err;
  if (err.kind === 'price_protection' && typeof err.params.filter === 'string' && err.params.filter.startsWith('PERCENT_PRICE')) return percentPriceRefusal(err);
  const { ccxt: _class, ...params } = err.params;
  return new AppError(codeByKind[err.kind], { min: '', max: '', hosts: '', ...params, reason: venueReason(err) });
}

/**
 * A PERCENT_PRICE_BY_SIDE refusal (the simulator's, or a live venue's once its band is worked out),
 * its prices with separators and the quote unit. Without its band (a live venue whose filter or
 * average price could not be read) it is the venue's refusal in its own words.
 */
function percentPriceRefusal(err: ExchangeError): AppError {
  const { quote = '' } = err.params;
  const price = (key: string) => {
    const value = err.params[key];
    return typeof value === 'string' && isDecimal(value) ? `${thousands(value)} ${quote}`.trim() : '';
  };
  if (err.params.filter !== 'PERCENT_PRICE_BY_SIDE' || !price('min') || !price('max') || !price('avgPrice')) {
    return new AppError(ErrorCode.EXCHANGE_REJECTED_ORDER, { reason: venueReason(err) });
  }
  return new AppError(ErrorCode.VENUE_PERCENT_PRICE, { price: price('price'), min: price('min'), max: price('max'), avgPrice: price('avgPrice'), mins: err.params.mins ?? 5 });
}

export async function venueCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err);
  }
}

const MAX_REASON = 160;

/** The venue's own error text in a ccxt message (`binance {"code":-1013,"msg":"Filter failure: LOT_SIZE"}`), when it has one. */
function venueMessage(message: string): string | undefined {
  const json = /(\{.*\})\s*$/s.exec(message)?.[1];
  if (!json) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return undefined;
  }
  const fields = body as { msg?: unknown; message?: unknown };
  const text = typeof fields.msg === 'string' ? fields.msg : typeof fields.message === 'string' ? fields.message : undefined;
  return text !== undefined && text.length <= MAX_REASON && /^[\p{L}\p{N}\p{P}\p{Zs}]+$/u.test(text) ? text : undefined;
}

/**
 * What a refusal may quote of a venue's error. Our simulator's and our own texts as they are; from a
 * live venue (through ccxt) only the short error message its API gives, never the rest of ccxt's
 * message, which holds the URL called and the raw answer (at a custom API base, any service's page),
 * else the kind of error ccxt saw.
 */
export function venueReason(err: ExchangeError): string {
  const ccxtClass = err.params.ccxt;
  if (ccxtClass === undefined) return err.message;
  return venueMessage(err.message) ?? String(ccxtClass);
}
