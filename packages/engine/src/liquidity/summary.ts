import { obligationApplies, obligationAppliedMs, type LiquidityBreach, type LiquidityBreachKind, type LiquidityDepthBand, type LiquidityObligationTerms, type LiquiditySummary } from '@makerdesk/contract';
import { add, compare, div, min, mul } from '@makerdesk/decimal';
import { MINUTE_MS, SECONDS_PER_MINUTE, mergeHist, spreadQuantile, type LiquidityMinute } from './minute.ts';

/**
 * A range of one pair's one-minute rows summed into the answer of GET /backend/liquidity/summary
 * (issue 20), pure. The range is the minutes starting in [from, to), cut at the current minute (the
 * future is not down time). A minute with no row is a whole minute of gap: down, no own depth.
 * Uptime and breaches count only the minutes in the obligation's hours (all day by default); the
 * market's figures count every minute.
 * Quotients are rounded the way that never flatters: uptime and shares down, spreads up.
 */

export interface SummaryInput {
  from: number;
  to: number;
  /** Now (epoch ms): minutes from the current one on are not counted yet. */
  now: number;
  /** The pair's rows; those outside the range are ignored. */
  rows: readonly LiquidityMinute[];
  obligation: LiquidityObligationTerms | null;
  /** The band the depth figures are for: the obligation's, else 2 %. */
  withinPct?: LiquidityDepthBand;
}

/** Decimals of the quote amounts the summary answers (means of depths). */
const QUOTE_DECIMALS = 8;

/** The minute starts the range covers: from rounded up to a minute, to the current minute at most. */
export function rangeMinutes(from: number, to: number, now: number): { start: number; end: number; count: number } {
  const start = Math.ceil(from / MINUTE_MS) * MINUTE_MS;
  const end = Math.min(Math.ceil(to / MINUTE_MS) * MINUTE_MS, Math.floor(now / MINUTE_MS) * MINUTE_MS);
  return { start, end: Math.max(start, end), count: Math.max(0, (end - start) / MINUTE_MS) };
}

/** Seconds of a minute the desk must be up for the minute to keep the obligation: ⌈60 × minUptimePct / 100⌉. */
export function requiredUpSeconds(minUptimePct: string): number {
  return Number(div(mul(minUptimePct, String(SECONDS_PER_MINUTE)), '100', { decimals: 0, rounding: 'ceil' }));
}

const KIND_ORDER: readonly LiquidityBreachKind[] = ['gap', 'no_quote', 'spread', 'depth'];

/** Why a breached minute was down: the reason with the most seconds (ties in KIND_ORDER). */
export function breachKindOf(row: LiquidityMinute | undefined): LiquidityBreachKind {
  if (row === undefined) return 'gap';
  const seconds: Record<LiquidityBreachKind, number> = { gap: row.gapSec, no_quote: row.noQuoteSec, spread: row.spreadSec, depth: row.depthSec };
  let kind: LiquidityBreachKind = 'gap';
  for (const k of KIND_ORDER) if (seconds[k] > seconds[kind]) kind = k;
  return kind;
}

/**
 * The breached stretches: a minute breaches when the desk was up fewer seconds than the obligation's
 * share of it (requiredUpSeconds); consecutive breached minutes of one kind are one breach [from, to).
 * A minute outside the obligation's hours breaches nothing (and ends a breach).
 */
export function breachesOf(byMinute: ReadonlyMap<number, LiquidityMinute>, start: number, end: number, obligation: LiquidityObligationTerms): LiquidityBreach[] {
  const required = requiredUpSeconds(obligation.minUptimePct);
  return breachStretches(start, end, obligation, (m) => {
    const row = byMinute.get(m);
    return (row?.upSec ?? 0) < required ? breachKindOf(row) : null;
  });
}

/**
 * breachesOf's walk, given how each minute stands: `downAs(m)` answers the kind a minute of [start,
 * end) would breach as (null: the desk was up enough in it), asked in ascending order of the minutes
 * in the obligation's hours only. A minute outside them breaches nothing and ends a breach.
 */
export function breachStretches(start: number, end: number, obligation: LiquidityObligationTerms, downAs: (minute: number) => LiquidityBreachKind | null): LiquidityBreach[] {
  const out: LiquidityBreach[] = [];
  let open: LiquidityBreach | null = null;
  for (let m = start; m < end; m += MINUTE_MS) {
    const kind = obligationApplies(obligation, m) ? downAs(m) : null;
    if (open !== null && (kind !== open.kind || open.to !== m)) {
      out.push(open);
      open = null;
    }
    if (kind === null) continue;
    if (open === null) open = { from: m, to: m + MINUTE_MS, kind };
    else open.to = m + MINUTE_MS;
  }
  if (open !== null) out.push(open);
  return out;
}

function pct(part: string, whole: string, cap: boolean): string | null {
  if (compare(whole, '0') <= 0) return null;
  const value = div(mul(part, '100'), whole, { decimals: 2, rounding: 'floor' });
  return cap ? min(value, '100') : value;
}

function mean(sum: string, seconds: number): string {
  return seconds === 0 ? '0' : div(sum, String(seconds), { decimals: QUOTE_DECIMALS, rounding: 'half-even' });
}

/** Uptime over the seconds the obligation applied in; null when it applied in none of them. */
function uptimeOf(upSec: number, appliedSec: number): string | null {
  return appliedSec === 0 ? null : pct(String(upSec), String(appliedSec), false);
}

