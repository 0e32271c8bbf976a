/**
 * The server's live market feeds (issue 19): one `MarketFeed` per venue and pair, shared by every bot
 * and console reader of it whatever their keys, so a pair is watched by one stream subscription, or
 * polled by one REST request at a time, server-wide. A venue is its identity (platform code, sandbox,
 * API base, WebSocket base); its public reads use no key, through the same settings (and the same
 * guarded `fetchImplementation`) as the platform's keyed connections. A feed opens on its first read
 * and closes once nobody has read it for `idleMs`; a venue's connections close with its last feed.
 */
import type { Exchange, FeedStatus, OrderBook, Trade } from '@makerdesk/exchange';
import { createCcxtExchange, MarketFeed, type HeardCursor, type HeardTrades, marketStreamOptions, openProVenue, type CcxtExchangeConfig, type MarketFeedOptions, type ProVenue } from '@makerdesk/exchange/ccxt';

/** A venue's public connections: REST (the fallback and seeds) and ccxt.pro's (null without a stream). */
export interface MarketVenue {
  rest: Pick<Exchange, 'fetchOrderBook' | 'fetchTrades' | 'close'>;
  pro: ProVenue | null;
}

export type MarketVenueOpener = (settings: CcxtExchangeConfig) => Promise<MarketVenue>;

/** A pair's shared market as a session reads it. */
export interface LiveMarket {
  fetchOrderBook(symbol: string, depth?: number): Promise<OrderBook>;
  fetchTrades(symbol: string, limit?: number): Promise<Trade[]>;
  /** The pair's feed now; null before anyone read it. */
  feedStatus(symbol: string): FeedStatus | null;
  /** Whether this read of the pair would be answered without a request of its own (MarketFeed.answersLocally); false before anyone read it. */
  answersLocally(read: 'book' | 'trades', symbol: string, size?: number): boolean;
  /**
   * The pair's book as its feed holds it, never asking the venue (MarketFeed.peekBook): the feed is
   * opened (its stream subscribed where the venue streams) and kept open by these reads; null until it
   * holds a book.
   */
  peekBook?(symbol: string, depth?: number): Promise<{ book: OrderBook; at: number; streamed: boolean } | null>;
  /**
   * The pair's public trades heard on its feed's trade stream since `cursor` (MarketFeed.peekTradesSince),
   * never asking the venue; null where the venue streams no trades. Opens and keeps the feed open as
   * peekBook does (the feed subscribes the trades with the book: one subscription per venue and pair).
   */
  peekTradesSince?(symbol: string, cursor?: HeardCursor): Promise<HeardTrades | null>;
}

export interface MarketFeedsOptions {
  open?: MarketVenueOpener;
  /** A feed nobody read for this long closes; default 5 min. */
  idleMs?: number;
  /** How often idle feeds are looked for; default 1 min. */
  sweepMs?: number;
  now?: () => number;
  feed?: Pick<MarketFeedOptions, 'pollReuseMs' | 'retryDelayMs' | 'onStreamError'>;
}

/** The venue with no key: public reads only. */
export function publicSettings(settings: CcxtExchangeConfig): CcxtExchangeConfig {
  const { apiKey: _apiKey, secret: _secret, password: _password, uid: _uid, ...rest } = settings;
  return rest;
}

/** ccxt's REST venue and ccxt.pro's of the same settings, without a key. */
export const openMarketVenue: MarketVenueOpener = async (settings) => {
  const config = publicSettings(settings);
  const rest = await createCcxtExchange(config);
  // openProVenue guards the venue's sends as it opens it.
  const pro = await openProVenue({ ...config, options: marketStreamOptions(config.id, config.options) }, { credentials: false }).catch(() => null);
  return { rest, pro };
};

export function venueIdentityOf(settings: Pick<CcxtExchangeConfig, 'id' | 'sandbox' | 'apiBaseUrl' | 'wsBaseUrl'>): string {
  return JSON.stringify([settings.id, settings.sandbox === true, settings.apiBaseUrl ?? null, settings.wsBaseUrl ?? null]);
}

