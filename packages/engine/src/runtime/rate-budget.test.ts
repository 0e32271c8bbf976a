import { ExchangeError, createDefaultSimVenue, type Exchange, type VenueUsage } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock.ts';
import { FaultyExchange, faults } from '../testing/faulty-exchange.ts';
import { createRateBudgets } from './rate-budget.ts';

function setup(limit = { ratePerSecond: 10, burst: 20 }) {
  const clock = new FakeClock();
  const venue = createDefaultSimVenue({ seed: 7, now: () => clock.now() });
  const faulty = new FaultyExchange(venue.account('alice'));
  const budgets = createRateBudgets({ clock, limitFor: () => limit });
  return { clock, venue, faulty, budgets };
}

/** Starts `n` book reads and counts how many have answered (ok or not). */
function fire(exchange: Exchange, n: number) {
  const state = { done: 0, failed: [] as unknown[] };
  for (let i = 0; i < n; i++) {
    exchange.fetchOrderBook('BTC/USDT', 1).then(
      () => state.done++,
      (err: unknown) => {
        state.done++;
        state.failed.push(err);
      },
    );
  }
  return state;
}

/** Moves the fake clock until the call has answered, either way. */
async function answered(clock: FakeClock, call: Promise<unknown>): Promise<void> {
  let done = false;
  call.then(
    () => (done = true),
    () => (done = true),
  );
  await clock.until(() => done, 120_000, 10);
}

