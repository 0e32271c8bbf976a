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
  const out: LiquidityBreach[] = [];
  let open: LiquidityBreach | null = null;
  for (let m = start; m < end; m += MINUTE_MS) {
    const row = byMinute.get(m);
    const breached = obligationApplies(obligation, m) && (row?.upSec ?? 0) < required;
    const kind = breached ? breachKindOf(row) : null;
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

export function summariseLiquidity(input: SummaryInput): LiquiditySummary {
  const { obligation } = input;
  const withinPct = input.withinPct ?? obligation?.depthWithinPct ?? '2';
  const { start, end, count } = rangeMinutes(input.from, input.to, input.now);
  const byMinute = new Map<number, LiquidityMinute>();
  for (const row of input.rows) if (row.minute >= start && row.minute < end) byMinute.set(row.minute, row);

  const totalSec = count * SECONDS_PER_MINUTE;
  let samples = 0;
  let upSec = 0;
  let oneSided = 0;
  let ordersPlaced = 0;
  let fills = 0;
  let volume = '0';
  let ownVolume = '0';
  const hist: Record<string, number> = {};
  const sums = { bid: '0', ask: '0', ownBid: '0', ownAsk: '0' };
  for (const row of byMinute.values()) {
    samples += row.samples;
    if (obligation !== null && obligationApplies(obligation, row.minute)) upSec += row.upSec;
    oneSided += row.oneSidedSec;
    mergeHist(hist, row.spreadHist);
    const d = row.depth[withinPct];
    sums.bid = add(sums.bid, d.bid.sum);
    sums.ask = add(sums.ask, d.ask.sum);
    sums.ownBid = add(sums.ownBid, d.ownBid.sum);
    sums.ownAsk = add(sums.ownAsk, d.ownAsk.sum);
    ordersPlaced += row.ordersPlaced;
    fills += row.fills;
    volume = add(volume, row.volumeQuote);
    ownVolume = add(ownVolume, row.ownVolumeQuote);
  }

  return {
    samples,
    spreadBps: { p50: spreadQuantile(hist, oneSided, 50), p95: spreadQuantile(hist, oneSided, 95) },
    depth: {
      withinPct,
      bidQuote: mean(sums.bid, samples),
      askQuote: mean(sums.ask, samples),
      ownBidQuote: mean(sums.ownBid, totalSec),
      ownAskQuote: mean(sums.ownAsk, totalSec),
    },
    uptimePct: obligation === null ? null : uptimeOf(upSec, obligationAppliedMs(obligation, start, end) / 1000),
    ownShareOfDepthPct: pct(add(sums.ownBid, sums.ownAsk), add(sums.bid, sums.ask), true),
    ownShareOfVolumePct: pct(ownVolume, volume, true),
    orderToTrade: fills === 0 ? null : div(String(ordersPlaced), String(fills), { decimals: 2, rounding: 'half-even' }),
    breaches: obligation === null ? [] : breachesOf(byMinute, start, end, obligation),
  };
}
