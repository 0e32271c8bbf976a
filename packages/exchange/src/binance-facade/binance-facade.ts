/**
 * A Binance-compatible spot REST v3 subset over our `Exchange` interface (and the venue's one-step
 * cancel-replace), framework-free: the server hands it the method, the path below `/api/v3` (or
 * `/sapi/v1`), the raw query string and form body and the `X-MBX-APIKEY` and `X-MBX-TIME-UNIT`
 * headers, and sends back the status and JSON it answers. Binance clients (ccxt's `binance` and
 * Binance's own connector among them) can then trade against the built-in simulator.
 */
import { randomBytes } from 'node:crypto';
import { candleIntervals } from '@makerdesk/contract';
import { type Candle, type CandleInterval, type Exchange, type Market, type MyTrade, type Order, type OrderBook, type PlaceOrderRequest, type Trade } from '../exchange.ts';
import { ExchangeError, isExchangeError } from '../errors.ts';
import type { CancelReplaceMode, CancelReplacePart, CancelReplaceResult, SimVenueApi } from '../sim/sim-venue.api.ts';
import { BinanceError, binanceErrors, toBinanceError, type FacadeAction } from './binance-errors.ts';
import { add, compare, decimalsOf, div, minus, mul, roundToStep, sign, stepOf } from '@makerdesk/decimal';
import {
  formatAccount,
  formatAggTrade,
  formatBookTicker,
  formatCanceledOrder,
  formatCoinInfo,
  formatDepth,
  formatExchangeInfo,
  formatKline,
  formatMyTrade,
  formatNewOrder,
  formatOrder,
  formatPriceTicker,
  formatTicker24hr,
  formatTrade,
  formatTradeFee,
  formatCommission,
  filterMaxima,
  wire,
  type NewOrderRespType,
  SELF_TRADE_PREVENTION_MODE,
} from './format.ts';
import { CLIENT_ORDER_ID, Params } from './params.ts';
import { averagePriceAnswer } from './avg-price.ts';
import { assertKeyFormat, checkTimestamp, verifySignature } from './signature.ts';
import { SymbolMap } from './symbols.ts';
import { BINANCE_LIMITS, OrderLimiter, RequestWeightLimiter, rateLimitsOf, requestWeight, type BinanceLimits } from './limits.ts';
import { inTimeUnit, timeUnitOf, type TimeUnit } from './time-units.ts';
import type { ListenKeys } from './streams/listen-keys.ts';

/** Public market data, read without an account. */
export type MarketData = Pick<Exchange, 'fetchOrderBook' | 'fetchTrades' | 'fetchCandles' | 'fetchTicker'>;

export interface FacadeVenue {
  markets(): Market[];
  marketData(): MarketData;
  /** The venue as the key's account sees it (opened on first use). */
  account(apiKey: string): Exchange;
  /** An account's order by client order id; without it the facade searches recent orders. */
  orderByClientId?(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined>;
  /** Cancels the account's open order and places another in one step (SimVenueApi.cancelReplace). */
  cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult>;
}

/**
 * What the venue lets a key do at the moment of a request, as an exchange's key settings would: its
 * secret, and the markets it may trade and read.
 */
export interface FacadeKey {
  secret: string;
  /** Whether the key may touch this market (unified symbol, `BTC/USDT`); every market when absent. */
  permits?(symbol: string): boolean;
}

export interface BinanceFacadeOptions {
  venue: FacadeVenue;
  /**
   * The key as the venue knows it for a request from `clientIp`. Undefined rejects the key (-2015,
   * "Invalid API-key, IP, or permissions for action."): an unknown or revoked key, or an address the
   * key is not bound to. Asked on every call that carries a key, public ones included.
   */
  keyFor(apiKey: string, clientIp: string | undefined): Promise<FacadeKey | undefined>;
  now?: () => number;
  /** Told about failures that are not the caller's fault (they answer -1000). */
  onUnexpectedError?: (err: unknown) => void;
  /** The limits enforced (limits.ts): Binance's published numbers by default. */
  limits?: BinanceLimits;
  /** The user data streams' listen keys: with them, `POST/PUT/DELETE userDataStream` are served. */
  listenKeys?: ListenKeys;
}

export interface FacadeRequest {
  method: string;
  /** Below its family's base (`/api/v3/`, `/sapi/v1/`), e.g. `order` or `margin/allPairs`. */
  path: string;
  /** Raw query string without `?`, exactly as received (the signature covers it). */
  query: string;
  /** Raw `application/x-www-form-urlencoded` body, exactly as received. */
  body: string;
  /** The `X-MBX-APIKEY` header. */
  apiKey?: string | undefined;
  /** The caller's address, for keys bound to addresses. */
  clientIp?: string | undefined;
  /** The `X-MBX-TIME-UNIT` header: MICROSECOND (or microsecond) has the answer's times in microseconds. */
  timeUnit?: string | undefined;
}

export interface FacadeResponse {
  status: number;
  body: unknown;
  /**
   * Binance's limit headers (lower case): `x-mbx-used-weight-1m` on every answer,
   * `x-mbx-order-count-10s` and `-1d` on order answers, `retry-after` (seconds) with a 429 or 418.
   */
  headers: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Binance's REST family an endpoint belongs to: spot trading under `/api/v3`, wallet and account
 * calls under `/sapi/v1`. Paths do not repeat across families, so `handle` needs only the path.
 */
export type FacadeFamily = 'api' | 'sapi';

interface Context {
  params: Params;
  symbols: SymbolMap;
  now: number;
}

/** What a signed endpoint also knows: whose request it is, and the markets its key may touch. */
interface SignedContext extends Context {
  apiKey: string;
  account: Exchange;
  /** The market of a Binance symbol: -1121 when not listed, refused when the key may not touch it. */
  market(binanceSymbol: string): Market;
  /** The listed markets the key may touch, for calls over every symbol. */
  permitted: Market[];
}

type Endpoint = { method: Method; family: FacadeFamily; path: string; action: FacadeAction } & (
  | { signed: false; keyed?: false; handle(ctx: Context): unknown }
  | { signed: false; keyed: true; handle(ctx: KeyedContext): unknown }
  | { signed: true; handle(ctx: SignedContext): unknown }
);

/** An endpoint that takes a key but no signature (Binance's USER_STREAM security: listen keys). */
interface KeyedContext extends Context {
  apiKey: string;
}

/** Adapts the simulator: public data from its account-free market-data view. */
export function facadeVenueFromSim(sim: SimVenueApi): FacadeVenue {
  return {
    markets: () => sim.markets(),
    marketData: () => sim.marketData(),
    account: (apiKey) => sim.account(apiKey),
    orderByClientId: (apiKey, symbol, clientOrderId) => sim.orderByClientId(apiKey, symbol, clientOrderId),
    cancelReplace: (apiKey, symbol, orderNo, request, mode) => sim.cancelReplace(apiKey, symbol, orderNo, request, mode),
  };
}

const ORDER_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const NEW_ORDER_RESP_TYPES = ['ACK', 'RESULT', 'FULL'] as const;
const CANCEL_REPLACE_MODES = ['STOP_ON_FAILURE', 'ALLOW_FAILURE'] as const;
const STP_MODES = ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'DECREMENT', 'TRANSFER'] as const;
/** Order parameters Binance knows and we do not serve: refused rather than silently ignored. */
const UNSUPPORTED_ORDER_PARAMS = ['stopPrice', 'icebergQty', 'trailingDelta', 'strategyId', 'strategyType', 'pegPriceType', 'pegOffsetValue', 'pegOffsetType'];
/** What the look-ups by client order id and the history endpoints read at most. */
const HISTORY_WINDOW = 1000;

export class BinanceFacade {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly now: () => number;
  private readonly limits: BinanceLimits;
  private readonly weights: RequestWeightLimiter;
  private readonly orderLimits: OrderLimiter;

