import { compare, decimalsOf, isDecimal } from '@makerdesk/decimal';
import { z } from 'zod';
import { analysisMessages } from './analysis.ts';
import { coinScopedQuery } from './coin.ts';
import { epochMs } from './common.ts';

/**
 * Liquidity obligations (issue 20, DESK.md "Market quality"): what a token project or an exchange
 * pays the desk for on one pair, and the figures that show whether it is kept. Amounts are decimal
 * strings in the pair's quote asset; percentages are decimal strings in percent (2 = 2 %).
 */

/** The depth bands every sample measures, in % of mid (DESK.md: "Usual bands"). */
export const LIQUIDITY_DEPTH_BANDS = ['0.5', '1', '2', '5'] as const;
export type LiquidityDepthBand = (typeof LIQUIDITY_DEPTH_BANDS)[number];

export const liquidityPeriods = ['day', 'month'] as const;
export type LiquidityPeriod = (typeof liquidityPeriods)[number];

/** The bounds of an obligation's fields. */
export const LIQUIDITY_BOUNDS = {
  /** Spread cap in bps, one decimal at most. */
  maxSpreadBps: { min: '1', max: '1000', decimals: 1 },
  /** Minimum own depth per side inside the band, in quote. */
  minDepthQuote: { min: '0', max: '1000000000', decimals: 8 },
  /** Minimum two-sided uptime over the period, in %. */
  minUptimePct: { min: '1', max: '100', decimals: 2 },
} as const;

/**
 * The hours of each UTC day the obligation applies: from the start of `fromHourUtc` to the start of
 * `toHourUtc` (0 and 24 by default: all day). Outside them the desk's figures are measured but not
 * judged: no uptime is owed, no breach is counted.
 */
export const LIQUIDITY_HOURS = { fromMin: 0, fromMax: 23, toMin: 1, toMax: 24 } as const;
export const ALL_DAY = { fromHourUtc: 0, toHourUtc: 24 } as const;

/** The longest range one summary covers: the one-minute rows are kept at least this long. */
export const LIQUIDITY_RANGE_MAX_DAYS = 400;

/** The messages equal the catalogue's en texts (1030116–1030117), so the server answers with their codes. */
export const liquidityMessages = {
  obligation:
    'An obligation needs a spread cap of 1 to 1000 bps (one decimal at most), a depth band of 0.5, 1, 2 or 5 %, a minimum own depth per side of 0 to 1,000,000,000 in quote, a minimum uptime of 1 to 100 % (two decimals at most), a period of day or month, and hours of the UTC day from 0–23 to 1–24, the first before the second',
  rangeTooLong: `The liquidity range can span at most ${LIQUIDITY_RANGE_MAX_DAYS} days`,
} as const;

function boundedDecimal(bounds: { min: string; max: string; decimals: number }) {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(
      z.string().refine((v) => /^\d+(\.\d+)?$/.test(v) && isDecimal(v) && decimalsOf(v) <= bounds.decimals && compare(v, bounds.min) >= 0 && compare(v, bounds.max) <= 0, {
        message: liquidityMessages.obligation,
      }),
    );
}

function hourOfDay(min: number, max: number) {
  return z.coerce.number<number>({ message: liquidityMessages.obligation }).int({ message: liquidityMessages.obligation }).min(min, { message: liquidityMessages.obligation }).max(max, { message: liquidityMessages.obligation });
}

