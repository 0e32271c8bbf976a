import { describe, expect, it } from 'vitest';
import { candleIntervals } from '@makerdesk/contract';
import type { Exchange } from '../exchange.ts';
import { createDefaultSimVenue, defaultSimPairs, defaultSimVenueOptions } from './default-pairs.ts';
import { SimVenue } from './sim-venue.ts';
import type { SimSnapshot } from './sim-venue.api.ts';
import { SimSnapshotError } from './snapshot-codec.ts';

const T0 = 1_699_999_200_000;
const SYMBOLS = defaultSimPairs.map((p) => p.symbol);
const USERS = ['alice', 'bob'];

/** Everything a reader can see. */
async function readAll(venue: SimVenue): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const user of USERS) {
    const account = venue.account(user);
    out[`${user}.balances`] = await account.fetchBalances();
    for (const symbol of SYMBOLS) {
      out[`${user}.${symbol}.open`] = await account.fetchOpenOrders(symbol);
      out[`${user}.${symbol}.closed`] = await account.fetchClosedOrders(symbol, { limit: 1000 });
      out[`${user}.${symbol}.fills`] = await account.fetchMyTrades(symbol, { limit: 1000 });
    }
  }
  const viewer = venue.account('alice');
  for (const symbol of SYMBOLS) {
    out[`${symbol}.book`] = await viewer.fetchOrderBook(symbol, 1000);
    out[`${symbol}.trades`] = await viewer.fetchTrades(symbol, 1000);
    out[`${symbol}.ticker`] = await viewer.fetchTicker(symbol);
    for (const interval of candleIntervals) out[`${symbol}.${interval}`] = await viewer.fetchCandles(symbol, interval, { limit: 1500 });
    out[`${symbol}.reference`] = venue.referenceBook(symbol, 1000);
    out[`${symbol}.referencePrice`] = venue.referencePrice(symbol);
    out[`${symbol}.fair`] = venue.fairPrice(symbol);
  }
  return out;
}

/** About 30 USDT of each base asset. */
const LOT: Record<string, number> = { 'BTC/USDT': 0.0005, 'ETH/USDT': 0.01, 'SOL/USDT': 0.2, 'MDK/USDT': 40 };

/** A fixed script of user activity for round `i`: passive orders near the touch, takers, cancels. */
async function userRound(venue: SimVenue, i: number): Promise<void> {
  const pair = defaultSimPairs[i % defaultSimPairs.length]!;
  const symbol = pair.symbol;
  const account: Exchange = venue.account(USERS[i % 2]!);
  const book = await account.fetchOrderBook(symbol, 3);
  const amount = (LOT[symbol]! * (1 + (i % 5))).toFixed(pair.amountPrecision);
  const place = (direction: 'buy' | 'sell', price: string | undefined, id: string) =>
    account.placeOrder(
      price === undefined
        ? { symbol, direction, tradeType: 'market', amount, clientOrderId: id }
        : { symbol, direction, tradeType: 'limit', price, amount, clientOrderId: id },
    );
  const bid = book.bids[i % 3]?.[0];
  const ask = book.asks[i % 3]?.[0];
  if (bid !== undefined) await place('buy', bid, `b${i}`);
  if (ask !== undefined) await place('sell', ask, `s${i}`);
  if (i % 4 === 3) await place(i % 8 === 3 ? 'buy' : 'sell', undefined, `m${i}`);
  if (i % 3 === 2) {
    const [oldest] = await account.fetchOpenOrders(symbol);
    if (oldest !== undefined) await account.cancelOrder(symbol, oldest.orderNo);
  }
}

async function advance(venue: SimVenue, clock: { t: number }, from: number, rounds: number): Promise<void> {
  for (let i = from; i < from + rounds; i++) {
    clock.t += 1_000;
    venue.step();
    if (i % 2 === 0) await userRound(venue, i);
  }
}

function freshClock() {
  return { t: T0 };
}

