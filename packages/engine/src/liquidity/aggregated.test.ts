import { obligationApplies, type LiquidityBreachKind, type LiquidityObligationTerms } from '@makerdesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregatedReport, breachesFromRuns, type LiquidityMinuteRun, type LiquidityPartTotals } from './aggregated.ts';
import { DAY_MS, HOUR_MS, liquidityBuckets } from './hourly.ts';
import type { LiquiditySample } from './measure.ts';
import { MINUTE_MS, aggregateMinute, type LiquidityMinute } from './minute.ts';
import { addLiquidityTotals, breachKindOf, emptyLiquidityTotals, rangeMinutes, requiredUpSeconds, summariseLiquidity } from './summary.ts';

/**
 * aggregatedReport against the fold of the rows (summariseLiquidity, liquidityBuckets), given totals
 * and runs made here the way the server's SQL makes them (LiquidityRepository.totals): per part, the
 * sums of the rows; the runs of consecutive minutes with a row standing alike.
 */

const D0 = Date.UTC(2026, 10, 20);

function sample(status: LiquiditySample['status'], spreadBps: string | null, own: string): LiquiditySample {
  const d = { bidQuote: '400000.5', askQuote: '600000', ownBidQuote: own, ownAskQuote: '1.25' };
  return { mid: '100', spreadBps, status, depth: { '0.5': d, '1': d, '2': d, '5': d } };
}

/** The SQL's fold, in JS: per part of `partMs`, the rows in [start, end) added up. */
function partsOf(rows: readonly LiquidityMinute[], start: number, end: number, partMs: number, obligation: LiquidityObligationTerms | null): LiquidityPartTotals[] {
  const byPart = new Map<number, ReturnType<typeof emptyLiquidityTotals>>();
  const band = obligation?.depthWithinPct ?? '2';
  for (const row of rows) {
    if (row.minute < start || row.minute >= end) continue;
    const part = Math.floor(row.minute / partMs) * partMs;
    const d = row.depth[band];
    const totals = { samples: row.samples, upSec: obligation === null || obligationApplies(obligation, row.minute) ? row.upSec : 0, oneSidedSec: row.oneSidedSec, spreadHist: { ...row.spreadHist }, bidSum: d.bid.sum, askSum: d.ask.sum, ownBidSum: d.ownBid.sum, ownAskSum: d.ownAsk.sum, ordersPlaced: row.ordersPlaced, fills: row.fills, volumeQuote: row.volumeQuote, ownVolumeQuote: row.ownVolumeQuote };
    byPart.set(part, addLiquidityTotals(byPart.get(part) ?? emptyLiquidityTotals(), totals));
  }
  return [...byPart].map(([part, totals]) => ({ part, totals }));
}

/** The SQL's gaps and islands, in JS. */
function runsOf(rows: readonly LiquidityMinute[], start: number, end: number, required: number): LiquidityMinuteRun[] {
  const runs: LiquidityMinuteRun[] = [];
  for (const row of [...rows].sort((a, b) => a.minute - b.minute)) {
    if (row.minute < start || row.minute >= end) continue;
    const downAs: LiquidityBreachKind | null = row.upSec >= required ? null : breachKindOf(row);
    const last = runs.at(-1);
    if (last && last.to === row.minute && last.downAs === downAs) last.to += MINUTE_MS;
    else runs.push({ from: row.minute, to: row.minute + MINUTE_MS, downAs });
  }
  return runs;
}

const statuses = ['up', 'no_quote', 'spread', 'depth'] as const;
const minuteCase = fc.record({
  present: fc.boolean(),
  status: fc.constantFrom(...statuses),
  other: fc.constantFrom(...statuses),
  seconds: fc.integer({ min: 0, max: 60 }),
  split: fc.integer({ min: 0, max: 60 }),
  spread: fc.constantFrom(null, '9.5', '10', '12.3', '100'),
  own: fc.constantFrom('0', '250000', '333.33333333'),
});

