import { z } from 'zod';
import { ANALYSIS_CYCLE_HOURS_MAX, ANALYSIS_CYCLE_HOURS_MIN, ANALYSIS_RANGE_MAX_DAYS } from '../constants.ts';
import { epochMs, idParam } from './common.ts';

/**
 * Data analysis (spec §3 "Analysis"): balance snapshots per account and pair, taken at every
 * data-cycle boundary, and the figures read from them. Money travels as decimal strings.
 */

/** The messages equal the catalogue's en texts (1030025, 1030055–1030058), so the server answers with their codes. */
export const analysisMessages = {
  range: 'Invalid date range, the start date must be before the end date',
  rangeTooLong: `The time range can span at most ${ANALYSIS_RANGE_MAX_DAYS} days`,
  cycle: `The data cycle must be a whole number of hours from ${ANALYSIS_CYCLE_HOURS_MIN} to ${ANALYSIS_CYCLE_HOURS_MAX}`,
  initialFunds: 'Initial funds must be a number of 0 or more',
  initialToken: 'Initial token must be a number of 0 or more',
} as const;

const DAY_MS = 86_400_000;

/** 0 or more, at most 20 integer digits and 18 decimals (what `numeric` keeps exactly). */
const STARTING_AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

function nonNegativeDecimal(message: string) {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(STARTING_AMOUNT, { message }));
}

/** A time range in epoch ms; both ends optional (the server fills in the last 7 days). */
export const analysisRangeQuery = z
  .object({
    coinId: idParam,
    from: z.coerce.number<number>().int().min(0).optional(),
    to: z.coerce.number<number>().int().min(0).optional(),
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.from < v.to, { message: analysisMessages.range, path: ['from'] })
  .refine((v) => v.from === undefined || v.to === undefined || v.to - v.from <= ANALYSIS_RANGE_MAX_DAYS * DAY_MS, { message: analysisMessages.rangeTooLong, path: ['to'] });
export type AnalysisRangeQuery = z.infer<typeof analysisRangeQuery>;

export const analysisSettingsRequest = z.object({
  coinId: idParam,
  /** Quote the account started with; null: the first snapshot's. */
  initialFunds: nonNegativeDecimal(analysisMessages.initialFunds).nullable(),
  /** Base the account started with; null: the first snapshot's. */
  initialToken: nonNegativeDecimal(analysisMessages.initialToken).nullable(),
  cycleHours: z.coerce
    .number<number>({ message: analysisMessages.cycle })
    .int({ message: analysisMessages.cycle })
    .min(ANALYSIS_CYCLE_HOURS_MIN, { message: analysisMessages.cycle })
    .max(ANALYSIS_CYCLE_HOURS_MAX, { message: analysisMessages.cycle }),
});
export type AnalysisSettingsRequest = z.infer<typeof analysisSettingsRequest>;

export const analysisSettings = z.object({
  coinId: z.number().int(),
  initialFunds: z.string().nullable(),
  initialToken: z.string().nullable(),
  cycleHours: z.number().int(),
  /** Null until the user saves them (the defaults apply). */
  updatedAt: epochMs.nullable(),
});
export type AnalysisSettings = z.infer<typeof analysisSettings>;

const holding = z.object({ available: z.string(), frozen: z.string(), total: z.string() });

export const balanceSnapshot = z.object({
  /** When the balances were read. */
  at: epochMs,
  /** The data-cycle slot it stands for (its start). */
  slotAt: epochMs,
  base: holding,
  quote: holding,
  /** The pair's last price then; null when the venue had none. */
  price: z.string().nullable(),
});
export type BalanceSnapshotDto = z.infer<typeof balanceSnapshot>;
export const analysisSnapshotsResponse = z.object({ from: epochMs, to: epochMs, list: z.array(balanceSnapshot) });

const delta = z.object({ absolute: z.string(), percent: z.string().nullable() });
const changes = z.object({ base: delta, quote: delta, value: delta.nullable() });
const seriesPoint = z.object({ at: epochMs, base: z.string(), quote: z.string(), price: z.string().nullable(), value: z.string().nullable(), pnl: z.string().nullable() });
export type AnalysisSeriesPoint = z.infer<typeof seriesPoint>;

export const analysisFigures = z.object({
  initial: z.object({ at: epochMs, base: z.string(), quote: z.string(), price: z.string().nullable(), value: z.string().nullable() }),
  latest: seriesPoint,
  previous: seriesPoint.nullable(),
  sinceLast: changes.nullable(),
  sinceInitial: changes,
  pnl: delta.nullable(),
  position: z.object({
    base: z.string(),
    avgCost: z.string().nullable(),
    costValue: z.string(),
    realizedPnl: z.string(),
    unrealizedPnl: z.string().nullable(),
    fees: z.string(),
    tradeCount: z.number().int(),
    botTrades: z.number().int(),
    manualTrades: z.number().int(),
  }),
  series: z.array(seriesPoint),
});

export const analysisSummary = z.object({
  coinId: z.number().int(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  from: epochMs,
  to: epochMs,
  settings: analysisSettings,
  /** The account's first snapshot on the pair (the default starting point); null before any. */
  firstAt: epochMs.nullable(),
  /** When the scheduler takes the next one. */
  nextSnapshotAt: epochMs,
  snapshotCount: z.number().int(),
  /** Null when the range holds no snapshot. */
  figures: analysisFigures.nullable(),
});
export type AnalysisSummary = z.infer<typeof analysisSummary>;

const volume = z.object({ base: z.string(), quote: z.string(), count: z.number().int() });

/**
 * The control panel's figures that need history: the account's value now, and what it traded on the
 * pair (bots and other fills) in the last 24 hours and since its first fill, read at one instant from
 * one source, so the 24 h figure never exceeds the total. Its P&L is the desk P&L's (/desk/pnl).
 */
export const analysisPanel = z.object({
  value: z.string().nullable(),
  volume24h: volume,
  volumeTotal: volume,
});
export type AnalysisPanel = z.infer<typeof analysisPanel>;

/** The CSV export answers text, not the envelope. */
export const analysisExportReply = z.string();

/** Checks the range a caller typed, the same way the server does. */
export function analysisRangeProblem(from: number, to: number): keyof typeof analysisMessages | null {
  if (from >= to) return 'range';
  if (to - from > ANALYSIS_RANGE_MAX_DAYS * DAY_MS) return 'rangeTooLong';
  return null;
}

/** True for a setting the form may send as initial funds or token. */
export function isStartingAmount(value: string): boolean {
  return STARTING_AMOUNT.test(value.trim());
}
