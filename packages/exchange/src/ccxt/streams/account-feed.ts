/**
 * One key's account by stream (issue 19): ONE user-stream subscription per key, shared by every
 * reader of the key on the server (bots, console). Balances, a pair's open orders and orders the
 * stream saw end are answered from `AccountState`; placing and cancelling stay REST, their answers
 * applied at once. A reconciliation by REST (balances and the open orders of the pairs in use) runs
 * when the stream is up, every `reconcileMs` and after every gap; orders that left the book meanwhile
 * are read once each. While the stream is down the key polls (one read per key and pair for every
 * reader, reused for `pollReuseMs`) and the stream is retried (1 s, 2 s, 4 s … 30 s). A venue
 * without a stream polls the same way.
 */
import type { Balance, Exchange, ExchangeEvent, FeedStatus, LocalRead, Order, PlaceOrderRequest, SubscribeOptions } from '../../exchange.ts';
import { worseFeed } from '../../exchange.ts';
import { parseBalances, parseOrder } from '../parse-account.ts';
import type { CcxtExchangeConfig } from '../ccxt-exchange.ts';
import { AccountState } from './account-state.ts';
import { openProVenue, proHas, type ProVenue } from './pro-venue.ts';

/** A venue's user stream, as the feed drives it. */
export interface AccountStream {
  /**
   * Opens (or opens again) the subscription; resolves once the venue confirmed it, from when every
   * change of the account is pushed to the handlers. `broken` settles when the connection breaks.
   */
  connect(handlers: { orders(orders: Order[]): void; balances(balances: Balance[]): void }): Promise<{ broken: Promise<unknown> }>;
  close(): Promise<void>;
}

export interface AccountFeedOptions {
  /** Every `reconcileMs` while the stream is up (default 60 s). */
  reconcileMs?: number;
  /** A poll's answer serves every reader of the key and pair this long (default 1 s). */
  pollReuseMs?: number;
  /** The stream's retries: 1 s, 2 s, 4 s … up to this (default 30 s). */
  retryMaxMs?: number;
  /** Pairs not read for this long are left out of the periodic reconciliation (default 5 min). */
  idleSymbolMs?: number;
  now?: () => number;
  /** How often the account's subscribers are polled for while there is no stream (default 2 s). */
  pollIntervalMs?: number;
  /** Told when the feed changes mode (tests, logs). */
  onStatus?: (status: FeedStatus) => void;
}

/** The n-th retry's delay (n from 1): 1 s, 2 s, 4 s … `maxMs`. */
export function retryDelayMs(n: number, maxMs = 30_000): number {
  return Math.min(maxMs, 1000 * 2 ** Math.max(0, n - 1));
}

interface Read {
  generation: number;
  at: number;
  promise: Promise<void>;
  settled: boolean;
  error: unknown;
  failures: number;
}

interface Subscriber {
  symbol: string;
  listener: (event: ExchangeEvent) => void;
  onPoll: ((error: unknown) => void) | undefined;
  /** Told its first picture of the pair: changes before it are in that picture. */
  ready: boolean;
  /** SubscribeOptions.pushedOnly: no first picture, no polls. */
  pushedOnly: boolean;
}

export class AccountFeed {
  readonly state = new AccountState({
    onOrder: (order) => {
      for (const s of this.subscribers) if (s.ready && s.symbol === order.symbol) s.listener({ type: 'order', symbol: order.symbol, order });
    },
    onBalances: () => {
      if (this.subscribers.size === 0) return;
      const balances = this.state.knownBalances();
      for (const s of this.subscribers) if (s.ready) s.listener({ type: 'balances', balances });
    },
  });
  private readonly subscribers = new Set<Subscriber>();
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private statusNow: FeedStatus;
  private closed = false;
  /** Grows at every connection and every gap: a read started in another generation completes nothing. */
  private generation = 0;
  private readonly symbols = new Map<string, number>();
  private readonly reads = new Map<string, Read>();
  private reconciling: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private interval: ReturnType<typeof setInterval> | undefined;
  private wake: (() => void) | undefined;
  private readonly now: () => number;
  private readonly reconcileMs: number;
  private readonly pollReuseMs: number;
  private readonly retryMaxMs: number;
  private readonly idleSymbolMs: number;

