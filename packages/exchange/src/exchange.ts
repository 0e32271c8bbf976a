/**
 * The one interface every venue implements: the built-in simulator and live venues through ccxt.
 * Prices and amounts are decimal strings end to end; nothing here is a float.
 */

import type { CandleInterval } from '@makerdesk/contract';

export type { CandleInterval };
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/** FOK: fill entirely at once or not at all (a limit order that cannot expires with nothing filled). */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
export type OrderStatus = 'pending' | 'partial_filled' | 'partial_canceled' | 'canceled' | 'filled';

export const candleIntervalMs: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

export interface Market {
  /** Unified symbol, `BASE/QUOTE`. */
  symbol: string;
  base: string;
  quote: string;
  /** Decimal places of a price and of an amount. */
  pricePrecision: number;
  amountPrecision: number;
  minAmount: string;
  maxAmount: string | null;
  /** The highest price an order may carry; null when the venue states none. */
  maxPrice: string | null;
  /** Smallest and largest order value in quote. */
  minNotional: string;
  maxNotional: string | null;
  /** Fee rates as decimal fractions ("0.001" = 0.1 %). */
  makerFee: string;
  takerFee: string;
  active: boolean;
}

/** `[price, amount]`, best first. */
export type BookLevel = [string, string];

export interface OrderBook {
  symbol: string;
  bids: BookLevel[];
  asks: BookLevel[];
  timestamp: number;
  /**
   * The venue's sequence number of this state of the book: it grows with every change of the book
   * (Binance's `lastUpdateId`). Absent where the venue gives none.
   */
  updateId?: number;
}

export interface Trade {
  id: string;
  symbol: string;
  price: string;
  amount: string;
  /** Public trades: the taker's side. An account's own trades (MyTrade): that account's side. */
  side: Side;
  timestamp: number;
}

export interface Candle {
  /** Open time, epoch ms. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quoteVolume: string;
}

export interface Ticker {
  symbol: string;
  last: string | null;
  bid: string | null;
  ask: string | null;
  open24h: string | null;
  high24h: string | null;
  low24h: string | null;
  baseVolume24h: string;
  quoteVolume24h: string;
  /** The trades of the same 24 h, where the venue tells them: how many, and the first and last trade id. */
  trades24h?: { count: number; firstId: string | null; lastId: string | null };
  timestamp: number;
}

export interface Balance {
  asset: string;
  available: string;
  /** Held by open orders. */
  frozen: string;
  total: string;
}

export interface Order {
  orderNo: string;
  clientOrderId: string | null;
  symbol: string;
  direction: Side;
  tradeType: OrderType;
  timeInForce: TimeInForce;
  /** Null for market orders. */
  price: string | null;
  amount: string;
  filledAmount: string;
  /** Quote value of the fills. */
  filledValue: string;
  status: OrderStatus;
  createdAt: number;
  updatedAt: number;
}

export interface PlaceOrderRequest {
  symbol: string;
  direction: Side;
  tradeType: OrderType;
  /** Required for limit orders; a market order may carry it as a protection limit. */
  price?: string;
  amount: string;
  timeInForce?: TimeInForce;
  /** Idempotency key and ownership tag (bots prefix theirs). */
  clientOrderId: string;
  /**
   * The order may trade with the account's own resting orders (DESIGN §8: simulation-only volume
   * bots). Only the built-in simulator honours it; a live venue keeps self-trade prevention on.
   */
  allowSelfTrade?: boolean;
  /**
   * The account's resting orders on the pair as the caller read them for this placement's tick, minus
   * those it cancelled since and plus those it placed. A live facade whose venue also prevents
   * self-trade itself (Binance's EXPIRE_TAKER) checks against these instead of reading the open
   * orders again before each placement; elsewhere the facade still reads them (issue 19).
   */
  knownResting?: readonly { direction: Side; price: string | null }[];
}

export interface MyTrade extends Trade {
  orderNo: string;
  fee: string;
  feeAsset: string;
  liquidity: 'maker' | 'taker';
}

export interface MyTradesOptions {
  limit?: number;
  from?: { id: string; timestamp: number };
}

export type ExchangeEvent =
  | { type: 'book'; symbol: string; book: OrderBook }
  | { type: 'trades'; symbol: string; trades: Trade[] }
  | { type: 'order'; symbol: string; order: Order }
  | { type: 'balances'; balances: Balance[] };

export interface SubscribeOptions {
  onPoll?(error: unknown): void;
  /**
   * Which halves of the updates the caller wants, both unless false: the pair's market (`book`,
   * `trades`) and the account's (`order`, `balances`). A wrapper that serves one half from a stream of
   * its own asks the venue it wraps for the other half only (issue 19).
   */
  market?: boolean;
  account?: boolean;
  /**
   * Only what a stream pushes: no read is made for this subscriber, not even its first picture, and a
   * venue without streams (or while its stream is down) tells it nothing. For a reader that has its
   * own reads and only wants to hear sooner (a bot's fills, issue 19).
   */
  pushedOnly?: boolean;
}

export interface ExchangeCapabilities {
  /** Venue enforces self-trade prevention itself. */
  selfTradePrevention: boolean;
  postOnly: boolean;
  ioc: boolean;
  stream: boolean;
  /**
   * `cancelOrders` is one request to the venue (the built-in simulator): many cancels for one unit of
   * its rate limit. Absent or false (ccxt venues, Binance spot): it cancels one by one, each a request,
   * so a caller that meters requests cancels order by order instead.
   */
  batchCancel?: boolean;
}

/** The public half of a venue: markets and market data, no account needed. */
export type MarketDataReader = Pick<Exchange, 'loadMarkets' | 'fetchOrderBook' | 'fetchTrades' | 'fetchCandles' | 'fetchTicker'>;