  constructor(private readonly options: BinanceFacadeOptions) {
    this.now = options.now ?? Date.now;
    this.limits = { ...(options.limits ?? BINANCE_LIMITS) };
    this.weights = new RequestWeightLimiter(() => this.limits.weightPerMinute);
    this.orderLimits = new OrderLimiter(() => this.limits);
    for (const endpoint of this.table()) this.endpoints.set(`${endpoint.method} ${endpoint.path}`, endpoint);
  }

  /** Every endpoint served, for the HTTP layer to register (and document: `signed` calls take a key). */
  get routes(): { method: Method; family: FacadeFamily; path: string; signed: boolean }[] {
    return [...this.endpoints.values()].map((e) => ({ method: e.method, family: e.family, path: e.path, signed: e.signed || e.keyed === true }));
  }

  /** The weight `clientIp` used in the current minute, for answers given outside `handle` (the HTTP layer's 404s and errors). */
  usageHeaders(clientIp: string | undefined): Record<string, string> {
    return { 'x-mbx-used-weight-1m': String(this.weights.used(clientIp ?? UNKNOWN_IP, this.now())) };
  }

  async handle(request: FacadeRequest): Promise<FacadeResponse> {
    const method = request.method.toUpperCase();
    const endpoint = this.endpoints.get(`${method} ${request.path}`);
    const now = this.now();
    // The IP's weight is charged first, whatever follows (an unknown key, a bad signature, a 404).
    const weight = requestWeight(method, request.path, paramReader(request), endpoint?.family);
    const weighed = this.weights.charge(request.clientIp ?? UNKNOWN_IP, weight, now);
    const headers: Record<string, string> = { 'x-mbx-used-weight-1m': String(weighed.usedWeight) };
    if (!weighed.ok) return answer(new BinanceError(weighed.code, weighed.msg, weighed.status, weighed.retryAfterSeconds), headers);
    if (!endpoint) return answer(binanceErrors.notFound(), headers);
    let apiKey: string | undefined;
    const withOrderCounts = () => (apiKey !== undefined && ORDER_PLACING.has(`${method} ${request.path}`) ? { ...headers, ...this.orderLimits.headers(apiKey, now) } : headers);
    try {
      const unit = timeUnitOf(request.timeUnit);
      const params = new Params(request.query, request.body);
      const context = () => ({ params, now, symbols: new SymbolMap(this.options.venue.markets()) });
      if (!endpoint.signed && endpoint.keyed) {
        const { apiKey: key } = await this.keyOf(request);
        return reply(await endpoint.handle({ ...context(), apiKey: key }), unit, endpoint.path, headers);
      }
      if (!endpoint.signed) {
        // A key sent where none is needed is still checked: a revoked key, or one used from an
        // address it is not bound to, gets nothing, not even public data.
        if (request.apiKey !== undefined) await this.keyOf(request);
        return reply(await endpoint.handle(context()), unit, endpoint.path, headers);
      }
      const found = await this.authenticate(request, params, now);
      apiKey = found.apiKey;
      const result = await endpoint.handle(signedContext(context(), found.apiKey, found.key, this.options.venue.account(found.apiKey), endpoint.action));
      return reply(result, unit, endpoint.path, withOrderCounts());
    } catch (err) {
      const error = toBinanceError(err, endpoint.action);
      if (!(err instanceof BinanceError) && !(err instanceof ExchangeError)) this.options.onUnexpectedError?.(err);
      return answer(error, withOrderCounts());
    }
  }

