import { describe, expect, it } from 'vitest';
import { aggregateMinute, MINUTE_MS, type LiquidityMinute } from './minute.ts';
import { minuteVerdict, OBLIGATION_OK, obligationPeriod, periodReach, stepObligation, type ObligationEvent, type ObligationWatchState } from './obligation-watch.ts';

const obligation = { minUptimePct: '90' } as const; // 54 s of each minute
const m0 = 1_000 * MINUTE_MS;

/** A whole sampled minute: `up` seconds up, the rest down for `why`. */
function row(minute: number, up: number, why: 'no_quote' | 'spread' | 'depth' = 'no_quote'): LiquidityMinute {
  const r = aggregateMinute(minute, []);
  return { ...r, samples: 60, gapSec: 0, upSec: up, noQuoteSec: why === 'no_quote' ? 60 - up : 0, spreadSec: why === 'spread' ? 60 - up : 0, depthSec: why === 'depth' ? 60 - up : 0 };
}

/** Feeds minutes m0, m0+1, … (a row, or undefined for none), answering the events by minute index. */
function run(rows: (LiquidityMinute | undefined | ((m: number) => LiquidityMinute | undefined))[], n: number, start: ObligationWatchState = OBLIGATION_OK) {
  let state = start;
  const events: [number, ObligationEvent][] = [];
  rows.forEach((r, i) => {
    const minute = m0 + i * MINUTE_MS;
    const step = stepObligation(state, minute, typeof r === 'function' ? r(minute) : r, obligation, n);
    state = step.state;
    if (step.event) events.push([i, step.event]);
  });
  return { state, events };
}

const good = (m: number) => row(m, 60);
const bad = (m: number) => row(m, 10);
const spread = (m: number) => row(m, 0, 'spread');

describe('minuteVerdict', () => {
  it('breached under the obligation’s seconds (90 %: 54 s), why by the most seconds; no row is a gap', () => {
    expect(minuteVerdict(row(m0, 54), obligation)).toEqual({ breached: false, kind: null });
    expect(minuteVerdict(row(m0, 53, 'depth'), obligation)).toEqual({ breached: true, kind: 'depth' });
    expect(minuteVerdict(undefined, obligation)).toEqual({ breached: true, kind: 'gap' });
    expect(minuteVerdict(row(m0, 60), { minUptimePct: '100' })).toEqual({ breached: false, kind: null });
    expect(minuteVerdict(row(m0, 59), { minUptimePct: '100' })).toEqual({ breached: true, kind: 'no_quote' });
  });
});

describe('stepObligation', () => {
  it('ok → breaching after N breached minutes in a row, once; → ok after N kept minutes in a row, once', () => {
    const { state, events } = run([good, bad, bad, bad, bad, bad, bad, bad, good, good, good, good, good, good, good], 5);
    expect(events).toEqual([
      [5, { type: 'breach', from: m0 + MINUTE_MS, kind: 'no_quote', minutes: 5 }],
      [12, { type: 'recovered', from: m0 + MINUTE_MS, to: m0 + 8 * MINUTE_MS, minutes: 5 }],
    ]);
    expect(state).toEqual(OBLIGATION_OK);
  });

  it('fewer than N in a row never flips: a kept minute resets the breach streak, a breached one the recovery streak', () => {
    expect(run([bad, bad, bad, bad, good, bad, bad, bad, bad, good], 5).events).toEqual([]);
    const breaching: ObligationWatchState = { ...OBLIGATION_OK, status: 'breaching', breachFrom: m0 - 10 * MINUTE_MS };
    const { state, events } = run([good, good, good, good, bad, good, good, good, good], 5, breaching);
    expect(events).toEqual([]);
    expect(state).toMatchObject({ status: 'breaching', streak: 4, streakFrom: m0 + 5 * MINUTE_MS, breachFrom: m0 - 10 * MINUTE_MS });
  });

  it('the breach’s kind is that of most of its minutes; missing rows are gaps', () => {
    expect(run([spread, undefined, spread, spread], 4).events).toEqual([[3, { type: 'breach', from: m0, kind: 'spread', minutes: 4 }]]);
    expect(run([undefined, undefined, spread], 3).events).toEqual([[2, { type: 'breach', from: m0, kind: 'gap', minutes: 3 }]]);
  });

  it('N = 1: every change of verdict is an event; a minute not at a minute’s start is refused', () => {
    expect(run([bad, bad, good, bad], 1).events.map(([i, e]) => [i, e.type])).toEqual([
      [0, 'breach'],
      [2, 'recovered'],
      [3, 'breach'],
    ]);
    expect(() => stepObligation(OBLIGATION_OK, m0 + 1, undefined, obligation, 5)).toThrow(RangeError);
  });
});

