import type { LiquiditySummary } from '@makerdesk/contract';
import { MINUTE_MS } from './minute.ts';
import { rangeMinutes, summariseLiquidity, type SummaryInput } from './summary.ts';

/**
 * A range of one pair's one-minute rows cut into UTC hours for the liquidity report (issue 20), pure.
 * Each hour's figures are summariseLiquidity over the part of the hour inside the range, so an hour
 * of the report shows exactly what the summary shows for that hour.
 */

export const HOUR_MS = 3_600_000;

export interface LiquidityHour {
  /** The hour's start (UTC, epoch ms, a multiple of 3,600,000). */
  hour: number;
  /** The part of the hour the figures cover: the hour cut to the range (and to the current minute). */
  from: number;
  to: number;
  /** Minutes counted (60 for a whole hour). */
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
 * One entry per UTC hour that has a counted minute in the range, oldest first; hours from the current
 * minute on are left out (the future is not down time, as in the summary).
 */
export function hourlyLiquidity(input: SummaryInput): LiquidityHour[] {
  const { start, end } = rangeMinutes(input.from, input.to, input.now);
  const rowsByHour = new Map<number, SummaryInput['rows'][number][]>();
  for (const row of input.rows) {
    if (row.minute < start || row.minute >= end) continue;
    const hour = Math.floor(row.minute / HOUR_MS) * HOUR_MS;
    const list = rowsByHour.get(hour);
    if (list) list.push(row);
    else rowsByHour.set(hour, [row]);
  }
  const out: LiquidityHour[] = [];
  if (end <= start) return out;
  for (let hour = Math.floor(start / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS) {
    const from = Math.max(start, hour);
    const to = Math.min(end, hour + HOUR_MS);
    const summary = summariseLiquidity({ ...input, from, to, rows: rowsByHour.get(hour) ?? [] });
    out.push({ hour, from, to, minutes: (to - from) / MINUTE_MS, summary });
  }
  return out;
}