  /** Refuses a new order past the account's ORDERS limits (-1015, 429). */
  private checkOrderLimits(apiKey: string, now: number): void {
    const verdict = this.orderLimits.check(apiKey, now);
    if (!verdict.ok) throw new BinanceError(verdict.code, verdict.msg, verdict.status, verdict.retryAfterSeconds);
  }

  private async keyOf(request: FacadeRequest): Promise<{ apiKey: string; key: FacadeKey }> {
    const { apiKey } = request;
    assertKeyFormat(apiKey);
    const key = await this.options.keyFor(apiKey, request.clientIp);
    if (key === undefined) throw binanceErrors.rejectedKey();
    return { apiKey, key };
  }

  private async authenticate(request: FacadeRequest, params: Params, now: number): Promise<{ apiKey: string; key: FacadeKey }> {
    const found = await this.keyOf(request);
    verifySignature(found.key.secret, request.query, request.body);
    checkTimestamp(params.optional('timestamp'), params.optional('recvWindow'), now);
    return found;
  }

  private get data(): MarketData {
    return this.options.venue.marketData();
  }

  private table(): Endpoint[] {
    const get = (path: string, handle: (ctx: Context) => unknown): Endpoint => ({ method: 'GET', family: 'api', path, signed: false, action: 'read', handle });
    const signed = (method: Method, path: string, action: FacadeAction, handle: (ctx: SignedContext) => unknown): Endpoint => ({ method, family: 'api', path, signed: true, action, handle });
    const sapi = (path: string, handle: (ctx: SignedContext) => unknown): Endpoint => ({ method: 'GET', family: 'sapi', path, signed: true, action: 'read', handle });
    const sapiPublic = (path: string, handle: (ctx: Context) => unknown): Endpoint => ({ method: 'GET', family: 'sapi', path, signed: false, action: 'read', handle });
    const keyed = (method: Method, path: string, handle: (ctx: KeyedContext) => unknown): Endpoint => ({ method, family: 'api', path, signed: false, keyed: true, action: 'read', handle });
    const listenKeys = this.options.listenKeys;
    const userDataStream: Endpoint[] = listenKeys
      ? [
          keyed('POST', 'userDataStream', ({ apiKey, now }) => ({ listenKey: listenKeys.create(apiKey, now) })),
          keyed('PUT', 'userDataStream', ({ apiKey, params, now }) => {
            listenKeys.keepAlive(apiKey, params.required('listenKey'), now);
            return {};
          }),
          keyed('DELETE', 'userDataStream', ({ apiKey, params, now }) => {
            listenKeys.close(apiKey, params.required('listenKey'), now);
            return {};
          }),
        ]
      : [];
    return [
      ...userDataStream,
      get('ping', () => ({})),
      get('time', ({ now }) => ({ serverTime: now })),
      get('exchangeInfo', (ctx) => this.exchangeInfo(ctx)),
      get('depth', (ctx) => this.depth(ctx)),
      get('trades', (ctx) => this.trades(ctx)),
      get('historicalTrades', (ctx) => this.historicalTrades(ctx)),
      get('aggTrades', (ctx) => this.aggTrades(ctx)),
      get('klines', (ctx) => this.klines(ctx)),
      get('uiKlines', (ctx) => this.klines(ctx)),
      get('avgPrice', (ctx) => this.avgPrice(ctx)),
      get('ticker/24hr', (ctx) => this.ticker24hr(ctx)),
      get('ticker/price', (ctx) => this.tickerPrice(ctx)),
      get('ticker/bookTicker', (ctx) => this.bookTicker(ctx)),
      signed('GET', 'account', 'read', (ctx) => this.accountInfo(ctx)),
      signed('POST', 'order', 'place', (ctx) => this.newOrder(ctx, false)),
      signed('POST', 'order/test', 'place', (ctx) => this.newOrder(ctx, true)),
      signed('GET', 'order', 'query', (ctx) => this.queryOrder(ctx)),
      signed('DELETE', 'order', 'cancel', (ctx) => this.cancelOrder(ctx)),
      signed('GET', 'openOrders', 'read', (ctx) => this.openOrders(ctx)),
      signed('DELETE', 'openOrders', 'cancel', (ctx) => this.cancelOpenOrders(ctx)),
      signed('GET', 'allOrders', 'read', (ctx) => this.allOrders(ctx)),
      signed('GET', 'myTrades', 'read', (ctx) => this.myTrades(ctx)),
      signed('POST', 'order/cancelReplace', 'place', (ctx) => this.cancelReplace(ctx)),
      signed('GET', 'account/commission', 'read', (ctx) => this.commission(ctx)),
      signed('GET', 'rateLimit/order', 'read', (ctx) => this.orderLimits.of(ctx.apiKey, ctx.now)),
      // Binance's wallet status: the simulator never closes for maintenance.
      sapiPublic('system/status', () => ({ status: 0, msg: 'normal' })),
      // What ccxt's binance asks a spot account's sapi when it loads markets with a key (coins, and
      // which pairs trade on margin: none do) and for trading fees, answered as a spot-only venue.
      sapi('capital/config/getall', (ctx) => this.coins(ctx)),
      sapi('margin/allPairs', () => []),
      sapi('margin/isolated/allPairs', () => []),
      sapi('asset/tradeFee', (ctx) => this.tradeFees(ctx)),
    ];
  }

