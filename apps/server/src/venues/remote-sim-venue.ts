import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  ExchangeError,
  type Balance,
  type CancelReplaceMode,
  type CancelReplaceResult,
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
  type SimAddPairOptions,
  type SimPairConfig,
  type Ticker,
  type Trade,
} from '@makerdesk/exchange';
import type { ClusterBus } from '../bus/cluster-bus.ts';
import type { ClosablePort } from './sim-access.ts';
import { SIM_EVENTS_TOPIC, SIM_INTEREST_TOPIC, type SimEventBatch, type SimInterest } from './sim-event-relay.ts';
import { decodeCancelReplace, decodeError, RETRYABLE_OPS, SIM_CALL_PATH, signedHeaders, type SimOp, type SimReply, type WireCancelReplace } from './sim-wire.ts';
import { Subscriptions } from './subscriptions.ts';

export interface RemoteSimOptions {
  /** The holder's URL (cluster_nodes: runs_simulator with a fresh heartbeat); undefined when none. */
  holderUrl(): Promise<string | undefined>;
  /** deriveKey(masterKey, 'cluster-sim'). */
  key: Buffer;
  bus: ClusterBus;
  /** A call without an answer after this is a lost answer ('network'); 8 s by default, under the engine's 10 s. */
  timeoutMs?: number;
  /** How long a holder URL is used before it is read again (it is read again at once after a failure). */
  holderTtlMs?: number;
  /** How often the markets list is refreshed, and live subscriptions announced again. */
  refreshMs?: number;
  now?: () => number;
}

const SIM_CAPABILITIES: ExchangeCapabilities = { selfTradePrevention: true, postOnly: true, ioc: true, stream: true, batchCancel: true };
const INTEREST_TTL_MS = 15_000;

interface Subscriber {
  apiKey: string;
  symbol: string;
  listener: (event: ExchangeEvent) => void;
}

/**
 * The simulator of another server: every call goes to the holder's internal API, signed
 * with the cluster key, over kept-alive connections. A call that gets no answer (the holder is
 * gone, a timeout) is an ExchangeError('network'): for a placement the engine's lost answer,
 * resolved by client order id, never sent twice. Reads are tried once more at a holder read again.
 * Live events come over the cluster bus from the holder's relay, for the pairs announced here.
 */