/** What the main account sets per pair: PUT /backend/liquidity/obligation. */
export const liquidityObligationRequest = coinScopedQuery.extend({
  maxSpreadBps: boundedDecimal(LIQUIDITY_BOUNDS.maxSpreadBps),
  depthWithinPct: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(LIQUIDITY_DEPTH_BANDS, { message: liquidityMessages.obligation })),
  minDepthQuote: boundedDecimal(LIQUIDITY_BOUNDS.minDepthQuote),
  minUptimePct: boundedDecimal(LIQUIDITY_BOUNDS.minUptimePct),
  period: z.enum(liquidityPeriods, { message: liquidityMessages.obligation }),
  fromHourUtc: hourOfDay(LIQUIDITY_HOURS.fromMin, LIQUIDITY_HOURS.fromMax).default(ALL_DAY.fromHourUtc),
  toHourUtc: hourOfDay(LIQUIDITY_HOURS.toMin, LIQUIDITY_HOURS.toMax).default(ALL_DAY.toHourUtc),
}).refine((v) => v.fromHourUtc < v.toHourUtc, { message: liquidityMessages.obligation, path: ['toHourUtc'] });
export type LiquidityObligationRequest = z.input<typeof liquidityObligationRequest>;
/** The request as the server parses it (decimals as canonical strings). */
export type LiquidityObligationSet = z.output<typeof liquidityObligationRequest>;

/** An obligation's terms, as the measurement reads them. */
export const liquidityObligationTerms = z.object({
  maxSpreadBps: z.string(),
  depthWithinPct: z.enum(LIQUIDITY_DEPTH_BANDS),
  minDepthQuote: z.string(),
  minUptimePct: z.string(),
  period: z.enum(liquidityPeriods),
  /** The hours of the UTC day it applies (LIQUIDITY_HOURS); left out: all day. */
  fromHourUtc: z.number().int().optional(),
  toHourUtc: z.number().int().optional(),
});
export type LiquidityObligationTerms = z.infer<typeof liquidityObligationTerms>;

const HOUR_MS = 3_600_000;

/** Whether the obligation applies at `at` (epoch ms): its hour of the UTC day is inside the obligation's hours. */
export function obligationApplies(obligation: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'>, at: number): boolean {
  const from = obligation.fromHourUtc ?? ALL_DAY.fromHourUtc;
  const to = obligation.toHourUtc ?? ALL_DAY.toHourUtc;
  if (from <= 0 && to >= 24) return true;
  const hour = Math.floor((((at % 86_400_000) + 86_400_000) % 86_400_000) / HOUR_MS);
  return hour >= from && hour < to;
}

/** The milliseconds of [from, to) in which the obligation applies (all of them when it applies all day). */
export function obligationAppliedMs(obligation: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'>, from: number, to: number): number {
  if (to <= from) return 0;
  if (appliesAllDay(obligation)) return to - from;
  const fromHour = obligation.fromHourUtc ?? ALL_DAY.fromHourUtc;
  const toHour = obligation.toHourUtc ?? ALL_DAY.toHourUtc;
  let ms = 0;
  for (let day = Math.floor(from / 86_400_000) * 86_400_000; day < to; day += 86_400_000) {
    const start = Math.max(from, day + fromHour * HOUR_MS);
    const end = Math.min(to, day + toHour * HOUR_MS);
    if (end > start) ms += end - start;
  }
  return ms;
}

