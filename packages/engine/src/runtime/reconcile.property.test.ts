/**
 * Random fault sequences against the real simulator: two quoting bots and a manual order on one
 * key, a strategy that churns its ladder, a background market that fills orders, and every venue
 * request of the key exposed to timeouts, 5xx after acceptance, lost answers, resets and 429s.
 * Once the faults stop and the bots have ticked again, the journal must agree with the venue:
 * every order of a bot's scope is journalled with the venue's state and filled amount, its fills
 * add up to it, nothing is left unresolved, no slot (tag) ever has two live orders, and the manual
 * order is untouched.
 */
import { compare, add } from '@makerdesk/decimal';
import { makerDeskClientOrderId, type Order } from '@makerdesk/exchange';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancel } from '../intents.ts';
import type { JournalState } from '../ports.ts';
import { createRng } from '../rng.ts';
import { faults, type Fault } from '../testing/faulty-exchange.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderStrategy, testRobotRecord } from '../testing/test-strategies.ts';
import type { VenueCall } from './intercept-exchange.ts';

const FAULTS: Fault[] = [faults.hang, faults.hangAfter, faults.gateway5xxAfter, faults.loseAnswer, faults.reset, faults.rateLimit(2000), faults.rateLimit()];
const EXPOSED: ReadonlySet<VenueCall> = new Set(['placeOrder', 'cancelOrder', 'fetchOpenOrders', 'fetchOrderByClientId', 'fetchOrderBook', 'fetchBalances']);

/** The ladder, plus random cancels of its own open orders so slots are emptied and refilled often. */
const churning = testLadderStrategy({
  decide: (input, normal) => {
    const out = normal();
    const extra = input.orders.filter((o) => o.state === 'open' && input.rng.next() < 0.25).map((o) => cancel(o.clientOrderId));
    return { ...out, intents: [...extra, ...out.intents] };
  },
});

function expectedState(order: Order): JournalState {
  if (order.status === 'pending' || order.status === 'partial_filled') return 'open';
  return order.status === 'filled' ? 'filled' : 'canceled';
}

async function runScenario(seed: number, faultRate: number): Promise<void> {
  const h = new SimHarness(() => churning, [testRobotRecord(1, { config: { ...testRobotRecord(1).config, layersPerSideMin: 3 } }), testRobotRecord(2)], { seed });
  const manual = await h.venue
    .account('mm')
    .placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price: '2000.00', amount: '0.0100', clientOrderId: makerDeskClientOrderId('manual') });
  const rng = createRng(seed);
  const faulty = h.key('mm');
  let injected = 0;
  faulty.chaos = (method) => {
    if (!EXPOSED.has(method) || rng.next() >= faultRate) return null;
    injected++;
    return FAULTS[rng.int(0, FAULTS.length - 1)]!;
  };

  const liveTagsSeen: string[] = [];
  await h.engine.start();
  for (let second = 0; second < 240; second++) {
    h.venue.step();
    await h.clock.advance(1000);
    if (second % 20 === 0) liveTagsSeen.push(...(await doubledTags(h)));
  }
  faulty.heal();
  await h.clock.advance(90_000);
  // A bot that stopped itself under the faults: switching it off again retries its cancels.
  for (const robotId of [1, 2]) if (h.store.robots.get(robotId)!.status === 'stopped') await settled(h, h.engine.apply(robotId));

  expect(injected).toBeGreaterThan(0);
  if (process.env.ENGINE_PROPERTY_STATS) {
    const states = [...h.journal.orders.values()].map((o) => o.state);
    console.log({ seed, faultRate, injected, fills: h.journal.fills.length, orders: states.length, rejected: states.filter((x) => x === 'rejected').length, stopped: [1, 2].filter((id) => h.store.robots.get(id)!.status === 'stopped') });
  }
  expect(liveTagsSeen).toEqual([]);
  expect(await doubledTags(h)).toEqual([]);
  for (const robotId of [1, 2]) {
    const venueOrders = await h.venueOrders('mm', robotId, 'ETH/USDT');
    expect(venueOrders.length).toBeGreaterThan(0);
    for (const order of venueOrders) {
      const journalled = h.journal.orders.get(order.clientOrderId!);
      expect(journalled, `venue order ${order.clientOrderId} is journalled`).toBeDefined();
      expect({ id: order.clientOrderId, state: journalled!.state }).toEqual({ id: order.clientOrderId, state: expectedState(order) });
      expect(compare(journalled!.filledAmount, order.filledAmount)).toBe(0);
      const filled = h.journal.fills.filter((f) => f.clientOrderId === order.clientOrderId).reduce((sum, f) => add(sum, f.amount), '0');
      expect(compare(filled, order.filledAmount)).toBe(0);
    }
    const unresolved = h.journal.all(robotId).filter((o) => o.state === 'sending' || o.state === 'unknown' || o.state === 'canceling');
    expect(unresolved).toEqual([]);
    if (h.store.robots.get(robotId)!.status === 'stopped') expect(venueOrders.filter((o) => expectedState(o) === 'open')).toEqual([]);
  }
  const open = await h.venue.account('mm').fetchOpenOrders('ETH/USDT');
  expect(open.map((o) => o.orderNo)).toContain(manual.orderNo);
}

async function settled(h: SimHarness, call: Promise<unknown>): Promise<void> {
  let done = false;
  void call.finally(() => (done = true));
  await h.clock.until(() => done, 120_000, 500);
}

/** Bot/tag pairs with more than one live order on the venue. */
async function doubledTags(h: SimHarness): Promise<string[]> {
  const tagOf = new Map([...h.journal.orders.values()].map((o) => [o.clientOrderId, `${o.robotId}/${o.tag}`]));
  const counts = new Map<string, number>();
  for (const robotId of [1, 2]) {
    for (const order of await h.venueOrders('mm', robotId, 'ETH/USDT')) {
      if (expectedState(order) !== 'open') continue;
      const tag = tagOf.get(order.clientOrderId!) ?? `${robotId}/unjournalled:${order.clientOrderId}`;
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return [...counts].filter(([, n]) => n > 1).map(([tag, n]) => `${tag}×${n}`);
}

describe('engine under random venue faults (property)', () => {
  it('journal and venue agree after reconciliation; no slot ever has two live orders', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(0.05, 0.15, 0.3), (seed, rate) => runScenario(seed, rate)),
      { numRuns: 12 },
    );
  });
});
