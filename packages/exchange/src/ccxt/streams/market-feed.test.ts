/** MarketFeed against a scripted ccxt.pro venue: no network, no timers (the stream is retried at once). */
import type { OrderBook as CcxtOrderBook, Trade as CcxtTrade } from 'ccxt';
import { describe, expect, it } from 'vitest';
import type { OrderBook, Trade } from '../../exchange.ts';
import { HEARD_CAP, MarketFeed } from './market-feed.ts';
import type { ProVenue } from './pro-venue.ts';

const SYMBOL = 'BTC/USDT';

/** A watch the test answers: each call waits for the next `deliver` or `fail`. */
class Script<T> {
  private waiting: { resolve: (value: T) => void; reject: (err: unknown) => void }[] = [];
  calls = 0;
  watch = (): Promise<T> => {
    this.calls++;
    return new Promise<T>((resolve, reject) => this.waiting.push({ resolve, reject }));
  };
  async deliver(value: T): Promise<void> {
    await until(() => this.waiting.length > 0);
    this.waiting.shift()!.resolve(value);
    await settle();
  }
  async fail(err: unknown = new Error('socket closed')): Promise<void> {
    await until(() => this.waiting.length > 0);
    this.waiting.shift()!.reject(err);
    await settle();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await settle();
  if (!check()) throw new Error('never happened');
}

function proVenue(books: Script<CcxtOrderBook>, trades: Script<CcxtTrade[]> | null): ProVenue {
  return {
    has: { watchOrderBook: true, watchTrades: trades !== null },
    watchOrderBook: books.watch,
    watchTrades: trades?.watch,
  } as unknown as ProVenue;
}

function ccxtBook(nonce: number, bid: number): CcxtOrderBook {
  return { bids: [[bid, 1.5], [bid - 1, 2]], asks: [[bid + 1, 0.25], [bid + 2, 3]], nonce, timestamp: 1000 + nonce } as unknown as CcxtOrderBook;
}

function restBook(updateId: number): OrderBook {
  return { symbol: SYMBOL, bids: [['90', '1']], asks: [['91', '1']], timestamp: 5, updateId };
}

const restTrade = (id: string, timestamp: number): Trade => ({ id, symbol: SYMBOL, price: '90', amount: '1', side: 'sell', timestamp });

class CountingRest {
  books = 0;
  trades = 0;
  fetchOrderBook = async (): Promise<OrderBook> => restBook(++this.books);
  fetchTrades = async (): Promise<Trade[]> => (this.trades++, [restTrade('1', 10), restTrade('2', 20)]);
}

describe('MarketFeed', () => {
  it('lets a sampler peek at the book it holds without asking: the stream’s, else the newest poll with its age, else none', async () => {
    let now = 1000;
    const books = new Script<CcxtOrderBook>();
    const rest = new CountingRest();
    const feed = new MarketFeed({ symbol: SYMBOL, pro: proVenue(books, null), rest, now: () => now, retryDelayMs: () => 0 });
    expect(feed.peekBook(1000)).toBeNull();
    await books.deliver(ccxtBook(7, 100));
    now = 1500;
    expect(feed.peekBook(1000)).toMatchObject({ at: 1000, streamed: true, book: { bids: [['100', '1.5'], ['99', '2']], updateId: 7 } });
    // Down: nothing held until a reader polls; peeking never polls.
    await books.fail();
    expect([feed.peekBook(1000), feed.peekBook(1000), rest.books]).toEqual([null, null, 0]);
    now = 2000;
    await feed.book(1000);
    now = 9000;
    // The poll's answer, as old as it is (the reader judges), still without a request.
    expect(feed.peekBook(1000)).toMatchObject({ at: 2000, streamed: false, book: { updateId: 1 } });
    expect([feed.peekBook(5), rest.books]).toEqual([null, 1]);
    await feed.close();
  });

  it('answers the book from the stream while it is up, in decimal strings with the update id, without REST', async () => {
    const books = new Script<CcxtOrderBook>();
    const rest = new CountingRest();
    const feed = new MarketFeed({ symbol: SYMBOL, pro: proVenue(books, null), rest, retryDelayMs: () => 0 });
    await books.deliver(ccxtBook(7, 100.1));
    const read = await Promise.all(Array.from({ length: 10 }, () => feed.book(1)));
    expect(read[9]).toEqual({ symbol: SYMBOL, bids: [['100.1', '1.5']], asks: [['101.1', '0.25']], timestamp: 1007, updateId: 7 });
    expect(await feed.book()).toMatchObject({ bids: [['100.1', '1.5'], ['99.1', '2']], updateId: 7 });
    expect([rest.books, feed.status().mode]).toEqual([0, 'stream']);
    await feed.close();
  });

  it('polls once for all readers while the stream is down, and streams again when it delivers', async () => {
    let now = 1000;
    const books = new Script<CcxtOrderBook>();
    const rest = new CountingRest();
    const feed = new MarketFeed({ symbol: SYMBOL, pro: proVenue(books, null), rest, now: () => now, retryDelayMs: () => 0 });
    await books.deliver(ccxtBook(7, 100));
    expect(feed.answersLocally('book')).toBe(true);
    now = 2000;
    await books.fail();
    expect(feed.status()).toEqual({ mode: 'polling', since: 2000, reason: 'down' });
    // The first reader's read is a request; the others are answered by it.
    expect(feed.answersLocally('book')).toBe(false);
    const polled = await Promise.all(Array.from({ length: 10 }, () => feed.book()));
    expect([feed.answersLocally('book'), feed.answersLocally('book', 5)]).toEqual([true, false]);
    expect([rest.books, polled.every((b) => b.updateId === 1)]).toEqual([1, true]);
    // The reuse window (1 s) passed: one more poll for everyone.
    now = 3000;
    await Promise.all(Array.from({ length: 10 }, () => feed.book()));
    expect(rest.books).toBe(2);
    // Retried: the stream delivers a resynchronised book.
    now = 4000;
    await books.deliver(ccxtBook(12, 101));
    expect(feed.status()).toEqual({ mode: 'stream', since: 4000, reason: null });
    expect((await feed.book()).updateId).toBe(12);
    // Watches: delivered, failed, delivered, and the next one waiting.
    expect([rest.books, books.calls]).toEqual([2, 4]);
    await feed.close();
  });

  it('retries the stream after 1 s, 2 s, 4 s … by default, each failure in a row waiting longer', async () => {
    const waits: number[] = [];
    const books = new Script<CcxtOrderBook>();
    const feed = new MarketFeed({
      symbol: SYMBOL,
      pro: proVenue(books, null),
      rest: new CountingRest(),
      retryDelayMs: (failures) => (waits.push(failures), 0),
    });
    await books.fail();
    await books.fail();
    await books.fail();
    await books.deliver(ccxtBook(1, 100));
    await books.fail();
    expect(waits).toEqual([1, 2, 3, 1]);
    await feed.close();
  });

  it('a venue without a stream polls, unsupported: one request for ten readers', async () => {
    const rest = new CountingRest();
    const feed = new MarketFeed({ symbol: SYMBOL, pro: null, rest, now: () => 50 });
    const read = await Promise.all(Array.from({ length: 10 }, () => feed.book()));
    const trades = await Promise.all(Array.from({ length: 10 }, () => feed.trades()));
    expect([rest.books, rest.trades, read[0]!.updateId, trades[0]!.length]).toEqual([1, 1, 1, 2]);
    expect(feed.status()).toEqual({ mode: 'polling', since: 50, reason: 'unsupported' });
    await feed.close();
  });

  it('keeps the trades heard on the stream over one REST seed, newest first', async () => {
    const books = new Script<CcxtOrderBook>();
    const trades = new Script<CcxtTrade[]>();
    const rest = new CountingRest();
    const feed = new MarketFeed({ symbol: SYMBOL, pro: proVenue(books, trades), rest, retryDelayMs: () => 0 });
    await books.deliver(ccxtBook(1, 100));
    await trades.deliver([{ id: '3', price: 100.5, amount: 0.1, side: 'buy', timestamp: 30, symbol: SYMBOL } as CcxtTrade]);
    expect(feed.answersLocally('trades')).toBe(false);
    const read = await Promise.all(Array.from({ length: 10 }, () => feed.trades()));
    expect(feed.answersLocally('trades', 50)).toBe(true);
    expect(read[0]!.map((t) => [t.id, t.price, t.side])).toEqual([
      ['3', '100.5', 'buy'],
      ['2', '90', 'sell'],
      ['1', '90', 'sell'],
    ]);
    await trades.deliver([{ id: '4', price: 101, amount: 0.2, side: 'sell', timestamp: 40, symbol: SYMBOL } as CcxtTrade]);
    expect((await feed.trades(2)).map((t) => t.id)).toEqual(['4', '3']);
    expect(rest.trades).toBe(1);
    // The trades' stream fails: polled meanwhile, then seeded again once it holds.
    await trades.fail();
    expect(feed.status().reason).toBe('down');
    await feed.trades();
    expect(rest.trades).toBe(2);
    await books.deliver(ccxtBook(2, 100));
    expect(feed.status().mode).toBe('stream');
    await feed.close();
  });
  it('tells a reader the trades heard since it last looked, each once, and when it may have missed some', async () => {
    const books = new Script<CcxtOrderBook>();
    const trades = new Script<CcxtTrade[]>();
    const rest = new CountingRest();
    const feed = new MarketFeed({ symbol: SYMBOL, pro: proVenue(books, trades), rest, retryDelayMs: () => 0 });
    const t = (id: string, price: number, amount: number, timestamp: number) => ({ id, price, amount, side: 'buy', timestamp, symbol: SYMBOL }) as CcxtTrade;
    await books.deliver(ccxtBook(1, 100));
    await trades.deliver([t('1', 100, 1, 10)]);
    // A first read: where counting starts, nothing counted.
    const first = feed.peekTradesSince()!;
    expect([first.trades, first.complete]).toEqual([[], false]);
    // Out of order in one answer, and a trade answered twice: oldest first, each once.
    await trades.deliver([t('3', 101, 0.5, 30), t('2', 100.5, 2, 20)]);
    await trades.deliver([t('3', 101, 0.5, 30), t('4', 102, 1, 40)]);
    const second = feed.peekTradesSince(first.cursor)!;
    expect([second.trades.map((x) => [x.id, x.price, x.amount]), second.complete]).toEqual([
      [
        ['2', '100.5', '2'],
        ['3', '101', '0.5'],
        ['4', '102', '1'],
      ],
      true,
    ]);
    const quiet = feed.peekTradesSince(second.cursor)!;
    expect([quiet.trades, quiet.complete]).toEqual([[], true]);
    // The stream fails: incomplete (trades may be missed) while down and for the read across the failure.
    await trades.fail();
    const down = feed.peekTradesSince(quiet.cursor)!;
    expect(down.complete).toBe(false);
    expect(feed.peekTradesSince(down.cursor)!.complete).toBe(false);
    await trades.deliver([t('5', 103, 1, 50)]);
    const back = feed.peekTradesSince(down.cursor)!;
    expect([back.trades.map((x) => x.id), back.complete]).toEqual([['5'], true]);
    // More than the log keeps between two reads: told, and the newest HEARD_CAP given.
    await trades.deliver(Array.from({ length: HEARD_CAP + 10 }, (_, i) => t(String(100 + i), 100, 1, 100 + i)));
    const behind = feed.peekTradesSince(back.cursor)!;
    expect([behind.trades.length, behind.trades[0]!.id, behind.complete]).toEqual([HEARD_CAP, '110', false]);
    expect(rest.trades).toBe(0);
    // A cursor of another feed of the pair (opened again since): counting starts again.
    const other = new MarketFeed({ symbol: SYMBOL, pro: proVenue(new Script<CcxtOrderBook>(), new Script<CcxtTrade[]>()), rest });
    expect([other.peekTradesSince(behind.cursor)!.trades, other.peekTradesSince(behind.cursor)!.complete]).toEqual([[], false]);
    await other.close();
    await feed.close();
  });

  it('has no heard trades where the venue streams none', async () => {
    const feed = new MarketFeed({ symbol: SYMBOL, pro: proVenue(new Script<CcxtOrderBook>(), null), rest: new CountingRest() });
    expect(feed.peekTradesSince()).toBeNull();
    await feed.close();
  });
});
