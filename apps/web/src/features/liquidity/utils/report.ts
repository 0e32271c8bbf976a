import { LIQUIDITY_RANGE_MAX_DAYS, type LiquidityPeriod } from '@makerdesk/contract';
import { periodBounds } from './period';

/**
 * The liquidity report's range and its table's rows (issue 20): from the link's coinId, from and
 * to (epoch ms, from included, to excluded), else a preset range; the table cuts the range into UTC
 * hours (up to two days) or UTC days (up to 62 days), each row one summary call.
 */

const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
const MAX_HOURLY = 48;
const MAX_DAILY = 62;

export const REPORT_PRESETS = ['period', '24h', '7d', '30d'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export interface ReportRange {
  from: number;
  to: number;
}

export interface ReportLink extends Partial<ReportRange> {
  coinId?: number;
}

const intOf = (v: string | null): number | undefined => (v !== null && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/** The link's coinId, from and to, each left out when it is not a whole non-negative number. */
export function parseReportLink(search: URLSearchParams): ReportLink {
  const link: ReportLink = {};
  const coinId = intOf(search.get('coinId'));
  const from = intOf(search.get('from'));
  const to = intOf(search.get('to'));
  if (coinId !== undefined && coinId > 0) link.coinId = coinId;
  if (from !== undefined) link.from = from;
  if (to !== undefined) link.to = to;
  return link;
}

/** A range the summary accepts: from before to, at most LIQUIDITY_RANGE_MAX_DAYS long. */
export function isValidRange(range: Partial<ReportRange>): range is ReportRange {
  return range.from !== undefined && range.to !== undefined && range.from < range.to && range.to - range.from <= LIQUIDITY_RANGE_MAX_DAYS * DAY;
}

/** A preset's range at `now`: the obligation's current period (to its end), else the last 24 h, 7 or 30 days to the next whole minute. */
export function presetRange(preset: ReportPreset, now: number, period: LiquidityPeriod | null): ReportRange {
  if (preset === 'period' && period !== null) return periodBounds(period, now);
  const to = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  const span = preset === '7d' ? 7 * DAY : preset === '30d' ? 30 * DAY : DAY;
  return { from: to - span, to };
}

export interface ReportBuckets {
  unit: 'hour' | 'day' | null;
  buckets: ReportRange[];
}

/**
 * The table's rows: the range cut at UTC hours (up to 48 of them) or UTC days (up to 62), each cut
 * to the range; rows from `now` on are left out (nothing is measured yet). Too long a range: no rows
 * (the CSV has them hour by hour).
 */
export function reportBuckets(range: ReportRange, now: number): ReportBuckets {
  const to = Math.min(range.to, Math.ceil(now / MINUTE) * MINUTE);
  for (const [unit, size, max] of [
    ['hour', HOUR, MAX_HOURLY],
    ['day', DAY, MAX_DAILY],
  ] as const) {
    const first = Math.floor(range.from / size) * size;
    if (Math.ceil((range.to - first) / size) > max) continue;
    const buckets: ReportRange[] = [];
    for (let start = first; start < to; start += size) buckets.push({ from: Math.max(range.from, start), to: Math.min(range.to, start + size) });
    return { unit, buckets };
  }
  return { unit: null, buckets: [] };
}

/** The report's link. */
export function reportHref(coinId: number, range: ReportRange): string {
  return `/liquidity/report?coinId=${coinId}&from=${range.from}&to=${range.to}`;
}

/** Epoch ms as UTC 'YYYY-MM-DD HH:mm' (the report is in UTC, as the obligation's periods are). */
export function formatUtcFull(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');
}
