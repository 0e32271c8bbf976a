import { renderServerText } from '@makerdesk/contract';
import { createDefaultSimVenue, isOwnClientOrderId, makerDeskClientOrderId, type PlaceOrderRequest } from '@makerdesk/exchange';
import { add, div, parse, toFixed } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import type { PairRules } from '../strategy.ts';
import { FakeClock } from '../testing/fake-clock.ts';
import { FaultyExchange, faults, type Fault } from '../testing/faulty-exchange.ts';
import { MemoryOrderJournal } from '../testing/memory-order-journal.ts';
import { withCallTimeout } from './call-timeout.ts';
import { OrderExecutor } from './executor.ts';
import type { GuardedOrder } from './price-guard.ts';

const SYMBOL = 'ETH/USDT';
const ROBOT = 7;

function setup(options: { adoptOrphans?: boolean; simulated?: boolean } = {}) {
  const clock = new FakeClock();
  const venue = createDefaultSimVenue({ seed: 3, now: () => clock.now() });
  const faulty = new FaultyExchange(venue.account('mm'));
  const journal = new MemoryOrderJournal();
  const market = venue.markets().find((m) => m.symbol === SYMBOL)!;
  const rules: PairRules = { ...market };
  const logs: string[] = [];
  const closed = { value: false };
  const executor = new OrderExecutor({
    robot: { id: ROBOT, symbol: SYMBOL },
    exchange: withCallTimeout(faulty.exchange, 10_000, clock),
    journal,
    rules,
    clock,
    log: (_level, message) => logs.push(renderServerText(message, 'en_US')),
    adoptOrphans: options.adoptOrphans ?? true,
    simulated: options.simulated ?? true,
    notFoundAfterMs: 5_000,
    placementsClosed: () => closed.value,
  });
  /** Runs an executor call to its end, moving the fake clock while it waits (timeouts). */
  const run = async <T>(call: Promise<T>): Promise<T> => {
    let done = false;
    const watched = call.finally(() => (done = true));
    await clock.until(() => done, 60_000, 500);
    return watched;
  };
  const scopeOrders = async () => {
    const account = venue.account('mm');
    const all = [...(await account.fetchOpenOrders(SYMBOL)), ...(await account.fetchClosedOrders(SYMBOL, { limit: 1000 }))];
    return all.filter((o) => isOwnClientOrderId(o.clientOrderId, `b${ROBOT}`));
  };
  const openScopeOrders = async () => (await scopeOrders()).filter((o) => o.status === 'pending' || o.status === 'partial_filled');
  return { clock, venue, faulty, journal, executor, logs, closed, run, scopeOrders, openScopeOrders };
}

const bid = (tag: string, price = '3000.00', amount = '0.0100'): GuardedOrder => ({ tag, side: 'buy', price, amount, timeInForce: 'GTC', selfTrade: false });

type Setup = ReturnType<typeof setup>;

/** A bid of 0.05 a cent above the book's best, so a seller reaches it first; answers its price and journal row. */
async function restingBid({ venue, executor }: Setup) {
  const book = await venue.account('x').fetchOrderBook(SYMBOL, 1);
  const above = add(book.bids[0]![0], '0.01');
  await executor.place(bid('bid-0', above, '0.0500'));
  return { above, placed: executor.liveOrders()[0]! };
}

/** Another account sells `amount` into the bid at `price` (IOC). */
const sellInto = ({ venue }: Setup, price: string, amount: string) =>
  venue.account('taker').placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', price, amount, timeInForce: 'IOC', clientOrderId: 'taker-1' });
const placedIds = (faulty: FaultyExchange) => faulty.log.filter((r) => r.method === 'placeOrder').map((r) => (r.args[0] as PlaceOrderRequest).clientOrderId);