export interface Exchange {
  readonly id: string;
  readonly capabilities: ExchangeCapabilities;
  loadMarkets(): Promise<Market[]>;
  fetchOrderBook(symbol: string, depth?: number): Promise<OrderBook>;
  fetchTrades(symbol: string, limit?: number): Promise<Trade[]>;
  fetchCandles(symbol: string, interval: CandleInterval, options?: { since?: number; limit?: number }): Promise<Candle[]>;
  fetchTicker(symbol: string): Promise<Ticker>;
  fetchBalances(): Promise<Balance[]>;
  fetchOpenOrders(symbol: string): Promise<Order[]>;
  fetchClosedOrders(symbol: string, options?: { limit?: number }): Promise<Order[]>;
  fetchOrder(symbol: string, orderNo: string): Promise<Order>;
  /**
   * The account's order carrying this client order id, open or recently closed; null when the venue
   * does not know the id (never placed, or too old for its history). How a lost answer is resolved.
   */
  fetchOrderByClientId(symbol: string, clientOrderId: string): Promise<Order | null>;
  /**
   * The account's trades, newest first: the latest `limit`, or with `from` (a trade of the account
   * the caller has seen) the first `limit` from that one on, it included where the venue still has it.
   * How a reader pages through a burst of fills without missing any: venues that number trades page
   * by number (Binance's `fromId`, the simulator), others by time (ccxt's `since`: trades of the same
   * millisecond as `from` come again, so callers skip the ids they have).
   */
  fetchMyTrades(symbol: string, options?: MyTradesOptions): Promise<MyTrade[]>;
  placeOrder(request: PlaceOrderRequest): Promise<Order>;
  cancelOrder(symbol: string, orderNo: string): Promise<Order>;
  cancelOrders(symbol: string, orderNos: string[]): Promise<Order[]>;
  /** What the key may do, where the venue tells (Binance's account `canTrade`). */
  fetchPermissions?(): Promise<{ canTrade: boolean; canWithdraw: boolean | null }>;
  /**
   * Live updates for one pair; returns the unsubscribe function. A venue that polls for them tells
   * `options.onPoll` each poll's outcome (null: it answered), so a quiet book is told apart from a
   * venue that stopped answering; a venue that pushes ignores it.
   */
  subscribe(symbol: string, listener: (event: ExchangeEvent) => void, options?: SubscribeOptions): () => void;
  close(): Promise<void>;
  /**
   * What the venue last reported of this connection's use of its limits (its answers' headers:
   * Binance's `X-MBX-USED-WEIGHT-1M`, `X-MBX-ORDER-COUNT-10S/1D`); null before any such answer or
   * where the venue reports nothing. Not a request: reads what the last answers said.
   */
  venueUsage?(): VenueUsage | null;
  /**
   * How this pair's market and the account reach the server now (issue 19): pushed by the venue's
   * streams, or read by REST (no stream, or the stream is down). Live venues only; a wrapper answers
   * the worse of its own feed and the wrapped venue's (`worseFeed`).
   */
  feedStatus?(symbol: string): FeedStatus | null;
  /**
   * Whether this call would be answered now from the server's stream state (the pair's book, the
   * key's account), without a request to the venue: the key's rate budget lets such a read pass
   * without a token (it costs the venue nothing). Absent or false: a request.
   */
  answersLocally?(method: LocalRead, args: readonly unknown[]): boolean;
  /**
   * The key's open orders on the pair as its account stream holds them now, never asking the venue
   * and not marking the pair as read (its reconciliations do not start reading it for this); null
   * unless the stream is up and complete for the pair. For a sampler that must add no request.
   */
  peekOpenOrders?(symbol: string): Order[] | null;
}

/** The reads a stream-fed venue may answer from memory. */
export type LocalRead = 'fetchOrderBook' | 'fetchTrades' | 'fetchBalances' | 'fetchOpenOrders' | 'fetchOrder' | 'fetchOrderByClientId';

export const LOCAL_READS: ReadonlySet<string> = new Set<LocalRead>(['fetchOrderBook', 'fetchTrades', 'fetchBalances', 'fetchOpenOrders', 'fetchOrder', 'fetchOrderByClientId']);

/** How a live venue's data reaches the server now. */
export interface FeedStatus {
  /** `stream`: pushed over the venue's WebSocket; `polling`: read by REST requests. */
  mode: 'stream' | 'polling';
  /** Since when (epoch ms) in this mode. */
  since: number;
  /** Why polling: the venue or platform has no stream (`unsupported`), or its stream is down (`down`); null when streaming. */
  reason: 'unsupported' | 'down' | null;
}

/** The worse of two feeds: polling before streaming, a stream that is down before one that has none, then the longer-standing. */
export function worseFeed(a: FeedStatus | null, b: FeedStatus | null): FeedStatus | null {
  if (a === null || b === null) return a ?? b;
  const rank = (f: FeedStatus) => (f.mode === 'stream' ? 0 : f.reason === 'down' ? 2 : 1);
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  return a.since <= b.since ? a : b;
}

/**
 * A venue's report of the limits used, venue-neutral: request weight in the current minute, new
 * orders in the current 10 seconds and day (null where the venue did not say), the limits they
 * count against (null where unknown or not enforced), and when it was read (local epoch ms). The
 * venue's windows are fixed ones aligned on the epoch (Binance's are).
 */
export interface VenueUsage {
  usedWeight1m: number | null;
  orderCount10s: number | null;
  orderCount1d: number | null;
  limits: { weight1m: number | null; orders10s: number | null; orders1d: number | null };
  at: number;
}