describe('createRateBudgets', () => {
  it('lets a burst through at once, then one call per token, in order', async () => {
    const { clock, faulty, budgets } = setup({ ratePerSecond: 10, burst: 5 });
    const wrapped = budgets.wrap(faulty.exchange, 'live:k1');
    const state = fire(wrapped, 15);
    await clock.advance(0);
    expect(faulty.count('fetchOrderBook')).toBe(5);
    await clock.advance(500);
    expect(faulty.count('fetchOrderBook')).toBe(10);
    await clock.advance(500);
    expect(faulty.count('fetchOrderBook')).toBe(15);
    expect(state.done).toBe(15);
  });

  it('lets reads the streams answer pass without a token, while the venue\'s requests still wait for theirs', async () => {
    const { clock, faulty, budgets } = setup({ ratePerSecond: 10, burst: 2 });
    let streaming = true;
    // A stream-fed venue: the book comes from memory while its stream is up; balances are always requests.
    const fed: Exchange = Object.assign(Object.create(faulty.exchange) as Exchange, {
      answersLocally: (method: string) => streaming && method === 'fetchOrderBook',
    });
    const wrapped = budgets.wrap(fed, 'live:k-streams');
    const books = fire(wrapped, 30);
    await clock.advance(0);
    expect(books.done).toBe(30);
    // The two tokens are untouched by the 30 local reads: two balance reads go at once, the third waits.
    let balances = 0;
    for (let i = 0; i < 3; i++) void wrapped.fetchBalances().then(() => balances++);
    await clock.advance(0);
    expect(balances).toBe(2);
    await clock.advance(100);
    expect(balances).toBe(3);
    // The stream goes down: the book is a request again, paced like the rest.
    streaming = false;
    const polled = fire(wrapped, 5);
    await clock.advance(0);
    expect(polled.done).toBeLessThan(5);
    await clock.advance(1000);
    expect(polled.done).toBe(5);
  });

  it('takes only its share of a key\'s limit when several servers share the key, and follows the share as servers come and go', async () => {
    const clock = new FakeClock();
    const venue = createDefaultSimVenue({ seed: 7, now: () => clock.now() });
    const faulty = new FaultyExchange(venue.account('alice'));
    let servers = 3;
    const budgets = createRateBudgets({ clock, limitFor: () => ({ ratePerSecond: 12, burst: 6 }), shareOf: (key) => (key.startsWith('live') ? 1 / servers : 1) });
    const wrapped = budgets.wrap(faulty.exchange, 'live:k1');
    fire(wrapped, 40);
    await clock.advance(0);
    expect(faulty.count('fetchOrderBook'), 'a third of the burst').toBe(2);
    await clock.advance(1000);
    expect(faulty.count('fetchOrderBook'), 'then a third of the rate: 4 a second').toBe(6);
    servers = 1;
    await clock.advance(1000);
    expect(faulty.count('fetchOrderBook'), 'alone again: the whole rate').toBe(18);
  });

  it('serves a cancel ahead of the calls already waiting for the key (cancels take risk off the book first)', async () => {
    const { clock, faulty, budgets } = setup({ ratePerSecond: 10, burst: 2 });
    const exchange = budgets.wrap(faulty.exchange, 'k');
    const order = await exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '10000.00', amount: '0.0010', clientOrderId: 'cancel-first' });
    const reads = fire(exchange, 5);
    let canceledAtReads = -1;
    const cancel = exchange.cancelOrder('BTC/USDT', order.orderNo).then(() => (canceledAtReads = reads.done));
    await answered(clock, cancel);
    // Burst of 2: the placement and the first read took the tokens; the cancel got the next one, before the 4 reads queued ahead of it.
    expect(canceledAtReads).toBe(1);
    await clock.until(() => reads.done === 5, 10_000, 10);
    expect(faulty.log.map((r) => r.method)).toEqual(['placeOrder', 'fetchOrderBook', 'cancelOrder', 'fetchOrderBook', 'fetchOrderBook', 'fetchOrderBook', 'fetchOrderBook']);
  });

  it('pauses the whole key on a 429 for the Retry-After it said, without retrying: no call is sent meanwhile', async () => {
    const { clock, faulty, budgets } = setup();
    const wrapped = budgets.wrap(faulty.exchange, 'live:k1');
    faulty.inject('fetchOrderBook', faults.rateLimit(30_000));
    const first = await wrapped.fetchOrderBook('BTC/USDT').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ExchangeError);
    expect((first as ExchangeError).kind).toBe('rate_limited');
    expect(budgets.throttledUntil('live:k1')).toBe(clock.now() + 30_000);

    const state = fire(wrapped, 50);
    await clock.advance(29_000);
    expect(faulty.count('fetchOrderBook', 'attempts')).toBe(1);
    expect(state.done).toBe(0);
    await clock.advance(1_000);
    expect(budgets.throttledUntil('live:k1')).toBeNull();
    await clock.advance(10_000);
    expect(state.done).toBe(50);
    expect(state.failed).toEqual([]);
    expect(faulty.count('fetchOrderBook', 'attempts')).toBe(51);
  });

  it('backs off 1 s, 2 s, 4 s… capped at 60 s when the venue says no Retry-After, and forgets after a success', async () => {
    const { clock, faulty, budgets } = setup();
    const wrapped = budgets.wrap(faulty.exchange, 'live:k1');
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      faulty.inject('fetchOrderBook', faults.rateLimit());
      await answered(clock, wrapped.fetchOrderBook('BTC/USDT'));
      pauses.push(budgets.throttledUntil('live:k1')! - clock.now());
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    await answered(clock, wrapped.fetchOrderBook('BTC/USDT'));
    faulty.inject('fetchOrderBook', faults.rateLimit());
    await answered(clock, wrapped.fetchOrderBook('BTC/USDT'));
    expect(budgets.throttledUntil('live:k1')! - clock.now()).toBe(1000);
  });

  it('shares one budget between two wrappers of the same key, and keeps keys apart', async () => {
    const { clock, venue, faulty, budgets } = setup({ ratePerSecond: 1, burst: 2 });
    const other = new FaultyExchange(venue.account('bob'));
    const botA = budgets.wrap(faulty.exchange, 'live:shared');
    const manual = budgets.wrap(faulty.exchange, 'live:shared');
    const elsewhere = budgets.wrap(other.exchange, 'live:other');
    fire(botA, 2);
    fire(manual, 2);
    fire(elsewhere, 2);
    await clock.advance(0);
    expect(faulty.count('fetchOrderBook')).toBe(2);
    expect(other.count('fetchOrderBook')).toBe(2);

    faulty.inject('fetchOrderBook', faults.rateLimit(5000));
    await clock.advance(1000);
    expect(budgets.throttledUntil('live:shared')).not.toBeNull();
    expect(budgets.throttledUntil('live:other')).toBeNull();
    const sentBefore = faulty.count('fetchOrderBook', 'attempts');
    const elsewhereState = fire(elsewhere, 1);
    await clock.advance(1500);
    expect(faulty.count('fetchOrderBook', 'attempts')).toBe(sentBefore);
    expect(elsewhereState.done).toBe(1);
  });

  it('forwards every request of the venue and leaves subscribe and close alone', async () => {
    const { clock, faulty, budgets } = setup();
    const wrapped = budgets.wrap(faulty.exchange, 'live:k1');
    const results = Promise.all([
      wrapped.loadMarkets(),
      wrapped.fetchTicker('BTC/USDT'),
      wrapped.fetchTrades('BTC/USDT', 2),
      wrapped.fetchCandles('BTC/USDT', '1m', { limit: 2 }),
      wrapped.fetchBalances(),
      wrapped.fetchOpenOrders('BTC/USDT'),
      wrapped.fetchClosedOrders('BTC/USDT'),
      wrapped.fetchMyTrades('BTC/USDT'),
      wrapped.fetchOrderByClientId('BTC/USDT', 'none'),
    ]);
    await clock.advance(0);
    const [markets, , , , balances, , , , byId] = await results;
    expect(markets.length).toBeGreaterThan(0);
    expect(balances.length).toBeGreaterThan(0);
    expect(byId).toBeNull();
    expect(wrapped.id).toBe('sim');
    const unsubscribe = wrapped.subscribe('BTC/USDT', () => {});
    unsubscribe();
    await wrapped.close();
  });

  it('paces placements by the venue’s reported order count before it refuses, never holding a cancel back', async () => {
    const { clock, faulty, budgets } = setup();
    // 1_700_000_000_000 is the start of a 10 s window; 17 of 20 orders used: the next would pass 85 %.
    let reported: VenueUsage = { usedWeight1m: 30, orderCount10s: 17, orderCount1d: 17, limits: { weight1m: 6000, orders10s: 20, orders1d: 200_000 }, at: clock.now() + 2000 };
    const reporting = new Proxy(faulty.exchange, {
      get: (target, name, receiver) => (name === 'venueUsage' ? () => reported : Reflect.get(target, name, receiver)),
    });
    const wrapped = budgets.wrap(reporting, 'live:k1');
    await clock.advance(2000);
    await answered(clock, wrapped.fetchBalances());
    const placing = wrapped.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '1000', amount: '0.001', clientOrderId: 'paced-1' }).catch(() => undefined);
    await clock.advance(100);
    expect(faulty.count('placeOrder')).toBe(0);
    // A cancel is not held behind it.
    const cancel = wrapped.cancelOrder('BTC/USDT', '424242').catch(() => undefined);
    await clock.advance(10);
    expect(faulty.count('cancelOrder')).toBe(1);
    await answered(clock, cancel);
    // At the next 10 s window (and a little past) the placement goes.
    await clock.advance(7800);
    expect(faulty.count('placeOrder')).toBe(0);
    reported = { ...reported, orderCount10s: 0, at: clock.now() };
    await clock.advance(200);
    expect(faulty.count('placeOrder')).toBe(1);
    await answered(clock, placing);
  });
});
