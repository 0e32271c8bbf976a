import { add, div, minus, mul } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import type { AnyStrategy, TickInput } from '../strategy.ts';
import { syncSlots, type DesiredOrder } from '../strategies/kit/sync-slots.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderConfig, testRobotRecord } from '../testing/test-strategies.ts';

/** A half-spread of 0.005: the tolerance 0.0005 may double three times, to 0.004. */
const config = { ...testLadderConfig, baseSpreadMin: '0.01', baseSpreadMax: '0.012', options: { refreshTolerance: '0.0005' } };
type Config = typeof config;

/**
 * A quoting bot that replaces its two orders every tick while `churning` (far over any budget: 2
 * placements every 5-10 s), and keeps them otherwise; it records the tolerance each tick decided with.
 */
function churner() {
  const seen: string[] = [];
  const control = { churning: true };
  const strategy: AnyStrategy = {
    type: 'depth_near',
    initialState: () => ({ ticks: 0 }),
    needs: () => ({ bookDepth: 5, references: [] }),
    decide: (input: TickInput<Config, { ticks: number }>) => {
      seen.push(input.config.options.refreshTolerance);
      const { bids, asks } = input.market.book;
      if (!bids[0] || !asks[0]) return { intents: [], state: input.state, reference: null };
      const mid = div(add(bids[0][0], asks[0][0]), '2', { decimals: 8, rounding: 'half-even' });
      // Churning: a new price each tick (a hair apart), and a tolerance of 0 so each replaces.
      const shift = control.churning ? mul(String(input.state.ticks % 2), '0.0001') : '0';
      const desired: DesiredOrder[] = [
        { tag: 'bid', side: 'buy', price: mul(mid, minus('0.99', shift)), amount: '0.01' },
        { tag: 'ask', side: 'sell', price: mul(mid, add('1.01', shift)), amount: '0.01' },
      ];
      const tolerance = control.churning ? '0' : '0.05';
      return { intents: syncSlots(desired, input.orders, { now: input.now, tolerance }), state: { ticks: input.state.ticks + 1 }, reference: mid };
    },
  };
  return { strategy, seen, control };
}

/**
 * A bot requoting its bid and ask every tick (a tolerance of 0, a hair apart each tick: 2 placements
 * every 5-10 s, far over a budget of 5 a minute): its bid under the mid, its ask over the mid times
 * `control.shift` (the reference it reports).
 */
function requoter() {
  const control = { shift: '1', shiftedTicks: 0 };
  let reference: string | null = null;
  const strategy: AnyStrategy = {
    type: 'depth_near',
    initialState: () => ({ ticks: 0 }),
    needs: () => ({ bookDepth: 5, references: [] }),
    decide: (input: TickInput<Config, { ticks: number }>) => {
      const { bids, asks } = input.market.book;
      if (!bids[0] || !asks[0]) return { intents: [], state: input.state, reference: null };
      const mid = div(add(bids[0][0], asks[0][0]), '2', { decimals: 8, rounding: 'half-even' });
      reference = mul(mid, control.shift);
      const hair = mul(String(input.state.ticks % 2), '0.0001');
      if (control.shift !== '1') control.shiftedTicks++;
      const desired: DesiredOrder[] = [
        { tag: 'bid', side: 'buy', price: mul(mid, minus('0.99', hair)), amount: '0.01' },
        { tag: 'ask', side: 'sell', price: mul(reference, add('1.01', hair)), amount: '0.01' },
      ];
      return { intents: syncSlots(desired, input.orders, { now: input.now, tolerance: '0' }), state: { ticks: input.state.ticks + 1 }, reference };
    },
  };
  return { strategy, control, reference: () => reference };
}

async function run(h: SimHarness, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 1000) {
    h.venue.step();
    await h.clock.advance(1000);
  }
}

