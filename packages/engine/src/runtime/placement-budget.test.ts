import { describe, expect, it } from 'vitest';
import {
  ADJUST_EVERY_MS,
  FIRST_ADJUST_MS,
  NARROW_WINDOW_MS,
  PlacementGovernor,
  SETTLE_MS,
  placementBudgetPerMinute,
  refreshToleranceOf,
  toleranceBound,
  usefulLevels,
  widenedTolerance,
  withRefreshTolerance,
} from './placement-budget.ts';

const T0 = 1_700_000_000_000;

/** Places `perMinute` orders a minute, evenly, from `from` to `to`, asking for the level every 5 s; returns the levels seen. */
function drive(g: PlacementGovernor, from: number, to: number, perMinute: number, budget: number | null, maxLevel = 3): number[] {
  const levels: number[] = [];
  const gap = 60_000 / perMinute;
  let nextPlace = from;
  for (let now = from; now < to; now += 5_000) {
    while (nextPlace <= now) {
      g.placed(nextPlace);
      nextPlace += gap;
    }
    levels.push(g.adjust(now, budget, maxLevel));
  }
  return levels;
}

describe('placementBudgetPerMinute', () => {
  it("shares the key's daily cap among its bots, with the safety margin, never above 5 a minute", () => {
    // 200,000 × 0.85 / 50 / 1440 = 2.361…
    expect(placementBudgetPerMinute({ simulated: false, dailyOrderCap: 200_000, botsOnKey: 50 })).toBe(2.36);
    expect(placementBudgetPerMinute({ simulated: false, dailyOrderCap: 200_000, botsOnKey: 10 })).toBe(5);
    expect(placementBudgetPerMinute({ simulated: false, dailyOrderCap: 200_000, botsOnKey: 0 })).toBe(5);
    expect(placementBudgetPerMinute({ simulated: false, dailyOrderCap: 14_400, botsOnKey: 3 })).toBe(2.83);
  });

  it('gives a live venue without a reported cap the default, and the simulator in process none', () => {
    expect(placementBudgetPerMinute({ simulated: false, dailyOrderCap: null, botsOnKey: 10 })).toBe(5);
    expect(placementBudgetPerMinute({ simulated: true, dailyOrderCap: null, botsOnKey: 10 })).toBeNull();
    // A simulated pair with a cap gets its share like a live one.
    expect(placementBudgetPerMinute({ simulated: true, dailyOrderCap: 200_000, botsOnKey: 50 })).toBe(2.36);
  });
});

describe('tolerance bounds', () => {
  it('doubles at most three times, never past the half-spread or the field maximum, never below the tolerance', () => {
    expect(toleranceBound('0.0005', '0.001')).toBe('0.001');
    expect(toleranceBound('0.0005', '0.01')).toBe('0.004');
    expect(toleranceBound('0.0005', null)).toBe('0.004');
    expect(toleranceBound('0.01', null)).toBe('0.05');
    expect(toleranceBound('0.002', '0.001')).toBe('0.002');
  });

  it('widens by doubling up to the bound, and leaves 0 (exact prices) alone', () => {
    expect([0, 1, 2, 3, 4].map((l) => widenedTolerance('0.0005', l, '0.003'))).toEqual(['0.0005', '0.001', '0.002', '0.003', '0.003']);
    expect(widenedTolerance('0', 3, '0.003')).toBe('0');
    expect(usefulLevels('0.0005', '0.001')).toBe(1);
    expect(usefulLevels('0.0005', '0.003')).toBe(3);
    expect(usefulLevels('0.0005', '0.0005')).toBe(0);
    expect(usefulLevels('0', '0.004')).toBe(0);
  });
});