export class RemoteSimVenue implements ClosablePort {
  private holder: { url: string; until: number } | undefined;
  private marketList: Market[] = [];
  private readonly agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };
  private readonly subscribers = new Set<Subscriber>();
  private readonly stopEvents: () => void;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly holderTtlMs: number;
  /** Told apart from other servers' subscribers in tests that share one bus. */
  readonly instanceId = randomBytes(6).toString('hex');
  private closed = false;
  /** When the holder last answered a call (ms since the epoch), or undefined before its first answer. */
  lastAnswerAt: number | undefined;

  constructor(private readonly options: RemoteSimOptions) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.holderTtlMs = options.holderTtlMs ?? 3000;
    this.stopEvents = options.bus.subscribe<SimEventBatch>(SIM_EVENTS_TOPIC, (batch) => this.deliver(batch));
    this.timer = setInterval(() => {
      void this.refreshMarkets().catch(() => undefined);
      this.announce();
    }, options.refreshMs ?? 5000);
    this.timer.unref?.();
  }

  /** Reads the holder's markets (at start, after addPair, and every few seconds): `markets()` answers from them. */
  async refreshMarkets(): Promise<Market[]> {
    this.marketList = (await this.call('markets', undefined, [])) as Market[];
    return this.marketList;
  }

  /** One call to the holder. Throws the holder venue's error, or ExchangeError('network') without an answer. */
  async call(op: SimOp, apiKey: string | undefined, args: unknown[]): Promise<unknown> {
    try {
      return await this.send(op, apiKey, args);
    } catch (err) {
      if (!(err instanceof LostAnswer)) throw err;
      this.holder = undefined;
      if (!RETRYABLE_OPS.has(op)) throw err.error;
      try {
        return await this.send(op, apiKey, args);
      } catch (again) {
        if (again instanceof LostAnswer) {
          this.holder = undefined;
          throw again.error;
        }
        throw again;
      }
    }
  }

  private async holderUrl(): Promise<string> {
    if (this.holder && this.holder.until > this.now()) return this.holder.url;
    let url: string | undefined;
    try {
      url = await this.options.holderUrl();
    } catch (err) {
      throw new LostAnswer(new ExchangeError('network', 'The simulator server could not be looked up', {}, { cause: err }));
    }
    if (!url) throw new LostAnswer(new ExchangeError('network', 'No server runs the simulator at the moment'));
    this.holder = { url, until: this.now() + this.holderTtlMs };
    return url;
  }

  private async send(op: SimOp, apiKey: string | undefined, args: unknown[]): Promise<unknown> {
    if (this.closed) throw new ExchangeError('network', 'The simulator connection is closed');
    const base = await this.holderUrl();
    const body = JSON.stringify({ op, ...(apiKey !== undefined ? { apiKey } : {}), args: args.map((a) => (a === undefined ? null : a)) });
    const { status, text } = await this.post(new URL(SIM_CALL_PATH, base), body, signedHeaders(this.options.key, body, this.now()));
    let reply: SimReply | undefined;
    try {
      reply = JSON.parse(text) as SimReply;
    } catch {
      reply = undefined;
    }
    if (status !== 200 || !reply || typeof reply.ok !== 'boolean') {
      // Not the holder any more, refused (a key mismatch), or not ours: the answer is lost either way.
      const why = reply && !reply.ok ? reply.error.message : `HTTP ${status}`;
      throw new LostAnswer(new ExchangeError('network', `The simulator server did not answer ${op}: ${why}`, { status }));
    }
    // The holder answered (a venue refusal is an answer too): the readiness probe reads when.
    this.lastAnswerAt = this.now();
    if (!reply.ok) throw decodeError(reply.error);
    return reply.value;
  }

  private post(url: URL, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? this.agents.https : this.agents.http;
    return new Promise((resolve, reject) => {
      const lost = (err: unknown) => reject(new LostAnswer(new ExchangeError('network', `The simulator server could not be reached: ${err instanceof Error ? err.message : String(err)}`, {}, { cause: err })));
      const request = client.request(
        url,
        { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: this.timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', lost);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      request.on('error', lost);
      request.end(body);
    });
  }

  markets(): Market[] {
    if (this.marketList.length === 0) void this.refreshMarkets().catch(() => undefined);
    return this.marketList.map((m) => ({ ...m }));
  }

  async pairs(): Promise<readonly SimPairConfig[]> {
    return (await this.call('pairs', undefined, [])) as SimPairConfig[];
  }

  async addPair(config: SimPairConfig, options: SimAddPairOptions): Promise<void> {
    await this.call('addPair', undefined, [config, options]);
    await this.refreshMarkets().catch(() => undefined);
  }

  async hasAccount(apiKey: string): Promise<boolean> {
    return (await this.call('hasAccount', apiKey, [])) as boolean;
  }

  async openAccount(apiKey: string): Promise<void> {
    await this.call('openAccount', apiKey, []);
  }

  marketData(): MarketDataReader {
    return new RemoteMarketData(this);
  }

  account(apiKey: string): Exchange {
    return new RemoteAccount(this, apiKey);
  }

  async orderByClientId(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined> {
    return ((await this.call('orderByClientId', apiKey, [symbol, clientOrderId])) as Order | undefined) ?? undefined;
  }

  /** Sent once: a lost answer is a 'network' error, resolved like a lost placement (by client order id). */
  async cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult> {
    return decodeCancelReplace((await this.call('cancelReplace', apiKey, [symbol, orderNo, request, mode])) as WireCancelReplace);
  }

  async referenceBook(symbol: string, depth?: number): Promise<OrderBook> {
    return (await this.call('referenceBook', undefined, [symbol, depth])) as OrderBook;
  }

  async referencePrice(symbol: string): Promise<string> {
    return (await this.call('referencePrice', undefined, [symbol])) as string;
  }

  /** Live events of `symbol` for `apiKey`'s account, relayed by the holder (~150 ms batches). */
  subscribe(apiKey: string, symbol: string, listener: (event: ExchangeEvent) => void): () => void {
    const subscriber: Subscriber = { apiKey, symbol, listener };
    this.subscribers.add(subscriber);
    this.announce();
    return () => {
      // The holder stops relaying once the announcement expires.
      this.subscribers.delete(subscriber);
    };
  }

  private announce(): void {
    if (this.closed || this.subscribers.size === 0) return;
    const seen = new Set<string>();
    const watches = [...this.subscribers].flatMap(({ apiKey, symbol }) => {
      const key = `${apiKey}\0${symbol}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ apiKey, symbol }];
    });
    const interest: SimInterest = { watches, ttlMs: INTEREST_TTL_MS };
    this.options.bus.publish(SIM_INTEREST_TOPIC, interest);
  }

  private deliver(batch: SimEventBatch): void {
    const send = (subscriber: Subscriber, event: ExchangeEvent) => {
      try {
        subscriber.listener(event);
      } catch {
        // A listener's failure is its own, as on the venue.
      }
    };
    if ('balances' in batch) {
      for (const { apiKey, balances } of batch.balances) {
        for (const s of [...this.subscribers]) if (s.apiKey === apiKey) send(s, { type: 'balances', balances: balances as Balance[] });
      }
      return;
    }
    const { symbol } = batch;
    const listening = [...this.subscribers].filter((s) => s.symbol === symbol);
    if (listening.length === 0) return;
    for (const { apiKey, order } of batch.orders ?? []) {
      for (const s of listening) if (s.apiKey === apiKey) send(s, { type: 'order', symbol, order });
    }
    if (batch.trades && batch.trades.length > 0) for (const s of listening) send(s, { type: 'trades', symbol, trades: batch.trades });
    if (batch.book) for (const s of listening) send(s, { type: 'book', symbol, book: batch.book });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.stopEvents();
    this.subscribers.clear();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** A call that got no answer: its ExchangeError('network') once the holder has been read again. */
class LostAnswer extends Error {
  constructor(readonly error: ExchangeError) {
    super(error.message);
  }
}

class RemoteMarketData implements MarketDataReader {
  constructor(protected readonly remote: RemoteSimVenue) {}

  async loadMarkets(): Promise<Market[]> {
    return (await this.remote.call('loadMarkets', undefined, [])) as Market[];
  }
  async fetchOrderBook(symbol: string, depth?: number): Promise<OrderBook> {
    return (await this.remote.call('fetchOrderBook', undefined, [symbol, depth])) as OrderBook;
  }
  async fetchTrades(symbol: string, limit?: number): Promise<Trade[]> {
    return (await this.remote.call('fetchTrades', undefined, [symbol, limit])) as Trade[];
  }
  async fetchCandles(symbol: string, interval: CandleInterval, options?: { since?: number; limit?: number }): Promise<Candle[]> {
    return (await this.remote.call('fetchCandles', undefined, [symbol, interval, options])) as Candle[];
  }
  async fetchTicker(symbol: string): Promise<Ticker> {
    return (await this.remote.call('fetchTicker', undefined, [symbol])) as Ticker;
  }
}

class RemoteAccount extends RemoteMarketData implements Exchange {
  readonly id = 'sim';
  readonly capabilities = SIM_CAPABILITIES;
  private readonly subscriptions = new Subscriptions();

  constructor(
    remote: RemoteSimVenue,
    private readonly apiKey: string,
  ) {
    super(remote);
  }

  private async run<T>(op: SimOp, args: unknown[]): Promise<T> {
    return (await this.remote.call(op, this.apiKey, args)) as T;
  }

  fetchBalances(): Promise<Balance[]> {
    return this.run('fetchBalances', []);
  }
  fetchOpenOrders(symbol: string): Promise<Order[]> {
    return this.run('fetchOpenOrders', [symbol]);
  }
  fetchClosedOrders(symbol: string, options?: { limit?: number }): Promise<Order[]> {
    return this.run('fetchClosedOrders', [symbol, options]);
  }
  fetchOrder(symbol: string, orderNo: string): Promise<Order> {
    return this.run('fetchOrder', [symbol, orderNo]);
  }
  async fetchOrderByClientId(symbol: string, clientOrderId: string): Promise<Order | null> {
    return (await this.run<Order | null | undefined>('fetchOrderByClientId', [symbol, clientOrderId])) ?? null;
  }
  fetchMyTrades(symbol: string, options?: MyTradesOptions): Promise<MyTrade[]> {
    return this.run('fetchMyTrades', [symbol, options]);
  }
  placeOrder(request: PlaceOrderRequest): Promise<Order> {
    return this.run('placeOrder', [request]);
  }
  cancelOrder(symbol: string, orderNo: string): Promise<Order> {
    return this.run('cancelOrder', [symbol, orderNo]);
  }
  cancelOrders(symbol: string, orderNos: string[]): Promise<Order[]> {
    return this.run('cancelOrders', [symbol, orderNos]);
  }

  subscribe(symbol: string, listener: (event: ExchangeEvent) => void): () => void {
    return this.subscriptions.track(this.remote.subscribe(this.apiKey, symbol, listener));
  }

  async close(): Promise<void> {
    this.subscriptions.closeAll();
  }
}
