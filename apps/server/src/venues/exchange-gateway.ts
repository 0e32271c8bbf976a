import { createHash } from 'node:crypto';
import { ErrorCode } from '@makerdesk/contract';
import { worseFeed, type Exchange, type LocalRead, type MarketDataReader, type OrderBook, type SubscribeOptions } from '@makerdesk/exchange';
import type { AccountFeedOptions, CcxtExchangeConfig } from '@makerdesk/exchange/ccxt';
import { AppError } from '../domain/app-error.ts';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import { SIM_PLATFORM } from '../domain/platforms.ts';
import type { SimVenuePort } from './sim-access.ts';
import type { SimKeyStore } from './sim-key-store.ts';
import { venueOf } from '../domain/venue-name.ts';
import { withAccountFeedOf } from './account-feeds.ts';
import { MarketFeeds, type LiveMarket } from './market-feeds.ts';

/** Opens a live venue for a key (ccxt); injected so the gateway stays testable and ccxt loads lazily. */
export type LiveExchangeFactory = (material: ApiKeyMaterial) => Promise<Exchange>;

/** Puts a venue behind its key's rate budget (the engine's RateBudgets.wrap). */
export type BudgetWrap = (exchange: Exchange, budgetKey: string) => Exchange;

/**
 * One rate budget per venue key (DESIGN §7): the same key imported twice still shares one. A hash,
 * so the key itself never shows where budget keys are logged.
 */
export function budgetKeyOf(material: Pick<ApiKeyMaterial, 'platformCode' | 'apiKey' | 'sandbox' | 'apiBaseUrl'>): string {
  // A venue's sandbox or another API base is another venue: its own budget.
  const mode = material.sandbox || material.apiBaseUrl ? `\0${material.sandbox ? 'sandbox' : ''}\0${material.apiBaseUrl ?? ''}` : '';
  return `${material.platformCode}:${createHash('sha256').update(`${material.platformCode}\0${material.apiKey}${mode}`).digest('hex').slice(0, 16)}`;
}

/**
 * Told the outcome of every call made through a key's venue session (console orders, bot calls,
 * balance and market-data reads) and every event its live feeds deliver: the venue-health and
 * key-refused incidents (services/incidents/venue-watch.ts). Must not throw nor wait.
 */
export interface VenueCallObserver {
  /** `err` null: the venue answered. */
  called(material: ApiKeyMaterial, call: string, err: unknown): void;
  /** A live feed of `symbol` opened; answers what to call on each event it delivers and when it closes. */
  streamOpened(material: ApiKeyMaterial, symbol: string): { delivered(): void; closed(): void };
  /** The gateway closes: no more checks. */
  stop?(): void;
}

/**
 * The key's venue with every call told to `observer`: a promise's outcome, a live feed's events and
 * (on a venue that polls for them) its polls' outcomes.
 * The venue's own object is called (its `this`), so classes with private state keep working.
 */
export function observedExchange(exchange: Exchange, material: ApiKeyMaterial, observer: VenueCallObserver): Exchange {
  return new Proxy(exchange, {
    get(target, prop) {
      // The venue itself as `this` (getters and methods may read private fields).
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'close') return value;
      if (prop === 'subscribe') {
        return (symbol: string, listener: (event: unknown) => void, options: SubscribeOptions = {}) => {
          type Subscribe = (s: string, l: (event: unknown) => void, o: SubscribeOptions) => () => void;
          // Only what a stream pushes (a bot hearing its fills sooner): quiet is no sign of a dead feed, and it polls nothing.
          if (options.pushedOnly) return (value as Subscribe).call(target, symbol, listener, options);
          const feed = observer.streamOpened(material, symbol);
          let closed = false;
          const stop = (value as Subscribe).call(
            target,
            symbol,
            (event: unknown) => {
              if (!closed) feed.delivered();
              listener(event);
            },
            {
              ...options,
              onPoll: (error: unknown) => {
                options.onPoll?.(error);
                if (closed) return;
                // A poll is a call to the venue; one that answered keeps the feed alive, quiet book or not.
                observer.called(material, 'poll', error);
                if (error === null) feed.delivered();
              },
            },
          );
          return () => {
            if (!closed) {
              closed = true;
              feed.closed();
            }
            stop();
          };
        };
      }
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) {
          result.then(
            () => observer.called(material, prop, null),
            (err: unknown) => observer.called(material, prop, err ?? new Error('failed')),
          );
        }
        return result;
      };
    },
  });
}

/**
 * A live venue whose book and public trades (and their feed status) come from the server's shared
 * market feeds (market-feeds.ts): every other call goes to the venue itself.
 */
