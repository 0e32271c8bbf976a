/**
 * One pair's market data on one venue connection, for every reader of it: the book and the public
 * trades by ccxt.pro's `watchOrderBook` and `watchTrades` where the venue streams them, by REST where
 * it does not or while its stream is down.
 *
 * While the book's stream is up, `book(depth)` answers from the book ccxt.pro keeps (snapshot plus
 * diffs in update-id order: Binance's `watchOrderBook` buffers the diffs, fetches a snapshot and
 * applies the diffs after its `lastUpdateId`, and starts again from a new snapshot on a gap or a new
 * subscription) without waiting for the network. A stream that fails (error, closed socket) turns the
 * pair to polling (`down`): one REST request for all readers (`SharedPoll`), while the stream is
 * retried after 1 s, 2 s, 4 s … 30 s until it delivers again. The trades' stream gives only what
 * happens after it subscribed, so its tape is seeded once by REST (shared as well) after each (re)start.
 *
 * The trades heard on the stream are also kept in the order they came (`peekTradesSince`), for a reader
 * that counts what traded since it last looked (the liquidity sampler's traded volume) without a
 * request: each trade once (by id), and a reader is told when the stream failed or the log rolled past
 * its place since, so trades it could not hear are never counted as none.
 */
import type { OrderBook as CcxtOrderBook, Trade as CcxtTrade } from 'ccxt';
import type { Exchange, FeedStatus, OrderBook, Trade } from '../../exchange.ts';
import { parseOrderBook, parseTrade } from '../parse-market-data.ts';
import { retryDelayMs } from './backoff.ts';
import { FeedState } from './feed-state.ts';
import { proHas, type ProVenue } from './pro-venue.ts';
import { SharedPoll } from './shared-poll.ts';
import { mergeTrades } from './trade-tape.ts';

export interface MarketFeedOptions {
  symbol: string;
  /** The venue's ccxt.pro connection (shared by its pairs); null where it has no stream. */
  pro: ProVenue | null;
  /** The venue's REST reads: the fallback, and the trades' seed. */
  rest: Pick<Exchange, 'fetchOrderBook' | 'fetchTrades'>;
  now?: () => number;
  /** How long one REST answer serves every reader while polling; default 1000 ms. */
  pollReuseMs?: number;
  /** The wait before the stream's next try after `failures` failures in a row; default 1 s doubling to 30 s. */
  retryDelayMs?: (failures: number) => number;
  /** Told each failure of a stream (it is retried). */
  onStreamError?: (stream: 'book' | 'trades', err: unknown) => void;
}

/** Trades kept from the stream, newest first. */
const TAPE_CAP = 1000;
/** What a read of trades without a limit answers (Binance's REST default). */
const DEFAULT_TRADES = 500;
/** Trades kept in the order heard for `peekTradesSince`: a reader that looks less often than this many trades falls behind (told so). */
export const HEARD_CAP = 5000;

/** Where a reader of `peekTradesSince` stands: the trades it has read, and the stream's failures it knew of. */
export interface HeardCursor {
  /** The feed the cursor is of: a feed opened again (after it idled) starts counting again. */
  feed: number;
  seq: number;
  breaks: number;
}

let feedsOpened = 0;

/** What `peekTradesSince` answers. */
export interface HeardTrades {
  /** The trades heard since the reader's cursor, oldest first (none on a first read). */
  trades: Trade[];
  /** Pass it to the next read. */
  cursor: HeardCursor;
  /**
   * Whether `trades` are all the pair traded since the cursor: false on a first read (no cursor), when
   * the stream failed since (or is down now) and when the log rolled past the cursor (more than
   * HEARD_CAP trades between two reads).
   */
  complete: boolean;
}

