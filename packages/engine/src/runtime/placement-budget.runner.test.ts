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
});