describe('OrderExecutor: journal first', () => {
  it('the order is journalled "sending" before the venue sees it, with an id of the bot’s scope', async () => {
    const { faulty, journal, executor } = setup();
    const seen: string[] = [];
    faulty.inject('placeOrder', faults.reset, {
      when: ([request]) => {
        seen.push(journal.orders.get((request as PlaceOrderRequest).clientOrderId)?.state ?? 'absent');
        return false;
      },
    });
    expect(await executor.place(bid('bid-0'))).toBe('open');
    expect(seen).toEqual(['sending']);
    const [order] = journal.all(ROBOT);
    expect(isOwnClientOrderId(order!.clientOrderId, 'b7')).toBe(true);
    expect(order).toMatchObject({ tag: 'bid-0', state: 'open', orderNo: expect.any(String) });
  });

  it('sends nothing when the journal write fails', async () => {
    const { faulty, journal, executor } = setup();
    journal.failInserts = 1;
    await expect(executor.place(bid('bid-0'))).rejects.toThrow('journal unavailable');
    expect(faulty.count('placeOrder', 'attempts')).toBe(0);
  });

  it('no new orders once placements are closed (shutdown)', async () => {
    const { faulty, executor, closed } = setup();
    closed.value = true;
    expect(await executor.place(bid('bid-0'))).toBe('refused');
    expect(faulty.count('placeOrder', 'attempts')).toBe(0);
  });

  it('a refusal is final: rejected, with the venue’s reason', async () => {
    const { venue, journal, executor } = setup();
    const bestBid = (await venue.account('x').fetchOrderBook(SYMBOL, 1)).bids[0]![0];
    expect(await executor.place({ tag: 'ask-0', side: 'sell', price: bestBid, amount: '0.0100', timeInForce: 'POST_ONLY', selfTrade: false })).toBe('rejected');
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'rejected', error: expect.stringMatching(/post|cross|maker/i) });
    expect(executor.liveCount).toBe(0);
  });
});

describe('OrderExecutor: lost answers', () => {
  it('accepted, then 5xx: unknown, the slot stays busy, reconciliation adopts it; one venue order, sent once', async () => {
    const { faulty, journal, executor, openScopeOrders } = setup();
    faulty.inject('placeOrder', faults.gateway5xxAfter);
    expect(await executor.place(bid('bid-0'))).toBe('unknown');
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'unknown', error: 'HTTP 502 Bad Gateway' });
    expect(await executor.place(bid('bid-0'))).toBe('refused');
    expect(executor.ownOrders()).toEqual([expect.objectContaining({ tag: 'bid-0', state: 'unknown' })]);
    await executor.reconcile();
    expect(journal.all(ROBOT)).toEqual([expect.objectContaining({ tag: 'bid-0', state: 'open', orderNo: expect.any(String) })]);
    expect(await openScopeOrders()).toHaveLength(1);
    expect(placedIds(faulty)).toHaveLength(1);
  });

  it('a timeout after the venue accepted: unknown after the call timeout, then found by client order id', async () => {
    const { faulty, journal, executor, run, openScopeOrders } = setup();
    faulty.inject('placeOrder', faults.hangAfter);
    expect(await run(executor.place(bid('bid-0')))).toBe('unknown');
    expect(journal.all(ROBOT)[0]!.error).toMatch(/no answer within 10000 ms/);
    await run(executor.reconcile());
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'open' });
    expect(await openScopeOrders()).toHaveLength(1);
    expect(placedIds(faulty)).toHaveLength(1);
  });

  it.each<[string, Fault]>([
    ['a timeout before the venue saw it', faults.hang],
    ['a connection reset', faults.reset],
    ['a 429', faults.rateLimit(1000)],
  ])('%s: unknown, kept while the venue may still show it, given up after; never sent again', async (_name, fault) => {
    const { clock, faulty, journal, executor, run, scopeOrders } = setup();
    faulty.inject('placeOrder', fault);
    expect(await run(executor.place(bid('bid-0')))).toBe('unknown');
    await run(executor.reconcile());
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'unknown' });
    await clock.advance(5_000);
    await run(executor.reconcile());
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'rejected', error: expect.stringMatching(/not found on the venue/) });
    expect(faulty.count('fetchOrderByClientId')).toBe(2);
    expect(faulty.count('placeOrder', 'attempts')).toBe(1);
    expect(await scopeOrders()).toEqual([]);
  });

  it('a lost cancel answer: canceling, then resolved by lookup as canceled', async () => {
    const { faulty, journal, executor, openScopeOrders } = setup();
    await executor.place(bid('bid-0'));
    const id = journal.all(ROBOT)[0]!.clientOrderId;
    faulty.inject('cancelOrder', faults.loseAnswer);
    expect(await executor.cancel(id)).toBe('pending');
    expect(journal.orders.get(id)!.state).toBe('canceling');
    expect(executor.ownOrders()[0]!.state).toBe('canceling');
    expect(await openScopeOrders()).toEqual([]);
    await executor.reconcile();
    expect(journal.orders.get(id)!.state).toBe('canceled');
    expect(executor.liveCount).toBe(0);
  });

  it('a cancel that never arrived: canceling, then open again once reconciliation sees it resting', async () => {
    const { faulty, journal, executor, openScopeOrders } = setup();
    await executor.place(bid('bid-0'));
    const id = journal.all(ROBOT)[0]!.clientOrderId;
    faulty.inject('cancelOrder', faults.reset);
    expect(await executor.cancel(id)).toBe('pending');
    await executor.reconcile();
    expect(journal.orders.get(id)).toMatchObject({ state: 'open', error: 'the cancel was not confirmed' });
    expect(await openScopeOrders()).toHaveLength(1);
    expect(await executor.cancel(id)).toBe('canceled');
  });
});

