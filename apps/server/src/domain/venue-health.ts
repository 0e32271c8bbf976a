/**
 * Venue health (issue 18 §1): when a venue, or one pair's feed, is out of reach and when it is back.
 * Pure state machine, no IO: callers tell it each call's outcome with its time and act on what it
 * answers (an incident to record, or nothing).
 *
 * - Down: `failuresToDown` failures in a row (network, 5xx, timeout: the caller decides what counts)
 *   spanning at least `minSpanMs` from the first to the last, so one blip, or a burst of parallel
 *   calls failing in the same instant, is not an outage.
 * - Up: the first success after a reported down, with how long it was down.
 * - Hysteresis: at most one down/up pair per `quietMs` per key. A down that comes sooner after the
 *   previous reported down is held back; if the venue is still down when the quiet time has passed,
 *   the next failure reports it (with the time it went down); if it came back first, neither its
 *   down nor its up is reported (a flapping venue tells once per quiet time, not on every flap).
 */
export interface VenueHealthOptions {
  failuresToDown: number;
  minSpanMs: number;
  quietMs: number;
}

/** Three failures in a row over at least 10 s; one down/up pair per 15 minutes per platform (or pair). */
export const VENUE_HEALTH_DEFAULTS: VenueHealthOptions = { failuresToDown: 3, minSpanMs: 10_000, quietMs: 15 * 60_000 };

/** A pair's live feed is down when it delivered nothing for this long while sockets listen. */
export const STREAM_STALL_MS = 30_000;

export type HealthChange = { type: 'down'; key: string; since: number; what: string; failures: number } | { type: 'up'; key: string; since: number; downMs: number };

interface KeyState {
  /** Failures in a row, and when the first of them came. */
  failures: number;
  firstFailureAt: number;
  what: string;
  /** Down as reported (an incident was recorded): since when. */
  reportedDownSince: number | null;
  /** When the last down was reported, for the quiet time. */
  lastReportAt: number | null;
}

export class VenueHealthTracker {
  private readonly states = new Map<string, KeyState>();

  constructor(private readonly options: VenueHealthOptions = VENUE_HEALTH_DEFAULTS) {}

  private state(key: string): KeyState {
    let s = this.states.get(key);
    if (!s) {
      s = { failures: 0, firstFailureAt: 0, what: '', reportedDownSince: null, lastReportAt: null };
      this.states.set(key, s);
    }
    return s;
  }

  /** A call that found the venue out of reach; `what` names it ("fetchOrderBook BTC/USDT: timeout"). */
  failure(key: string, now: number, what: string): HealthChange | null {
    const s = this.state(key);
    if (s.failures === 0) s.firstFailureAt = now;
    s.failures += 1;
    s.what = what;
    return this.maybeDown(key, s, now, s.firstFailureAt);
  }

  /**
   * The venue has been silent since `since` (a stalled feed): down at once when the caller's
   * threshold is passed, as if it had failed the needed number of times since then.
   */
  stalled(key: string, now: number, since: number, what: string): HealthChange | null {
    const s = this.state(key);
    if (s.failures === 0) s.firstFailureAt = since;
    s.failures = Math.max(s.failures, this.options.failuresToDown);
    s.what = what;
    return this.maybeDown(key, s, now, s.firstFailureAt, true);
  }

  /** A call answered: the venue is reachable. */
  success(key: string, now: number): HealthChange | null {
    const s = this.states.get(key);
    if (!s) return null;
    const wasDown = s.reportedDownSince;
    s.failures = 0;
    s.reportedDownSince = null;
    if (s.lastReportAt === null) this.states.delete(key);
    if (wasDown === null) return null;
    return { type: 'up', key, since: wasDown, downMs: Math.max(0, now - wasDown) };
  }

  /** Whether `key` is reported down now. */
  isDown(key: string): boolean {
    return this.states.get(key)?.reportedDownSince != null;
  }

  /** Keys whose quiet time has passed and that are not down: forgotten (bounded memory). */
  prune(now: number): void {
    for (const [key, s] of this.states) {
      if (s.reportedDownSince === null && s.failures === 0 && (s.lastReportAt === null || now - s.lastReportAt >= this.options.quietMs)) this.states.delete(key);
    }
  }

  private maybeDown(key: string, s: KeyState, now: number, since: number, spanMet = false): HealthChange | null {
    if (s.reportedDownSince !== null) return null;
    if (s.failures < this.options.failuresToDown) return null;
    if (!spanMet && now - s.firstFailureAt < this.options.minSpanMs) return null;
    if (s.lastReportAt !== null && now - s.lastReportAt < this.options.quietMs) return null;
    s.reportedDownSince = since;
    s.lastReportAt = now;
    return { type: 'down', key, since, what: s.what, failures: s.failures };
  }
}

/**
 * A pair's live feed as sockets listen to it: `open`/`close` per listener, `deliver` per event;
 * `check` answers the down (stalled past `stallMs` with listeners) and `deliver` the up, through the
 * same hysteresis as venue calls. A feed nobody listens to is never down.
 */
export class StreamWatch {
  private readonly feeds = new Map<string, { listeners: number; lastAt: number }>();
  readonly tracker: VenueHealthTracker;

  constructor(
    private readonly stallMs = STREAM_STALL_MS,
    quietMs = VENUE_HEALTH_DEFAULTS.quietMs,
  ) {
    this.tracker = new VenueHealthTracker({ failuresToDown: 1, minSpanMs: 0, quietMs });
  }

  open(key: string, now: number): void {
    const feed = this.feeds.get(key);
    if (feed) feed.listeners += 1;
    else this.feeds.set(key, { listeners: 1, lastAt: now });
  }

  close(key: string): void {
    const feed = this.feeds.get(key);
    if (!feed) return;
    feed.listeners -= 1;
    if (feed.listeners <= 0) this.feeds.delete(key);
  }

  deliver(key: string, now: number): HealthChange | null {
    const feed = this.feeds.get(key);
    if (feed) feed.lastAt = now;
    return this.tracker.success(key, now);
  }

  check(now: number): HealthChange[] {
    const out: HealthChange[] = [];
    for (const [key, feed] of this.feeds) {
      if (now - feed.lastAt < this.stallMs) continue;
      const change = this.tracker.stalled(key, now, feed.lastAt, `no data for ${Math.round((now - feed.lastAt) / 1000)} s`);
      if (change) out.push(change);
    }
    return out;
  }
}