  constructor(
    /** The key's venue by REST. */
    private readonly rest: Exchange,
    /** Null: the venue has no stream (polling, `unsupported`). */
    private readonly stream: AccountStream | null,
    private readonly options: AccountFeedOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.reconcileMs = options.reconcileMs ?? 60_000;
    this.pollReuseMs = options.pollReuseMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.idleSymbolMs = options.idleSymbolMs ?? 300_000;
    this.statusNow = { mode: 'polling', since: this.now(), reason: stream === null ? 'unsupported' : 'down' };
    if (stream !== null) void this.run(stream);
  }

  status(): FeedStatus {
    return this.statusNow;
  }

  private setStatus(mode: FeedStatus['mode'], reason: FeedStatus['reason']): void {
    if (this.statusNow.mode === mode && this.statusNow.reason === reason) return;
    this.statusNow = { mode, since: this.now(), reason };
    this.options.onStatus?.(this.statusNow);
  }

  private get streaming(): boolean {
    return this.statusNow.mode === 'stream';
  }

  /** Connects, reconciles, waits for a break, marks the gap, retries with back-off; until closed. */
  private async run(stream: AccountStream): Promise<void> {
    let failures = 0;
    const handlers = {
      orders: (orders: Order[]) => {
        for (const order of orders) this.state.applyOrder(order);
      },
      balances: (balances: Balance[]) => this.state.applyBalances(balances),
    };
    while (!this.closed) {
      let broken: Promise<unknown> | null = null;
      try {
        ({ broken } = await stream.connect(handlers));
      } catch {
        // Not connected: polling goes on, the stream is tried again below.
      }
      if (this.closed) break;
      if (broken !== null) {
        const upAt = this.now();
        this.generation++;
        this.setStatus('stream', null);
        this.interval = setInterval(() => void this.reconcile().catch(() => undefined), this.reconcileMs);
        this.interval.unref?.();
        void this.reconcile().catch(() => undefined);
        await Promise.race([broken.catch(() => undefined), new Promise<void>((resolve) => (this.wake = resolve))]);
        clearInterval(this.interval);
        if (this.closed) break;
        this.gap();
        // A stream that stayed up a while is retried after 1 s again; one that keeps breaking backs off further.
        if (this.now() - upAt >= this.retryMaxMs) failures = 0;
      }
      failures++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryDelayMs(failures, this.retryMaxMs));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The stream broke: nothing is complete until reconciled; readers poll meanwhile. */
  private gap(): void {
    this.generation++;
    this.state.gap();
    this.setStatus('polling', 'down');
  }

  /**
   * Balances and the open orders of the pairs in use, by REST, with the orders that left the book
   * read once each. One at a time per key: a caller during one waits for it.
   */
  reconcile(): Promise<void> {
    // One under way may have started before a gap: another follows it, shared by every caller meanwhile.
    if (this.reconciling !== null) {
      this.again ??= this.reconciling
        .catch(() => undefined)
        .then(() => {
          this.again = null;
          return this.reconcile();
        });
      return this.again;
    }
    const cutoff = this.now() - this.idleSymbolMs;
    const symbols = [...this.symbols].filter(([, used]) => used >= cutoff).map(([symbol]) => symbol);
    const run = Promise.all([this.read('balances', () => this.readBalances(), true), ...symbols.map((s) => this.read(`open:${s}`, () => this.readOpen(s), true))]).then(() => undefined);
    this.reconciling = run.finally(() => (this.reconciling = null));
    return this.reconciling;
  }

  /**
   * One REST read for every reader of the key: joined while under way; `fresh` starts a new one
   * unless one is under way; else an answer younger than `pollReuseMs` (a failure: its back-off)
   * serves. Only reads of this generation (no gap nor connection since) are joined or reused.
   */
  private read(key: string, run: () => Promise<void>, fresh = false): Promise<void> {
    const kept = this.reads.get(key);
    // Under way in this generation: joined (one started before a gap or connection completes nothing now).
    if (kept !== undefined && !kept.settled && kept.generation === this.generation) return kept.promise;
    if (kept !== undefined && kept.settled && !fresh && kept.generation === this.generation) {
      const keepFor = kept.error === null ? this.pollReuseMs : Math.min(retryDelayMs(kept.failures, this.retryMaxMs), 8000);
      if (this.now() - kept.at < keepFor) return kept.promise;
    }
    const read: Read = { generation: this.generation, at: this.now(), promise: Promise.resolve(), settled: false, error: null, failures: kept?.failures ?? 0 };
    read.promise = run().then(
      () => {
        read.settled = true;
        read.failures = 0;
      },
      (err: unknown) => {
        read.settled = true;
        read.error = err ?? new Error('read failed');
        read.failures++;
        throw read.error;
      },
    );
    read.promise.catch(() => undefined);
    this.reads.set(key, read);
    return read.promise;
  }

  private async readBalances(): Promise<void> {
    const generation = this.generation;
    const started = this.state.mark();
    const balances = await this.rest.fetchBalances();
    this.state.reconcileBalances(balances, started, this.completes(generation));
  }

  private async readOpen(symbol: string): Promise<void> {
    const generation = this.generation;
    const started = this.state.mark();
    const open = await this.rest.fetchOpenOrders(symbol);
    const left = this.state.reconcileOpenOrders(symbol, open, started, this.completes(generation));
    // How each order that left the book ended (a fill in a gap): read once.
    await Promise.all(
      left.map(async (order) => {
        try {
          this.state.applyOrder(await this.rest.fetchOrder(symbol, order.orderNo));
        } catch {
          // Not open, end unknown: forgotten here, so readers ask the venue (the next read of it is REST).
          this.state.forget(order.orderNo, started);
        }
      }),
    );
  }

  /** A read started in `generation` completes the state if the stream was up all along. */
  private completes(generation: number): boolean {
    return this.streaming && generation === this.generation;
  }

  private use(symbol: string): void {
    this.symbols.set(symbol, this.now());
  }

  async balances(): Promise<Balance[]> {
    const known = this.streaming ? this.state.balances() : null;
    if (known !== null) return known;
    await this.read('balances', () => this.readBalances());
    return this.state.balances() ?? this.state.knownBalances();
  }

  async openOrders(symbol: string): Promise<Order[]> {
    this.use(symbol);
    const known = this.streaming ? this.state.openOrders(symbol) : null;
    if (known !== null) return known;
    await this.read(`open:${symbol}`, () => this.readOpen(symbol));
    return this.state.knownOpen(symbol);
  }

  /** The pair's open orders while the stream is up and complete for it, else null: no request, and the pair is not marked in use. */
  peekOpenOrders(symbol: string): Order[] | null {
    return this.streaming ? this.state.openOrders(symbol) : null;
  }

  /** From the state where it is final there, or open on a pair the stream keeps complete; else by REST. */
  async order(symbol: string, orderNo: string): Promise<Order> {
    this.use(symbol);
    const known = this.state.order(orderNo);
    if (known !== null && this.answers(known)) return known;
    return this.state.applyOrder(await this.rest.fetchOrder(symbol, orderNo));
  }

  async orderByClientId(symbol: string, clientOrderId: string): Promise<Order | null> {
    this.use(symbol);
    const known = this.state.orderByClientId(clientOrderId);
    if (known !== null && known.symbol === symbol && this.answers(known)) return known;
    const found = await this.rest.fetchOrderByClientId(symbol, clientOrderId);
    return found === null ? null : this.state.applyOrder(found);
  }

  /** Whether the read would be answered from the state now, without a request to the venue (the key's rate budget lets it pass). */
  answersLocally(method: LocalRead, args: readonly unknown[]): boolean {
    const [symbol, id] = args as [string | undefined, string | undefined];
    switch (method) {
      case 'fetchBalances':
        return this.streaming && this.state.balances() !== null;
      case 'fetchOpenOrders':
        return this.streaming && typeof symbol === 'string' && this.state.openOrders(symbol) !== null;
      case 'fetchOrder': {
        const known = typeof id === 'string' ? this.state.order(id) : null;
        return known !== null && this.answers(known);
      }
      case 'fetchOrderByClientId': {
        const known = typeof id === 'string' ? this.state.orderByClientId(id) : null;
        return known !== null && known.symbol === symbol && this.answers(known);
      }
      default:
        return false;
    }
  }

  private answers(order: Order): boolean {
    return this.state.isClosed(order.orderNo) || (this.streaming && this.state.isComplete(order.symbol));
  }

  /**
   * The account's updates of a pair (its orders, the balances) as they change here: pushed by the
   * stream, and while there is none polled every `pollIntervalMs` for all subscribers at once. The
   * pair's open orders and the balances are told first.
   */
  listen(symbol: string, listener: (event: ExchangeEvent) => void, options: SubscribeOptions = {}): () => void {
    const pushedOnly = options.pushedOnly === true;
    const subscriber: Subscriber = { symbol, listener, onPoll: options.onPoll, ready: pushedOnly, pushedOnly };
    this.subscribers.add(subscriber);
    this.use(symbol);
    if (pushedOnly) return () => this.subscribers.delete(subscriber);
    void Promise.all([this.openOrders(symbol), this.balances()]).then(
      ([open, balances]) => {
        if (!this.subscribers.has(subscriber)) return;
        subscriber.ready = true;
        for (const order of open) listener({ type: 'order', symbol, order });
        listener({ type: 'balances', balances });
        if (!this.streaming) subscriber.onPoll?.(null);
      },
      (err: unknown) => {
        subscriber.ready = true;
        if (this.subscribers.has(subscriber) && !this.streaming) subscriber.onPoll?.(err ?? new Error('poll failed'));
      },
    );
    this.schedulePoll();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** While anyone listens and there is no stream: one poll of each listened pair and the balances. */
  private schedulePoll(): void {
    if (this.pollTimer !== undefined || this.closed) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      const polled = [...this.subscribers].filter((s) => !s.pushedOnly);
      if (polled.length === 0 || this.closed) return;
      if (!this.streaming) {
        const symbols = new Set(polled.map((s) => s.symbol));
        for (const symbol of symbols) {
          void Promise.all([this.openOrders(symbol), this.balances()]).then(
            () => this.polled(symbol, null),
            (err: unknown) => this.polled(symbol, err ?? new Error('poll failed')),
          );
        }
      }
      this.schedulePoll();
    }, this.options.pollIntervalMs ?? 2000);
    this.pollTimer.unref?.();
  }

