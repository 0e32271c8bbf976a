import type { CandleInterval, Exchange, ExchangeEvent, MyTradesOptions, Order, PlaceOrderRequest, SubscribeOptions } from '@makerdesk/exchange';

/** The Exchange methods that send a request to the venue (subscribe and close are not requests). */
export type VenueCall = Exclude<keyof Exchange, 'id' | 'capabilities' | 'subscribe' | 'close' | 'venueUsage' | 'feedStatus' | 'answersLocally' | 'peekOpenOrders'>;

/** Runs one venue request: `send` performs it on the inner venue. */
export type CallInterceptor = <T>(method: VenueCall, send: () => Promise<T>, args: readonly unknown[]) => Promise<T>;

/** A venue whose every request goes through `around` (rate budget, call timeout, scripted faults); the rest passes untouched. */
export function interceptExchange(inner: Exchange, around: CallInterceptor, capabilities?: Partial<Exchange['capabilities']>): Exchange {
  return new InterceptedExchange(inner, around, capabilities);
}

class InterceptedExchange implements Exchange {
  readonly id: string;
  readonly capabilities: Exchange['capabilities'];
  readonly fetchPermissions?: Exchange['fetchPermissions'];
  readonly venueUsage?: Exchange['venueUsage'];
  readonly answersLocally?: Exchange['answersLocally'];
  readonly feedStatus?: Exchange['feedStatus'];
  readonly peekOpenOrders?: Exchange['peekOpenOrders'];

  constructor(
    private readonly inner: Exchange,
    private readonly around: CallInterceptor,
    capabilities?: Partial<Exchange['capabilities']>,
  ) {
    this.id = inner.id;
    this.capabilities = capabilities ? { ...inner.capabilities, ...capabilities } : inner.capabilities;
    const permissions = inner.fetchPermissions?.bind(inner);
    if (permissions) this.fetchPermissions = () => this.around('fetchPermissions', permissions, []);
    // Reads what the venue's answers said: no request, passed through.
    const usage = inner.venueUsage?.bind(inner);
    if (usage) this.venueUsage = usage;
    // Asks the feeds' state, no request: passed through.
    const local = inner.answersLocally?.bind(inner);
    if (local) this.answersLocally = local;
    // How the venue's data arrives (stream or polling, issue 19): a reading of its state, no request.
    const feed = inner.feedStatus?.bind(inner);
    if (feed) this.feedStatus = feed;
    // The account stream's open orders as held, no request: passed through.
    const peek = inner.peekOpenOrders?.bind(inner);
    if (peek) this.peekOpenOrders = peek;
  }

  loadMarkets() {
    return this.around('loadMarkets', () => this.inner.loadMarkets(), []);
  }
  fetchOrderBook(symbol: string, depth?: number) {
    return this.around('fetchOrderBook', () => this.inner.fetchOrderBook(symbol, depth), [symbol, depth]);
  }
  fetchTrades(symbol: string, limit?: number) {
    return this.around('fetchTrades', () => this.inner.fetchTrades(symbol, limit), [symbol, limit]);
  }
  fetchCandles(symbol: string, interval: CandleInterval, options?: { since?: number; limit?: number }) {
    return this.around('fetchCandles', () => this.inner.fetchCandles(symbol, interval, options), [symbol, interval, options]);
  }
  fetchTicker(symbol: string) {
    return this.around('fetchTicker', () => this.inner.fetchTicker(symbol), [symbol]);
  }
  fetchBalances() {
    return this.around('fetchBalances', () => this.inner.fetchBalances(), []);
  }
  fetchOpenOrders(symbol: string) {
    return this.around('fetchOpenOrders', () => this.inner.fetchOpenOrders(symbol), [symbol]);
  }
  fetchClosedOrders(symbol: string, options?: { limit?: number }) {
    return this.around('fetchClosedOrders', () => this.inner.fetchClosedOrders(symbol, options), [symbol, options]);
  }
  fetchOrder(symbol: string, orderNo: string) {
    return this.around('fetchOrder', () => this.inner.fetchOrder(symbol, orderNo), [symbol, orderNo]);
  }
  fetchOrderByClientId(symbol: string, clientOrderId: string): Promise<Order | null> {
    return this.around('fetchOrderByClientId', () => this.inner.fetchOrderByClientId(symbol, clientOrderId), [symbol, clientOrderId]);
  }
  fetchMyTrades(symbol: string, options?: MyTradesOptions) {
    return this.around('fetchMyTrades', () => this.inner.fetchMyTrades(symbol, options), [symbol, options]);
  }
  placeOrder(request: PlaceOrderRequest) {
    return this.around('placeOrder', () => this.inner.placeOrder(request), [request]);
  }
  cancelOrder(symbol: string, orderNo: string) {
    return this.around('cancelOrder', () => this.inner.cancelOrder(symbol, orderNo), [symbol, orderNo]);
  }
  cancelOrders(symbol: string, orderNos: string[]) {
    return this.around('cancelOrders', () => this.inner.cancelOrders(symbol, orderNos), [symbol, orderNos]);
  }
  subscribe(symbol: string, listener: (event: ExchangeEvent) => void, options?: SubscribeOptions) {
    return this.inner.subscribe(symbol, listener, options);
  }
  close() {
    return this.inner.close();
  }
}
