import { obligationApplies, obligationAppliedMs, type LiquidityBreachKind, type LiquidityObligationTerms, type LiquidityPeriod } from '@makerdesk/contract';
import { compare, div, mul } from '@makerdesk/decimal';
import { MINUTE_MS, type LiquidityMinute } from './minute.ts';
import { breachKindOf, requiredUpSeconds } from './summary.ts';

/**
 * The obligation monitor's decisions (issue 20, part 4), pure: fed one pair's one-minute rows in
 * order, it says when a breach starts (N breached minutes in a row), when it ends (N kept minutes in
 * a row) and when the period's uptime can no longer be met. A minute is breached exactly as the
 * summary's breaches say (breachesOf): up fewer seconds than the obligation's share of the minute;
 * a minute without a row is a gap (down). The IO side (the server's ObligationWatch) keeps one state
 * per pair, tells the incident centre and the alert channels, and persists nothing else: the
 * incidents it raised are its memory across restarts and servers.
 */

export type ObligationStatus = 'ok' | 'breaching';

export interface ObligationWatchState {
  status: ObligationStatus;
  /**
   * Minutes in a row against the status: breached minutes while ok, kept minutes while breaching.
   * It reaching N flips the status.
   */
  streak: number;
  /** The first minute of the current streak (epoch ms), null without one. */
  streakFrom: number | null;
  /** Why the streak's minutes were breached: the kind of the most of them (ties: the first seen). */
  kinds: Partial<Record<LiquidityBreachKind, number>>;
  /** While breaching: the first breached minute of the breach. */
  breachFrom: number | null;
  /** The start of the last period the "uptime out of reach" warning was given for. */
  warnedPeriod: number | null;
}

export const OBLIGATION_OK: ObligationWatchState = { status: 'ok', streak: 0, streakFrom: null, kinds: {}, breachFrom: null, warnedPeriod: null };

export type ObligationEvent =
  /** N breached minutes in a row: the breach starts at `from` (its first minute), mostly for `kind`. */
  | { type: 'breach'; from: number; kind: LiquidityBreachKind; minutes: number }
  /** N kept minutes in a row: the breach [from, to) is over, kept again since `to`. */
  | { type: 'recovered'; from: number; to: number; minutes: number };

type WatchedTerms = Pick<LiquidityObligationTerms, 'minUptimePct' | 'fromHourUtc' | 'toHourUtc'>;

/** Whether the minute keeps the obligation, and why not: the same rule as the summary's breaches. */
export function minuteVerdict(row: LiquidityMinute | undefined, obligation: Pick<LiquidityObligationTerms, 'minUptimePct'>): { breached: boolean; kind: LiquidityBreachKind | null } {
  const breached = (row?.upSec ?? 0) < requiredUpSeconds(obligation.minUptimePct);
  return { breached, kind: breached ? breachKindOf(row) : null };
}

function mainKind(kinds: Partial<Record<LiquidityBreachKind, number>>): LiquidityBreachKind {
  let best: LiquidityBreachKind = 'gap';
  let most = -1;
  for (const [kind, n] of Object.entries(kinds) as [LiquidityBreachKind, number][])
    if (n > most) {
      best = kind;
      most = n;
    }
  return best;
}

/**
 * One minute of the pair: the next state, and the event it makes (at most one). `minutes` is N,
 * the minutes in a row that start a breach and end it (at least 1). A minute outside the
 * obligation's hours changes nothing: a streak (or a breach) carries over the hours off.
 */
export function stepObligation(
  state: ObligationWatchState,
  minute: number,
  row: LiquidityMinute | undefined,
  obligation: WatchedTerms,
  minutes: number,
): { state: ObligationWatchState; event: ObligationEvent | null } {
  if (minute % MINUTE_MS !== 0) throw new RangeError(`stepObligation: ${minute} is not the start of a minute`);
  if (!obligationApplies(obligation, minute)) return { state, event: null };
  const n = Math.max(1, Math.floor(minutes));
  const { breached, kind } = minuteVerdict(row, obligation);
  const against = state.status === 'ok' ? breached : !breached;
  if (!against) return { state: { ...state, streak: 0, streakFrom: null, kinds: {} }, event: null };
  const streak = state.streak + 1;
  const streakFrom = state.streakFrom ?? minute;
  const kinds = kind === null ? state.kinds : { ...state.kinds, [kind]: (state.kinds[kind] ?? 0) + 1 };
  if (streak < n) return { state: { ...state, streak, streakFrom, kinds }, event: null };
  if (state.status === 'ok') {
    return {
      state: { ...state, status: 'breaching', streak: 0, streakFrom: null, kinds: {}, breachFrom: streakFrom },
      event: { type: 'breach', from: streakFrom, kind: mainKind(kinds), minutes: n },
    };
  }
  return {
    state: { ...state, status: 'ok', streak: 0, streakFrom: null, kinds: {}, breachFrom: null },
    event: { type: 'recovered', from: state.breachFrom ?? streakFrom, to: streakFrom, minutes: n },
  };
}

/** The period (UTC day or UTC month) the moment falls in: [start, end) in epoch ms. */
export function obligationPeriod(at: number, period: LiquidityPeriod): { start: number; end: number } {
  const d = new Date(at);
  if (period === 'day') {
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return { start, end: start + 86_400_000 };
  }
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

export interface PeriodReach {
  /** The seconds of the period counted: from its start (or the obligation's, when later) to its end, in the obligation's hours. */
  totalSec: number;
  /** Seconds up so far. */
  upSec: number;
  /** Seconds past so far (the minutes measured or lost). */
  elapsedSec: number;
  /** The most the period's uptime can still reach, in %, rounded down to 0.01: every remaining second up. */
  bestPct: string;
  /** Whether even that is under the obligation's minimum. */
  unreachable: boolean;
}

/**
 * Whether the period's two-sided uptime can still reach the obligation's minimum: the seconds up so
 * far plus every second left against the period's seconds (counted from `from`, the period's start
 * or the obligation's, when later). Only the obligation's hours count (all day when `hours` is left
 * out). Exact: whole seconds and the minimum as a decimal.
 */
export function periodReach(input: { from: number; to: number; end: number; upSec: number; minUptimePct: string; hours?: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'> }): PeriodReach {
  const hours = input.hours ?? {};
  const totalSec = Math.max(0, Math.floor(obligationAppliedMs(hours, input.from, input.end) / 1000));
  const elapsedSec = Math.min(totalSec, Math.max(0, Math.floor(obligationAppliedMs(hours, input.from, Math.min(input.to, input.end)) / 1000)));
  const best = input.upSec + (totalSec - elapsedSec);
  const bestPct = totalSec === 0 ? '100' : div(mul(String(best), '100'), String(totalSec), { decimals: 2, rounding: 'floor' });
  const unreachable = totalSec > 0 && compare(mul(String(best), '100'), mul(input.minUptimePct, String(totalSec))) < 0;
  return { totalSec, upSec: input.upSec, elapsedSec, bestPct, unreachable };
}
