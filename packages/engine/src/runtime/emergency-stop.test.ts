import { makerDeskClientOrderId, type Order } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { AnyStrategy } from '../strategy.ts';
import { faults } from '../testing/faulty-exchange.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderStrategy, testRobotRecord } from '../testing/test-strategies.ts';
import type { RobotRecord } from '../ports.ts';
import { place } from '../intents.ts';
import type { EmergencyStopResult } from './engine-api.ts';

const registry = (strategy: AnyStrategy = testLadderStrategy()) => () => strategy;
const SYMBOL = 'ETH/USDT';

/** `n` ladder bots (4 orders each) on ETH/USDT, ids 1..n, one key. */
function bots(n: number, overrides: Partial<RobotRecord> = {}): RobotRecord[] {
  return Array.from({ length: n }, (_, i) => testRobotRecord(i + 1, overrides));
}

async function openBotOrders(h: SimHarness, apiKey = 'mm', symbol = SYMBOL): Promise<Order[]> {
  return (await h.venue.account(apiKey).fetchOpenOrders(symbol)).filter((o) => /^MDb\d+Z/.test(o.clientOrderId ?? ''));
}

async function quoting(h: SimHarness, expected: number): Promise<void> {
  await h.engine.start();
  await h.clock.advance(0);
  expect(await openBotOrders(h)).toHaveLength(expected);
}

const ofBot = (id: number) => ({ when: (args: readonly unknown[]) => (args[1] as string[] | string) !== undefined && h0OrdersOf(id, args) });
/** Set per test: the venue order numbers of a bot, so a fault can aim at its cancels. */
let botOrderNos = new Map<number, Set<string>>();
function h0OrdersOf(id: number, args: readonly unknown[]): boolean {
  const nos = Array.isArray(args[1]) ? (args[1] as string[]) : [args[1] as string];
  return nos.some((no) => botOrderNos.get(id)?.has(no));
}
async function rememberOrderNos(h: SimHarness, ids: number[]): Promise<void> {
  botOrderNos = new Map(ids.map((id) => [id, new Set(h.journal.all(id).flatMap((o) => (o.orderNo ? [o.orderNo] : [])))]));
}

