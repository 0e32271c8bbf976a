import { LIQUIDITY_RANGE_MAX_DAYS, type LiquidityPeriod } from '@makerdesk/contract';
import { periodBounds } from './period';

/**
 * The liquidity report's range and its table's rows (issue 20): from the link's coinId, from and
 * to (epoch ms, from included, to excluded), else a preset range. The table's rows (UTC hours up to
 * two days, UTC days up to 62) come with the server's report (liquidityReportUnit in the contract).
 */

const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

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

/** The report's link. */
export function reportHref(coinId: number, range: ReportRange): string {
  return `/liquidity/report?coinId=${coinId}&from=${range.from}&to=${range.to}`;
}

/** Epoch ms as UTC 'YYYY-MM-DD HH:mm' (the report is in UTC, as the obligation's periods are). */
export function formatUtcFull(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');
}