  // ------------------------------------------------------------ public

  private exchangeInfo({ params, symbols, now }: Context) {
    const one = params.optional('symbol');
    const many = params.optional('symbols');
    let markets = symbols.markets;
    if (one !== undefined) markets = [symbols.market(one)];
    else if (many !== undefined) markets = parseSymbolList(many).map((id) => symbols.market(id));
    return formatExchangeInfo(markets, now, rateLimitsOf(this.limits));
  }

  private async depth({ params, symbols }: Context) {
    const market = symbols.market(params.required('symbol'));
    const limit = params.limit(100, 5000);
    return formatDepth(await this.data.fetchOrderBook(market.symbol, limit));
  }

  private async recentTrades(symbol: string, limit: number): Promise<Trade[]> {
    return ascending(await this.data.fetchTrades(symbol, limit));
  }

  private async trades({ params, symbols }: Context) {
    const market = symbols.market(params.required('symbol'));
    const limit = params.limit(500, 1000);
    return (await this.recentTrades(market.symbol, limit)).slice(-limit).map(formatTrade);
  }

  /** Trades from `fromId` on (the oldest kept when it is older), else the most recent: of the last HISTORY_WINDOW kept. */
  private async historicalTrades({ params, symbols }: Context) {
    const market = symbols.market(params.required('symbol'));
    const limit = params.limit(500, 1000);
    const fromId = params.integer('fromId');
    const trades = (await this.recentTrades(market.symbol, HISTORY_WINDOW)).filter((t) => fromId === undefined || !/^\d+$/.test(t.id) || Number(t.id) >= fromId);
    return page(trades, limit, fromId !== undefined).map(formatTrade);
  }

  private async aggTrades({ params, symbols }: Context) {
    const market = symbols.market(params.required('symbol'));
    const limit = params.limit(500, 1000);
    const fromId = params.integer('fromId');
    const startTime = params.time('startTime', 'start');
    const endTime = params.time('endTime', 'end');
    const trades = (await this.recentTrades(market.symbol, HISTORY_WINDOW)).filter(
      (t) =>
        (startTime === undefined || t.timestamp >= startTime) &&
        (endTime === undefined || t.timestamp <= endTime) &&
        (fromId === undefined || !/^\d+$/.test(t.id) || Number(t.id) >= fromId),
    );
    return page(trades, limit, startTime !== undefined || fromId !== undefined).map(formatAggTrade);
  }

  private async klines({ params, symbols }: Context) {
    const market = symbols.market(params.required('symbol'));
    const interval = params.required('interval');
    if (!(candleIntervals as readonly string[]).includes(interval)) throw binanceErrors.invalidInterval();
    const limit = params.limit(500, 1000);
    const startTime = params.time('startTime', 'start');
    const endTime = params.time('endTime', 'end');
    const candles: Candle[] = await this.data.fetchCandles(market.symbol, interval as CandleInterval, {
      ...(startTime !== undefined ? { since: startTime } : {}),
      limit: endTime === undefined ? limit : 1000,
    });
    const kept = [...candles].sort((a, b) => a.time - b.time).filter(
      (c) => (startTime === undefined || c.time >= startTime) && (endTime === undefined || c.time <= endTime),
    );
    return page(kept, limit, startTime !== undefined).map((c) => formatKline(c, interval as CandleInterval));
  }

  /** The 5-minute volume-weighted average price PERCENT_PRICE_BY_SIDE is checked against (avg-price.ts), over every trade the venue keeps. */
  private async avgPrice({ params, symbols, now }: Context) {
    const market = symbols.market(params.required('symbol'));
    const trades = await this.data.fetchTrades(market.symbol, HISTORY_WINDOW);
    const fallback = trades.length === 0 ? formatPriceTicker(await this.data.fetchTicker(market.symbol)).price : '0';
    const { mins, price, closeTime } = averagePriceAnswer(newestFirst(trades), fallback, now);
    return { mins, price: wire(price), closeTime };
  }

  private async forSymbols<T>({ params, symbols }: Context, one: (market: Market) => Promise<T>): Promise<T | T[]> {
    const symbol = params.optional('symbol');
    if (symbol !== undefined) return one(symbols.market(symbol));
    const list = params.optional('symbols');
    const markets = list === undefined ? symbols.markets : parseSymbolList(list).map((id) => symbols.market(id));
    return Promise.all(markets.map(one));
  }

  private ticker24hr(ctx: Context) {
    return this.forSymbols(ctx, async (market) => {
      const [ticker, book] = await Promise.all([this.data.fetchTicker(market.symbol), this.data.fetchOrderBook(market.symbol, 1)]);
      return formatTicker24hr(ticker, book);
    });
  }

  private tickerPrice(ctx: Context) {
    return this.forSymbols(ctx, async (market) => formatPriceTicker(await this.data.fetchTicker(market.symbol)));
  }

  private bookTicker(ctx: Context) {
    return this.forSymbols(ctx, async (market) => formatBookTicker(await this.data.fetchOrderBook(market.symbol, 1)));
  }