  private polled(symbol: string, error: unknown): void {
    for (const s of this.subscribers) if (s.symbol === symbol) s.onPoll?.(error);
  }

  /** The request with the pair's resting orders where the stream keeps them complete (`knownResting`). */
  withResting(request: PlaceOrderRequest): PlaceOrderRequest {
    const open = this.streaming ? this.state.openOrders(request.symbol) : null;
    return open === null ? request : { ...request, knownResting: open.map((o) => ({ direction: o.direction, price: o.price })) };
  }

  /** A placement's or cancel's answer: in the state at once; answers the merged order. */
  applied(order: Order): Order {
    return this.state.applyOrder(order);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.interval);
    clearTimeout(this.pollTimer);
    this.subscribers.clear();
    this.wake?.();
    await this.stream?.close().catch(() => undefined);
  }
}

/**
 * The key's venue with its account answered by `feed`: balances, open orders and orders the feed
 * knows the end of; placements and cancels by REST, their answers applied to the feed. Everything
 * else goes to the venue as it is. `feedStatus` is the worse of the feed's and the venue's.
 */
export function withAccountFeed(exchange: Exchange, feed: AccountFeed): Exchange {
  const overrides: Partial<Exchange> = {
    fetchBalances: () => feed.balances(),
    fetchOpenOrders: (symbol) => feed.openOrders(symbol),
    peekOpenOrders: (symbol) => feed.peekOpenOrders(symbol),
    fetchOrder: (symbol, orderNo) => feed.order(symbol, orderNo),
    fetchOrderByClientId: (symbol, clientOrderId) => feed.orderByClientId(symbol, clientOrderId),
    cancelOrder: async (symbol, orderNo) => feed.applied(await exchange.cancelOrder(symbol, orderNo)),
    cancelOrders: async (symbol, orderNos) => (await exchange.cancelOrders(symbol, orderNos)).map((o) => feed.applied(o)),
    // The feed's open orders stand for the facade's own read before placing (self-trade check), where complete.
    placeOrder: async (request: PlaceOrderRequest) => feed.applied(await exchange.placeOrder(request.knownResting === undefined ? feed.withResting(request) : request)),
    // The account's half from the feed; the market's from the venue (or the wrapper of its own streams).
    subscribe: (symbol, listener, options: SubscribeOptions = {}) => {
      const stops = [
        ...(options.account !== false ? [feed.listen(symbol, listener, options)] : []),
        ...(options.market !== false ? [exchange.subscribe(symbol, listener, { ...options, account: false })] : []),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
    feedStatus: (symbol) => worseFeed(feed.status(), exchange.feedStatus?.(symbol) ?? null),
    answersLocally: (method, args) => feed.answersLocally(method, args) || exchange.answersLocally?.(method, args) === true,
    close: async () => {
      await feed.close();
      await exchange.close();
    },
  };
  return new Proxy(exchange, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in overrides) return overrides[prop as keyof Exchange];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * ccxt.pro's user stream of a venue (`watchOrders` and `watchBalance`): every message the venue
 * pushes is read as ccxt handles it (its kept orders and balance, checked after each message), so
 * no update waits for the next watch call. The watches keep the subscription and tell a break.
 */
export function proAccountStream(venue: ProVenue): AccountStream {
  /** The venue's messages already read (each kept order's `info`). */
  const seen = new WeakSet<object>();
  let lastBalance: unknown;
  /** Each asset as ccxt kept it after the last message (venues whose messages do not name their assets). */
  const lastAssets = new Map<string, string>();
  let handlers: Parameters<AccountStream['connect']>[0] | undefined;
  let connection = 0;
  const target = venue as unknown as {
    handleMessage: (client: unknown, message: unknown) => unknown;
    orders?: unknown;
    balance?: Record<string, unknown>;
    authenticate?: (params?: object) => Promise<unknown>;
  };
  const original = target.handleMessage.bind(venue);
  const now = () => Date.now();
  // ccxt.pro creates futures no one may wait for (Binance's subscription future, made ahead of its
  // request); when the connection fails they are rejected, which would be an unhandled rejection.
  // Each is marked handled as it is made: whoever waits for it still gets its error.
  const withClient = venue as unknown as { client: (url: string) => { future: (hash: string) => Promise<unknown> } & { handledFutures?: true } };
  const makeClient = withClient.client.bind(venue);
  withClient.client = (url) => {
    const client = makeClient(url);
    if (client.handledFutures !== true) {
      const future = client.future.bind(client);
      client.future = (hash) => {
        const made = future(hash);
        made.catch(() => undefined);
        return made;
      };
      client.handledFutures = true;
    }
    return client;
  };
  target.handleMessage = (client, message) => {
    const result = original(client, message);
    if (handlers !== undefined) {
      // ccxt keeps each order as one object, updated in place and moved to the end with a new `info`
      // (the venue's message): the orders after the last one already read are those this message told.
      const fresh: Order[] = [];
      const kept = (target.orders ?? []) as unknown as ArrayLike<Parameters<typeof parseOrder>[0]>;
      for (let i = kept.length - 1; i >= 0; i--) {
        const order = kept[i]!;
        const info = order.info as object | undefined;
        if (typeof info !== 'object' || info === null || seen.has(info)) break;
        seen.add(info);
        if (order.id) fresh.unshift(parseOrder(order, order.symbol ?? '', now()));
      }
      if (fresh.length > 0) handlers.orders(fresh);
      const balance = (target.balance?.spot ?? target.balance) as Record<string, unknown> | undefined;
      const info = balance?.info;
      if (balance !== undefined && info !== undefined && info !== lastBalance) {
        lastBalance = info;
        // Only the assets this message told: ccxt's other kept assets may be older than a reconciliation.
        const told = toldAssets(info, (id) => venue.safeCurrencyCode(id) ?? id);
        const all = parseBalances(balance as never, { keepEmpty: true });
        const changed = told ?? all.filter((b) => lastAssets.get(b.asset) !== `${b.available}|${b.frozen}|${b.total}`).map((b) => b.asset);
        for (const b of all) lastAssets.set(b.asset, `${b.available}|${b.frozen}|${b.total}`);
        const fresh = all.filter((b) => changed.includes(b.asset));
        if (fresh.length > 0) handlers.balances(fresh);
      }
    }
    return result;
  };
  return {
    async connect(told) {
      handlers = told;
      const mine = ++connection;
      let breakWith: (err: unknown) => void = () => undefined;
      const broken = new Promise<unknown>((resolve) => (breakWith = resolve));
      const keep = (watch: () => Promise<unknown>) => {
        const again = (): void => {
          if (mine !== connection) return;
          watch().then(again, (err: unknown) => breakWith(err));
        };
        again();
      };
      // Markets first: the watches then subscribe at once, together (a failed read here is a failed connection).
      await venue.loadMarkets();
      keep(() => venue.watchOrders());
      keep(() => venue.watchBalance());
      // ccxt.pro subscribes the user stream in `authenticate` (Binance: userDataStream.subscribe): joined here to know it is confirmed.
      await Promise.race([target.authenticate?.call(venue) ?? Promise.resolve(), broken.then((err) => Promise.reject(err ?? new Error('stream closed')))]);
      return { broken };
    },
    async close() {
      connection++;
      handlers = undefined;
      await venue.close();
    },
  };
}

/**
 * The assets a balance message names, in ccxt's currency codes: Binance's `outboundAccountPosition`
 * (`B[].a`) and `balanceUpdate` (`a`); null where the message names none in these ways.
 */
export function toldAssets(message: unknown, code: (id: string) => string): string[] | null {
  if (typeof message !== 'object' || message === null) return null;
  const { B, a } = message as { B?: unknown; a?: unknown };
  if (Array.isArray(B)) return B.flatMap((entry: unknown) => (typeof entry === 'object' && entry !== null && typeof (entry as { a?: unknown }).a === 'string' ? [code((entry as { a: string }).a)] : []));
  if (typeof a === 'string') return [code(a)];
  return null;
}

/**
 * The account feed of a ccxt venue opened with `config` (a key's `CcxtExchange.settings`): by its
 * user stream where ccxt.pro's class for it has watchOrders and watchBalance, else by polling.
 */
export async function openAccountFeed(rest: Exchange, config: CcxtExchangeConfig | undefined, options: AccountFeedOptions = {}): Promise<AccountFeed> {
  const venue = config !== undefined && config.apiKey !== undefined ? await openProVenue(config, { credentials: true }).catch(() => null) : null;
  if (venue !== null && !proHas(venue, 'watchOrders', 'watchBalance')) await venue.close().catch(() => undefined);
  const stream = venue !== null && proHas(venue, 'watchOrders', 'watchBalance') ? proAccountStream(venue) : null;
  return new AccountFeed(rest, stream, options);
}
