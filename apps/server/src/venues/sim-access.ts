import type {
  CancelReplaceMode,
  CancelReplaceResult,
  Exchange,
  ExchangeCapabilities,
  ExchangeEvent,
  Market,
  MarketDataReader,
  MyTradesOptions,
  Order,
  OrderBook,
  PlaceOrderRequest,
  SimAddPairOptions,
  SimPairConfig,
  SimVenueApi,
} from '@makerdesk/exchange';
import type { SimHost } from './sim-host.ts';
import { Subscriptions } from './subscriptions.ts';

/**
 * What the server does with the built-in simulator: the parts of SimVenueApi it uses,
 * asynchronous where another server may answer. One process runs the simulator (the holder of its
 * claim); the others reach it through a RemoteSimVenue.
 */
export interface SimVenuePort {
  /** The venue's markets: the holder's own list, kept and refreshed every few seconds elsewhere (the Binance facade reads it synchronously). */
  markets(): Market[];
  pairs(): Promise<readonly SimPairConfig[]>;
  addPair(config: SimPairConfig, options: SimAddPairOptions): Promise<void>;
  hasAccount(apiKey: string): Promise<boolean>;
  openAccount(apiKey: string): Promise<void>;
  marketData(): MarketDataReader;
  account(apiKey: string): Exchange;
  orderByClientId(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined>;
  cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult>;
  referenceBook(symbol: string, depth?: number): Promise<OrderBook>;
  referencePrice(symbol: string): Promise<string>;
}

/** The simulator of this process, as a port. */
export class LocalSimPort implements SimVenuePort {
  constructor(readonly venue: SimVenueApi) {}

  markets(): Market[] {
    return this.venue.markets();
  }

  async pairs(): Promise<readonly SimPairConfig[]> {
    return this.venue.pairs;
  }

  addPair(config: SimPairConfig, options: SimAddPairOptions): Promise<void> {
    return this.venue.addPair(config, options);
  }

  async hasAccount(apiKey: string): Promise<boolean> {
    return this.venue.hasAccount(apiKey);
  }

  openAccount(apiKey: string): Promise<void> {
    return this.venue.openAccount(apiKey);
  }

  marketData(): MarketDataReader {
    return this.venue.marketData();
  }

  account(apiKey: string): Exchange {
    return this.venue.account(apiKey);
  }

  orderByClientId(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined> {
    return this.venue.orderByClientId(apiKey, symbol, clientOrderId);
  }

  cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult> {
    return this.venue.cancelReplace(apiKey, symbol, orderNo, request, mode);
  }

  async referenceBook(symbol: string, depth?: number): Promise<OrderBook> {
    return this.venue.referenceBook(symbol, depth);
  }

  async referencePrice(symbol: string): Promise<string> {
    return this.venue.referencePrice(symbol);
  }
}

/** A remote venue as SimAccess switches away from it. */
export interface ClosablePort extends SimVenuePort {
  close(): Promise<void>;
  /** When the remote venue last answered a call (ms since the epoch; undefined before its first answer). */
  readonly lastAnswerAt?: number | undefined;
}

interface Live {
  readonly apiKey: string;
  readonly symbol: string;
  readonly listener: (event: ExchangeEvent) => void;
  stop: () => void;
}

/**
 * The one object through which the server reaches the simulator: this process's SimHost, or the
 * holder's venue over the internal API. A server that takes the simulator over switches it to
 * local; account handles and live subscriptions handed out before follow the switch.
 */
export class SimAccess implements SimVenuePort {
  private port: SimVenuePort;
  private host: SimHost | undefined;
  private readonly live = new Set<Live>();

  private constructor(port: SimVenuePort, host: SimHost | undefined) {
    this.port = port;
    this.host = host;
  }

  static local(host: SimHost): SimAccess {
    return new SimAccess(new LocalSimPort(host.venue), host);
  }

  static remote(port: ClosablePort): SimAccess {
    return new SimAccess(port, undefined);
  }

  /** True while this process runs the simulator. */
  get isLocal(): boolean {
    return this.host !== undefined;
  }

  /** Run here, or reached at the holder: when it last answered (the readiness probe's simulator check). */
  reach(): { local: true } | { local: false; lastAnswerAt: number | undefined } {
    if (this.host) return { local: true };
    return { local: false, lastAnswerAt: isClosable(this.port) ? this.port.lastAnswerAt : undefined };
  }

  /** This process's SimHost; throws while the simulator runs in another server (tests and the holder's own API read it). */
  get localHost(): SimHost {
    if (!this.host) throw new Error('the simulator runs in another server');
    return this.host;
  }

  /** This process's venue, or undefined while another server runs it. */
  get localVenue(): SimVenueApi | undefined {
    return this.host?.venue;
  }

  /** From now on the simulator is `host`'s (this server took it over). Live subscriptions move to it. */
  async useLocal(host: SimHost): Promise<void> {
    const previous = this.port;
    this.host = host;
    this.port = new LocalSimPort(host.venue);
    for (const entry of this.live) {
      entry.stop();
      try {
        this.attach(entry);
      } catch {
        // A pair the journal did not keep: its subscriber hears nothing more, as after a restart.
        entry.stop = () => undefined;
      }
    }
    if (isClosable(previous)) await previous.close();
  }

  markets(): Market[] {
    return this.port.markets();
  }

  pairs(): Promise<readonly SimPairConfig[]> {
    return this.port.pairs();
  }

