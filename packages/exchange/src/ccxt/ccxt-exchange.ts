/**
 * Live venues through ccxt: any ccxt exchange id, rate limiting on, decimal strings end to end
 * (see `ccxt-decimal.ts`), ccxt's errors mapped to ours. IO lives here; turning ccxt's unified
 * structures into ours is the pure `parse-*.ts` modules. ccxt is imported lazily (60 MB, ~0.8 s) by
 * `createCcxtExchange`, so nothing pays for it until a live venue is used.
 */
import type { Exchange as CcxtVenue, Order as CcxtOrder } from 'ccxt';
import type {
  Balance,
  Candle,
  CandleInterval,
  Exchange,
  ExchangeCapabilities,
  ExchangeEvent,
  Market,
  MyTrade,
  MyTradesOptions,
  Order,
  OrderBook,
  PlaceOrderRequest,
  SubscribeOptions,
  Ticker,
  Trade,
  VenueUsage,
} from '../exchange.ts';
import { ExchangeError } from '../errors.ts';
import { add, compare } from '@makerdesk/decimal';
import { toExchangeError } from './ccxt-errors.ts';
import { isBarePercentPriceRefusal, percentPriceFilterOf, withPercentPriceBand } from './percent-price.ts';
import { parseBalances, parseMyTrade, parseOrder } from './parse-account.ts';
import { isSpotMarket, parseMarket, precisionModeOf } from './parse-market.ts';
import { parseCandle, parseOrderBook, parseTicker, parseTrade } from './parse-market-data.ts';
import { limitsFromExchangeInfo, publishedLimits, usageFromHeaders } from './venue-usage.ts';

export interface CcxtExchangeConfig {
  /** A ccxt exchange id, as the platform list names the venue (`binance`, `okx`, …). */
  id: string;
  apiKey?: string;
  secret?: string;
  /** Some venues' passphrase (OKX, KuCoin). */
  password?: string;
  uid?: string;
  /** ccxt options of the venue, merged over its defaults. */
  options?: Record<string, unknown>;
  /** Merged over ccxt's `urls`. */
  urls?: Record<string, unknown>;
  /**
   * Sends every API call to this base instead (each entry of ccxt's `urls.api`): how tests and the
   * simulator point ccxt's `binance` at the Binance facade, with nothing leaving that host.
   */
  apiBaseUrl?: string;
  /**
   * The venue's WebSocket base: ccxt.pro's `urls.api.ws` with each entry's origin replaced by it,
   * its path kept (Binance's `…/ws` and `…/ws-api/v3` below `ws://<host>/sim/binance`). Read from
   * `CcxtExchange.streamUrls` by whoever opens the venue's streams.
   */
  wsBaseUrl?: string;
  /**
   * The Node HTTP agent of the connections to `wsBaseUrl` (ccxt.pro's `ws` upgrades): the server's
   * guarded agent, so a WebSocket base its users chose is held to the outbound guard as REST is.
   */
  wsAgent?: object;
  /**
   * ccxt's `fetchImplementation`: every HTTP call of this venue goes through it instead of ccxt's
   * own client (the server's guarded fetch for an API base its users chose).
   */
  fetchImplementation?: (url: string, init: CcxtFetchInit) => Promise<unknown>;
  /** The venue's sandbox or testnet (ccxt's `setSandboxMode(true)`); a venue without one is refused. */
  sandbox?: boolean;
  /** How often `subscribe` polls; default 2000 ms. */
  pollIntervalMs?: number;
  /** Told about a failed poll (the next one still runs). */
  onPollError?: (err: unknown) => void;
  now?: () => number;
}

