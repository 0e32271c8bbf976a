import { describe, expect, it } from 'vitest';
import { createRateBudgets } from './rate-budget.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderConfig, testLadderStrategy, testRobotRecord } from '../testing/test-strategies.ts';

const config = { ...testLadderConfig, options: { refreshTolerance: '0.0005' } };

/**
 * Several servers sharing a key (issue 19): each server's quoting bots divide only their server's
 * share of the key's daily cap, so the servers' budgets together stay within it.
 */
describe('the placement budget with several servers on one key', () => {
  it('a server with half the key counts its bots over its half: two bots get the budget four would on one server', async () => {
    // 7,200 orders a day × 0.85 over 1,440 minutes = 4.25 a minute for the key.
    const alone = new SimHarness(() => testLadderStrategy(), [testRobotRecord(1, { config }), testRobotRecord(2, { config })], { simulated: false, dailyOrderCap: 7200 });
    const half = new SimHarness(() => testLadderStrategy(), [testRobotRecord(1, { config }), testRobotRecord(2, { config })], { simulated: false, dailyOrderCap: 7200, shareOf: () => 0.5 });
    for (const h of [alone, half]) {
      await h.engine.start();
      // Past the engine's 5 s recount of the bots on each key (both are running by then).
      await h.clock.advance(12_000);
    }
    // One server: 4.25 / 2 bots. Half the key: 4.25 × 0.5 / 2 (cut down to hundredths).
    expect([alone.engine.runtime(1).perMinute.budget, alone.engine.runtime(2).perMinute.budget]).toEqual(['2.12', '2.12']);
    expect([half.engine.runtime(1).perMinute.budget, half.engine.runtime(2).perMinute.budget]).toEqual(['1.06', '1.06']);
  });

  it('the rate budgets say the share a key may use: in (0, 1], the whole when unset or nonsense', () => {
    expect(createRateBudgets().shareOf!('live:a')).toBe(1);
    expect(createRateBudgets({ shareOf: () => 1 / 3 }).shareOf!('live:a')).toBeCloseTo(1 / 3, 12);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(createRateBudgets({ shareOf: () => bad }).shareOf!('live:a')).toBe(1);
    expect(createRateBudgets({ shareOf: () => 3 }).shareOf!('live:a')).toBe(1);
  });
});
