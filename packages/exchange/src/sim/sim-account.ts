/** The simulated venue as one account sees it: the whole `Exchange` interface over SimCore. */
import { candleIntervals } from '@makerdesk/contract';
import { ExchangeError } from '../errors.ts';
import {
  type Balance,
  type Candle,
  type CandleInterval,
  type Exchange,
  type ExchangeCapabilities,
  type ExchangeEvent,
  type Market,
  type MarketDataReader,
  type MyTrade,
  type MyTradesOptions,
  type Order,
  type OrderBook,
  type PlaceOrderRequest,
  type Ticker,
  type Trade,
} from '../exchange.ts';
import { DEFAULT_CANDLE_CAPACITY } from './candles.ts';
import type { SimCore } from './sim-core.ts';
import { PUBLIC_TRADES_PER_PAIR } from './sim-state.ts';
import { formatAmount, formatPrice, formatQuote } from './sim-pair.ts';
import { bookView, candleView, myTradeView, orderView, tradeView } from './sim-views.ts';
import { CLOSED_ORDERS_PER_PAIR, FILLS_PER_PAIR, type UserAccount } from './user-account.ts';

export const SIM_EXCHANGE_ID = 'sim';
const DEFAULT_DEPTH = 20;
const MAX_DEPTH = 5000;
const DEFAULT_LIMIT = 100;
const DEFAULT_CANDLE_LIMIT = 500;

function limitOf(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new ExchangeError('invalid_order', `limit must be a positive integer, got ${String(value)}.`);
  }
  return Math.min(value, max);
}

/** The venue's public data, without an account: what a chart or a market-data reader needs. */
export class SimMarketData implements MarketDataReader {
  constructor(protected readonly core: SimCore) {}

  /**
   * Computes an answer now, and gives it (or the refusal) once everything it may reflect is
   * durable: the venue never shows what a crash could take back.
   */
  protected answer<T>(compute: () => T): Promise<T> {
    let value: T;
    try {
      value = compute();
    } catch (err) {
      return this.core.whenDurable(undefined).then(() => Promise.reject(err));
    }
    return this.core.whenDurable(value);
  }

  loadMarkets(): Promise<Market[]> {
    return this.answer(() => this.core.setups.map((setup) => ({ ...setup.venueMarket })));
  }

  fetchOrderBook(symbol: string, depth = DEFAULT_DEPTH): Promise<OrderBook> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      return bookView(pair.setup, pair.book.book, limitOf(depth, DEFAULT_DEPTH, MAX_DEPTH), this.core.now(), pair.bookUpdateId);
    });
  }

  /** Newest first. */
  fetchTrades(symbol: string, limit = DEFAULT_LIMIT): Promise<Trade[]> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      const trades = pair.trades;
      const n = limitOf(limit, DEFAULT_LIMIT, PUBLIC_TRADES_PER_PAIR);
      const out: Trade[] = [];
      for (let i = trades.length - 1; i >= 0 && out.length < n; i--) out.push(tradeView(pair.setup, trades[i]!));
      return out;
    });
  }

  /** Oldest first: from `since` on when given, else the newest `limit` (500 by default). */
  fetchCandles(symbol: string, interval: CandleInterval, options: { since?: number; limit?: number } = {}): Promise<Candle[]> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      if (!candleIntervals.includes(interval)) {
        const name = String(interval);
        throw new ExchangeError('invalid_order', `Unknown candle interval ${name}.`, { interval: name });
      }
      const limit = limitOf(options.limit, DEFAULT_CANDLE_LIMIT, DEFAULT_CANDLE_CAPACITY);
      const candles = pair.candles.candles(interval, { since: options.since, limit });
      return candles.map((candle) => candleView(pair.setup, candle));
    });
  }

  /** Rolling 24 h from the 1m candles; `last` is the last trade, however old. */
  fetchTicker(symbol: string): Promise<Ticker> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      const { setup } = pair;
      const now = this.core.now();
      const stats = pair.candles.rolling24h(now);
      const bid = pair.book.book.bestBid();
      const ask = pair.book.book.bestAsk();
      const price = (ticks: number | null | undefined): string | null => (ticks == null ? null : formatPrice(setup, ticks));
      return {
        symbol,
        last: price(pair.lastPrice),
        bid: price(bid),
        ask: price(ask),
        open24h: price(stats?.open),
        high24h: price(stats?.high),
        low24h: price(stats?.low),
        baseVolume24h: formatAmount(setup, stats?.volume ?? 0n),
        quoteVolume24h: formatQuote(setup, stats?.quoteVolume ?? 0n),
        trades24h: {
          count: stats?.trades ?? 0,
          firstId: stats?.firstTradeId == null ? null : String(stats.firstTradeId),
          lastId: stats?.lastTradeId == null ? null : String(stats.lastTradeId),
        },
        timestamp: now,
      };
    });
  }
}