  addPair(config: SimPairConfig, options: SimAddPairOptions): Promise<void> {
    return this.port.addPair(config, options);
  }

  hasAccount(apiKey: string): Promise<boolean> {
    return this.port.hasAccount(apiKey);
  }

  openAccount(apiKey: string): Promise<void> {
    return this.port.openAccount(apiKey);
  }

  marketData(): MarketDataReader {
    return {
      loadMarkets: () => this.port.marketData().loadMarkets(),
      fetchOrderBook: (symbol, depth) => this.port.marketData().fetchOrderBook(symbol, depth),
      fetchTrades: (symbol, limit) => this.port.marketData().fetchTrades(symbol, limit),
      fetchCandles: (symbol, interval, options) => this.port.marketData().fetchCandles(symbol, interval, options),
      fetchTicker: (symbol) => this.port.marketData().fetchTicker(symbol),
    };
  }

  account(apiKey: string): Exchange {
    return new SwitchingAccount(this, apiKey);
  }

  orderByClientId(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined> {
    return this.port.orderByClientId(apiKey, symbol, clientOrderId);
  }

  cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult> {
    return this.port.cancelReplace(apiKey, symbol, orderNo, request, mode);
  }

  referenceBook(symbol: string, depth?: number): Promise<OrderBook> {
    return this.port.referenceBook(symbol, depth);
  }

  referencePrice(symbol: string): Promise<string> {
    return this.port.referencePrice(symbol);
  }

  /** The current venue's account handle (kept while the venue stays the same). */
  accountNow(apiKey: string, cache: { port?: SimVenuePort; exchange?: Exchange }): Exchange {
    if (cache.port !== this.port || !cache.exchange) {
      cache.port = this.port;
      cache.exchange = this.port.account(apiKey);
    }
    return cache.exchange;
  }

  subscribe(apiKey: string, symbol: string, listener: (event: ExchangeEvent) => void): () => void {
    const entry: Live = { apiKey, symbol, listener, stop: () => undefined };
    this.attach(entry);
    this.live.add(entry);
    return () => {
      this.live.delete(entry);
      entry.stop();
    };
  }

  /** Live subscriptions open through this access (metrics and tests). */
  get liveSubscriptions(): number {
    return this.live.size;
  }

  private attach(entry: Live): void {
    entry.stop = this.port.account(entry.apiKey).subscribe(entry.symbol, entry.listener);
  }

  /** Stops the remote venue's polling and events (the local SimHost is closed by its owner). */
  async close(): Promise<void> {
    for (const entry of this.live) entry.stop();
    this.live.clear();
    if (isClosable(this.port)) await this.port.close();
  }
}

function isClosable(port: SimVenuePort): port is ClosablePort {
  return typeof (port as Partial<ClosablePort>).close === 'function';
}

const SIM_CAPABILITIES: ExchangeCapabilities = { selfTradePrevention: true, postOnly: true, ioc: true, stream: true, batchCancel: true };

/** An account of the simulator that follows SimAccess when the simulator moves to this server. */
class SwitchingAccount implements Exchange {
  readonly id = 'sim';
  readonly capabilities = SIM_CAPABILITIES;
  private readonly cache: { port?: SimVenuePort; exchange?: Exchange } = {};
  private readonly subscriptions = new Subscriptions();

  constructor(
    private readonly access: SimAccess,
    private readonly apiKey: string,
  ) {}

  private get now(): Exchange {
    return this.access.accountNow(this.apiKey, this.cache);
  }

  loadMarkets() {
    return this.now.loadMarkets();
  }
  fetchOrderBook(symbol: string, depth?: number) {
    return this.now.fetchOrderBook(symbol, depth);
  }
  fetchTrades(symbol: string, limit?: number) {
    return this.now.fetchTrades(symbol, limit);
  }
  fetchCandles(...args: Parameters<Exchange['fetchCandles']>) {
    return this.now.fetchCandles(...args);
  }
  fetchTicker(symbol: string) {
    return this.now.fetchTicker(symbol);
  }
  fetchBalances() {
    return this.now.fetchBalances();
  }
  fetchOpenOrders(symbol: string) {
    return this.now.fetchOpenOrders(symbol);
  }
  fetchClosedOrders(symbol: string, options?: { limit?: number }) {
    return this.now.fetchClosedOrders(symbol, options);
  }
  fetchOrder(symbol: string, orderNo: string) {
    return this.now.fetchOrder(symbol, orderNo);
  }
  fetchOrderByClientId(symbol: string, clientOrderId: string) {
    return this.now.fetchOrderByClientId(symbol, clientOrderId);
  }
  fetchMyTrades(symbol: string, options?: MyTradesOptions) {
    return this.now.fetchMyTrades(symbol, options);
  }
  placeOrder(request: PlaceOrderRequest) {
    return this.now.placeOrder(request);
  }
  cancelOrder(symbol: string, orderNo: string) {
    return this.now.cancelOrder(symbol, orderNo);
  }
  cancelOrders(symbol: string, orderNos: string[]) {
    return this.now.cancelOrders(symbol, orderNos);
  }

  subscribe(symbol: string, listener: (event: ExchangeEvent) => void): () => void {
    return this.subscriptions.track(this.access.subscribe(this.apiKey, symbol, listener));
  }

  async close(): Promise<void> {
    this.subscriptions.closeAll();
  }
}