/** Whether the obligation applies all day. */
export const appliesAllDay = (obligation: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'>): boolean =>
  (obligation.fromHourUtc ?? 0) <= 0 && (obligation.toHourUtc ?? 24) >= 24;

export const liquidityObligation = liquidityObligationTerms.extend({
  coinId: z.number().int(),
  /** When it was last set (epoch ms). */
  updatedAt: epochMs,
});
export type LiquidityObligation = z.infer<typeof liquidityObligation>;

/** GET /backend/liquidity/obligation?coinId=: null when the pair has none. */
export const liquidityObligationReply = liquidityObligation.nullable();

export const liquidityPresetIds = ['starter', 'standard', 'advanced', 'premier'] as const;
export type LiquidityPresetId = (typeof liquidityPresetIds)[number];

/**
 * Starting points from the public programmes' tiers (DESK.md: spread caps of 10 to 35 bps, $50k to
 * $5M per side within 2 %, uptime 85 % to 98 %). The depth is in the quote asset: the tiers are in
 * USD, so for a pair quoted in a stablecoin they read as published.
 */
export const LIQUIDITY_PRESETS: Readonly<Record<LiquidityPresetId, LiquidityObligationTerms>> = {
  starter: { maxSpreadBps: '35', depthWithinPct: '2', minDepthQuote: '50000', minUptimePct: '85', period: 'month' },
  standard: { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '90', period: 'month' },
  advanced: { maxSpreadBps: '15', depthWithinPct: '2', minDepthQuote: '1000000', minUptimePct: '95', period: 'month' },
  premier: { maxSpreadBps: '10', depthWithinPct: '2', minDepthQuote: '5000000', minUptimePct: '98', period: 'month' },
};

const DAY_MS = 86_400_000;

/** GET /backend/liquidity/summary?coinId=&from=&to= (epoch ms, from included, to excluded). */
export const liquiditySummaryQuery = coinScopedQuery
  .extend({
    from: z.coerce.number<number>().int().min(0),
    to: z.coerce.number<number>().int().min(0),
  })
  .refine((v) => v.from < v.to, { message: analysisMessages.range, path: ['from'] })
  .refine((v) => v.to - v.from <= LIQUIDITY_RANGE_MAX_DAYS * DAY_MS, { message: liquidityMessages.rangeTooLong, path: ['to'] });
export type LiquiditySummaryQuery = z.infer<typeof liquiditySummaryQuery>;

/**
 * Why the desk was not two-sided in a breached stretch: `gap` no sample (the server was down or the
 * book unread), `no_quote` the desk lacked a bid or an ask, `spread` its quotes were wider than the
 * cap, `depth` its own depth in the band was short on a side.
 */
export const liquidityBreachKinds = ['gap', 'no_quote', 'spread', 'depth'] as const;
export type LiquidityBreachKind = (typeof liquidityBreachKinds)[number];

export const liquidityBreach = z.object({ from: epochMs, to: epochMs, kind: z.enum(liquidityBreachKinds) });
export type LiquidityBreach = z.infer<typeof liquidityBreach>;

export const liquiditySummary = z.object({
  /** Seconds of the range with a sample of the book. */
  samples: z.number().int(),
  /** Time-weighted quantiles of the pair's spread over the sampled seconds, in bps rounded up to 0.1; null where the book was one-sided or there was no sample. */
  spreadBps: z.object({ p50: z.string().nullable(), p95: z.string().nullable() }),
  depth: z.object({
    withinPct: z.enum(LIQUIDITY_DEPTH_BANDS),
    /** Mean depth of the book per side over the sampled seconds. */
    bidQuote: z.string(),
    askQuote: z.string(),
    /** Mean own depth per side over every second of the range (none where there was no sample). */
    ownBidQuote: z.string(),
    ownAskQuote: z.string(),
  }),
  /** Two-sided uptime over every second of the range (gaps are down), rounded down to 0.01; null without an obligation. */
  uptimePct: z.string().nullable(),
  ownShareOfDepthPct: z.string().nullable(),
  ownShareOfVolumePct: z.string().nullable(),
  orderToTrade: z.string().nullable(),
  breaches: z.array(liquidityBreach),
});
export type LiquiditySummary = z.infer<typeof liquiditySummary>;

/**
 * GET /backend/liquidity/report.csv?coinId=&from=&to= (the summary's query, its access and its
 * errors): the period hour by hour (UTC) as CSV, not the envelope. Lines starting with `#` state the
 * report (pair, range, the obligation's terms, the whole period's figures) as `# key,value`; then a
 * header row (LIQUIDITY_REPORT_COLUMNS) and one row per hour, each the summary of that hour.
 */
export const liquidityReportCsvReply = z.string();

/**
 * The printable report's table (and GET /backend/liquidity/report): the range hour by hour (UTC) when
 * it spans at most LIQUIDITY_REPORT_MAX_HOURS UTC hours, else day by day when it spans at most
 * LIQUIDITY_REPORT_MAX_DAYS UTC days, else no table (the CSV has the range hour by hour).
 */
export const liquidityReportUnits = ['hour', 'day'] as const;
export type LiquidityReportUnit = (typeof liquidityReportUnits)[number];
export const LIQUIDITY_REPORT_MAX_HOURS = 48;
export const LIQUIDITY_REPORT_MAX_DAYS = 62;

/** The report table's unit for [from, to): counted from the start of the UTC hour or day holding `from`. */
export function liquidityReportUnit(from: number, to: number): LiquidityReportUnit | null {
  for (const [unit, size, max] of [
    ['hour', 3_600_000, LIQUIDITY_REPORT_MAX_HOURS],
    ['day', DAY_MS, LIQUIDITY_REPORT_MAX_DAYS],
  ] as const) {
    if (Math.ceil((to - Math.floor(from / size) * size) / size) <= max) return unit;
  }
  return null;
}

/** One row of the report's table: the summary over the part of a UTC hour or day inside the range. */
export const liquidityReportRow = z.object({
  /** The hour's or day's start (UTC). */
  start: epochMs,
  /** The part the figures cover: cut to the range, rounded to whole minutes, and to the current minute. */
  from: epochMs,
  to: epochMs,
  /** Minutes counted. */
  minutes: z.number().int(),
  summary: liquiditySummary,
});
export type LiquidityReportRow = z.infer<typeof liquidityReportRow>;

/** liquidityVerdict's answer (below), as the report carries it. */
export const liquidityVerdictReply = z.object({
  met: z.boolean().nullable(),
  uptime: z.boolean().nullable(),
  spread: z.boolean().nullable(),
  ownBidDepth: z.boolean().nullable(),
  ownAskDepth: z.boolean().nullable(),
});

/**
 * GET /backend/liquidity/report?coinId=&from=&to= (the summary's query, its access and its errors):
 * the printable report in one answer, from the range's rows added up by the database per hour or
 * day: the pair's obligation, the period's summary (equal to GET /backend/liquidity/summary over
 * the range), its verdict against the obligation (null without one), and the table (unit by
 * liquidityReportUnit; each row equals the summary over its part, and the hourly rows are the CSV's).
 */
export const liquidityReport = z.object({
  obligation: liquidityObligation.nullable(),
  summary: liquiditySummary,
  verdict: liquidityVerdictReply.nullable(),
  unit: z.enum(liquidityReportUnits).nullable(),
  rows: z.array(liquidityReportRow),
});
export type LiquidityReport = z.infer<typeof liquidityReport>;

/** The report's columns, in order: the hour's start (ISO 8601 UTC) and the summary's figures over it. */
export const LIQUIDITY_REPORT_COLUMNS = [
  'hour_start_utc',
  'minutes',
  'samples',
  'spread_p50_bps',
  'spread_p95_bps',
  'depth_within_pct',
  'bid_depth_quote',
  'ask_depth_quote',
  'own_bid_depth_quote',
  'own_ask_depth_quote',
  'uptime_pct',
  'own_share_of_depth_pct',
  'own_share_of_volume_pct',
  'order_to_trade',
  'breaches',
  'breached_minutes',
] as const;

/**
 * A period's figures against its obligation, term by term (true met, false not met, null no figure):
 * `uptime` is the obligation's verdict (two-sided within the cap with the minimum depth, for at least
 * the minimum share of the time); `spread` (the median under the cap) and the mean own depth per side
 * (at least the minimum) say which term the desk was short of. A spread of a one-sided book is not met.
 */
export interface LiquidityVerdict {
  met: boolean | null;
  uptime: boolean | null;
  spread: boolean | null;
  ownBidDepth: boolean | null;
  ownAskDepth: boolean | null;
}

export function liquidityVerdict(summary: LiquiditySummary, obligation: LiquidityObligationTerms): LiquidityVerdict {
  const sampled = summary.samples > 0;
  const uptime = summary.uptimePct === null ? null : compare(summary.uptimePct, obligation.minUptimePct) >= 0;
  const spread = !sampled ? null : summary.spreadBps.p50 !== null && compare(summary.spreadBps.p50, obligation.maxSpreadBps) <= 0;
  const atLeast = (own: string) => (sampled ? compare(own, obligation.minDepthQuote) >= 0 : null);
  return { met: uptime, uptime, spread, ownBidDepth: atLeast(summary.depth.ownBidQuote), ownAskDepth: atLeast(summary.depth.ownAskQuote) };
}