export class SimAccount extends SimMarketData implements Exchange {
  readonly id = SIM_EXCHANGE_ID;
  readonly capabilities: ExchangeCapabilities = { selfTradePrevention: true, postOnly: true, ioc: true, stream: true, batchCancel: true };
  private readonly unsubscribes = new Set<() => void>();

  constructor(
    core: SimCore,
    private readonly user: UserAccount,
  ) {
    super(core);
  }

  fetchBalances(): Promise<Balance[]> {
    return this.answer(() => this.core.balanceViews.of(this.user.ledgerId));
  }

  /** In placement order. */
  fetchOpenOrders(symbol: string): Promise<Order[]> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      return this.user.openOrders(symbol).map((order) => orderView(pair.setup, order));
    });
  }

  /** Newest first, from the last 1000 closed orders of the pair. */
  fetchClosedOrders(symbol: string, options: { limit?: number } = {}): Promise<Order[]> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      const limit = limitOf(options.limit, DEFAULT_LIMIT, CLOSED_ORDERS_PER_PAIR);
      return this.user.closedOrders(symbol, limit).map((order) => orderView(pair.setup, order));
    });
  }

  fetchOrder(symbol: string, orderNo: string): Promise<Order> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      const order = this.user.find(symbol, orderNo);
      if (order === undefined) throw new ExchangeError('order_not_found', `Order ${String(orderNo)} not found.`, { orderNo });
      return orderView(pair.setup, order);
    });
  }

  fetchOrderByClientId(symbol: string, clientOrderId: string): Promise<Order | null> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      const order = this.user.orderByClientId(symbol, clientOrderId);
      return order === undefined ? null : orderView(pair.setup, order);
    });
  }

  /** Newest first; `side` is this account's side, the fee is in the asset it received. With `from`: the first `limit` from that trade id on. */
  fetchMyTrades(symbol: string, options: MyTradesOptions = {}): Promise<MyTrade[]> {
    return this.answer(() => {
      const pair = this.core.pair(symbol);
      const limit = limitOf(options.limit, DEFAULT_LIMIT, FILLS_PER_PAIR);
      const fills = options.from === undefined ? this.user.fills(symbol, limit) : this.user.fillsFrom(symbol, Number(options.from.id), limit);
      return fills.map((fill) => myTradeView(pair.setup, fill, this.core.assetDecimals));
    });
  }

  placeOrder(request: PlaceOrderRequest): Promise<Order> {
    return this.answer(() => this.core.placeOrder(this.user, request));
  }

  cancelOrder(symbol: string, orderNo: string): Promise<Order> {
    return this.answer(() => this.core.cancelOrder(this.user, symbol, orderNo));
  }

  cancelOrders(symbol: string, orderNos: string[]): Promise<Order[]> {
    return this.answer(() => this.core.cancelOrders(this.user, symbol, orderNos));
  }

  /**
   * Events sent right after the change that caused them (without a journal, synchronously inside
   * the call; with one, once the change is durable): 'book' (at most one per change or background
   * tick, 20 levels) and 'trades' (newest first) of the pair, and this account's 'order' updates in
   * the pair and 'balances' (sent to each of its subscriptions).
   */
  subscribe(symbol: string, listener: (event: ExchangeEvent) => void): () => void {
    this.core.pair(symbol);
    const remove = this.core.hub.add(symbol, this.user.ledgerId, listener);
    const unsubscribe = (): void => {
      remove();
      this.unsubscribes.delete(unsubscribe);
    };
    this.unsubscribes.add(unsubscribe);
    return unsubscribe;
  }

  /** Ends this handle's subscriptions; the account and the venue carry on. */
  async close(): Promise<void> {
    for (const unsubscribe of [...this.unsubscribes]) unsubscribe();
  }
}
