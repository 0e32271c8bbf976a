import type { VenueUsage } from '@makerdesk/exchange';

/**
 * Paces a key's calls by what the venue reports of its limits (`VenueUsage`: the request weight
 * used this minute, the new orders this 10 s and this day), so that the key slows down before the
 * venue refuses it rather than after a 429. Pure: the caller gives the time.
 *
 * For each limit, in the venue's fixed window (aligned on the epoch, as Binance's are):
 * - under PACE_FROM of the limit, calls go at once;
 * - above it, the room left under HEADROOM of the limit is spread evenly over the rest of the
 *   window (a call every `cost × timeLeft / room` ms);
 * - with no room left, calls wait for the next window.
 * The day's order count is paced evenly from the window's start instead (`evenly`): by any moment,
 * the share of the day gone plus DAY_BURST_MS of the day's room may be used, so a fleet placing
 * faster than the day allows is slowed from the first hour, not only once half the day's orders are
 * spent (issue 19: ten busy bots would pass 200,000 a day in hours).
 * Calls sent since the last report count as used (at the estimated weight per call), so a burst
 * between two answers does not overshoot. Orders are checked against every limit, other calls
 * against the request weight only.
 */
export const PACE_FROM = 0.5;
export const HEADROOM = 0.85;
/** Of a day's order limit, what may be spent ahead of an even pace: an hour's share. */
export const DAY_BURST_MS = 3_600_000;
/** Waiting for a window to end, a little past it (clocks and the venue's own timing differ). */
const PAST_WINDOW_END_MS = 50;
const DEFAULT_WEIGHT_PER_CALL = 5;

export type PacedCall = 'order' | 'request';

interface Dimension {
  windowMs: number;
  used: (usage: VenueUsage) => number | null;
  limit: (usage: VenueUsage) => number | null;
  cost: (pacer: VenuePacer) => number;
  orders: boolean;
  /** Paced evenly over the whole window (with a burst of `burstMs` of it) rather than from PACE_FROM on. */
  evenly?: { burstMs: number };
}

const DIMENSIONS: Dimension[] = [
  { windowMs: 60_000, used: (u) => u.usedWeight1m, limit: (u) => u.limits.weight1m, cost: (p) => p.weightPerCall, orders: false },
  { windowMs: 10_000, used: (u) => u.orderCount10s, limit: (u) => u.limits.orders10s, cost: () => 1, orders: true },
  { windowMs: 86_400_000, used: (u) => u.orderCount1d, limit: (u) => u.limits.orders1d, cost: () => 1, orders: true, evenly: { burstMs: DAY_BURST_MS } },
];

export class VenuePacer {
  /** Estimated request weight of one call: how much the reported weight grows per answer. */
  weightPerCall = DEFAULT_WEIGHT_PER_CALL;
  private usage: VenueUsage | null = null;
  /** Per dimension: calls granted since the last report, and when the last one was granted. */
  private readonly sent = DIMENSIONS.map(() => 0);
  private readonly lastGrant = DIMENSIONS.map(() => Number.NEGATIVE_INFINITY);

  /** A report read after an answer; older or repeated reports change nothing. */
  observe(usage: VenueUsage | null): void {
    if (usage === null || usage === this.usage) return;
    const previous = this.usage;
    if (previous !== null && usage.at < previous.at) return;
    if (previous !== null && previous.usedWeight1m !== null && usage.usedWeight1m !== null && sameWindow(previous.at, usage.at, 60_000)) {
      const grown = usage.usedWeight1m - previous.usedWeight1m;
      if (grown > 0) this.weightPerCall = clamp(0.8 * this.weightPerCall + 0.2 * grown, 1, 250);
    }
    this.usage = usage;
    this.sent.fill(0);
  }

  /**
   * 0 when a call of this kind may go now (it is then counted as sent), else how many ms to wait
   * before asking again.
   */
  reserve(kind: PacedCall, now: number): number {
    const usage = this.usage;
    if (usage === null) return 0;
    let wait = 0;
    DIMENSIONS.forEach((dimension, i) => {
      if (dimension.orders && kind !== 'order') return;
      wait = Math.max(wait, this.waitIn(dimension, i, usage, now));
    });
    if (wait > 0) return wait;
    DIMENSIONS.forEach((dimension, i) => {
      if (dimension.orders && kind !== 'order') return;
      this.sent[i]! += dimension.cost(this);
      this.lastGrant[i] = now;
    });
    return 0;
  }

  private waitIn(dimension: Dimension, i: number, usage: VenueUsage, now: number): number {
    const limit = dimension.limit(usage);
    const reported = dimension.used(usage);
    if (limit === null || limit <= 0 || reported === null) return 0;
    const end = (Math.floor(usage.at / dimension.windowMs) + 1) * dimension.windowMs;
    // The reported window is over: the venue counts afresh (the next answer tells how far).
    if (now >= end) return 0;
    const used = reported + this.sent[i]!;
    const cost = dimension.cost(this);
    const cap = limit * HEADROOM;
    if (used + cost > cap) return end - now + PAST_WINDOW_END_MS;
    if (dimension.evenly) return evenWait(used + cost, cap, end - dimension.windowMs, dimension.windowMs, dimension.evenly.burstMs, now);
    if (used < limit * PACE_FROM) return 0;
    const gap = (cost * (end - now)) / (cap - used);
    return Math.max(0, Math.ceil(this.lastGrant[i]! + gap - now));
  }
}

/**
 * Even pacing over a window from `start`: by `now`, `cap × (now − start + burst) / window` may be used.
 * 0 when `needed` fits, else the ms until the line reaches it.
 */
export function evenWait(needed: number, cap: number, start: number, windowMs: number, burstMs: number, now: number): number {
  const allowedNow = (cap * (now - start + burstMs)) / windowMs;
  if (needed <= allowedNow) return 0;
  const reachedAt = start + (needed / cap) * windowMs - burstMs;
  return Math.max(1, Math.ceil(reachedAt - now));
}

function sameWindow(a: number, b: number, windowMs: number): boolean {
  return Math.floor(a / windowMs) === Math.floor(b / windowMs);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
