import { z } from 'zod';
import { DESK_FILLS_RANGE_MAX_DAYS } from '../constants.ts';
import { analysisMessages } from './analysis.ts';
import { coinScopedQuery } from './coin.ts';
import { epochMs, idParam, pageOf, pageQuery } from './common.ts';
import { orderSource, orderSourceKinds } from './order-source.ts';

/**
 * The desk's P&L and fills ledger (DESK.md "P&L"). Every amount is a decimal string in the pair's
 * quote asset unless named otherwise; total = realised + unrealised − fees, where unrealised is its
 * change over the window, and the desk's figures are the sum of its bots' and its manual trading's.
 */

/** The messages equal the catalogue's en texts (1030090–1030092), so the server answers with their codes. */
export const deskMessages = {
  window: 'The P&L window must be one of 1h, today, 7d or all',
  source: 'The fills source must be one of bot, manual or other',
  rangeTooLong: `The fills range can span at most ${DESK_FILLS_RANGE_MAX_DAYS} days`,
} as const;

export const deskPnlWindows = ['1h', 'today', '7d', 'all'] as const;
export type DeskPnlWindow = (typeof deskPnlWindows)[number];

export const deskPnlQuery = coinScopedQuery.extend({
  window: z.enum(deskPnlWindows, { message: deskMessages.window }).default('today'),
});
export type DeskPnlQuery = z.infer<typeof deskPnlQuery>;

export const pnlParts = z.object({ total: z.string(), realised: z.string(), unrealised: z.string(), fees: z.string() });
export type PnlPartsDto = z.infer<typeof pnlParts>;

export const botPnl = pnlParts.extend({ robotId: z.number().int(), name: z.string() });
export type BotPnlDto = z.infer<typeof botPnl>;

export const deskPnl = pnlParts.extend({
  coinId: z.number().int(),
  window: z.enum(deskPnlWindows),
  /** The window in epoch ms (from 0: since start). */
  from: epochMs,
  to: epochMs,
  base: z.string(),
  quote: z.string(),
  /** The mid the unrealised P&L is valued at now; null when the venue had no price. */
  mid: z.string().nullable(),
  /** The mid at the window's start the unrealised change starts from (the 1-minute candle's open then); null for since start. */
  midStart: z.string().nullable(),
  vsHold: z.string(),
  bots: z.array(botPnl),
  /** Every fill that no bot made: the console's and anything else trading with the key. */
  manual: pnlParts,
  /** Fills whose fee is in a third asset whose price was unknown: their fees are not in `fees`. */
  unvaluedFees: z.number().int(),
});
export type DeskPnl = z.infer<typeof deskPnl>;

/** The P&L across the desk's pairs: one window, every pair the account trades (with fills, bots or its API key). */
export const deskPnlAllQuery = z.object({
  window: z.enum(deskPnlWindows, { message: deskMessages.window }).default('today'),
});
export type DeskPnlAllQuery = z.infer<typeof deskPnlAllQuery>;

/** Why a pair's figures are missing: the catalogue code and its text in the reader's language. */
export const deskPnlUnavailable = z.object({ code: z.number().int(), msg: z.string() });

/** One pair's desk P&L (the same figures as `GET /desk/pnl` for it), null figures when it could not be read. */
export const deskPairPnl = z.object({
  coinId: z.number().int(),
  coinName: z.string(),
  quote: z.string(),
  total: z.string().nullable(),
  realised: z.string().nullable(),
  unrealised: z.string().nullable(),
  fees: z.string().nullable(),
  vsHold: z.string().nullable(),
  unvaluedFees: z.number().int(),
  /** The pair's price precision at its venue (its quote figures are shown at it); null when the venue was not read. */
  pricePrecision: z.number().int().nullable(),
  /** null when the figures are there; else why they are not (the venue failed, the pair is disabled...). */
  unavailable: deskPnlUnavailable.nullable(),
});
export type DeskPairPnl = z.infer<typeof deskPairPnl>;

/** The sum of the pairs quoted in one asset (pairs in different quote assets are never summed together). */
export const deskQuoteTotal = pnlParts.extend({
  quote: z.string(),
  vsHold: z.string(),
  /** Pairs whose figures are in the sums. */
  pairs: z.number().int(),
  /** Pairs in this quote whose figures were unavailable, so not in the sums. */
  unavailablePairs: z.number().int(),
});
export type DeskQuoteTotal = z.infer<typeof deskQuoteTotal>;

export const deskPnlAll = z.object({
  window: z.enum(deskPnlWindows),
  from: epochMs,
  to: epochMs,
  pairs: z.array(deskPairPnl),
  totals: z.array(deskQuoteTotal),
});
export type DeskPnlAll = z.infer<typeof deskPnlAll>;

const DAY_MS = 86_400_000;

const fillsFilterShape = coinScopedQuery.extend({
  from: z.coerce.number<number>().int().min(0).optional(),
  to: z.coerce.number<number>().int().min(0).optional(),
  robotId: idParam.optional(),
  source: z.enum(orderSourceKinds, { message: deskMessages.source }).optional(),
});

function checkedRange<T extends z.ZodType<{ from?: number | undefined; to?: number | undefined }>>(schema: T) {
  return schema
    .refine((v) => v.from === undefined || v.to === undefined || v.from < v.to, { message: analysisMessages.range, path: ['from'] })
    .refine((v) => v.from === undefined || v.to === undefined || v.to - v.from <= DESK_FILLS_RANGE_MAX_DAYS * DAY_MS, { message: deskMessages.rangeTooLong, path: ['to'] });
}

/** The ledger's filters: a time range (epoch ms, both ends included), one bot, or one kind of source. */
export const deskFillsCsvQuery = checkedRange(fillsFilterShape);
export type DeskFillsFilters = z.infer<typeof deskFillsCsvQuery>;

export const deskFillsQuery = checkedRange(fillsFilterShape.extend(pageQuery.shape));
export type DeskFillsQuery = z.infer<typeof deskFillsQuery>;

export const deskFill = z.object({
  /** `b<fill id>` for a bot's fill, `m<fill id>` for the others. */
  id: z.string(),
  at: epochMs,
  side: z.enum(['buy', 'sell']),
  price: z.string(),
  amount: z.string(),
  fee: z.string().nullable(),
  feeAsset: z.string().nullable(),
  /** The fee valued in quote at the fill; null when a third asset's price was unknown. */
  feeQuote: z.string().nullable(),
  source: orderSource,
  /** The venue's order number; null while a bot's order has none recorded. */
  orderNo: z.string().nullable(),
});
export type DeskFill = z.infer<typeof deskFill>;

export const deskFillsResponse = pageOf(deskFill).extend({ base: z.string(), quote: z.string() });
export type DeskFillsResponse = z.infer<typeof deskFillsResponse>;

/** The CSV download answers text, not the envelope. */
export const deskFillsCsvReply = z.string();

/** An equity curve: the desk's (all its sources) or one bot's, since its first fill. */
export const deskEquityQuery = coinScopedQuery.extend({ robotId: idParam.optional() });
export type DeskEquityQuery = z.infer<typeof deskEquityQuery>;

export const deskEquity = z.object({
  quote: z.string(),
  /** Cumulative total P&L (realised − fees + unrealised at the mid then), oldest first. */
  points: z.array(z.object({ at: epochMs, total: z.string() })),
  /** The total P&L of each UTC day (the curve's change over it). */
  daily: z.array(z.object({ day: epochMs, total: z.string() })),
});
export type DeskEquity = z.infer<typeof deskEquity>;