describe('OrderExecutor: ownership', () => {
  it('cancels only its own orders: never a manual order or another bot’s, even by id', async () => {
    const { clock, venue, faulty, executor, journal } = setup();
    const account = venue.account('mm');
    const manual = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '2900.00', amount: '0.0100', clientOrderId: makerDeskClientOrderId('manual') });
    const other = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '2901.00', amount: '0.0100', clientOrderId: makerDeskClientOrderId('b8') });
    expect(await executor.cancel(manual.clientOrderId!)).toBe('skipped');
    expect(await executor.cancel(other.clientOrderId!)).toBe('skipped');
    await executor.reconcile();
    expect(await executor.cancelAll(clock.now())).toBe(true);
    expect(faulty.count('cancelOrder', 'attempts')).toBe(0);
    expect(journal.all(ROBOT)).toEqual([]);
    expect((await account.fetchOpenOrders(SYMBOL)).map((o) => o.orderNo).sort()).toEqual([manual.orderNo, other.orderNo].sort());
  });

  it('adopts an order of its scope the journal lacks (quoting bot), and logs it', async () => {
    const { journal, executor, logs, openScopeOrders } = setup();
    await executor.place(bid('bid-0'));
    const id = journal.all(ROBOT)[0]!.clientOrderId;
    journal.forget(id);
    await executor.reconcile();
    expect(journal.orders.get(id)).toMatchObject({ state: 'open', tag: expect.stringMatching(/^adopted-/) });
    expect(logs.some((l) => l.includes('not in the journal: adopted'))).toBe(true);
    expect(await openScopeOrders()).toHaveLength(1);
  });

  it('cancels such an order when the bot does not quote', async () => {
    const { journal, executor, logs, openScopeOrders } = setup({ adoptOrphans: false });
    await executor.place(bid('bid-0'));
    const id = journal.all(ROBOT)[0]!.clientOrderId;
    journal.forget(id);
    await executor.reconcile();
    expect(journal.orders.get(id)).toMatchObject({ state: 'canceled' });
    expect(logs.some((l) => l.includes('cancelling it'))).toBe(true);
    expect(await openScopeOrders()).toEqual([]);
  });
});

describe('OrderExecutor: fills', () => {
  it('turns the increase of an order’s filled amount into one fill record, at its price, with the maker fee', async () => {
    const s = setup();
    const { journal, executor } = s;
    const { above } = await restingBid(s);
    await sellInto(s, above, '0.0200');
    await executor.reconcile();
    await executor.reconcile();
    expect(journal.fills).toEqual([
      expect.objectContaining({ robotId: ROBOT, side: 'buy', price: above, amount: '0.02', filledAfter: '0.02', quoteAmount: expect.any(String), fee: expect.any(String) }),
    ]);
    const fill = journal.fills[0]!;
    expect(Number(fill.fee)).toBeCloseTo(Number(fill.quoteAmount) * 0.001, 10);
    expect(executor.takeFills()).toEqual([expect.objectContaining({ tag: 'bid-0', amount: '0.02', price: above })]);
    expect(executor.takeFills()).toEqual([]);
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'open', filledAmount: '0.0200' });
  });
});