/** What ccxt hands a custom fetch: a fetch init, with its own `agent` and `timeout` beside (not needed there). */
export interface CcxtFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** Venues whose own self-trade prevention we switch on with each order (Binance's EXPIRE_TAKER). */
const VENUE_STP: Record<string, Record<string, string>> = {
  binance: { selfTradePrevention: 'EXPIRE_TAKER' },
};

const DEFAULT_POLL_MS = 2000;

export async function createCcxtExchange(config: CcxtExchangeConfig): Promise<CcxtExchange> {
  const ccxt = (await import('ccxt')).default;
  if (!ccxt.exchanges.includes(config.id)) throw new ExchangeError('venue_error', `ccxt has no exchange ${JSON.stringify(config.id)}`, { id: config.id });
  const Venue = (ccxt as unknown as Record<string, new (settings: Record<string, unknown>) => CcxtVenue>)[config.id];
  if (Venue === undefined) throw new ExchangeError('venue_error', `ccxt has no exchange ${JSON.stringify(config.id)}`, { id: config.id });
  const settings: Record<string, unknown> = { enableRateLimit: true };
  for (const key of ['apiKey', 'secret', 'password', 'uid', 'options', 'urls', 'fetchImplementation'] as const) if (config[key] !== undefined) settings[key] = config[key];
  const venue = new Venue(settings);
  if (config.sandbox === true) {
    if (!hasSandboxUrls(venue)) throw new ExchangeError('venue_error', `${config.id} has no sandbox or testnet URLs in ccxt`, { id: config.id });
    venue.setSandboxMode(true);
  }
  if (config.apiBaseUrl !== undefined) venue.urls.api = redirect(venue.urls.api, config.apiBaseUrl);
  const exchange = new CcxtExchange(venue, config);
  exchange.settings = config;
  if (config.wsBaseUrl !== undefined) {
    const Pro = (ccxt.pro as unknown as Record<string, (new (settings: Record<string, unknown>) => CcxtVenue) | undefined>)[config.id];
    const ws = Pro === undefined ? undefined : (new Pro({}).urls as { api?: { ws?: unknown } }).api?.ws;
    if (ws !== undefined) exchange.streamUrls = wsUrlsAt(ws, config.wsBaseUrl);
  }
  return exchange;
}

/** What ccxt knows of an exchange id without calling it: whether it exists and has sandbox URLs. */
export async function describeCcxtVenue(id: string): Promise<{ known: boolean; sandbox: boolean }> {
  const ccxt = (await import('ccxt')).default;
  if (!ccxt.exchanges.includes(id)) return { known: false, sandbox: false };
  const Venue = (ccxt as unknown as Record<string, new (settings: Record<string, unknown>) => CcxtVenue>)[id];
  if (Venue === undefined) return { known: false, sandbox: false };
  return { known: true, sandbox: hasSandboxUrls(new Venue({})) };
}

/** ccxt lists `urls.test` on every venue, undefined where there is no sandbox. */
function hasSandboxUrls(venue: CcxtVenue): boolean {
  const test: unknown = (venue.urls as Record<string, unknown>).test;
  return typeof test === 'string' ? test !== '' : typeof test === 'object' && test !== null && Object.keys(test).length > 0;
}

/** Every string leaf of ccxt's `urls.api` (a string, or nested tables of them) replaced by `base`. */
export function redirect(api: unknown, base: string): never {
  if (typeof api === 'string') return base as never;
  if (typeof api !== 'object' || api === null) return api as never;
  return Object.fromEntries(Object.entries(api).map(([key, value]) => [key, redirect(value, base)])) as never;
}

/**
 * ccxt.pro's `urls.api.ws` at another base: every URL leaf keeps its path (and query) below `base`,
 * so `wss://stream.binance.com:9443/ws` becomes `<base>/ws` and `wss://ws-api.binance.com:443/ws-api/v3`
 * `<base>/ws-api/v3`.
 */
export function wsUrlsAt(ws: unknown, base: string): Record<string, unknown> | string {
  const root = base.replace(/\/+$/, '');
  const at = (value: unknown): unknown => {
    if (typeof value === 'string') {
      try {
        const url = new URL(value);
        return `${root}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
      } catch {
        return value;
      }
    }
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, at(inner)]));
  };
  return at(ws) as Record<string, unknown> | string;
}

export class CcxtExchange implements Exchange {
  readonly id: string;
  /** ccxt.pro's `urls.api.ws` at the platform's WebSocket base (CcxtExchangeConfig.wsBaseUrl); undefined without one. */
  streamUrls: Record<string, unknown> | string | undefined;
  /** The settings this venue was opened with (its streams open a ccxt.pro venue of the same: `openProVenue`). */
  settings: CcxtExchangeConfig | undefined;
  readonly capabilities: ExchangeCapabilities;
  /** ccxt's own capability map of the venue (`true`, `false` or `'emulated'` per unified method). */
  readonly has: Readonly<Record<string, boolean | 'emulated' | undefined>>;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly subscriptions = new Set<() => void>();
  private usage: VenueUsage | null = null;
  /** Where `subscribe`'s polls read the pair's book and trades: this venue, or a shared feed of it (`readMarketFrom`). */
  marketSource: Pick<Exchange, 'fetchOrderBook' | 'fetchTrades'> = this;
  private limits: VenueUsage['limits'] | null;

  constructor(
    private readonly venue: CcxtVenue,
    private readonly config: Pick<CcxtExchangeConfig, 'pollIntervalMs' | 'onPollError' | 'now'> = {},
  ) {
    this.id = venue.id;
    this.has = venue.has as Record<string, boolean | 'emulated' | undefined>;
    this.now = config.now ?? Date.now;
    this.pollMs = config.pollIntervalMs ?? DEFAULT_POLL_MS;
    this.capabilities = {
      selfTradePrevention: venue.id in VENUE_STP,
      postOnly: this.has.createPostOnlyOrder === true,
      ioc: this.has.createOrder === true,
      // ccxt pro is not used: subscribe polls.
      stream: false,
    };
    this.limits = publishedLimits(venue.id);
    if (this.limits !== null) this.watchResponses();
  }

  /** `subscribe`'s polls read the book and trades from `source` (the server's shared market feed of the venue) instead of asking the venue each. */
  readMarketFrom(source: Pick<Exchange, 'fetchOrderBook' | 'fetchTrades'>): void {
    this.marketSource = source;
  }

  /** What the venue's answers last said of this connection's limits (venue-usage.ts). */
  venueUsage(): VenueUsage | null {
    return this.usage;
  }

  /**
   * Reads every answer's limit headers as ccxt receives it (ccxt's `onRestResponse` hook, so
   * concurrent calls are all seen, where `last_response_headers` keeps only the last), and the
   * limits the venue states in exchangeInfo.
   */
  private watchResponses(): void {
    const venue = this.venue as unknown as { onRestResponse: (status: number, statusText: string, url: string, method: string, headers: Record<string, unknown>, body: string, ...rest: unknown[]) => string };
    const original = venue.onRestResponse.bind(venue);
    venue.onRestResponse = (status, statusText, url, method, headers, body, ...rest) => {
      try {
        if (url.includes('/exchangeInfo') && status === 200) this.limits = limitsFromExchangeInfo(JSON.parse(body)) ?? this.limits;
        this.usage = usageFromHeaders(this.venue.id, headers, this.limits!, this.usage, this.now()) ?? this.usage;
      } catch {
        // A body that is not JSON: nothing to learn from it.
      }
      return original(status, statusText, url, method, headers, body, ...rest);
    };
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const error = toExchangeError(err);
      if (error.kind === 'rate_limited') {
        // The venue's Retry-After (seconds) with its 429 or 418: how long the key must pause.
        const retryAfter = retryAfterMs(this.venue.last_response_headers as Record<string, unknown> | undefined);
        if (retryAfter !== null) error.params.retryAfterMs = retryAfter;
      }
      throw error;
    }
  }

  async loadMarkets(): Promise<Market[]> {
    const markets = await this.call(() => this.venue.loadMarkets());
    const mode = precisionModeOf(this.venue.precisionMode ?? 0);
    return Object.values(markets)
      .filter((m) => m !== undefined && isSpotMarket(m))
      .map((m) => parseMarket(m!, mode));
  }

  async fetchOrderBook(symbol: string, depth?: number): Promise<OrderBook> {
    return parseOrderBook(await this.call(() => this.venue.fetchOrderBook(symbol, depth)), symbol, this.now());
  }

  /** Newest first. */
  async fetchTrades(symbol: string, limit?: number): Promise<Trade[]> {
    const trades = await this.call(() => this.venue.fetchTrades(symbol, undefined, limit));
    return newestFirst(trades.map((t) => parseTrade(t, symbol, this.now())));
  }

  /** Oldest first. */
  async fetchCandles(symbol: string, interval: CandleInterval, options: { since?: number; limit?: number } = {}): Promise<Candle[]> {
    const rows = await this.call(() => this.venue.fetchOHLCV(symbol, interval, options.since, options.limit));
    return rows.map(parseCandle);
  }

  async fetchTicker(symbol: string): Promise<Ticker> {
    return parseTicker(await this.call(() => this.venue.fetchTicker(symbol)), symbol, this.now());
  }

  async fetchBalances(): Promise<Balance[]> {
    return parseBalances(await this.call(() => this.venue.fetchBalance()));
  }

  async fetchOpenOrders(symbol: string): Promise<Order[]> {
    const orders = await this.call(() => this.venue.fetchOpenOrders(symbol));
    return orders.map((o) => parseOrder(o, symbol, this.now()));
  }

  /**
   * Finished orders, canceled ones included, newest first. ccxt's `fetchClosedOrders` means filled
   * only on some venues (Binance), so the venue's full order list is preferred where it has one.
   */
  async fetchClosedOrders(symbol: string, options: { limit?: number } = {}): Promise<Order[]> {
    const { limit } = options;
    const orders = await this.call(async () => {
      if (this.has.fetchCanceledAndClosedOrders === true) return this.venue.fetchCanceledAndClosedOrders(symbol, undefined, limit);
      if (this.has.fetchOrders === true) return (await this.venue.fetchOrders(symbol, undefined, limit)).filter((o) => o.status !== 'open');
      return this.venue.fetchClosedOrders(symbol, undefined, limit);
    });
    return orders
      .map((o) => parseOrder(o, symbol, this.now()))
      .filter((o) => o.status !== 'pending' && o.status !== 'partial_filled')
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async fetchOrder(symbol: string, orderNo: string): Promise<Order> {
    return parseOrder(await this.call(() => this.venue.fetchOrder(orderNo, symbol)), symbol, this.now());
  }

  /**
   * By client order id: Binance looks it up itself (`origClientOrderId`); elsewhere the open orders,
   * then the recent finished ones, are searched. Null when the venue does not know the id.
   */
  async fetchOrderByClientId(symbol: string, clientOrderId: string): Promise<Order | null> {
    if (this.venue.id === 'binance') {
      try {
        const found = await this.call(() => this.venue.fetchOrder('', symbol, { origClientOrderId: clientOrderId }));
        return parseOrder(found, symbol, this.now());
      } catch (err) {
        if (err instanceof ExchangeError && err.kind === 'order_not_found') return null;
        throw err;
      }
    }
    const open = (await this.fetchOpenOrders(symbol)).find((o) => o.clientOrderId === clientOrderId);
    if (open) return open;
    return (await this.fetchClosedOrders(symbol)).find((o) => o.clientOrderId === clientOrderId) ?? null;
  }

  /**
   * Newest first. From a trade on: Binance pages by trade id (`fromId`, weight 20 like any myTrades
   * read); other venues by time (ccxt's `since`), where trades of that millisecond come again.
   */
  async fetchMyTrades(symbol: string, options: MyTradesOptions = {}): Promise<MyTrade[]> {
    const { limit, from } = options;
    const trades = await this.call(() => {
      if (from === undefined) return this.venue.fetchMyTrades(symbol, undefined, limit);
      if (this.venue.id === 'binance' && /^\d+$/.test(from.id)) return this.venue.fetchMyTrades(symbol, undefined, limit, { fromId: from.id });
      return this.venue.fetchMyTrades(symbol, from.timestamp, limit);
    });
    return newestFirst(trades.map((t) => parseMyTrade(t, symbol, this.now())));
  }

  /**
   * Places an order after checking it would not trade with one of the account's own resting orders
   * (DESIGN §8): refused with 'self_trade_prevented' when it would. A market order with a price is
   * sent as a limit IOC at that price, the venues' way of protecting a market order.
   * `allowSelfTrade` is never honoured here: it is the simulator's opt-in, and a live venue keeps
   * self-trade prevention on whatever the caller asks.
   */
  async placeOrder(request: PlaceOrderRequest): Promise<Order> {
    if (request.tradeType === 'limit' && request.price === undefined) throw new ExchangeError('invalid_order', 'a limit order needs a price');
    await this.refuseSelfTrade(request);
    const params: Record<string, unknown> = { clientOrderId: request.clientOrderId, ...VENUE_STP[this.venue.id] };
    const protectedMarket = request.tradeType === 'market' && request.price !== undefined;
    const type = protectedMarket ? 'limit' : request.tradeType;
    if (protectedMarket || (request.tradeType === 'limit' && request.timeInForce === 'IOC')) params.timeInForce = 'IOC';
    if (request.tradeType === 'limit' && request.timeInForce === 'FOK') params.timeInForce = 'FOK';
    if (request.tradeType === 'limit' && request.timeInForce === 'POST_ONLY') params.postOnly = true;
    const price = type === 'limit' ? request.price : undefined;
    // Decimal strings go to ccxt as they are: its amountToPrecision/priceToPrecision work on strings.
    const placed = await this.call(() =>
      this.venue.createOrder(request.symbol, type, request.direction, request.amount as unknown as number, price as unknown as number | undefined, params),
    ).catch(async (err: unknown) => {
      throw price === undefined ? err : await this.percentPriceBand(err, request.symbol, { side: request.direction, price });
    });
    const order = await this.complete(placed, request.symbol);
    return order.clientOrderId === null ? { ...order, clientOrderId: request.clientOrderId } : order;
  }

  /**
   * A PERCENT_PRICE_BY_SIDE refusal names only the filter: its band is read from the market's filter
   * and the venue's average price (Binance's avgPrice), so the refusal can say where the price had
   * to lie. Where either cannot be read, the refusal is passed on as it came.
   */
  private async percentPriceBand(err: unknown, symbol: string, order: { side: 'buy' | 'sell'; price: string }): Promise<unknown> {
    if (!isBarePercentPriceRefusal(err)) return err;
    try {
      const market = this.venue.markets?.[symbol];
      const filter = percentPriceFilterOf(market?.info);
      const avgPriceOf = (this.venue as unknown as { publicGetAvgPrice?: (params: object) => Promise<{ price?: unknown; mins?: unknown }> }).publicGetAvgPrice;
      if (!market || !filter || typeof avgPriceOf !== 'function') return err;
      const avg = await avgPriceOf.call(this.venue, { symbol: market.id });
      if (typeof avg.price !== 'string') return err;
      const { pricePrecision, quote } = parseMarket(market, precisionModeOf(this.venue.precisionMode ?? 0));
      return withPercentPriceBand(err, order, { filter, avgPrice: avg.price, ...(typeof avg.mins === 'number' ? { avgPriceMins: avg.mins } : {}), pricePrecision, quote });
    } catch {
      return err;
    }
  }

  /**
   * The best a REST client can do: the account's open orders are read just before placing, so an
   * order of ours placed elsewhere in between (another process on the same key) is not seen. On
   * Binance the venue's own EXPIRE_TAKER prevention closes that gap, so there the caller's read of
   * the tick (`knownResting`) is checked instead of a read per order.
   */
  private async refuseSelfTrade(request: PlaceOrderRequest): Promise<void> {
    // Where the venue closes the gap itself, the caller's read of this tick serves: one read a tick, not one per order.
    const resting = request.knownResting !== undefined && this.venue.id in VENUE_STP ? request.knownResting : await this.fetchOpenOrders(request.symbol);
    const opposite = resting.filter((o) => o.direction !== request.direction && o.price !== null);
    if (opposite.length === 0) return;
    const limit = request.price ?? (await this.sweepPrice(request));
    const crosses = (price: string) => limit === undefined || (request.direction === 'buy' ? compare(price, limit) <= 0 : compare(price, limit) >= 0);
    const own = opposite.find((o) => crosses(o.price!));
    if (own) {
      const orderNo = 'orderNo' in own ? String(own.orderNo) : 'resting';
      throw new ExchangeError('self_trade_prevented', `the order would trade with the account's own order ${orderNo} at ${own.price}`, {
        orderNo,
        price: own.price!,
      });
    }
  }

  /** The worst price an unprotected market order reaches in the book now; undefined if the book is too thin. */
  private async sweepPrice(request: PlaceOrderRequest): Promise<string | undefined> {
    const book = await this.fetchOrderBook(request.symbol);
    let filled = '0';
    for (const [price, amount] of request.direction === 'buy' ? book.asks : book.bids) {
      filled = add(filled, amount);
      if (compare(filled, request.amount) >= 0) return price;
    }
    return undefined;
  }

  async cancelOrder(symbol: string, orderNo: string): Promise<Order> {
    return this.complete(await this.call(() => this.venue.cancelOrder(orderNo, symbol)), symbol);
  }

  /** One by one (Binance spot has no batch cancel); an order already gone is reported as it ended. */
  async cancelOrders(symbol: string, orderNos: string[]): Promise<Order[]> {
    const out: Order[] = [];
    for (const orderNo of orderNos) {
      try {
        out.push(await this.cancelOrder(symbol, orderNo));
      } catch (err) {
        if (!(err instanceof ExchangeError) || (err.kind !== 'order_not_found' && err.kind !== 'order_closed')) throw err;
        out.push(await this.fetchOrder(symbol, orderNo));
      }
    }
    return out;
  }

  /** Some venues answer a create or cancel with the id alone: then the order is read back. */
  private async complete(order: CcxtOrder, symbol: string): Promise<Order> {
    if (order.id && (order.status === undefined || order.amount === undefined)) return this.fetchOrder(symbol, order.id);
    return parseOrder(order, symbol, this.now());
  }

  /**
   * Polls every `pollIntervalMs`: the book and new public trades always, and with credentials the
   * account's orders on this pair (each change, and each order that left the book, read back once)
   * and its balances when they change.
   */
  subscribe(symbol: string, listener: (event: ExchangeEvent) => void, options: SubscribeOptions = {}): () => void {
    // Polling is all this class does: nothing is pushed.
    if (options.pushedOnly) return () => undefined;
    const poller = new Poller(this, symbol, listener, options.market !== false, Boolean(this.venue.apiKey) && options.account !== false);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        await poller.poll();
        if (!stopped) options.onPoll?.(null);
      } catch (err) {
        this.config.onPollError?.(err);
        if (!stopped) options.onPoll?.(err ?? new Error('poll failed'));
      }
      if (!stopped) timer = setTimeout(tick, this.pollMs);
    };
    timer = setTimeout(tick, 0);
    const unsubscribe = () => {
      stopped = true;
      clearTimeout(timer);
      this.subscriptions.delete(unsubscribe);
    };
    this.subscriptions.add(unsubscribe);
    return unsubscribe;
  }

  async close(): Promise<void> {
    for (const unsubscribe of [...this.subscriptions]) unsubscribe();
    await this.venue.close();
  }
}

