/**
 * A user's PlaceOrderRequest checked against its pair and turned into an engine order, and the
 * engine's refusals turned into ExchangeErrors. User orders always prevent self-trades by
 * cancelling the incoming order (DESIGN §8).
 */
import { ExchangeError } from '../errors.ts';
import type { OrderType, PlaceOrderRequest, Side, TimeInForce } from '../exchange.ts';
import {
  LedgerError,
  MatchingError,
  UnitsError,
  decimalToSafeUnits,
  notionalUnits,
  type OrderRequest,
} from './matching/index.ts';
import type { PairSetup } from './sim-pair.ts';

export const MAX_CLIENT_ORDER_ID_LENGTH = 64;

export interface ParsedOrder {
  readonly side: Side;
  readonly type: OrderType;
  /** Market orders record IOC. */
  readonly timeInForce: TimeInForce;
  /** Ticks; null for market orders (a market order's protection price only bounds matching). */
  readonly price: number | null;
  /** Lots. */
  readonly qty: number;
  readonly clientOrderId: string;
  /** The engine order, for `account`. */
  request(account: string): OrderRequest;
}

function invalid(message: string, params: Record<string, string | number> = {}): never {
  throw new ExchangeError('invalid_order', message, params);
}

/**
 * Checks fields, precision and minimums. `marketPrice` is the best opposite price in ticks,
 * against which a market order's value is measured (none: not checked).
 */
export function parsePlaceRequest(
  setup: PairSetup,
  req: PlaceOrderRequest,
  marketPrice: (side: Side) => number | undefined,
): ParsedOrder {
  const { config } = setup;
  if (typeof req !== 'object' || req === null) invalid('The order must be an object.');
  const clientOrderId = req.clientOrderId;
  if (
    typeof clientOrderId !== 'string' ||
    clientOrderId.length === 0 ||
    clientOrderId.length > MAX_CLIENT_ORDER_ID_LENGTH
  ) {
    invalid(`clientOrderId must be a string of 1 to ${MAX_CLIENT_ORDER_ID_LENGTH} characters.`);
  }
  const side = req.direction;
  if (side !== 'buy' && side !== 'sell') invalid('direction must be buy or sell.');
  const type = req.tradeType;
  if (type !== 'limit' && type !== 'market') invalid('tradeType must be limit or market.');
  const tif = req.timeInForce ?? (type === 'market' ? 'IOC' : 'GTC');
  if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'POST_ONLY') invalid('timeInForce must be GTC, IOC, FOK or POST_ONLY.');
  if (type === 'market' && tif !== 'IOC') invalid('A market order is always IOC.');

  const qty = parseUnits(req.amount, config.amountPrecision, 'amount');
  if (qty < setup.minLots) {
    throw new ExchangeError('min_amount', `The amount is below the minimum of ${config.minAmount}.`, {
      minAmount: config.minAmount,
    });
  }
  let price: number | null = null;
  if (type === 'limit' || req.price !== undefined) {
    if (req.price === undefined) invalid('A limit order needs a price.');
    price = parseUnits(req.price, config.pricePrecision, 'price');
  }
  const valuedAt = type === 'limit' ? price : (price ?? marketPrice(side));
  if (valuedAt !== null && valuedAt !== undefined && notionalUnits(setup.market, valuedAt, qty) < setup.minNotionalUnits) {
    throw new ExchangeError('min_notional', `The order value is below the minimum of ${config.minNotional}.`, {
      minNotional: config.minNotional,
    });
  }

  const limitPrice = price;
  return {
    side,
    type,
    timeInForce: tif,
    price: type === 'limit' ? price : null,
    qty,
    clientOrderId,
    request(account: string): OrderRequest {
      // Self-trade prevention stays on unless the order opts out (simulation-only volume bots).
      const stp = req.allowSelfTrade === true ? 'none' : 'cancel_taker';
      if (limitPrice === null) return { type: 'market', account, side, qty, stp };
      return {
        type: 'limit',
        account,
        side,
        price: limitPrice,
        qty,
        stp,
        timeInForce: tif === 'POST_ONLY' ? 'GTC' : tif,
        postOnly: tif === 'POST_ONLY',
      };
    },
  };
}

function parseUnits(value: unknown, decimals: number, field: 'price' | 'amount'): number {
  if (typeof value !== 'string') invalid(`${field} must be a decimal string.`);
  let units: number;
  try {
    units = decimalToSafeUnits(value, decimals);
  } catch (err) {
    if (!(err instanceof UnitsError)) throw err;
    if (err.code === 'too_many_decimals') {
      throw new ExchangeError(`${field}_precision`, `The ${field} has more than ${decimals} decimals.`, {
        [`${field}Precision`]: decimals,
      });
    }
    if (err.code === 'out_of_range' && field === 'amount') {
      throw new ExchangeError('max_amount', 'The amount is too large.');
    }
    invalid(`${field} must be a plain positive decimal, got ${JSON.stringify(value)}.`);
  }
  if (units <= 0) invalid(`${field} must be positive.`);
  return units;
}

/** The engine's and the ledger's refusals in the venue's terms; anything else is rethrown. */
export function placeError(err: unknown): ExchangeError {
  if (err instanceof ExchangeError) return err;
  if (err instanceof LedgerError && err.code === 'insufficient_balance') {
    return new ExchangeError('insufficient_balance', 'Insufficient balance.', {}, { cause: err });
  }
  if (err instanceof MatchingError) {
    if (err.code === 'post_only_would_take') {
      return new ExchangeError('post_only_would_cross', 'The post-only order would take liquidity.', {}, { cause: err });
    }
    return new ExchangeError('invalid_order', err.message, {}, { cause: err });
  }
  throw err;
}