describe('the placement budget in the runner (issue 19)', () => {
  it('a quoting bot on a live venue placing over its budget widens its tolerance step by step to its bound, shows it, and narrows back under budget', async () => {
    const bot = churner();
    const h = new SimHarness(() => bot.strategy, [testRobotRecord(1, { config })], { simulated: false });
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.engine.runtime(1).perMinute).toMatchObject({ refreshTolerance: '0.0005', budget: '5.00' });
    await run(h, 45_000);
    expect(new Set(bot.seen), 'nothing widens before 30 s past the start-up ladder').toEqual(new Set(['0.0005']));
    await run(h, 4 * 60_000);
    // Each step doubles; the last is the bound: 8 × 0.0005 (under the half-spread 0.005).
    expect([...new Set(bot.seen)]).toEqual(['0.0005', '0.001', '0.002', '0.004']);
    expect(h.engine.runtime(1).perMinute).toMatchObject({ refreshTolerance: '0.004', budget: '5.00' });
    // Quiet: no placements. It narrows back one level at a time, to the configured tolerance.
    bot.control.churning = false;
    await run(h, 12 * 60_000);
    expect(bot.seen.at(-1)).toBe('0.0005');
    const narrowing = bot.seen.slice(bot.seen.lastIndexOf('0.004'));
    expect([...new Set(narrowing)]).toEqual(['0.004', '0.002', '0.001', '0.0005']);
    expect(h.engine.runtime(1).perMinute.refreshTolerance).toBe('0.0005');
  });

  it('the simulator in process (no daily cap) keeps the configured tolerance however fast the bot places', async () => {
    const bot = churner();
    const h = new SimHarness(() => bot.strategy, [testRobotRecord(1, { config })]);
    await h.engine.start();
    await h.clock.advance(0);
    await run(h, 5 * 60_000);
    expect(new Set(bot.seen)).toEqual(new Set(['0.0005']));
    expect(h.engine.runtime(1).perMinute).toMatchObject({ refreshTolerance: '0.0005', budget: null });
    expect(Number(h.engine.runtime(1).perMinute.placements)).toBeGreaterThan(5);
  });

  it('a live bot wanting more than its budget places no faster than its bucket, stays two-sided, keeps the orders it cannot replace yet and says how many placements it deferred', async () => {
    const bot = requoter();
    const h = new SimHarness(() => bot.strategy, [testRobotRecord(1, { config })], { simulated: false });
    await h.engine.start();
    await h.clock.advance(0);
    const twoSided: boolean[] = [];
    for (let t = 0; t < 5 * 60_000; t += 1000) {
      h.venue.step();
      await h.clock.advance(1000);
      const { quote, openOrders } = h.engine.runtime(1);
      twoSided.push(quote.bid !== null && quote.ask !== null && openOrders === 2);
    }
    const runtime = h.engine.runtime(1);
    // Budget 5 a minute; the bucket's burst is the start-up ladder (2) plus an inner requote (2): at
    // most 4 + 5 × 5 in five minutes. Without it the bot would place 2 every 5-10 s (60-120).
    expect(runtime.perMinute.budget).toBe('5.00');
    expect(runtime.lastHour.orders).toBeLessThanOrEqual(4 + 25);
    expect(runtime.lastHour.orders).toBeGreaterThanOrEqual(20);
    expect(runtime.perMinute.deferred).toBeGreaterThan(0);
    expect(twoSided.every(Boolean), 'an order whose replacement waits stays on the book').toBe(true);
  });

  it('an order across the reference is cancelled at once even while its replacement waits for the bucket', async () => {
    const bot = requoter();
    const h = new SimHarness(() => bot.strategy, [testRobotRecord(1, { config })], { simulated: false });
    await h.engine.start();
    await h.clock.advance(0);
    await run(h, 90_000);
    const askBefore = h.engine.runtime(1).quote.ask;
    expect(askBefore).not.toBeNull();
    const deferredBefore = h.engine.runtime(1).perMinute.deferred ?? 0;
    // The reference jumps 3 % up: the resting ask (1 % over the old mid) is now under it. The tick wants
    // a new bid and a new ask; the bucket, drained by the requotes, allows one at most: what waits
    // keeps its order only where that is safe.
    bot.control.shift = '1.03';
    while (bot.control.shiftedTicks === 0) await h.clock.advance(1000);
    const reference = Number(bot.reference());
    const { quote, perMinute } = h.engine.runtime(1);
    expect(perMinute.deferred ?? 0, 'a placement was deferred').toBeGreaterThan(deferredBefore);
    expect(quote.ask === null || Number(quote.ask) > reference, `no ask rests under the reference ${reference} (ask ${quote.ask})`).toBe(true);
    expect(quote.ask).not.toBe(askBefore);
    expect(quote.bid, 'the bid stays (replaced or kept)').not.toBeNull();
  });

  it('the simulator in process has no bucket: its placements are not deferred', async () => {
    const bot = requoter();
    const h = new SimHarness(() => bot.strategy, [testRobotRecord(1, { config })]);
    await h.engine.start();
    await h.clock.advance(0);
    await run(h, 3 * 60_000);
    const runtime = h.engine.runtime(1);
    expect(runtime.perMinute.deferred).toBeNull();
    expect(runtime.lastHour.orders).toBeGreaterThan(4 + 15);
  });
});