/**
 * What a range's rows add up to, all a summary needs of them besides its breaches: the fold of
 * summariseLiquidity, which the server may also have the database do (GROUP BY) and hand to
 * finishSummary. Decimal sums are exact strings; `upSec` counts the minutes in the obligation's hours only.
 */
export interface LiquidityTotals {
  samples: number;
  upSec: number;
  oneSidedSec: number;
  /** Sampled seconds by spread (the rows' spreadHist added up). */
  spreadHist: Record<string, number>;
  /** Sums (quote × seconds) of the band's depths. */
  bidSum: string;
  askSum: string;
  ownBidSum: string;
  ownAskSum: string;
  ordersPlaced: number;
  fills: number;
  volumeQuote: string;
  ownVolumeQuote: string;
}

export const emptyLiquidityTotals = (): LiquidityTotals => ({ samples: 0, upSec: 0, oneSidedSec: 0, spreadHist: {}, bidSum: '0', askSum: '0', ownBidSum: '0', ownAskSum: '0', ordersPlaced: 0, fills: 0, volumeQuote: '0', ownVolumeQuote: '0' });

/** Adds `b` into `a`. */
export function addLiquidityTotals(a: LiquidityTotals, b: LiquidityTotals): LiquidityTotals {
  a.samples += b.samples;
  a.upSec += b.upSec;
  a.oneSidedSec += b.oneSidedSec;
  mergeHist(a.spreadHist, b.spreadHist);
  a.bidSum = add(a.bidSum, b.bidSum);
  a.askSum = add(a.askSum, b.askSum);
  a.ownBidSum = add(a.ownBidSum, b.ownBidSum);
  a.ownAskSum = add(a.ownAskSum, b.ownAskSum);
  a.ordersPlaced += b.ordersPlaced;
  a.fills += b.fills;
  a.volumeQuote = add(a.volumeQuote, b.volumeQuote);
  a.ownVolumeQuote = add(a.ownVolumeQuote, b.ownVolumeQuote);
  return a;
}

/** The band the depth figures of a summary are for: the one asked, else the obligation's, else 2 %. */
export const summaryBand = (input: Pick<SummaryInput, 'withinPct' | 'obligation'>): LiquidityDepthBand => input.withinPct ?? input.obligation?.depthWithinPct ?? '2';

/**
 * The summary of the minutes [start, end) (rangeMinutes's) from their totals and breaches: the one
 * place its quotients are taken, whether the totals were folded here or by the database.
 */
export function finishSummary(range: { start: number; end: number }, totals: LiquidityTotals, obligation: LiquidityObligationTerms | null, withinPct: LiquidityDepthBand, breaches: LiquidityBreach[]): LiquiditySummary {
  const { start, end } = range;
  const totalSec = ((end - start) / MINUTE_MS) * SECONDS_PER_MINUTE;
  const t = totals;
  return {
    samples: t.samples,
    spreadBps: { p50: spreadQuantile(t.spreadHist, t.oneSidedSec, 50), p95: spreadQuantile(t.spreadHist, t.oneSidedSec, 95) },
    depth: {
      withinPct,
      bidQuote: mean(t.bidSum, t.samples),
      askQuote: mean(t.askSum, t.samples),
      ownBidQuote: mean(t.ownBidSum, totalSec),
      ownAskQuote: mean(t.ownAskSum, totalSec),
    },
    uptimePct: obligation === null ? null : uptimeOf(t.upSec, obligationAppliedMs(obligation, start, end) / 1000),
    ownShareOfDepthPct: pct(add(t.ownBidSum, t.ownAskSum), add(t.bidSum, t.askSum), true),
    ownShareOfVolumePct: pct(t.ownVolumeQuote, t.volumeQuote, true),
    orderToTrade: t.fills === 0 ? null : div(String(t.ordersPlaced), String(t.fills), { decimals: 2, rounding: 'half-even' }),
    breaches: obligation === null ? [] : breaches,
  };
}

export function summariseLiquidity(input: SummaryInput): LiquiditySummary {
  const { obligation } = input;
  const withinPct = summaryBand(input);
  const { start, end } = rangeMinutes(input.from, input.to, input.now);
  const byMinute = new Map<number, LiquidityMinute>();
  for (const row of input.rows) if (row.minute >= start && row.minute < end) byMinute.set(row.minute, row);

  const t = emptyLiquidityTotals();
  for (const row of byMinute.values()) {
    t.samples += row.samples;
    if (obligation !== null && obligationApplies(obligation, row.minute)) t.upSec += row.upSec;
    t.oneSidedSec += row.oneSidedSec;
    mergeHist(t.spreadHist, row.spreadHist);
    const d = row.depth[withinPct];
    t.bidSum = add(t.bidSum, d.bid.sum);
    t.askSum = add(t.askSum, d.ask.sum);
    t.ownBidSum = add(t.ownBidSum, d.ownBid.sum);
    t.ownAskSum = add(t.ownAskSum, d.ownAsk.sum);
    t.ordersPlaced += row.ordersPlaced;
    t.fills += row.fills;
    t.volumeQuote = add(t.volumeQuote, row.volumeQuote);
    t.ownVolumeQuote = add(t.ownVolumeQuote, row.ownVolumeQuote);
  }
  return finishSummary({ start, end }, t, obligation, withinPct, obligation === null ? [] : breachesOf(byMinute, start, end, obligation));
}