describe('emergency stop of a pair', () => {
  it('50 running bots: all stop at once, every order of theirs is cancelled, in one read and one batch request a bot; manual orders and other pairs untouched', async () => {
    const robots = [...bots(50), testRobotRecord(51, { symbol: 'BTC/USDT', coinId: 1 })];
    const h = new SimHarness(registry(), robots);
    const account = h.venue.account('mm');
    const manual = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '2000.00', amount: '0.0100', clientOrderId: makerDeskClientOrderId('manual') });
    await h.engine.start();
    await h.clock.advance(0);
    expect(await openBotOrders(h)).toHaveLength(200);
    const faulty = h.key('mm');
    const before = { reads: faulty.count('fetchOpenOrders'), batches: faulty.count('cancelOrders'), single: faulty.count('cancelOrder') };

    const result = await h.engine.emergencyStop({ robots: bots(50), reason: 'pressed by trader@desk.io' });

    expect(result).toMatchObject({ ordersCancelled: 200, ordersFilled: 0, failed: [] });
    expect(result.robotsStopped.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await openBotOrders(h)).toEqual([]);
    expect((await account.fetchOpenOrders(SYMBOL)).map((o) => o.orderNo)).toEqual([manual.orderNo]);
    expect(await openBotOrders(h, 'mm', 'BTC/USDT')).toHaveLength(4);
    // Venue weight: one read of the key's open orders for all 50 bots, one batch cancel per bot, no single cancels.
    expect(faulty.count('fetchOpenOrders') - before.reads).toBe(1);
    expect(faulty.count('cancelOrders') - before.batches).toBe(50);
    expect(faulty.count('cancelOrder') - before.single).toBe(0);
    for (let id = 1; id <= 50; id++) {
      expect(h.store.robots.get(id)!.status).toBe('stopped');
      expect(h.store.stopReasons.get(id)).toBe('Emergency stop: pressed by trader@desk.io');
      expect(h.logs.of(id, 'warn').map((e) => e.message)).toContain('Stopped: Emergency stop: pressed by trader@desk.io');
      expect(h.engine.runtime(id).activity).toBe('idle');
      expect(h.journal.all(id).every((o) => o.state === 'canceled')).toBe(true);
    }
    expect(h.store.robots.get(51)!.status).toBe('running');

    // They stay stopped: no tick, no order later, and a restarted engine does not start them again.
    await h.clock.advance(60_000);
    await h.restart();
    await h.clock.advance(60_000);
    expect(await openBotOrders(h)).toEqual([]);
    for (let id = 1; id <= 50; id++) expect(h.journal.all(id)).toHaveLength(4);
  });

  it('a tick already running when the stop begins places nothing more', async () => {
    let stopping = null as Promise<EmergencyStopResult> | null;
    const engine = { current: null as SimHarness | null };
    const strategy = testLadderStrategy({
      decide: (input, normal) => {
        const out = normal();
        if (input.state.ticks !== 1 || stopping !== null) return out;
        // The stop is pressed while bot 1 decides its second tick, which wants one more order.
        stopping = engine.current!.engine.emergencyStop({ robots: bots(2), reason: 'mid-tick' });
        const mid = input.market.book.bids[0]![0];
        return { ...out, intents: [...out.intents, place({ tag: 'extra', side: 'buy', price: (Number(mid) * 0.99).toFixed(2), amount: '0.0100' })] };
      },
    });
    const h = new SimHarness(registry(strategy), bots(2));
    engine.current = h;
    await quoting(h, 8);
    await h.clock.until(() => stopping !== null, 30_000);
    const result = await stopping!;
    expect(result).toMatchObject({ ordersCancelled: 8, failed: [] });
    await h.clock.advance(30_000);
    expect(await openBotOrders(h)).toEqual([]);
    // No new order was journalled or sent after the stop began.
    expect([...h.journal.orders.values()].some((o) => o.tag === 'extra')).toBe(false);
    expect(h.key('mm').log.filter((r) => r.method === 'placeOrder')).toHaveLength(8);
  });

  it('faults: a 5xx after the venue cancelled, and an order filled meanwhile, are resolved by client order id, not forgotten', async () => {
    const h = new SimHarness(registry(), bots(3));
    await quoting(h, 12);
    await rememberOrderNos(h, [1, 2, 3]);
    const faulty = h.key('mm');
    faulty.inject('cancelOrders', faults.gateway5xxAfter, ofBot(1));
    // The best bids (the three bots quote the same ladder) fill against another account before the stop reaches them.
    const bid = h.journal.all(2).filter((o) => o.side === 'buy').sort((a, b) => Number(b.price) - Number(a.price))[0]!;
    const taker = h.venue.account('taker');
    await h.venue.deposit('taker', 'ETH', '10');
    // Everything bid at that price or better: the three bots' best bids among it.
    const book = await taker.fetchOrderBook(SYMBOL, 50);
    const through = book.bids.filter(([price]) => Number(price) >= Number(bid.price)).reduce((sum, [, amount]) => sum + Number(amount), 0);
    await taker.placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', price: bid.price, amount: through.toFixed(4), timeInForce: 'IOC', clientOrderId: 'taker-1' });

    const run = h.engine.emergencyStop({ robots: bots(3), reason: 'faults' });
    await h.clock.advance(1_000);
    const result = await run;

    expect(result.failed).toEqual([]);
    expect(result.ordersFilled).toBe(3);
    expect(result.ordersCancelled + result.ordersFilled).toBe(12);
    expect(h.journal.orders.get(bid.clientOrderId)!.state).toBe('filled');
    expect(h.journal.fills.some((f) => f.clientOrderId === bid.clientOrderId)).toBe(true);
    // Bot 1's batch cancel was done by the venue but answered 502: the next round finds its orders closed by client order id.
    expect(h.journal.all(1).map((o) => o.state).sort()).toEqual(['canceled', 'canceled', 'canceled', 'filled']);
    expect(await openBotOrders(h)).toEqual([]);
    expect(h.observed.venueErrors).toContain('venue_error');
  });

  it('a cancel that times out: the stop answers at its wait limit naming the orders, then keeps cancelling them in the background', async () => {
    const h = new SimHarness(registry(), bots(2), { callTimeoutMs: 10_000 });
    await quoting(h, 8);
    await rememberOrderNos(h, [1, 2]);
    h.key('mm').inject('cancelOrders', faults.hang, ofBot(1));

    const run = h.engine.emergencyStop({ robots: bots(2), reason: 'timeout', waitMs: 3_000 });
    await h.clock.advance(3_000);
    const result = await run;

    expect(result.robotsStopped.sort()).toEqual([1, 2]);
    expect(result.ordersCancelled).toBe(4);
    expect(result.failed).toHaveLength(4);
    expect(result.failed.every((f) => f.robotId === 1 && f.kind === 'no_answer' && f.clientOrderId !== null)).toBe(true);
    expect(result.elapsedMs).toBe(3_000);
    expect(h.store.robots.get(1)!.status).toBe('stopped');
    // The lost cancel times out at 10 s; the background sweep finds the orders still open and cancels them.
    await h.clock.advance(20_000);
    expect(await openBotOrders(h)).toEqual([]);
    expect(h.journal.all(1).every((o) => o.state === 'canceled')).toBe(true);
  });

  it('a venue without batch cancel (ccxt venues): one cancel request per order, concurrently, a 5xx among them resolved', async () => {
    const h = new SimHarness(registry(), bots(50), { batchCancel: false });
    await quoting(h, 200);
    await rememberOrderNos(h, [7]);
    const faulty = h.key('mm');
    faulty.inject('cancelOrder', faults.gateway5xxAfter, ofBot(7));
    const sentBefore = faulty.log.length;
    const run = h.engine.emergencyStop({ robots: bots(50), reason: 'no batch' });
    await h.clock.advance(2_000);
    const result = await run;
    expect(result).toMatchObject({ ordersCancelled: 200, failed: [] });
    expect(faulty.count('cancelOrders')).toBe(0);
    const calls = faulty.log.slice(sentBefore).map((r) => r.method);
    expect(calls.filter((m) => m === 'cancelOrder')).toHaveLength(200);
    expect(await openBotOrders(h)).toEqual([]);
  });

  it('a stopped bot with orders still live in its journal has them cancelled too, and is not counted as stopped', async () => {
    const h = new SimHarness(registry(), bots(1));
    await quoting(h, 4);
    // The engine lost track of the bot (a stop whose cancels all failed): switched off, orders left resting.
    h.store.robots.get(1)!.status = 'stopped';
    // The start-up sweep of such bots (bot-engine.test) is left out here: the stop itself must reach them.
    h.store.liveOrdersOf = null;
    const restarted = await h.restart();
    expect(await openBotOrders(h)).toHaveLength(4);
    const result = await restarted.emergencyStop({ robots: [{ ...testRobotRecord(1), status: 'stopped' }], reason: 'sweep' });
    expect(result).toMatchObject({ robotsStopped: [], ordersCancelled: 4, failed: [] });
    expect(await openBotOrders(h)).toEqual([]);
  });
});
