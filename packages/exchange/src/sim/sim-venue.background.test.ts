import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDefaultSimVenue, defaultSimPairs } from './default-pairs.ts';
import { MemoryJournal } from './testing/memory-journal.ts';

const T0 = 1_699_999_200_000;
const SYMBOLS = defaultSimPairs.map((p) => p.symbol);

function run(seed: number, steps: number) {
  const clock = { t: T0 };
  const venue = createDefaultSimVenue({ seed, now: () => clock.t });
  for (let i = 0; i < steps; i++) {
    clock.t += 1_000;
    venue.step();
  }
  return { venue, clock, viewer: venue.account('viewer') };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the background market', () => {
  it('quotes a two-sided book of 15 layers per side from the start', async () => {
    const { viewer } = run(3, 0);
    for (const symbol of SYMBOLS) {
      const book = await viewer.fetchOrderBook(symbol, 100);
      expect(book.bids).toHaveLength(15);
      expect(book.asks).toHaveLength(15);
      expect(Number(book.bids[0]![0])).toBeLessThan(Number(book.asks[0]![0]));
    }
  });

  it('moves books, trades and candles over 100 steps', async () => {
    const before = run(11, 0);
    const after = run(11, 100);
    for (const symbol of SYMBOLS) {
      const initial = await before.viewer.fetchOrderBook(symbol, 1);
      const moved = await after.viewer.fetchOrderBook(symbol, 1);
      expect(moved.bids[0]).not.toEqual(initial.bids[0]);
      expect(moved.asks[0]).not.toEqual(initial.asks[0]);
      expect(after.venue.fairPrice(symbol)).not.toBe(before.venue.fairPrice(symbol));

      const trades = await after.viewer.fetchTrades(symbol, 1000);
      expect(trades.length).toBeGreaterThan(20);
      expect(trades[0]!.timestamp).toBeGreaterThan(T0 + 80_000);
      const candles = await after.viewer.fetchCandles(symbol, '1m');
      expect(candles.length).toBeGreaterThanOrEqual(2);
      expect(new Set(candles.map((c) => c.close)).size).toBeGreaterThan(1);
      const ticker = await after.viewer.fetchTicker(symbol);
      expect(ticker.last).toBe(trades[0]!.price);
      expect(Number(ticker.baseVolume24h)).toBeGreaterThan(0);
    }
    expect(after.venue.conserves()).toBe(true);
  });

  it('is deterministic: the same seed gives the same trades and state, another seed other trades', async () => {
    const a = run(2024, 150);
    const b = run(2024, 150);
    const c = run(2025, 150);
    for (const symbol of SYMBOLS) {
      expect(await a.viewer.fetchTrades(symbol, 1000)).toEqual(await b.viewer.fetchTrades(symbol, 1000));
      expect(await a.viewer.fetchTrades(symbol, 1000)).not.toEqual(await c.viewer.fetchTrades(symbol, 1000));
    }
    expect(JSON.stringify(a.venue.snapshot())).toBe(JSON.stringify(b.venue.snapshot()));
  });

  it('keeps the reference price near its start over a long run', () => {
    const { venue } = run(5, 3000);
    for (const pair of defaultSimPairs) {
      const ratio = Number(venue.fairPrice(pair.symbol)) / Number(pair.initialPrice);
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.4);
    }
    expect(venue.conserves()).toBe(true);
  });

  it('lets a resting user order fill as the market moves through it', async () => {
    const clock = { t: T0 };
    const venue = createDefaultSimVenue({ seed: 9, now: () => clock.t });
    const alice = venue.account('alice');
    const [bestBid] = (await alice.fetchOrderBook('MDK/USDT', 1)).bids;
    // Join the best bid: noise sellers reach it within a few dozen ticks.
    const placed = await alice.placeOrder({
      symbol: 'MDK/USDT',
      direction: 'buy',
      tradeType: 'limit',
      price: bestBid![0],
      amount: '20',
      clientOrderId: 'join',
    });
    for (let i = 0; i < 300 && (await alice.fetchOpenOrders('MDK/USDT')).length > 0; i++) {
      clock.t += 1_000;
      venue.step();
    }
    const done = await alice.fetchOrder('MDK/USDT', placed.orderNo);
    expect(done.status).toBe('filled');
    const [fill] = await alice.fetchMyTrades('MDK/USDT');
    expect(fill).toMatchObject({ orderNo: placed.orderNo, liquidity: 'maker', side: 'buy', feeAsset: 'MDK' });
  });

  it('runs on a timer between start() and stop()', () => {
    vi.useFakeTimers();
    const venue = createDefaultSimVenue({ seed: 1, tickMs: 500 });
    const journal = new MemoryJournal();
    venue.journalTo(journal);
    const ticks = () => journal.commands.filter((c) => c.k === 'step').length;
    venue.start();
    venue.start();
    vi.advanceTimersByTime(2_000);
    expect(ticks()).toBe(4);
    venue.stop();
    vi.advanceTimersByTime(2_000);
    expect(ticks()).toBe(4);
  });

  it('steps cheaply', () => {
    const { venue } = run(8, 200);
    const steps = 1000;
    const started = performance.now();
    for (let i = 0; i < steps; i++) venue.step();
    const perPair = (performance.now() - started) / steps / SYMBOLS.length;
    // Typically about 0.15 ms per pair; the bound leaves room for slow, busy CI machines.
    expect(perPair).toBeLessThan(1);
  });
});

describe('the reference venue', () => {
  it('keeps a full book whose mid stays within a few percent of the main reference price', () => {
    const clock = { t: T0 };
    const venue = createDefaultSimVenue({ seed: 77, now: () => clock.t });
    for (let i = 0; i < 400; i++) {
      clock.t += 1_000;
      venue.step();
      if (i % 40 !== 0) continue;
      for (const symbol of SYMBOLS) {
        const book = venue.referenceBook(symbol, 100);
        // 20 orders a side; on a coarse tick, drifted deep layers may share a price level.
        expect(book.bids.length).toBeGreaterThanOrEqual(12);
        expect(book.asks.length).toBeGreaterThanOrEqual(12);
        expect(book.timestamp).toBe(clock.t);
        const mid = (Number(book.bids[0]![0]) + Number(book.asks[0]![0])) / 2;
        const fair = Number(venue.fairPrice(symbol));
        expect(Math.abs(mid / fair - 1)).toBeLessThan(0.02);
        expect(Math.abs(Number(venue.referencePrice(symbol)) / mid - 1)).toBeLessThan(0.0001);
      }
    }
  });

  it('differs from the main book in its layers and sizes', async () => {
    const { venue, viewer } = run(4, 10);
    const main = await viewer.fetchOrderBook('BTC/USDT', 100);
    const reference = venue.referenceBook('BTC/USDT', 100);
    expect(reference.bids.length).not.toBe(main.bids.length);
    expect(reference.bids[0]).not.toEqual(main.bids[0]);
    expect(venue.referenceBook('BTC/USDT', 5).bids).toHaveLength(5);
    expect(venue.referencePrice('BTC/USDT')).toMatch(/^\d+\.\d{2}$/);
    expect(() => venue.referenceBook('DOGE/USDT')).toThrow(/Unknown symbol/);
  });
});
