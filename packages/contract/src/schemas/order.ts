import { compare, isDecimal } from '@makerdesk/decimal';
import { z } from 'zod';
import { coinScopedQuery } from './coin.ts';
import { epochMs, idParam } from './common.ts';
import { orderSource, orderSourceKinds } from './order-source.ts';

/** A positive decimal string; money never travels as a float. */
export const decimalString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, { message: 'must be a positive decimal number' }))
  .refine((v) => /[1-9]/.test(v), { message: 'must be greater than 0' });

export const orderDirections = ['buy', 'sell'] as const;
export const tradeTypes = ['limit', 'market'] as const;
export const orderStatuses = ['pending', 'partial_filled', 'partial_canceled', 'canceled', 'filled'] as const;
export type OrderStatusName = (typeof orderStatuses)[number];

export const order = z.object({
  orderNo: z.string(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  price: z.string().nullable(),
  amount: z.string(),
  direction: z.enum(orderDirections),
  tradeType: z.enum(tradeTypes),
  filledAmount: z.string(),
  filledValue: z.string(),
  status: z.enum(orderStatuses),
  createdAt: epochMs,
  updatedAt: epochMs,
  /** Who placed it: one of the account's bots, the console (manual), or the key used elsewhere (other). */
  source: orderSource,
});
export type OrderDto = z.infer<typeof order>;
export const orderListResponse = z.array(order);

/**
 * The order and fill lists' optional source filter: `source` keeps one kind (bot, manual, other);
 * `robotId` keeps one bot's rows (and implies `source=bot`).
 */
export const orderSourceFilter = z.object({
  source: z.enum(orderSourceKinds).optional(),
  robotId: idParam.optional(),
});
export type OrderSourceFilter = z.infer<typeof orderSourceFilter>;
export const orderListQuery = coinScopedQuery.extend(orderSourceFilter.shape);

export const addOrderRequest = z
  .object({
    coinId: idParam,
    direction: z.enum(orderDirections),
    tradeType: z.enum(tradeTypes),
    price: decimalString.optional(),
    amount: decimalString,
    /** Places a limit order priced beyond the pair's band (1030080 without it), after the console's second confirmation. */
    confirmDeviation: z.boolean().optional(),
  })
  .refine((v) => v.tradeType === 'market' || v.price !== undefined, { message: 'A limit order needs a price', path: ['price'] });
export type AddOrderRequest = z.infer<typeof addOrderRequest>;
export const addOrderResponse = z.object({ orderNo: z.string(), order });

export const cancelOrderRequest = z.object({ coinId: idParam, orderNo: z.string().trim().min(1).max(64) });

/** Manual match: an immediate-or-cancel order at a limit price. */
export const performTradesRequest = z.object({
  direction: z.enum(orderDirections),
  price: decimalString,
  amount: decimalString,
  /** As on /order/add: a price beyond the pair's band needs it. */
  confirmDeviation: z.boolean().optional(),
});

/** Exact, never through floats. A malformed price already carries its own issue, so it is not compared. */
function minNotAboveMax(v: { minPrice: string; maxPrice: string }): boolean {
  return !isDecimal(v.minPrice) || !isDecimal(v.maxPrice) || compare(v.minPrice, v.maxPrice) <= 0;
}

export const distributions = ['uniform', 'random', 'ascending', 'descending'] as const;
export const BATCH_ORDER_COUNT_MAX = 100;

/** Batch orders: `amount` split into `count` orders across [minPrice, maxPrice]. */
export const generateOrdersRequest = z
  .object({
    direction: z.enum(orderDirections),
    amount: decimalString,
    count: z.coerce.number<number>().int().min(1).max(BATCH_ORDER_COUNT_MAX),
    minPrice: decimalString,
    maxPrice: decimalString,
    distribution: z.enum(distributions).default('uniform'),
    /** As on /order/add: a batch whose farthest price lies beyond the pair's band needs it. */
    confirmDeviation: z.boolean().optional(),
  })
  .refine(minNotAboveMax, { message: 'Min value cannot exceed max value', path: ['minPrice'] });
export const generateOrdersResponse = z.object({ orders: z.array(order), failed: z.array(z.object({ price: z.string(), amount: z.string(), msg: z.string() })) });

export const cancelOrderListRequest = z
  .object({
    coinId: idParam,
    minPrice: decimalString,
    maxPrice: decimalString,
    direction: z.enum(orderDirections).optional(),
  })
  .refine(minNotAboveMax, { message: 'Min value cannot exceed max value', path: ['minPrice'] });
export const cancelOrderListResponse = z.object({ canceled: z.array(order) });

/** An order book of the pair, `depth` levels a side. */
export const orderBookQuery = coinScopedQuery.extend({ depth: z.coerce.number<number>().int().min(1).max(200).default(20) });
export const bookLevel = z.tuple([z.string(), z.string()]);
export const orderBookResponse = z.object({ symbol: z.string(), bids: z.array(bookLevel), asks: z.array(bookLevel), timestamp: epochMs });

/** A list of the pair's trades (public or the caller's own fills), the newest `limit` of them. */
export const tradeListQuery = coinScopedQuery.extend({ limit: z.coerce.number<number>().int().min(1).max(1000).default(100) });
/** The caller's own fills: the same, filtered by source like the order lists. */
export const myTradeListQuery = tradeListQuery.extend(orderSourceFilter.shape);
export const publicTrade = z.object({ id: z.string(), price: z.string(), amount: z.string(), side: z.enum(orderDirections), timestamp: epochMs });
export const tradesListResponse = z.array(publicTrade);

export const myTrade = publicTrade.extend({ orderNo: z.string(), fee: z.string(), feeAsset: z.string(), liquidity: z.enum(['maker', 'taker']), source: orderSource });
export type MyTradeDto = z.infer<typeof myTrade>;
export const myTradesResponse = z.array(myTrade);

export const candleIntervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof candleIntervals)[number];
export const candlesQuery = z.object({
  coinId: idParam,
  interval: z.enum(candleIntervals).default('1m'),
  limit: z.coerce.number<number>().int().min(1).max(1000).default(300),
});
/** The chart page's public candles: the pair by its symbol (`BTCUSDT`, `BTC_USDT`, `BTC/USDT`), no account. */
export const spotCandlesParams = z.object({ symbol: z.string().min(1).max(32) });
export const spotCandlesQuery = candlesQuery.omit({ coinId: true });
export const candle = z.object({ time: epochMs, open: z.string(), high: z.string(), low: z.string(), close: z.string(), volume: z.string(), quoteVolume: z.string() });
export type CandleDto = z.infer<typeof candle>;
export const candlesResponse = z.array(candle);

export const walletBalance = z.object({ asset: z.string(), available: z.string(), frozen: z.string(), total: z.string() });
export const walletResponse = z.object({ base: walletBalance, quote: walletBalance, balances: z.array(walletBalance) });

export const priceResponse = z.object({
  symbol: z.string(),
  last: z.string().nullable(),
  bid: z.string().nullable(),
  ask: z.string().nullable(),
  reference: z.string().nullable(),
  /** The pair's smallest order amount (its lot minimum) in base, so forms can say "below the minimum amount 0.00001 BTC". */
  minAmount: z.string().nullable().optional(),
});

export const apiVerifyRequest = z.object({ coinId: idParam });
export const apiVerifyResponse = z.object({
  valid: z.boolean(),
  platformCode: z.string(),
  canRead: z.boolean(),
  /** Null when the venue does not say before the first order. */
  canTrade: z.boolean().nullable(),
  hostsBound: z.boolean(),
  balances: z.array(walletBalance),
  message: z.string(),
});