  // ------------------------------------------------------------ account

  private async accountInfo({ params, symbols, account, now }: SignedContext) {
    const omitZero = params.optional('omitZeroBalances') === 'true';
    const balances = (await account.fetchBalances()).filter((b) => !omitZero || sign(b.total) !== 0);
    const first = symbols.markets[0];
    return formatAccount(balances, { maker: first?.makerFee ?? '0', taker: first?.takerFee ?? '0' }, now);
  }

  /** Every asset the venue trades, with the account's holdings; no networks: nothing is deposited or withdrawn. */
  private async coins({ symbols, account }: SignedContext) {
    const balances = new Map((await account.fetchBalances()).map((b) => [b.asset, b]));
    const assets = new Set([...symbols.markets.flatMap((m) => [m.base, m.quote]), ...balances.keys()]);
    return [...assets].sort().map((asset) => formatCoinInfo(asset, balances.get(asset)));
  }

  private tradeFees({ params, market, permitted }: SignedContext) {
    const symbol = params.optional('symbol');
    return (symbol === undefined ? permitted : [market(symbol)]).map(formatTradeFee);
  }

  private commission({ params, market }: SignedContext) {
    return formatCommission(market(params.required('symbol')));
  }

  private async newOrder(ctx: SignedContext, test: boolean) {
    const { params, account, apiKey, now } = ctx;
    const market = ctx.market(params.required('symbol'));
    const { request, respType, quoteOrderQty } = await orderToPlace(params, account, market);
    const open = await account.fetchOpenOrders(market.symbol);
    if (open.some((o) => o.clientOrderId === request.clientOrderId)) throw binanceErrors.duplicateOrder();
    if (test) return {};

    this.checkOrderLimits(apiKey, now);
    const order = await account.placeOrder(request);
    this.orderLimits.record(apiKey, now);
    return this.newOrderAnswer(account, order, respType, quoteOrderQty);
  }

  private async newOrderAnswer(account: Exchange, order: Order, respType: NewOrderRespType, quoteOrderQty: string | undefined) {
    const fills = respType === 'FULL' && sign(order.filledAmount) > 0 ? await this.fillsOf(account, order) : [];
    return formatNewOrder(order, respType, fills, quoteOrderQty ?? '0');
  }

  /**
   * Binance's cancelReplace: the new order's parameters and filters are checked first (a failure
   * there is a plain error and nothing happens), then the venue cancels and places in one step.
   * Both done: 200 with both answers; one failed: 409 (-2021); both failed, or the cancel failed
   * under STOP_ON_FAILURE: 400 (-2022); the parts' own errors are in `data`.
   */
  private async cancelReplace(ctx: SignedContext) {
    const { params, account, apiKey, now } = ctx;
    const market = ctx.market(params.required('symbol'));
    const mode = params.oneOf('cancelReplaceMode', CANCEL_REPLACE_MODES, () => binanceErrors.illegalChars('cancelReplaceMode', CANCEL_REPLACE_MODES.join('|')));
    if (mode === undefined) throw binanceErrors.mandatory('cancelReplaceMode');
    const cancelId = cancelClientOrderId(params, 'cancelNewClientOrderId');
    const { request, respType, quoteOrderQty } = await orderToPlace(params, account, market);
    this.checkOrderLimits(apiKey, now);
    const target = await this.orderToReplace(ctx, market);
    const venueMode: CancelReplaceMode = mode === 'STOP_ON_FAILURE' ? 'stop_on_failure' : 'allow_failure';
    let result: CancelReplaceResult;
    if (target !== undefined) result = await this.options.venue.cancelReplace(apiKey, market.symbol, target.orderNo, request, venueMode);
    else {
      const canceled: CancelReplacePart = { ok: false, error: new ExchangeError('order_not_found', 'The order to cancel was not found.') };
      result = { canceled, placed: venueMode === 'stop_on_failure' ? null : await placement(account.placeOrder(request)) };
    }
    // Binance counts the new order even when it is not attempted.
    this.orderLimits.record(apiKey, now);

    const cancelResponse = result.canceled.ok ? formatCanceledOrder(result.canceled.order, cancelId) : toBinanceError(result.canceled.error, 'cancel').toJSON();
    const newOrderResponse =
      result.placed === null ? null : result.placed.ok ? await this.newOrderAnswer(account, result.placed.order, respType, quoteOrderQty) : toBinanceError(result.placed.error, 'place').toJSON();
    const outcome = (part: CancelReplacePart | null) => (part === null ? 'NOT_ATTEMPTED' : part.ok ? 'SUCCESS' : 'FAILURE');
    const data = { cancelResult: outcome(result.canceled), newOrderResult: outcome(result.placed), cancelResponse, newOrderResponse };
    const succeeded = [result.canceled, result.placed].filter((part) => part?.ok === true).length;
    if (succeeded === 2) return data;
    const error = succeeded === 1 ? binanceErrors.cancelReplacePartlyFailed() : binanceErrors.cancelReplaceFailed();
    return new StatusAnswer(error.status, { ...error.toJSON(), data });
  }