describe('the period’s uptime', () => {
  it('periods are UTC days and UTC months', () => {
    const at = Date.UTC(2026, 1, 14, 13, 5);
    expect(obligationPeriod(at, 'day')).toEqual({ start: Date.UTC(2026, 1, 14), end: Date.UTC(2026, 1, 15) });
    expect(obligationPeriod(at, 'month')).toEqual({ start: Date.UTC(2026, 1, 1), end: Date.UTC(2026, 2, 1) });
    expect(obligationPeriod(Date.UTC(2026, 11, 31, 23, 59), 'month')).toEqual({ start: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
  });

  it('out of reach once the seconds down pass the share the minimum leaves (a day at 95 %: 4,320 s)', () => {
    const day = { from: 0, end: 86_400_000, minUptimePct: '95' };
    // 2 h past, 4,320 s down: the best is exactly 95 %, still reachable.
    expect(periodReach({ ...day, to: 7_200_000, upSec: 7_200 - 4_320 })).toEqual({ totalSec: 86_400, upSec: 2_880, elapsedSec: 7_200, bestPct: '95', unreachable: false });
    // One second more down: out of reach.
    expect(periodReach({ ...day, to: 7_200_000, upSec: 7_200 - 4_321 })).toMatchObject({ bestPct: '94.99', unreachable: true });
    // A minimum with decimals: 99.5 % of a day leaves 432 s.
    expect(periodReach({ ...day, minUptimePct: '99.5', to: 600_000, upSec: 600 - 432 }).unreachable).toBe(false);
    expect(periodReach({ ...day, minUptimePct: '99.5', to: 600_000, upSec: 600 - 433 }).unreachable).toBe(true);
  });

  it('counted from the obligation’s start when later than the period’s; a 100 % minimum is out of reach at the first second down', () => {
    const from = 43_200_000; // set at noon: 43,200 s of the day counted
    expect(periodReach({ from, to: from + 60_000, end: 86_400_000, upSec: 59, minUptimePct: '100' })).toMatchObject({ totalSec: 43_200, elapsedSec: 60, unreachable: true });
    expect(periodReach({ from, to: from + 60_000, end: 86_400_000, upSec: 60, minUptimePct: '100' })).toMatchObject({ bestPct: '100', unreachable: false });
  });

  it('counts only the obligation’s hours: 08:00 to 20:00 leaves 43,200 s a day, and time before 08:00 is not elapsed', () => {
    const hours = { fromHourUtc: 8, toHourUtc: 20 };
    const day = { from: 0, end: 86_400_000, minUptimePct: '95', hours };
    // At 07:00 nothing counted yet, whatever happened.
    expect(periodReach({ ...day, to: 7 * 3_600_000, upSec: 0 })).toMatchObject({ totalSec: 43_200, elapsedSec: 0, bestPct: '100', unreachable: false });
    // At 09:00: one hour counted; 2,160 s down (5 % of 43,200) is the most allowed.
    expect(periodReach({ ...day, to: 9 * 3_600_000, upSec: 3_600 - 2_160 })).toMatchObject({ elapsedSec: 3_600, bestPct: '95', unreachable: false });
    expect(periodReach({ ...day, to: 9 * 3_600_000, upSec: 3_600 - 2_161 }).unreachable).toBe(true);
    // At 23:00: the whole 12 hours elapsed.
    expect(periodReach({ ...day, to: 23 * 3_600_000, upSec: 43_200 })).toMatchObject({ elapsedSec: 43_200, bestPct: '100' });
  });
});

describe('stepObligation outside the obligation’s hours', () => {
  it('changes nothing: a streak carries over the hours off, and minutes off never breach', () => {
    const hours = { minUptimePct: '90', fromHourUtc: 8, toHourUtc: 20 };
    const at = (h: number, m: number) => Date.UTC(2026, 10, 27, h, m);
    let state = OBLIGATION_OK;
    const events: ObligationEvent[] = [];
    // 19:58 and 19:59 breached (a streak of 2 of 3), 20:00 to 07:59 off and down, 08:00 breached: the third.
    const minutes = [at(19, 58), at(19, 59), ...Array.from({ length: 12 * 60 }, (_, i) => at(20, 0) + i * MINUTE_MS), at(8, 0) + 86_400_000];
    for (const minute of minutes) {
      const step = stepObligation(state, minute, undefined, hours, 3);
      state = step.state;
      if (step.event) events.push(step.event);
    }
    expect(events).toEqual([{ type: 'breach', from: at(19, 58), kind: 'gap', minutes: 3 }]);
    // Off hours alone never start one.
    const off = stepObligation(OBLIGATION_OK, at(3, 0), undefined, hours, 1);
    expect(off).toEqual({ state: OBLIGATION_OK, event: null });
  });
});