describe('PlacementGovernor', () => {
  it('widens one level per adjustment while the rate is over budget, up to its bound', () => {
    const g = new PlacementGovernor();
    g.begin(T0);
    const levels = drive(g, T0, T0 + 10 * 60_000, 12, 5, 3);
    // Nothing before FIRST_ADJUST_MS past the settle; the first step then.
    expect(levels.slice(0, (SETTLE_MS + FIRST_ADJUST_MS) / 5_000).every((l) => l === 0)).toBe(true);
    expect(levels[(SETTLE_MS + FIRST_ADJUST_MS) / 5_000]).toBe(1);
    expect(Math.max(...levels)).toBe(3);
    // One step at a time, never more often than every ADJUST_EVERY_MS.
    const steps = levels.flatMap((l, i) => (i > 0 && l !== levels[i - 1] ? [i * 5_000] : []));
    expect(steps).toHaveLength(3);
    for (let i = 1; i < steps.length; i++) expect(steps[i]! - steps[i - 1]!).toBeGreaterThanOrEqual(ADJUST_EVERY_MS);
  });

  it('stops at the level given as the bound', () => {
    const g = new PlacementGovernor();
    g.begin(T0);
    expect(Math.max(...drive(g, T0, T0 + 10 * 60_000, 12, 5, 1))).toBe(1);
  });

  it('narrows back when well under budget over the longer window, one level at a time, down to 0 and no further', () => {
    const g = new PlacementGovernor();
    g.begin(T0);
    drive(g, T0, T0 + 5 * 60_000, 12, 5);
    expect(g.level).toBe(3);
    const after = drive(g, T0 + 5 * 60_000, T0 + 30 * 60_000, 1, 5);
    expect(after.at(-1)).toBe(0);
    const steps = after.flatMap((l, i) => (i > 0 && l !== after[i - 1] ? [l - after[i - 1]!] : []));
    expect(steps).toEqual([-1, -1, -1]);
  });

  it('does not narrow on a quiet minute: the longer window still holds the bursts, and it waits that long after widening', () => {
    const g = new PlacementGovernor();
    g.begin(T0);
    drive(g, T0, T0 + 2 * 60_000, 12, 5);
    const widened = g.level;
    expect(widened).toBeGreaterThan(0);
    // Two quiet minutes: the last minute's rate is 0, but the five-minute one is not under a quarter of the budget.
    for (let now = T0 + 2 * 60_000; now < T0 + 4 * 60_000; now += 5_000) expect(g.adjust(now, 5, 3)).toBe(widened);
    expect(NARROW_WINDOW_MS).toBeGreaterThan(2 * 60_000);
  });

  it('holds its level between a quarter of the budget and the budget', () => {
    const g = new PlacementGovernor();
    g.begin(T0);
    drive(g, T0, T0 + 3 * 60_000, 12, 5);
    const held = g.level;
    expect(held).toBeGreaterThan(0);
    expect(new Set(drive(g, T0 + 3 * 60_000, T0 + 15 * 60_000, 2, 5))).toEqual(new Set([held]));
  });

  it('leaves the start-up ladder out and stays at 0 under budget', () => {
    const g = new PlacementGovernor();
    g.begin(T0);
    for (let i = 0; i < 40; i++) g.placed(T0 + 1_000); // the ladder, in the first seconds
    expect(new Set(drive(g, T0 + 5_000, T0 + 5 * 60_000, 3, 5))).toEqual(new Set([0]));
  });

  it('goes back to 0 without a budget, and is deterministic', () => {
    const a = new PlacementGovernor();
    const b = new PlacementGovernor();
    a.begin(T0);
    b.begin(T0);
    expect(drive(a, T0, T0 + 6 * 60_000, 9, 4)).toEqual(drive(b, T0, T0 + 6 * 60_000, 9, 4));
    expect(a.level).toBeGreaterThan(0);
    expect(a.adjust(T0 + 6 * 60_000, null, 3)).toBe(0);
  });
});

describe('the config holding the tolerance', () => {
  it('reads and replaces options.refreshTolerance (depth bots) and refreshTolerance (ladder bots)', () => {
    const depth = { baseSpreadMin: '0.002', options: { refreshTolerance: '0.0005', maxOrderAgeSec: 0 } };
    expect(refreshToleranceOf(depth)).toEqual({ base: '0.0005', halfSpread: '0.001' });
    expect(withRefreshTolerance(depth, '0.001')).toEqual({ baseSpreadMin: '0.002', options: { refreshTolerance: '0.001', maxOrderAgeSec: 0 } });
    expect(depth.options.refreshTolerance).toBe('0.0005');
    expect(withRefreshTolerance(depth, '0.0005')).toBe(depth);
    const ladder = { baseSpread: '0.002', refreshTolerance: '0.0005' };
    expect(refreshToleranceOf(ladder)).toEqual({ base: '0.0005', halfSpread: '0.001' });
    expect(withRefreshTolerance(ladder, '0.002')).toEqual({ baseSpread: '0.002', refreshTolerance: '0.002' });
    expect(refreshToleranceOf({ intervalMin: 5 })).toBeNull();
    expect(withRefreshTolerance({ intervalMin: 5 }, '0.1')).toEqual({ intervalMin: 5 });
  });
});
