/**
 * The simulator's market as Binance's market streams: one feed per symbol, opened by the first
 * socket that asks for one of its streams and shared by every socket until the last leaves. A feed
 * follows the venue's book by update id (each change fetches the whole book, so a diff is exact and
 * REST `depth` agrees with it) and its trades as they happen.
 */
import {
  bookTickerEvent,
  depthUpdate,
  depthUpdateEvent,
  DepthUpdateBuffer,
  miniTickerEvent,
  partialDepthEvent,
  toBinanceSymbol,
  tickerEvent,
  tradeEvent,
  type DepthSpeed,
  type MarketStream,
} from '@makerdesk/exchange/binance-facade';
import type { ExchangeEvent, OrderBook, Ticker } from '@makerdesk/exchange';

/** What a feed reads: the simulator's public data and its events. */
export interface MarketSource {
  /** The whole book with its update id. */
  fetchOrderBook(symbol: string, depth: number): Promise<OrderBook>;
  fetchTicker(symbol: string): Promise<Ticker>;
  /** The pair's events ('book' and 'trades' are read). */
  subscribe(symbol: string, listener: (event: ExchangeEvent) => void): () => void;
}

/** Deep enough for the whole simulator book (REST depth's maximum). */
const FULL_DEPTH = 5000;
const FAST_MS = 100;
/** Slow streams go out every tenth fast tick (a second). */
const SLOW_EVERY = 10;

type Book = OrderBook & { updateId: number };
export type StreamListener = (data: unknown) => void;

class SymbolFeed {
  private book: Book | undefined;
  private readonly listeners = new Map<string, { stream: MarketStream; listeners: Set<StreamListener> }>();
  private readonly buffers: Record<DepthSpeed, DepthUpdateBuffer> = { 100: new DepthUpdateBuffer(), 1000: new DepthUpdateBuffer() };
  private readonly partialSent: Record<DepthSpeed, number> = { 100: 0, 1000: 0 };
  private stopEvents: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private fetching = false;
  private stale = false;
  private lastTop = '';
  readonly ready: Promise<void>;

  constructor(
    private readonly source: MarketSource,
    readonly unified: string,
    private readonly now: () => number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.stopEvents = source.subscribe(unified, (event) => this.onEvent(event));
    this.ready = this.source.fetchOrderBook(unified, FULL_DEPTH).then((book) => {
      if (book.updateId === undefined) throw new Error(`the venue gives ${unified}'s book no update id`);
      this.book = book as Book;
      this.lastTop = topOf(this.book);
      this.timer = setInterval(() => this.tick(), FAST_MS);
      this.timer.unref();
    });
    this.ready.catch(onError);
  }

  get empty(): boolean {
    return this.listeners.size === 0;
  }

  add(name: string, stream: MarketStream, listener: StreamListener): void {
    let entry = this.listeners.get(name);
    if (entry === undefined) {
      entry = { stream, listeners: new Set() };
      this.listeners.set(name, entry);
    }
    entry.listeners.add(listener);
  }