/** Holds the journal's writes while closed (a slow database), in the order they came. */
function gateWrites(journal: MemoryOrderJournal) {
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  const settle = journal.settle.bind(journal);
  journal.settle = async (changes, fills) => {
    if (held) await held;
    return settle(changes, fills);
  };
  return {
    close: () => void (held = new Promise<void>((resolve) => (release = resolve))),
    open: () => {
      held = null;
      release?.();
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('OrderExecutor: streamed updates during a tick (issue 19)', () => {
  it('a streamed fill racing the tick’s reconciliation of the same order: one fill, never two', async () => {
    const s = setup();
    const { venue, journal, executor } = s;
    const { above, placed } = await restingBid(s);
    await sellInto(s, above, '0.0200');
    const pushed = (await venue.account('mm').fetchOrderByClientId(SYMBOL, placed.clientOrderId))!;
    expect(pushed.filledAmount).toBe('0.0200');

    const gate = gateWrites(journal);
    gate.close();
    const streamed = executor.applyStreamed(pushed);
    const reconciled = executor.reconcile();
    await tick();
    gate.open();
    expect(await streamed).toBe(true);
    await reconciled;
    expect(executor.takeFills()).toEqual([expect.objectContaining({ tag: 'bid-0', amount: '0.02', price: above })]);
    expect(journal.fills).toHaveLength(1);
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'open', filledAmount: '0.0200' });
  });

  it('a streamed fill of the whole order while the tick cancels it: filled, one fill, no cancel recorded over it', async () => {
    const s = setup();
    const { venue, journal, executor, logs } = s;
    const { above, placed } = await restingBid(s);

    const gate = gateWrites(journal);
    gate.close();
    // The tick's cancel journals 'canceling' first (held); the market takes the whole order meanwhile.
    const canceled = executor.cancel(placed.clientOrderId);
    await sellInto(s, above, '0.0500');
    const pushed = (await venue.account('mm').fetchOrderByClientId(SYMBOL, placed.clientOrderId))!;
    expect(pushed.status).toBe('filled');
    const streamed = executor.applyStreamed(pushed);
    await tick();
    gate.open();
    expect(await streamed).toBe(true);
    expect(await canceled).toBe('filled');
    expect(executor.takeFills()).toEqual([expect.objectContaining({ tag: 'bid-0', amount: '0.05' })]);
    expect(journal.fills).toHaveLength(1);
    expect(journal.all(ROBOT)[0]).toMatchObject({ state: 'filled', filledAmount: '0.0500' });
    expect(executor.liveCount).toBe(0);
    // A later cancel of it (a tick that chose before the fill) is no "not the bot's order" warning.
    expect(await executor.cancel(placed.clientOrderId)).toBe('skipped');
    expect(logs.filter((l) => /not a live order/i.test(l))).toEqual([]);
  });
});

describe('OrderExecutor: what the venue ended stays ended', () => {
  it('the tick’s older read of the open orders never reopens an order the stream told filled meanwhile', async () => {
    const s = setup();
    const { venue, journal, executor, logs } = s;
    const { above, placed } = await restingBid(s);
    // The tick reads the open orders; then the market takes the order and the stream says so.
    const stale = await venue.account('mm').fetchOpenOrders(SYMBOL);
    expect(stale.map((o) => o.clientOrderId)).toContain(placed.clientOrderId);
    await sellInto(s, above, '0.0500');
    expect(await executor.applyStreamed((await venue.account('mm').fetchOrderByClientId(SYMBOL, placed.clientOrderId))!)).toBe(true);
    await executor.reconcile({ venueOpen: stale, trustMemory: true });
    expect(journal.all(ROBOT)).toEqual([expect.objectContaining({ state: 'filled', filledAmount: '0.0500' })]);
    expect(executor.liveCount).toBe(0);
    expect(executor.takeFills()).toHaveLength(1);
    expect(logs.filter((l) => /found on the venue|adopt/i.test(l))).toEqual([]);
  });
});

describe('OrderExecutor: cancelAll', () => {
  it('finds lost placements first, then cancels them too', async () => {
    const { clock, faulty, executor, run, openScopeOrders } = setup();
    await executor.place(bid('bid-0'));
    faulty.inject('placeOrder', faults.gateway5xxAfter);
    await executor.place(bid('bid-1', '2999.00'));
    expect(await openScopeOrders()).toHaveLength(2);
    expect(await run(executor.cancelAll(clock.now() + 60_000))).toBe(true);
    expect(await openScopeOrders()).toEqual([]);
  });
});

describe('OrderExecutor: self-trade opt-in (DESIGN §8)', () => {
  const leg = (tag: string, side: 'buy' | 'sell', timeInForce: 'GTC' | 'IOC', price: string, amount = '0.0100'): GuardedOrder => ({ tag, side, price, amount, timeInForce, selfTrade: true });
  /** A price strictly inside the background market's spread, where only the bot's own order rests. */
  const inside = async (venue: ReturnType<typeof setup>['venue']) => {
    const book = await venue.account('x').fetchOrderBook(SYMBOL, 1);
    return toFixed(div(add(book.bids[0]![0], book.asks[0]![0]), '2', { decimals: 2, rounding: 'floor' }), 2, 'down');
  };

  it('on a simulated session both legs carry the opt-in and the taker fills against the bot’s own maker', async () => {
    const { faulty, executor, run, venue } = setup({ simulated: true });
    const price = await inside(venue);
    expect(await run(executor.place(leg('vol-1-m', 'sell', 'GTC', price)))).toBe('open');
    expect(await run(executor.place(leg('vol-1-t', 'buy', 'IOC', price)))).toBe('filled');
    const sent = faulty.log.filter((r) => r.method === 'placeOrder').map((r) => (r.args[0] as PlaceOrderRequest).allowSelfTrade);
    expect(sent).toEqual([true, true]);
    await run(executor.reconcile());
    const fills = executor.takeFills().map((f) => [f.tag, f.side, parse(f.price), f.amount]);
    expect(fills.sort()).toEqual([
      ['vol-1-m', 'sell', parse(price), '0.01'],
      ['vol-1-t', 'buy', parse(price), '0.01'],
    ]);
    expect(executor.liveCount).toBe(0);
  });

  it('placePair: both legs journalled before the maker is sent, the taker sent before any journal write; each leg’s fill once', async () => {
    const { faulty, executor, run, venue, journal } = setup({ simulated: true });
    const price = await inside(venue);
    const writes: string[] = [];
    const settle = journal.settle.bind(journal);
    journal.settle = async (changes, fills) => {
      writes.push(`settle after ${faulty.log.filter((r) => r.method === 'placeOrder').length} sent`);
      return settle(changes, fills);
    };
    const insert = journal.insert.bind(journal);
    journal.insert = async (orders) => {
      writes.push(`insert ${orders.length} after ${faulty.log.filter((r) => r.method === 'placeOrder').length} sent`);
      return insert(orders);
    };
    expect(await run(executor.placePair(leg('vol-1-m', 'buy', 'GTC', price), leg('vol-1-t', 'sell', 'IOC', price)))).toEqual(['open', 'filled']);
    expect(writes).toEqual(['insert 2 after 0 sent', 'settle after 2 sent', 'settle after 2 sent']);
    await run(executor.reconcile());
    expect(journal.fills.map((f) => [f.side, f.amount]).sort()).toEqual([
      ['buy', '0.01'],
      ['sell', '0.01'],
    ]);
    expect(executor.liveCount).toBe(0);
  });

  it('placePair: a refused maker leaves its taker unsent (rejected); a lost maker answer still sends the taker', async () => {
    const { faulty, executor, run, venue, journal } = setup({ simulated: true });
    const price = await inside(venue);
    expect(await run(executor.placePair(leg('vol-1-m', 'buy', 'GTC', price, '0.00000001'), leg('vol-1-t', 'sell', 'IOC', price, '0.00000001')))).toEqual(['rejected', 'rejected']);
    expect(faulty.log.filter((r) => r.method === 'placeOrder')).toHaveLength(1);
    expect(journal.all(ROBOT).map((o) => o.state)).toEqual(['rejected', 'rejected']);
    faulty.inject('placeOrder', faults.loseAnswer);
    expect(await run(executor.placePair(leg('vol-2-m', 'sell', 'GTC', price), leg('vol-2-t', 'buy', 'IOC', price)))).toEqual(['unknown', 'filled']);
    await run(executor.reconcile());
    expect(journal.fills.map((f) => [f.side, f.amount]).sort()).toEqual([
      ['buy', '0.01'],
      ['sell', '0.01'],
    ]);
    expect(executor.liveCount).toBe(0);
  });

  it('on a live session the opt-in is never sent, so the venue’s self-trade prevention stays on', async () => {
    const { faulty, executor, run, venue } = setup({ simulated: false });
    const price = await inside(venue);
    expect(await run(executor.place(leg('vol-1-m', 'sell', 'GTC', price)))).toBe('open');
    await run(executor.place(leg('vol-1-t', 'buy', 'IOC', price)));
    const sent = faulty.log.filter((r) => r.method === 'placeOrder').map((r) => (r.args[0] as PlaceOrderRequest).allowSelfTrade);
    expect(sent).toEqual([undefined, undefined]);
    expect(executor.takeFills()).toEqual([]);
  });
});
