import { obligationAppliedMs, type LiquidityObligationTerms, type LiquidityPeriod } from '@makerdesk/contract';

/**
 * An obligation's current period and what is left of it (DESK.md "Market quality"): a day is the
 * UTC day, a month the UTC month. Times are epoch ms; from included, to excluded.
 */
export interface PeriodBounds {
  from: number;
  to: number;
}

/** The UTC day or month that holds `now`. */
export function periodBounds(period: LiquidityPeriod, now: number): PeriodBounds {
  const d = new Date(now);
  if (period === 'day') {
    const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return { from, to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) };
  }
  return { from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/**
 * The part of the current period the obligation is owed for: from the period's start, or from the
 * first whole minute after the terms were set when that came later (the minutes before were
 * measured against no terms, or other ones), to the period's end. The server's monitor counts the
 * period's reach over the same part (obligation-watch's `periodReach`).
 */
export function owedPeriodBounds(terms: { period: LiquidityPeriod; updatedAt: number }, now: number): PeriodBounds {
  const bounds = periodBounds(terms.period, now);
  const setMinute = Math.ceil(terms.updatedAt / 60_000) * 60_000;
  return { from: Math.min(Math.max(bounds.from, setMinute), bounds.to), to: bounds.to };
}

/** Milliseconds left in the period at `now` (0 once it has ended). */
export function timeLeftMs(bounds: PeriodBounds, now: number): number {
  return Math.max(0, bounds.to - Math.max(now, bounds.from));
}

export interface DowntimeAllowance {
  /** Seconds of down time the whole period may have and still meet the minimum uptime. */
  allowedSeconds: number;
  /** Seconds already down so far (the elapsed part of the period at its uptime so far). */
  downSeconds: number;
  /** Seconds still allowed to be lost before the period's uptime can no longer be met (0 when it cannot). */
  remainingSeconds: number;
  /** False once even full uptime for the rest of the period cannot reach the minimum. */
  attainable: boolean;
}

/** Hundredths of a percent from a decimal string ('97.5' → 9750), so the sums stay in integers. */
function hundredths(pct: string): number {
  const [whole = '0', frac = ''] = pct.trim().split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/**
 * The down time the period may still lose: allowed = period × (100 − minimum) %, down so far =
 * elapsed × (100 − uptime so far) %, remaining = allowed − down so far (whole seconds, down rounded up,
 * allowance rounded down, so the figure never flatters). `uptimePct` null (no figure yet) counts the
 * elapsed part as down, as the server counts gaps. Only the obligation's hours count (`hours`; all
 * day when left out), as the server's uptime does.
 */
export function downtimeAllowance(bounds: PeriodBounds, now: number, minUptimePct: string, uptimePct: string | null, hours: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'> = {}): DowntimeAllowance {
  const periodSeconds = Math.floor(obligationAppliedMs(hours, bounds.from, bounds.to) / 1000);
  const elapsedSeconds = Math.floor(obligationAppliedMs(hours, bounds.from, Math.min(Math.max(now, bounds.from), bounds.to)) / 1000);
  const allowedSeconds = Math.floor((periodSeconds * (10_000 - hundredths(minUptimePct))) / 10_000);
  const downSeconds = uptimePct === null ? elapsedSeconds : Math.ceil((elapsedSeconds * (10_000 - hundredths(uptimePct))) / 10_000);
  const left = allowedSeconds - downSeconds;
  return { allowedSeconds, downSeconds, remainingSeconds: Math.max(0, left), attainable: left >= 0 };
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds of a span of seconds. */
export function splitSeconds(total: number): DurationParts {
  const s = Math.max(0, Math.floor(total));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}