interface VenueEntry {
  venue: Promise<MarketVenue>;
  feeds: Map<string, { feed: MarketFeed; lastRead: number }>;
}

export class MarketFeeds {
  private readonly venues = new Map<string, VenueEntry>();
  private readonly open: MarketVenueOpener;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly sweeper: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(private readonly options: MarketFeedsOptions = {}) {
    this.open = options.open ?? openMarketVenue;
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => void this.sweep(), options.sweepMs ?? 60_000);
    this.sweeper.unref();
  }

  /** The shared market of the venue these settings open (their key plays no part). */
  reader(settings: CcxtExchangeConfig): LiveMarket {
    return {
      fetchOrderBook: async (symbol, depth) => (await this.feed(settings, symbol)).book(depth),
      fetchTrades: async (symbol, limit) => (await this.feed(settings, symbol)).trades(limit),
      feedStatus: (symbol) => this.feedOf(settings, symbol)?.status() ?? null,
      answersLocally: (read, symbol, size) => this.feedOf(settings, symbol)?.answersLocally(read, size) ?? false,
      peekBook: async (symbol, depth) => (await this.feed(settings, symbol)).peekBook(depth),
      peekTradesSince: async (symbol, cursor) => (await this.feed(settings, symbol)).peekTradesSince(cursor),
    };
  }

  /** The pair's feed on the venue of these settings, if one is open. */
  feedOf(settings: CcxtExchangeConfig, symbol: string): MarketFeed | undefined {
    return this.venues.get(venueIdentityOf(settings))?.feeds.get(symbol)?.feed;
  }

  /** How many pairs have a feed open now, over every venue. */
  openFeeds(): number {
    let count = 0;
    for (const entry of this.venues.values()) count += entry.feeds.size;
    return count;
  }

  /** Closes the feeds nobody read for `idleMs`, and the venues left without feeds. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const [identity, entry] of this.venues) {
      for (const [symbol, kept] of entry.feeds) {
        if (now - kept.lastRead < this.idleMs) continue;
        entry.feeds.delete(symbol);
        await kept.feed.close();
      }
      if (entry.feeds.size === 0 && this.venues.get(identity) === entry) {
        this.venues.delete(identity);
        await closeVenue(entry.venue);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    const entries = [...this.venues.values()];
    this.venues.clear();
    for (const entry of entries) {
      await Promise.all([...entry.feeds.values()].map((kept) => kept.feed.close()));
      await closeVenue(entry.venue);
    }
  }

  private async feed(settings: CcxtExchangeConfig, symbol: string): Promise<MarketFeed> {
    if (this.closed) throw new Error('market feeds closed');
    const identity = venueIdentityOf(settings);
    let entry = this.venues.get(identity);
    if (entry === undefined) {
      entry = { venue: this.open(publicSettings(settings)), feeds: new Map() };
      const opening = entry;
      this.venues.set(identity, opening);
      // A venue that could not open is tried again on the next read.
      opening.venue.catch(() => {
        if (this.venues.get(identity) === opening) this.venues.delete(identity);
      });
    }
    const venue = await entry.venue;
    let kept = entry.feeds.get(symbol);
    if (kept === undefined) {
      kept = { feed: new MarketFeed({ symbol, pro: venue.pro, rest: venue.rest, now: this.now, ...this.options.feed }), lastRead: this.now() };
      entry.feeds.set(symbol, kept);
      // The registry closed (or the venue was swept) while this read waited for the venue.
      if (this.closed || this.venues.get(identity) !== entry) {
        entry.feeds.delete(symbol);
        await kept.feed.close();
        throw new Error('market feeds closed');
      }
    }
    kept.lastRead = this.now();
    return kept.feed;
  }
}

async function closeVenue(opening: Promise<MarketVenue>): Promise<void> {
  const venue = await opening.catch(() => null);
  if (venue === null) return;
  await venue.pro?.close().catch(() => undefined);
  await venue.rest.close().catch(() => undefined);
}
