import type { LiquidityReportUnit, LiquiditySummary } from '@makerdesk/contract';
import { MINUTE_MS } from './minute.ts';
import { rangeMinutes, summariseLiquidity, type SummaryInput } from './summary.ts';

/**
 * A range of one pair's one-minute rows cut into UTC hours or UTC days for the liquidity report
 * (issue 20), pure: the one grouping the CSV (hour by hour) and the JSON report (the page's table,
 * hour by hour or day by day) both take. Each part's figures are summariseLiquidity over the part of
 * the hour or day inside the range, so a row of the report shows exactly what the summary shows for it.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export const REPORT_UNIT_MS: Readonly<Record<LiquidityReportUnit, number>> = { hour: HOUR_MS, day: DAY_MS };

export interface LiquidityBucket {
  /** The hour's or day's start (UTC, epoch ms, a multiple of its length). */
  start: number;
  /** The part of it the figures cover: cut to the range (and to the current minute). */
  from: number;
  to: number;
  /** Minutes counted (60 for a whole hour, 1440 for a whole day). */
  minutes: number;
  summary: LiquiditySummary;
}

/** The minutes a list of breaches covers. */
export function breachedMinutes(breaches: LiquiditySummary['breaches']): number {
  let ms = 0;
  for (const b of breaches) ms += b.to - b.from;
  return ms / MINUTE_MS;
}

/**
 * One entry per UTC hour (or day) that has a counted minute in the range, oldest first; parts from the
 * current minute on are left out (the future is not down time, as in the summary). The rows are read
 * once and dealt to their part, so the whole costs one pass over them plus one summary per part.
 */
export function liquidityBuckets(input: SummaryInput, unit: LiquidityReportUnit): LiquidityBucket[] {
  const size = REPORT_UNIT_MS[unit];
  const { start, end } = rangeMinutes(input.from, input.to, input.now);
  const rowsByPart = new Map<number, SummaryInput['rows'][number][]>();
  for (const row of input.rows) {
    if (row.minute < start || row.minute >= end) continue;
    const part = Math.floor(row.minute / size) * size;
    const list = rowsByPart.get(part);
    if (list) list.push(row);
    else rowsByPart.set(part, [row]);
  }
  const out: LiquidityBucket[] = [];
  if (end <= start) return out;
  for (let part = Math.floor(start / size) * size; part < end; part += size) {
    const from = Math.max(start, part);
    const to = Math.min(end, part + size);
    const summary = summariseLiquidity({ ...input, from, to, rows: rowsByPart.get(part) ?? [] });
    out.push({ start: part, from, to, minutes: (to - from) / MINUTE_MS, summary });
  }
  return out;
}

/** The range hour by hour (the CSV's rows). */
export function hourlyLiquidity(input: SummaryInput): LiquidityBucket[] {
  return liquidityBuckets(input, 'hour');
}
