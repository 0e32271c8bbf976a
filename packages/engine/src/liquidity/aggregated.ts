import type { LiquidityBreach, LiquidityBreachKind, LiquidityReportUnit, LiquiditySummary } from '@makerdesk/contract';
import { REPORT_UNIT_MS, type LiquidityBucket } from './hourly.ts';
import { MINUTE_MS } from './minute.ts';
import { addLiquidityTotals, breachStretches, emptyLiquidityTotals, finishSummary, rangeMinutes, summaryBand, type LiquidityTotals, type SummaryInput } from './summary.ts';

/**
 * The liquidity summary and report (issue 20) from totals the database has already added up, pure:
 * the same figures as summariseLiquidity and liquidityBuckets give from the one-minute rows, without
 * the rows. The server has the database fold a range's rows per UTC hour or day (GROUP BY) and hand
 * over, besides, the runs of consecutive minutes that stand alike for the breaches (gaps and islands),
 * so a month's report reads a few hundred rows instead of 44,640.
 */

/** A stretch [from, to) of consecutive minutes that all have a row and stand alike: up enough (null), or down as `downAs`. */
export interface LiquidityMinuteRun {
  from: number;
  to: number;
  downAs: LiquidityBreachKind | null;
}

/** The totals of the rows of one part (UTC hour or day, or any length) of the range. */
export interface LiquidityPartTotals {
  /** The part's start: the rows' minute rounded down to a multiple of the part's length. */
  part: number;
  totals: LiquidityTotals;
}

export interface AggregatedInput extends Omit<SummaryInput, 'rows'> {
  /** The length of the parts (ms): the report's unit's for its buckets, any for the summary alone. */
  partMs: number;
  /** The totals per part of the rows in rangeMinutes's [start, end); parts without rows may be left out. */
  parts: readonly LiquidityPartTotals[];
  /** The runs of the rows in [start, end), oldest first, not overlapping (only needed with an obligation). */
  runs: readonly LiquidityMinuteRun[];
}

/**
 * The breaches over [start, end) as breachesOf finds them from the rows: a minute inside a run is
 * down as the run says; a minute outside every run has no row: a gap.
 */
export function breachesFromRuns(runs: readonly LiquidityMinuteRun[], start: number, end: number, obligation: NonNullable<SummaryInput['obligation']>): LiquidityBreach[] {
  let i = 0;
  return breachStretches(start, end, obligation, (m) => {
    while (i < runs.length && runs[i]!.to <= m) i++;
    const run = runs[i];
    return run !== undefined && run.from <= m ? run.downAs : 'gap';
  });
}

/** The breaches, cut to [from, to): what breachesOf over that part alone finds. */
function clipBreaches(breaches: readonly LiquidityBreach[], from: number, to: number): LiquidityBreach[] {
  const out: LiquidityBreach[] = [];
  for (const b of breaches) {
    if (b.to <= from || b.from >= to) continue;
    out.push({ from: Math.max(b.from, from), to: Math.min(b.to, to), kind: b.kind });
  }
  return out;
}

/**
 * The period's summary (equal to summariseLiquidity over the rows) and, given a unit whose length is
 * the parts', its buckets (equal to liquidityBuckets over the rows).
 */
export function aggregatedReport(input: AggregatedInput, unit: LiquidityReportUnit | null): { summary: LiquiditySummary; buckets: LiquidityBucket[] } {
  const { obligation } = input;
  const withinPct = summaryBand(input);
  const { start, end } = rangeMinutes(input.from, input.to, input.now);
  const byPart = new Map<number, LiquidityTotals>();
  const period = emptyLiquidityTotals();
  for (const { part, totals } of input.parts) {
    // A part whose rows all lie outside [start, end) cannot be here (the database read only those),
    // but a part straddling start or end holds only the rows inside.
    byPart.set(part, totals);
    addLiquidityTotals(period, totals);
  }
  const breaches = obligation === null ? [] : breachesFromRuns(input.runs, start, end, obligation);
  const summary = finishSummary({ start, end }, period, obligation, withinPct, breaches);
  const buckets: LiquidityBucket[] = [];
  if (unit === null || end <= start) return { summary, buckets };
  const size = REPORT_UNIT_MS[unit];
  if (size !== input.partMs) throw new RangeError(`aggregatedReport: parts of ${input.partMs} ms cannot make ${unit} buckets`);
  for (let part = Math.floor(start / size) * size; part < end; part += size) {
    const from = Math.max(start, part);
    const to = Math.min(end, part + size);
    const totals = byPart.get(part) ?? emptyLiquidityTotals();
    buckets.push({ start: part, from, to, minutes: (to - from) / MINUTE_MS, summary: finishSummary({ start: from, end: to }, totals, obligation, withinPct, clipBreaches(breaches, from, to)) });
  }
  return { summary, buckets };
}