export function withLiveMarket(exchange: Exchange, market: LiveMarket): Exchange {
  return new Proxy(exchange, {
    get(target, prop) {
      switch (prop) {
        case 'fetchOrderBook':
          return (symbol: string, depth?: number) => market.fetchOrderBook(symbol, depth);
        case 'fetchTrades':
          return (symbol: string, limit?: number) => market.fetchTrades(symbol, limit);
        case 'feedStatus':
          return (symbol: string) => worseFeed(market.feedStatus(symbol), target.feedStatus?.(symbol) ?? null);
        case 'answersLocally':
          // The book and trades as the shared feed would answer them; the account's reads as the venue says.
          return (method: LocalRead, args: readonly unknown[]) => {
            if (method === 'fetchOrderBook' || method === 'fetchTrades') return market.answersLocally(method === 'fetchOrderBook' ? 'book' : 'trades', args[0] as string, args[1] as number | undefined);
            return target.answersLocally?.(method, args) ?? false;
          };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A venue connection as bots and manual calls use it. */
export interface KeySession {
  exchange: Exchange;
  budgetKey: string;
  simulated: boolean;
  /** The venue as people name it (`binance (sandbox)`), as incidents say it. */
  venue?: string;
}

/**
 * The one place that turns an imported key into a venue connection: the built-in simulator's account
 * for `sim` keys, a ccxt connection (cached per key version) for live venues.
 */
export class ExchangeGateway {
  private readonly live = new Map<string, Promise<Exchange>>();
  /**
   * Sessions per key material object: the credential service hands out one frozen object per key
   * until the account's keys change, so a changed key (a new object) opens a new session, and an
   * old one goes with its last holder.
   */
  private readonly sessions = new WeakMap<ApiKeyMaterial, { budgeted?: Promise<KeySession>; direct?: Promise<KeySession> }>();
  private observer: VenueCallObserver | undefined;
  /** The shared market of each live venue opened (keyed by the venue object `open` hands out). */
  private readonly liveMarkets = new WeakMap<Exchange, LiveMarket>();
  private readonly sessionMarkets = new WeakMap<KeySession, LiveMarket>();
  private feeds: MarketFeeds | undefined;

  constructor(
    /** The simulator: this server's, or the holder's over the internal API (SimAccess). */
    private readonly sim: Pick<SimVenuePort, 'openAccount' | 'account' | 'marketData' | 'referenceBook' | 'referencePrice'>,
    private readonly simKeys: SimKeyStore,
    private readonly liveFactory: LiveExchangeFactory,
    /** Without it calls go straight to the venue; with it, bots and manual calls on a key share its budget. */
    private readonly wrap?: BudgetWrap,
    /** The live keys' account feeds' timings (tests shorten them). */
    private readonly feedOptions: AccountFeedOptions = {},
    /** The live venues' shared market feeds; opened on first use when not given. */
    marketFeeds?: MarketFeeds,
  ) {
    this.feeds = marketFeeds;
  }

  /**
   * Checks a key can be used before it is stored: a simulator key is registered (a demo account
   * is opened and funded); a key already registered with another secret is refused, unless the
   * caller already holds that key (`ownedApiKey`) and is changing its secret.
   */
  async prepare(material: Omit<ApiKeyMaterial, 'id'>, ownedApiKey?: string): Promise<void> {
    if (material.platformCode !== SIM_PLATFORM) return;
    if (ownedApiKey === material.apiKey) {
      await this.simKeys.replaceSecret(material.apiKey, material.secretKey);
    } else if ((await this.simKeys.register(material.apiKey, material.secretKey)) === 'conflict') {
      throw new AppError(ErrorCode.INVALID_API_KEY);
    }
    await this.sim.openAccount(material.apiKey);
  }

  /** Tells `observer` every call of the sessions opened from now on (the incident centre's venue watch). */
  observe(observer: VenueCallObserver): void {
    this.observer = observer;
  }

  /** The key's venue, behind its rate budget when the gateway has one. */
  async forKey(material: ApiKeyMaterial): Promise<Exchange> {
    return (await this.session(material)).exchange;
  }

  /**
   * The key's venue session. `budgeted: false` gives the venue itself, for the bot engine, which puts
   * every call behind the key's budget on its own (after its call timeout): wrapped here as well,
   * each bot call would draw on the budget twice.
   */
  session(material: ApiKeyMaterial, { budgeted = true }: { budgeted?: boolean } = {}): Promise<KeySession> {
    const kept = this.sessions.get(material) ?? {};
    const slot = budgeted ? 'budgeted' : 'direct';
    let session = kept[slot];
    if (!session) {
      session = this.openSession(material, budgeted);
      kept[slot] = session;
      this.sessions.set(material, kept);
      // A session that could not open is tried again on the next call.
      session.catch(() => {
        if (kept[slot] === session) delete kept[slot];
      });
    }
    return session;
  }

  private async openSession(material: ApiKeyMaterial, budgeted: boolean): Promise<KeySession> {
    const opened = await this.open(material);
    const exchange = this.observer ? observedExchange(opened, material, this.observer) : opened;
    const budgetKey = budgetKeyOf(material);
    const session: KeySession = { exchange: budgeted && this.wrap ? this.wrap(exchange, budgetKey) : exchange, budgetKey, simulated: material.platformCode === SIM_PLATFORM, venue: venueOf(material) };
    const market = this.liveMarkets.get(opened);
    if (market !== undefined) this.sessionMarkets.set(session, market);
    return session;
  }

  private async open(material: ApiKeyMaterial): Promise<Exchange> {
    if (material.platformCode === SIM_PLATFORM) {
      await this.prepare(material);
      return this.sim.account(material.apiKey);
    }
    const cacheKey = `${material.id}:${material.apiKey}:${material.secretKey.length}:${material.passphrase ?? ''}:${material.sandbox ? 1 : 0}:${material.apiBaseUrl ?? ''}`;
    let exchange = this.live.get(cacheKey);
    if (!exchange) {
      exchange = this.liveFactory(material).then((venue) => this.withFeeds(venue));
      exchange.catch(() => this.live.delete(cacheKey));
      this.live.set(cacheKey, exchange);
    }
    return exchange;
  }

  /**
   * A key's live venue with its streams (issue 19), one of each per key version: its pair's book and
   * trades by the server's shared market feed of the venue and pair (market-feeds.ts), its account by
   * the account feed (account-feeds.ts, closed with the venue).
   */
  private async withFeeds(venue: Exchange): Promise<Exchange> {
    const { exchange, market } = this.withSharedMarket(venue);
    const fed = await withAccountFeedOf(exchange, this.feedOptions);
    if (market !== undefined) this.liveMarkets.set(fed, market);
    return fed;
  }

  /**
   * A ccxt venue (it carries the settings it was opened with) reads its book and trades from the
   * server's shared feed of its venue and pair; any other venue as it is.
   */
  private withSharedMarket(opened: Exchange): { exchange: Exchange; market?: LiveMarket } {
    const settings = (opened as { settings?: CcxtExchangeConfig }).settings;
    if (settings === undefined) return { exchange: opened };
    this.feeds ??= new MarketFeeds();
    const market = this.feeds.reader(settings);
    // Its own live polls (the console's live socket) read the shared feed too.
    (opened as { readMarketFrom?: (source: Pick<Exchange, 'fetchOrderBook' | 'fetchTrades'>) => void }).readMarketFrom?.(market);
    return { exchange: withLiveMarket(opened, market), market };
  }

  /**
   * Public market data (book, trades, candles, ticker) of a session's venue. The simulator's is read
   * from its memory, outside the key's rate budget: it is nobody's account data, and a budget meant to
   * pace a venue's limits would only queue the console's chart and book polls behind each other. A
   * live venue's book and trades come from the server's shared feed of the pair (a stream, or one
   * poll for all readers), outside the key's budget too; its candles and ticker through the session.
   */
  marketData(session: KeySession): MarketDataReader {
    if (session.simulated) return this.sim.marketData();
    const market = this.sessionMarkets.get(session);
    return market === undefined ? session.exchange : withLiveMarket(session.exchange, market);
  }

  /**
   * The shared market (market-feeds.ts) of a live key's venue, for readers that are no session of
   * their own (the liquidity sampler); undefined for a simulator key or a venue without shared feeds.
   */
  async liveMarketOf(material: ApiKeyMaterial): Promise<LiveMarket | undefined> {
    if (material.platformCode === SIM_PLATFORM) return undefined;
    return this.sessionMarkets.get(await this.session(material));
  }

  /**
   * A live key's account as its stream holds it (the key's venue, opened once per key version and
   * shared with its sessions), for readers that must add no request (the liquidity sampler's own
   * depth); undefined for a simulator key or a venue without an account feed.
   */
  async liveAccountOf(material: ApiKeyMaterial): Promise<Pick<Required<Exchange>, 'peekOpenOrders'> | undefined> {
    if (material.platformCode === SIM_PLATFORM) return undefined;
    const opened = await this.open(material);
    const peek = opened.peekOpenOrders?.bind(opened);
    return peek && { peekOpenOrders: peek };
  }

  /** The other-side book: the simulator's reference venue (the follow modes' price source). */
  referenceBook(symbol: string, depth = 20): Promise<OrderBook> {
    return this.sim.referenceBook(symbol, depth);
  }

  async referencePrice(symbol: string): Promise<string | null> {
    try {
      return await this.sim.referencePrice(symbol);
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    this.observer?.stop?.();
    const opened = await Promise.allSettled(this.live.values());
    for (const result of opened) if (result.status === 'fulfilled') await result.value.close().catch(() => undefined);
    this.live.clear();
    await this.feeds?.close();
  }
}