  /** The open order a cancelReplace names by `cancelOrderId`, or else by `cancelOrigClientOrderId`; undefined when there is none. */
  private async orderToReplace(ctx: SignedContext, market: Market): Promise<Order | undefined> {
    try {
      return await this.findOrder(ctx, market, true, { id: 'cancelOrderId', clientId: 'cancelOrigClientOrderId' });
    } catch (err) {
      if (isExchangeError(err) && err.kind === 'order_not_found') return undefined;
      if (err instanceof BinanceError && err.code === binanceErrors.noSuchOrder().code) return undefined;
      throw err;
    }
  }

  private async fillsOf(account: Exchange, order: Order): Promise<MyTrade[]> {
    const trades = await account.fetchMyTrades(order.symbol, { limit: HISTORY_WINDOW });
    return ascending(trades.filter((t) => t.orderNo === order.orderNo));
  }

  /** The order named by `orderId`, or else by `origClientOrderId` (other parameter names where given). */
  private async findOrder(
    { params, account, apiKey }: SignedContext,
    market: Market,
    onlyOpen: boolean,
    names: { id: string; clientId: string } = { id: 'orderId', clientId: 'origClientOrderId' },
  ): Promise<Order> {
    const orderId = params.optional(names.id);
    const clientId = params.optional(names.clientId);
    if (orderId !== undefined) {
      if (!ORDER_ID.test(orderId)) throw binanceErrors.illegalChars(names.id, '^[0-9]{1,20}$');
      const order = await account.fetchOrder(market.symbol, orderId);
      if (clientId !== undefined && order.clientOrderId !== clientId) throw binanceErrors.noSuchOrder();
      return order;
    }
    if (clientId === undefined) throw binanceErrors.eitherMandatory(names.clientId, names.id);
    const found = await this.orderByClientId(account, apiKey, market, clientId, onlyOpen);
    if (!found) throw new ExchangeError('order_not_found', `no order with client order id ${clientId}`);
    return found;
  }

  private async orderByClientId(account: Exchange, apiKey: string, market: Market, clientId: string, onlyOpen: boolean): Promise<Order | undefined> {
    const lookUp = this.options.venue.orderByClientId;
    if (lookUp) {
      const order = await lookUp.call(this.options.venue, apiKey, market.symbol, clientId);
      return order && (!onlyOpen || order.status === 'pending' || order.status === 'partial_filled') ? order : undefined;
    }
    const open = await account.fetchOpenOrders(market.symbol);
    const candidates = onlyOpen ? open : [...open, ...(await account.fetchClosedOrders(market.symbol, { limit: HISTORY_WINDOW }))];
    return candidates.find((o) => o.clientOrderId === clientId);
  }

  private async queryOrder(ctx: SignedContext) {
    const market = ctx.market(ctx.params.required('symbol'));
    return formatOrder(await this.findOrder(ctx, market, false));
  }

  private async cancelOrder(ctx: SignedContext) {
    const { params, account } = ctx;
    const market = ctx.market(params.required('symbol'));
    const cancelId = cancelClientOrderId(params);
    const order = await this.findOrder(ctx, market, true);
    return formatCanceledOrder(await account.cancelOrder(market.symbol, order.orderNo), cancelId);
  }

  private async cancelOpenOrders({ params, account, ...ctx }: SignedContext) {
    const market = ctx.market(params.required('symbol'));
    const open = await account.fetchOpenOrders(market.symbol);
    if (open.length === 0) throw binanceErrors.cancelRejected();
    const canceled = await account.cancelOrders(
      market.symbol,
      open.map((o) => o.orderNo),
    );
    return canceled.map((o) => formatCanceledOrder(o, randomClientOrderId()));
  }

  private async openOrders({ params, account, market, permitted }: SignedContext) {
    const symbol = params.optional('symbol');
    // Without a symbol: every market the key may touch, never another pair's orders.
    const markets = symbol === undefined ? permitted : [market(symbol)];
    const lists = await Promise.all(markets.map((m) => account.fetchOpenOrders(m.symbol)));
    return byCreation(lists.flat()).map(formatOrder);
  }

  private async allOrders({ params, account, ...ctx }: SignedContext) {
    const market = ctx.market(params.required('symbol'));
    const limit = params.limit(500, 1000);
    const fromId = params.optional('orderId');
    const startTime = params.time('startTime', 'start');
    const endTime = params.time('endTime', 'end');
    const [open, closed] = await Promise.all([account.fetchOpenOrders(market.symbol), account.fetchClosedOrders(market.symbol, { limit: HISTORY_WINDOW })]);
    const unique = new Map<string, Order>();
    for (const order of [...closed, ...open]) unique.set(order.orderNo, order);
    let orders = byCreation([...unique.values()]).filter(
      (o) => (startTime === undefined || o.createdAt >= startTime) && (endTime === undefined || o.createdAt <= endTime),
    );
    if (fromId !== undefined) {
      const at = orders.findIndex((o) => o.orderNo === fromId || (/^\d+$/.test(o.orderNo) && /^\d+$/.test(fromId) && BigInt(o.orderNo) >= BigInt(fromId)));
      orders = at < 0 ? [] : orders.slice(at);
    }
    return page(orders, limit, fromId !== undefined || startTime !== undefined).map(formatOrder);
  }