  remove(name: string, listener: StreamListener): void {
    const entry = this.listeners.get(name);
    if (entry === undefined) return;
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0) this.listeners.delete(name);
  }

  stop(): void {
    this.stopEvents?.();
    this.stopEvents = undefined;
    if (this.timer) clearInterval(this.timer);
  }

  private emit(match: (stream: MarketStream) => boolean, data: (stream: MarketStream) => unknown): void {
    for (const { stream, listeners } of this.listeners.values()) {
      if (!match(stream)) continue;
      const payload = data(stream);
      if (payload === undefined) continue;
      for (const listener of [...listeners]) listener(payload);
    }
  }

  private onEvent(event: ExchangeEvent): void {
    if (event.type === 'book') this.refresh();
    else if (event.type === 'trades') {
      const now = this.now();
      // Oldest first, as they happened.
      for (const trade of [...event.trades].reverse()) this.emit((s) => s.kind === 'trade', () => tradeEvent(trade, now));
    }
  }

  /** Fetches the book again (once more after the fetch in flight, when changes come meanwhile). */
  private refresh(): void {
    if (this.book === undefined) return;
    if (this.fetching) {
      this.stale = true;
      return;
    }
    this.fetching = true;
    this.source
      .fetchOrderBook(this.unified, FULL_DEPTH)
      .then((next) => this.advance(next))
      .catch(this.onError)
      .finally(() => {
        this.fetching = false;
        if (this.stale) {
          this.stale = false;
          this.refresh();
        }
      });
  }

  private advance(next: OrderBook): void {
    const previous = this.book;
    if (previous === undefined) return;
    const update = depthUpdate(previous, next);
    if (update === undefined) return;
    this.book = next as Book;
    this.buffers[100].add(update);
    this.buffers[1000].add(update);
    const top = topOf(this.book);
    if (top !== this.lastTop) {
      this.lastTop = top;
      const ticker = bookTickerEvent(this.book);
      if (ticker !== undefined) this.emit((s) => s.kind === 'bookTicker', () => ticker);
    }
  }

  private tick(): void {
    this.ticks += 1;
    this.flush(100);
    if (this.ticks % SLOW_EVERY === 0) {
      this.flush(1000);
      if ([...this.listeners.values()].some((e) => e.stream.kind === 'ticker' || e.stream.kind === 'miniTicker')) this.sendTicker();
    }
  }

  private flush(speed: DepthSpeed): void {
    const now = this.now();
    const update = this.buffers[speed].take();
    if (update !== undefined) {
      const event = depthUpdateEvent(toBinanceSymbol(this.unified), update, now);
      this.emit((s) => s.kind === 'depth' && s.speed === speed, () => event);
    }
    const book = this.book!;
    if (this.partialSent[speed] !== book.updateId) {
      this.partialSent[speed] = book.updateId;
      this.emit((s) => s.kind === 'partialDepth' && s.speed === speed, (s) => partialDepthEvent(book, (s as { levels: number }).levels));
    }
  }

  private sendTicker(): void {
    const book = this.book!;
    this.source
      .fetchTicker(this.unified)
      .then((ticker) => {
        const now = this.now();
        this.emit((s) => s.kind === 'ticker', () => tickerEvent(ticker, book, now));
        this.emit((s) => s.kind === 'miniTicker', () => miniTickerEvent(ticker, book, now));
      })
      .catch(this.onError);
  }
}

function topOf(book: OrderBook): string {
  return JSON.stringify([book.bids[0] ?? null, book.asks[0] ?? null]);
}

export class MarketFeeds {
  private readonly feeds = new Map<string, SymbolFeed>();

  constructor(
    private readonly source: MarketSource,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Streams `name` (of the market `unified`) to `listener` from the feed's current book on; resolves
   * once the feed follows the book (so a REST snapshot taken afterwards is covered by the diffs to come).
   */
  async add(unified: string, name: string, stream: MarketStream, listener: StreamListener): Promise<void> {
    let feed = this.feeds.get(unified);
    if (feed === undefined) {
      feed = new SymbolFeed(this.source, unified, this.now, this.onError);
      this.feeds.set(unified, feed);
    }
    feed.add(name, stream, listener);
    try {
      await feed.ready;
    } catch (err) {
      this.remove(unified, name, listener);
      throw err;
    }
  }

  remove(unified: string, name: string, listener: StreamListener): void {
    const feed = this.feeds.get(unified);
    if (feed === undefined) return;
    feed.remove(name, listener);
    if (feed.empty) {
      feed.stop();
      this.feeds.delete(unified);
    }
  }

  /** Symbols followed now (one venue subscription each). */
  get symbols(): string[] {
    return [...this.feeds.keys()];
  }

  close(): void {
    for (const feed of this.feeds.values()) feed.stop();
    this.feeds.clear();
  }
}