describe('aggregatedReport', () => {
  it('equals the fold of the rows for the summary and its hour and day buckets (property)', () => {
    fc.assert(
      fc.property(
        fc.array(minuteCase, { minLength: 1, maxLength: 200 }),
        fc.constantFrom(null, { fromHourUtc: 0, toHourUtc: 24 }, { fromHourUtc: 1, toHourUtc: 3 }),
        fc.constantFrom('90', '95', '100'),
        fc.integer({ min: 0, max: 119_999 }),
        fc.integer({ min: 0, max: 200 * MINUTE_MS }),
        (cases, hours, minUptimePct, fromShift, nowShift) => {
          // Minutes spread over a few hours around 00:00-04:00 UTC, three apart at most.
          const rows: LiquidityMinute[] = [];
          cases.forEach((c, i) => {
            if (!c.present) return;
            const at = D0 + i * MINUTE_MS;
            const split = Math.min(c.split, c.seconds);
            const samples = Array.from({ length: c.seconds }, (_, s) => ({ at: at + s * 1000, sample: sample(s < split ? c.status : c.other, c.spread, c.own) }));
            rows.push({ ...aggregateMinute(at, samples), ordersPlaced: i % 5, fills: i % 3, volumeQuote: i % 2 === 0 ? '10.5' : '0', ownVolumeQuote: i % 4 === 0 ? '2.25' : '0' });
          });
          const obligation: LiquidityObligationTerms | null = hours === null ? null : { maxSpreadBps: '25', depthWithinPct: '1', minDepthQuote: '1000', minUptimePct, period: 'day', ...hours };
          const from = D0 - HOUR_MS + fromShift;
          const to = D0 + cases.length * MINUTE_MS + 30_000;
          const now = D0 + nowShift;
          const { start, end } = rangeMinutes(from, to, now);
          const runs = obligation === null ? [] : runsOf(rows, start, end, requiredUpSeconds(obligation.minUptimePct));
          const input = { from, to, now, obligation };
          for (const [unit, size] of [['hour', HOUR_MS], ['day', DAY_MS]] as const) {
            const mine = aggregatedReport({ ...input, partMs: size, parts: partsOf(rows, start, end, size, obligation), runs }, unit);
            expect(mine.summary).toEqual(summariseLiquidity({ ...input, rows }));
            expect(mine.buckets).toEqual(liquidityBuckets({ ...input, rows }, unit));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses buckets of a unit the parts are not of', () => {
    expect(() => aggregatedReport({ from: D0, to: D0 + HOUR_MS, now: D0 + DAY_MS, obligation: null, partMs: DAY_MS, parts: [], runs: [] }, 'hour')).toThrow(RangeError);
  });
});

describe('breachesFromRuns', () => {
  const obligation: LiquidityObligationTerms = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '0', minUptimePct: '90', period: 'day', fromHourUtc: 0, toHourUtc: 1 };

  it('counts a minute outside every run as a gap, joins it to a gap run beside it, and stops at the obligation’s hours', () => {
    const m = (n: number) => D0 + n * MINUTE_MS;
    const runs: LiquidityMinuteRun[] = [
      { from: m(1), to: m(3), downAs: null },
      { from: m(3), to: m(4), downAs: 'gap' },
      // m(4) has no row: a gap, one breach with the run before.
      { from: m(5), to: m(7), downAs: 'spread' },
      { from: m(58), to: m(62), downAs: 'spread' },
    ];
    expect(breachesFromRuns(runs, m(0), m(63), obligation)).toEqual([
      { from: m(0), to: m(1), kind: 'gap' },
      { from: m(3), to: m(5), kind: 'gap' },
      { from: m(5), to: m(7), kind: 'spread' },
      { from: m(7), to: m(58), kind: 'gap' },
      // 01:00 on: outside the obligation's hours.
      { from: m(58), to: m(60), kind: 'spread' },
    ]);
  });
});