/** `Retry-After` in seconds (any case of the name), as milliseconds; null without one. */
function retryAfterMs(headers: Record<string, unknown> | undefined): number | null {
  if (headers === undefined) return null;
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/** Newest first; within a millisecond numeric ids decide (ccxt compares ids as strings, '11' < '9'). */
function newestFirst<T extends { timestamp: number; id: string }>(items: T[]): T[] {
  const byId = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? compare(a, b) : 0);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.timestamp - a.item.timestamp || byId(b.item.id, a.item.id) || b.index - a.index)
    .map(({ item }) => item);
}

/** What one subscription has already told its listener. */
class Poller {
  private book = '';
  /** Trades are new when later than the newest seen, or at its millisecond and not yet seen. */
  private newestTrade = 0;
  private seenAtNewest = new Set<string>();
  private readonly orders = new Map<string, string>();
  private balances = '';

  constructor(
    private readonly exchange: CcxtExchange,
    private readonly symbol: string,
    private readonly listener: (event: ExchangeEvent) => void,
    private readonly marketData: boolean,
    private readonly privateData: boolean,
  ) {}

  async poll(): Promise<void> {
    if (this.marketData) await this.pollMarket();
    if (this.privateData) await this.pollAccount();
  }

  private async pollMarket(): Promise<void> {
    const { exchange, symbol, listener } = this;
    const book = await exchange.marketSource.fetchOrderBook(symbol);
    const bookKey = JSON.stringify([book.bids, book.asks]);
    if (bookKey !== this.book) {
      this.book = bookKey;
      listener({ type: 'book', symbol, book });
    }

    const recent = await exchange.marketSource.fetchTrades(symbol);
    const fresh = recent.filter((t) => t.timestamp > this.newestTrade || (t.timestamp === this.newestTrade && !this.seenAtNewest.has(t.id))).reverse();
    if (fresh.length > 0) {
      this.newestTrade = Math.max(...fresh.map((t) => t.timestamp));
      this.seenAtNewest = new Set(recent.filter((t) => t.timestamp === this.newestTrade).map((t) => t.id));
      listener({ type: 'trades', symbol, trades: fresh });
    }
  }

  private async pollAccount(): Promise<void> {
    const { exchange, symbol, listener } = this;
    const open = await exchange.fetchOpenOrders(symbol);
    const stillOpen = new Set(open.map((o) => o.orderNo));
    const left = [...this.orders.keys()].filter((no) => !stillOpen.has(no));
    const finished = await Promise.all(left.map((no) => exchange.fetchOrder(symbol, no)));
    for (const order of [...open, ...finished]) {
      const key = `${order.status}|${order.filledAmount}|${order.updatedAt}`;
      if (this.orders.get(order.orderNo) === key) continue;
      listener({ type: 'order', symbol, order });
      this.orders.set(order.orderNo, key);
    }
    for (const no of left) this.orders.delete(no);

    const balances = await exchange.fetchBalances();
    const balancesKey = JSON.stringify(balances);
    if (balancesKey !== this.balances) {
      this.balances = balancesKey;
      listener({ type: 'balances', balances });
    }
  }
}