describe('SimVenue snapshot and restore', () => {
  it('restores from a JSON round trip, answers every read as before, and continues identically', async () => {
    const clock = freshClock();
    const original = createDefaultSimVenue({ seed: 31, now: () => clock.t });
    await advance(original, clock, 0, 120);
    // The state covers resting user orders, some partly filled, and user fills.
    const all = (await readAll(original)) as Record<string, { status?: string }[]>;
    const open = Object.entries(all).filter(([key]) => key.endsWith('.open')).flatMap(([, orders]) => orders);
    expect(open.length).toBeGreaterThan(5);
    expect(open.some((order) => order.status === 'partial_filled')).toBe(true);
    expect(Object.entries(all).some(([key, fills]) => key.endsWith('.fills') && fills.length > 0)).toBe(true);

    const saved = JSON.parse(JSON.stringify(original.snapshot())) as SimSnapshot;
    const restoredClock = { t: clock.t };
    // The seed no longer matters: the snapshot carries the generator's state.
    const restored = SimVenue.restore(defaultSimVenueOptions({ seed: 999, now: () => restoredClock.t }), saved);

    expect(await readAll(restored)).toEqual(await readAll(original));
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(original.snapshot()));

    await advance(original, clock, 120, 80);
    await advance(restored, restoredClock, 120, 80);
    expect(await readAll(restored)).toEqual(await readAll(original));
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(original.snapshot()));
    expect(restored.conserves()).toBe(true);
  });

  it('does not depend on the order of object keys (PostgreSQL jsonb reorders them)', async () => {
    const clock = freshClock();
    const original = createDefaultSimVenue({ seed: 8, now: () => clock.t });
    await advance(original, clock, 0, 60);
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)]));
    };
    const saved = reversed(JSON.parse(JSON.stringify(original.snapshot()))) as SimSnapshot;
    const restored = SimVenue.restore(defaultSimVenueOptions({ seed: 8, now: () => clock.t }), saved);
    expect(await readAll(restored)).toEqual(await readAll(original));
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(original.snapshot()));
  });

  it('keeps the extra hold of a buy that took at a better price before it rested', async () => {
    const clock = freshClock();
    const venue = createDefaultSimVenue({ seed: 5, now: () => clock.t });
    const bob = venue.account('bob');
    const alice = venue.account('alice');
    const limit = { symbol: 'SOL/USDT', tradeType: 'limit' } as const;
    await bob.placeOrder({ ...limit, direction: 'sell', price: '149.990', amount: '1', clientOrderId: 'cheap' });
    // Takes 1 SOL at 149.990 and rests 1 SOL at 150.000: it still holds 150.000 + 0.010.
    const buy = await alice.placeOrder({ ...limit, direction: 'buy', price: '150', amount: '2', clientOrderId: 'x' });
    expect(buy.status).toBe('partial_filled');
    const frozen = (await alice.fetchBalances()).find((b) => b.asset === 'USDT')!.frozen;
    expect(frozen).toBe('150.01000000');

    const saved = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot;
    const restored = SimVenue.restore(defaultSimVenueOptions({ seed: 5, now: () => clock.t }), saved);
    const again = restored.account('alice');
    expect((await again.fetchBalances()).find((b) => b.asset === 'USDT')!.frozen).toBe('150.01000000');
    const canceled = await again.cancelOrder('SOL/USDT', buy.orderNo);
    // Half filled before the restart: it ends partially canceled after it, as it would have before.
    expect(canceled.status).toBe('partial_canceled');
    expect((await again.fetchBalances()).find((b) => b.asset === 'USDT')).toMatchObject({ frozen: '0.00000000' });
    expect(restored.conserves()).toBe(true);
  });

  it('reads a snapshot from before candles counted trades: the day counts only the trades since', async () => {
    const clock = freshClock();
    const options = defaultSimVenueOptions({ seed: 5, now: () => clock.t });
    const venue = new SimVenue(options);
    await advance(venue, clock, 0, 30);
    const json = JSON.parse(JSON.stringify(venue.snapshot())) as { pairs: { candles: Record<string, unknown[][]> }[] };
    // As the version before wrote them: [time, open, high, low, close, volume, quoteVolume].
    for (const pair of json.pairs) for (const interval of Object.keys(pair.candles)) pair.candles[interval] = pair.candles[interval]!.map((c) => c.slice(0, 7));
    const restored = SimVenue.restore(options, json as unknown as SimSnapshot);
    const before = await restored.marketData().fetchTicker('BTC/USDT');
    expect(before.trades24h).toEqual({ count: 0, firstId: null, lastId: null });
    expect(before.baseVolume24h).toBe((await venue.marketData().fetchTicker('BTC/USDT')).baseVolume24h);
    const filled = await restored.account('carol').placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'market', amount: '0.001', clientOrderId: 'after' });
    const mine = await restored.account('carol').fetchMyTrades('BTC/USDT');
    const after = await restored.marketData().fetchTicker('BTC/USDT');
    expect(filled.status).toBe('filled');
    expect(after.trades24h).toEqual({ count: mine.length, firstId: mine.at(-1)!.id, lastId: mine[0]!.id });
  });

  it('starts a pair configured since the snapshot afresh', async () => {
    const clock = freshClock();
    const options = defaultSimVenueOptions({ seed: 1, now: () => clock.t });
    const small = new SimVenue({ ...options, pairs: options.pairs.slice(0, 2), demoFunds: { USDT: '1000' } });
    small.step();
    const grown = SimVenue.restore(options, JSON.parse(JSON.stringify(small.snapshot())));
    expect((await grown.account('x').fetchOrderBook('MDK/USDT')).bids).toHaveLength(15);
    expect(grown.referenceBook('MDK/USDT').bids).toHaveLength(20);
  });

  describe('refuses a snapshot it cannot read', () => {
    const clock = freshClock();
    const options = defaultSimVenueOptions({ seed: 1, now: () => clock.t });
    const base = (): Record<string, unknown> => {
      const venue = new SimVenue(options);
      venue.openAccount('alice');
      return JSON.parse(JSON.stringify(venue.snapshot()));
    };
    const cases: [string, (s: Record<string, unknown>) => unknown, RegExp][] = [
      ['not an object', () => 'hello', /the snapshot should be an object/],
      ['another version', (s) => ({ ...s, version: 2 }), /unsupported snapshot version 2/],
      ['a missing ledger', (s) => ({ ...s, ledger: undefined }), /ledger should be an object/],
      [
        'a pair no longer configured',
        (s) => ({ ...s, pairs: [...(s.pairs as object[]), { ...(s.pairs as object[])[0], symbol: 'DOGE/USDT' }] }),
        /DOGE\/USDT is not configured any more/,
      ],
      [
        'other precisions',
        (s) => ({ ...s, pairs: (s.pairs as { units: number[] }[]).map((p, i) => (i === 0 ? { ...p, units: [3, 5, 8, 8] } : p)) }),
        /BTC\/USDT was saved with precisions/,
      ],
      [
        'balances that do not match the books',
        (s) => {
          const ledger = s.ledger as { accounts: [string, [string, string, string][]][] };
          const alice = ledger.accounts.find(([account]) => account === 'user:alice')!;
          alice[1][0]![1] = '1';
          return s;
        },
        /add up to|after rebuilding the books/,
      ],
      ['a broken generator state', (s) => ({ ...s, rng: [0, 0, 0, 0] }), /rng/],
    ];
    it.each(cases)('%s', (_, mutate, message) => {
      const attempt = () => SimVenue.restore(options, mutate(base()) as SimSnapshot);
      expect(attempt).toThrow(SimSnapshotError);
      expect(attempt).toThrow(message);
    });
  });

  it('has these top-level keys', () => {
    const venue = createDefaultSimVenue({ seed: 1, now: () => T0 });
    expect(Object.keys(venue.snapshot())).toEqual(['version', 'added', 'takenAt', 'counters', 'rng', 'ledger', 'pairs', 'accounts', 'reference']);
    expect(venue.snapshot()).toMatchObject({ version: 1, takenAt: T0 });
  });
});