export class MarketFeed {
  readonly symbol: string;
  private readonly now: () => number;
  private readonly state: FeedState;
  private readonly bookPoll: SharedPoll<OrderBook>;
  private readonly tradesPoll: SharedPoll<Trade[]>;
  private readonly retry: (failures: number) => number;
  private closed = false;
  private readonly wakers = new Set<() => void>();
  /** ccxt.pro's book of the pair as its last watch answered it (it keeps it up to date in place); null unless the stream is up. */
  private streamed: CcxtOrderBook | null = null;
  /** When the stream last delivered the book. */
  private streamedAt = 0;
  private converted = new Map<string, { nonce: unknown; book: OrderBook }>();
  /** Trades heard on the stream since it (re)started, newest first; `seeded` once merged with a REST snapshot. */
  private tape: Trade[] = [];
  private seeded = false;
  private readonly watchesTrades: boolean;
  private tradesWatching = false;
  /** Trades heard on the stream in arrival order (each id once); `heardBase` is the sequence number of heard[0]. */
  private heard: Trade[] = [];
  private heardBase = 0;
  private readonly heardIds = new Set<string>();
  /** The trades' stream's failures so far: trades may have been missed at each. */
  private heardBreaks = 0;
  private readonly feedNo = ++feedsOpened;

  constructor(private readonly options: MarketFeedOptions) {
    this.symbol = options.symbol;
    this.now = options.now ?? Date.now;
    this.retry = options.retryDelayMs ?? retryDelayMs;
    const pro = options.pro !== null && proHas(options.pro, 'watchOrderBook') ? options.pro : null;
    this.state = new FeedState(pro !== null, this.now());
    const reuseMs = options.pollReuseMs ?? 1000;
    this.bookPoll = new SharedPoll(reuseMs, this.now);
    this.tradesPoll = new SharedPoll(reuseMs, this.now);
    this.watchesTrades = pro !== null && proHas(pro, 'watchTrades');
    if (pro !== null) {
      void this.watchBook(pro);
      if (this.watchesTrades) void this.watchTrades(pro);
    }
  }

  status(): FeedStatus {
    return this.state.status();
  }

  /** Whether reads of the book are answered from the stream now (it delivered, and has not failed since). */
  streaming(): boolean {
    return this.streamed !== null;
  }

  /**
   * Whether `book(depth)` or `trades(limit)` would be answered now without a request of its own: from
   * the stream, or from the shared poll's answer in flight or still fresh (another reader's request).
   */
  answersLocally(read: 'book' | 'trades', size?: number): boolean {
    const key = String(size ?? '');
    if (read === 'book') return this.streamed !== null || this.bookPoll.answersNow(key);
    return (this.tradesWatching && this.streamed !== null && this.seeded) || this.tradesPoll.answersNow(key);
  }

  /** The best `depth` levels a side: from the stream while it is up, else one shared REST read. */
  async book(depth?: number): Promise<OrderBook> {
    const key = String(depth ?? '');
    if (this.streamed !== null) {
      const nonce = this.streamed.nonce;
      let kept = this.converted.get(key);
      if (kept === undefined || kept.nonce !== nonce || nonce === undefined) {
        kept = { nonce, book: parseOrderBook(this.streamed, this.symbol, this.now(), depth) };
        this.converted.set(key, kept);
      }
      return { ...kept.book, bids: kept.book.bids.slice(), asks: kept.book.asks.slice() };
    }
    return this.bookPoll.get(key, () => this.options.rest.fetchOrderBook(this.symbol, depth));
  }

  /**
   * The book as this feed holds it now, never asking the venue: the stream's while it is up (`at` when
   * it last delivered), else the newest answer of the shared poll of that depth (`at` when it came,
   * however old: the reader judges its age), else null. A sampler reads it at its own pace without
   * adding a request.
   */
  peekBook(depth?: number): { book: OrderBook; at: number; streamed: boolean } | null {
    if (this.streamed !== null) {
      const nonce = this.streamed.nonce;
      const key = String(depth ?? '');
      let kept = this.converted.get(key);
      if (kept === undefined || kept.nonce !== nonce || nonce === undefined) {
        kept = { nonce, book: parseOrderBook(this.streamed, this.symbol, this.now(), depth) };
        this.converted.set(key, kept);
      }
      return { book: kept.book, at: this.streamedAt, streamed: true };
    }
    const polled = this.bookPoll.latest(String(depth ?? ''));
    return polled === null ? null : { book: polled.value, at: polled.at, streamed: false };
  }

  /** The latest `limit` public trades, newest first. */
  async trades(limit?: number): Promise<Trade[]> {
    if (this.tradesWatching && this.streamed !== null) {
      if (!this.seeded) {
        const seed = await this.tradesPoll.get('', () => this.options.rest.fetchTrades(this.symbol));
        if (this.tradesWatching && !this.seeded) {
          this.tape = mergeTrades(this.tape, seed, TAPE_CAP);
          this.seeded = true;
        }
      }
      if (this.seeded) return this.tape.slice(0, limit ?? DEFAULT_TRADES);
    }
    return this.tradesPoll.get(String(limit ?? ''), () => this.options.rest.fetchTrades(this.symbol, limit));
  }