  private async myTrades({ params, account, ...ctx }: SignedContext) {
    const market = ctx.market(params.required('symbol'));
    const limit = params.limit(500, 1000);
    const orderId = params.optional('orderId');
    const fromId = params.integer('fromId');
    const startTime = params.time('startTime', 'start');
    const endTime = params.time('endTime', 'end');
    const trades = ascending(await account.fetchMyTrades(market.symbol, { limit: HISTORY_WINDOW })).filter(
      (t) =>
        (orderId === undefined || t.orderNo === orderId) &&
        (startTime === undefined || t.timestamp >= startTime) &&
        (endTime === undefined || t.timestamp <= endTime) &&
        (fromId === undefined || !/^\d+$/.test(t.id) || Number(t.id) >= fromId),
    );
    return page(trades, limit, startTime !== undefined || fromId !== undefined).map(formatMyTrade);
  }
}

/** A signed call's context: its key's markets, refused with Binance's answer for the action. */
function signedContext(ctx: Context, apiKey: string, key: FacadeKey, account: Exchange, action: FacadeAction): SignedContext {
  const permits = (market: Market) => key.permits?.(market.symbol) ?? true;
  return {
    ...ctx,
    apiKey,
    account,
    market(binanceSymbol) {
      const market = ctx.symbols.market(binanceSymbol);
      if (!permits(market)) throw binanceErrors.symbolNotPermitted(action);
      return market;
    },
    permitted: ctx.symbols.markets.filter(permits),
  };
}

function answer(error: BinanceError, headers: Record<string, string>): FacadeResponse {
  const all = error.retryAfterSeconds === undefined ? headers : { ...headers, 'retry-after': String(error.retryAfterSeconds) };
  return { status: error.status, body: error.toJSON(), headers: all };
}

/** Where a request comes from when the caller does not say (direct use, as in unit tests). */
const UNKNOWN_IP = 'unknown';

/** The calls that place a new order: their answers carry the account's order counts. */
const ORDER_PLACING: ReadonlySet<string> = new Set(['POST order', 'POST order/cancelReplace']);

/** The raw parameters (query over body), read leniently: for the weight table, before any validation. */
function paramReader(request: FacadeRequest): (name: string) => string | undefined {
  let values: URLSearchParams | undefined;
  return (name) => {
    values ??= new URLSearchParams(`${request.body}&${request.query}`);
    const all = values.getAll(name);
    const value = all[all.length - 1];
    return value === undefined || value === '' ? undefined : value;
  };
}

/** A body answered with a status other than 200 (cancelReplace's partial and failed outcomes). */
class StatusAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** An endpoint's result as the response, its times in the unit the request asked for. */
function reply(result: unknown, unit: TimeUnit, path: string, headers: Record<string, string>): FacadeResponse {
  const { status, body } = result instanceof StatusAnswer ? result : { status: 200, body: result };
  return { status, body: inTimeUnit(body, unit, path), headers };
}

function parseSymbolList(raw: string): string[] {
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw binanceErrors.invalidParam('symbols');
  }
  if (!Array.isArray(list) || list.length === 0 || !list.every((s) => typeof s === 'string')) throw binanceErrors.invalidParam('symbols');
  return list as string[];
}

/** Oldest first, as Binance lists everything; ids break ties within one millisecond. */
function ascending<T extends { timestamp: number; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.timestamp - b.timestamp || compareIds(a.id, b.id));
}

/** Newest first, whatever order the venue listed them in. */
function newestFirst<T extends { timestamp: number; id: string }>(items: readonly T[]): T[] {
  return ascending(items).reverse();
}

function byCreation(orders: Order[]): Order[] {
  return [...orders].sort((a, b) => a.createdAt - b.createdAt || compareIds(a.orderNo, b.orderNo));
}

function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return compare(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Binance's paging: from a starting point the first `limit`, otherwise the latest `limit`. */
function page<T>(items: T[], limit: number, fromStart: boolean): T[] {
  return fromStart ? items.slice(0, limit) : items.slice(-limit);
}

function randomClientOrderId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

/** The id a cancel goes by: the one sent in `name`, or a new one. */
function cancelClientOrderId(params: Params, name = 'newClientOrderId'): string {
  const id = params.optional(name);
  if (id === undefined) return randomClientOrderId();
  if (!CLIENT_ORDER_ID.test(id)) throw binanceErrors.illegalChars(name, CLIENT_ORDER_ID.source);
  return id;
}

/**
 * The new order of POST order (and order/test, and cancelReplace) from Binance's parameters, with
 * the quantity a quoteOrderQty market order trades worked out, checked against the filters.
 */
async function orderToPlace(params: Params, account: Exchange, market: Market) {
  const side = params.required('side');
  if (side !== 'BUY' && side !== 'SELL') throw binanceErrors.invalidSide();
  const type = params.required('type');
  const request = orderRequest(params, market, side === 'BUY' ? 'buy' : 'sell', type);
  const respType: NewOrderRespType = params.oneOf('newOrderRespType', NEW_ORDER_RESP_TYPES, () => binanceErrors.illegalChars('newOrderRespType', 'ACK|RESULT|FULL')) ?? 'FULL';
  checkSelfTradePreventionMode(params);
  const quoteOrderQty = params.decimal('quoteOrderQty');
  if (request.tradeType === 'market' && quoteOrderQty !== undefined) {
    request.amount = quantityForQuote(await account.fetchOrderBook(market.symbol, 5000), request.direction, quoteOrderQty, market);
  }
  checkFilters(request, market);
  return { request, respType, quoteOrderQty };
}

/** A placement's outcome, its refusal included. */
async function placement(placing: Promise<Order>): Promise<CancelReplacePart> {
  try {
    return { ok: true, order: await placing };
  } catch (err) {
    if (isExchangeError(err)) return { ok: false, error: err };
    throw err;
  }
}

/** Every order prevents self-trades one way (exchangeInfo's only allowed mode): another mode asked for is refused. */
function checkSelfTradePreventionMode(params: Params): void {
  const mode = params.oneOf('selfTradePreventionMode', STP_MODES, () => binanceErrors.illegalChars('selfTradePreventionMode', STP_MODES.join('|')));
  if (mode !== undefined && mode !== SELF_TRADE_PREVENTION_MODE) throw binanceErrors.selfTradePreventionModeNotAllowed();
}

/** Binance's order parameters → our request, refusing combinations we do not serve. */
function orderRequest(params: Params, market: Market, direction: 'buy' | 'sell', type: string): PlaceOrderRequest {
  for (const name of UNSUPPORTED_ORDER_PARAMS) if (params.has(name)) throw binanceErrors.unsupportedCombination();
  const clientOrderId = params.optional('newClientOrderId') ?? randomClientOrderId();
  if (!CLIENT_ORDER_ID.test(clientOrderId)) throw binanceErrors.illegalChars('newClientOrderId', CLIENT_ORDER_ID.source);
  const base = { symbol: market.symbol, direction, clientOrderId };
  switch (type) {
    case 'LIMIT': {
      const timeInForce = params.required('timeInForce');
      if (timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK') throw binanceErrors.invalidTimeInForce();
      if (params.has('quoteOrderQty')) throw binanceErrors.notRequired('quoteOrderQty');
      return { ...base, tradeType: 'limit', timeInForce, amount: requiredDecimal(params, 'quantity'), price: requiredDecimal(params, 'price') };
    }
    case 'LIMIT_MAKER': {
      if (params.has('timeInForce')) throw binanceErrors.notRequired('timeInForce');
      if (params.has('quoteOrderQty')) throw binanceErrors.notRequired('quoteOrderQty');
      return { ...base, tradeType: 'limit', timeInForce: 'POST_ONLY', amount: requiredDecimal(params, 'quantity'), price: requiredDecimal(params, 'price') };
    }
    case 'MARKET': {
      if (params.has('timeInForce')) throw binanceErrors.notRequired('timeInForce');
      if (params.has('price')) throw binanceErrors.notRequired('price');
      const quantity = params.decimal('quantity');
      const quote = params.decimal('quoteOrderQty');
      if (quantity === undefined && quote === undefined) throw binanceErrors.eitherMandatory('quantity', 'quoteOrderQty');
      if (quantity !== undefined && quote !== undefined) throw binanceErrors.unsupportedCombination();
      // With quoteOrderQty the base amount is worked out from the book just before placing.
      return { ...base, tradeType: 'market', timeInForce: 'IOC', amount: quantity ?? '0' };
    }
    case 'STOP_LOSS':
    case 'STOP_LOSS_LIMIT':
    case 'TAKE_PROFIT':
    case 'TAKE_PROFIT_LIMIT':
      throw binanceErrors.unsupportedCombination();
    default:
      throw binanceErrors.invalidOrderType();
  }
}

function requiredDecimal(params: Params, name: string): string {
  const value = params.decimal(name);
  if (value === undefined) throw binanceErrors.mandatory(name);
  return value;
}

/**
 * The base amount a quoteOrderQty market order trades: a buy takes asks until it has spent the
 * quote amount, a sell hits bids until it would receive it, rounded down to the lot step.
 */
function quantityForQuote(book: OrderBook, direction: 'buy' | 'sell', quote: string, market: Market): string {
  const levels = direction === 'buy' ? book.asks : book.bids;
  if (levels.length === 0) throw new ExchangeError('no_liquidity', 'the book is empty');
  let remaining = quote;
  let amount = '0';
  for (const [price, size] of levels) {
    const levelQuote = mul(price, size);
    if (compare(levelQuote, remaining) <= 0) {
      amount = add(amount, size);
      remaining = minus(remaining, levelQuote);
      if (sign(remaining) === 0) break;
    } else {
      amount = add(amount, div(remaining, price, { decimals: market.amountPrecision, rounding: 'down' }));
      break;
    }
  }
  return roundToStep(amount, stepOf(market.amountPrecision), 'down');
}

/** The filters `exchangeInfo` publishes, every bound it states included, checked the way Binance checks them (-1013). */
function checkFilters(request: PlaceOrderRequest, market: Market): void {
  const { maxPrice, maxQty, maxNotional } = filterMaxima(market);
  if (sign(request.amount) <= 0) throw binanceErrors.invalidQuantity();
  if (decimalsOf(request.amount) > market.amountPrecision) throw binanceErrors.filter('LOT_SIZE');
  if (compare(request.amount, market.minAmount) < 0) throw binanceErrors.filter('LOT_SIZE');
  if (compare(request.amount, maxQty) > 0) throw binanceErrors.filter('LOT_SIZE');
  if (request.price === undefined) return;
  if (sign(request.price) <= 0) throw binanceErrors.invalidPrice();
  if (decimalsOf(request.price) > market.pricePrecision) throw binanceErrors.filter('PRICE_FILTER');
  if (compare(request.price, maxPrice) > 0) throw binanceErrors.filter('PRICE_FILTER');
  const notional = mul(request.price, request.amount);
  if (compare(notional, market.minNotional) < 0) throw binanceErrors.filter('NOTIONAL');
  if (compare(notional, maxNotional) > 0) throw binanceErrors.filter('NOTIONAL');
}