  /**
   * The trades heard on the stream since `cursor` (the one the previous read answered), never asking
   * the venue; null where the venue does not stream trades. A first read (no cursor) answers none and
   * where counting starts: trades before it were not the reader's to count; so does a cursor of another
   * feed of the pair (this one opened since).
   */
  peekTradesSince(cursor?: HeardCursor): HeardTrades | null {
    if (!this.watchesTrades) return null;
    const next: HeardCursor = { feed: this.feedNo, seq: this.heardBase + this.heard.length, breaks: this.heardBreaks };
    if (cursor === undefined || cursor.feed !== this.feedNo) return { trades: [], cursor: next, complete: false };
    const trades = this.heard.slice(Math.max(0, cursor.seq - this.heardBase));
    const complete = !this.closed && this.tradesWatching && !this.state.isDown('trades') && cursor.breaks === this.heardBreaks && cursor.seq >= this.heardBase;
    return { trades, cursor: next, complete };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const wake of this.wakers) wake();
    this.streamed = null;
    const pro = this.options.pro;
    if (pro === null) return;
    // The connection is the venue's (its other pairs keep it); this pair's subscriptions end.
    const venue = pro as unknown as Record<string, ((symbol: string) => Promise<unknown>) | undefined>;
    for (const method of ['unWatchOrderBook', ...(this.watchesTrades ? ['unWatchTrades'] : [])]) {
      if (proHas(pro, method)) await venue[method]!.call(pro, this.symbol).catch(() => undefined);
    }
  }

  private async watchBook(pro: ProVenue): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        const book = await pro.watchOrderBook(this.symbol);
        if (this.closed) return;
        failures = 0;
        this.streamed = book;
        this.streamedAt = this.now();
        this.state.up('book', this.now());
        // The trades ride the same connection: a book that comes again means their watch, retried, holds too
        // (a quiet pair hears no trade to tell).
        if (this.tradesWatching && this.state.isDown('trades')) this.state.up('trades', this.now());
      } catch (err) {
        if (this.closed) return;
        this.streamed = null;
        this.converted.clear();
        // What was polled before the stream went down is not reused for the new state.
        if (!this.state.isDown('book')) this.bookPoll.clear();
        this.state.failed('book', this.now());
        this.options.onStreamError?.('book', err);
        await this.pause(this.retry(++failures));
      }
    }
  }

  private async watchTrades(pro: ProVenue): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        this.tradesWatching = true;
        const heard = await pro.watchTrades(this.symbol);
        if (this.closed) return;
        failures = 0;
        const parsed = heard.map((t: CcxtTrade) => parseTrade(t, this.symbol, this.now()));
        this.tape = mergeTrades(this.tape, parsed, TAPE_CAP);
        this.hear(parsed);
        this.state.up('trades', this.now());
      } catch (err) {
        if (this.closed) return;
        // Trades missed while away: the tape starts again, seeded again.
        this.tradesWatching = false;
        this.heardBreaks++;
        this.tape = [];
        this.seeded = false;
        this.tradesPoll.clear();
        this.state.failed('trades', this.now());
        this.options.onStreamError?.('trades', err);
        await this.pause(this.retry(++failures));
      }
    }
  }

  /** Logs the trades a watch answered that were not heard before (a watch may answer some again), oldest first. */
  private hear(trades: readonly Trade[]): void {
    const fresh = trades.filter((t) => t.id === '' || !this.heardIds.has(t.id)).sort((a, b) => a.timestamp - b.timestamp);
    for (const t of fresh) {
      this.heard.push(t);
      if (t.id !== '') this.heardIds.add(t.id);
    }
    const over = this.heard.length - HEARD_CAP;
    if (over <= 0) return;
    for (const t of this.heard.splice(0, over)) this.heardIds.delete(t.id);
    this.heardBase += over;
  }

  /** Waits `ms`, or less if the feed closes meanwhile. */
  private pause(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref?.();
      this.wakers.add(wake);
    });
  }
}
