import { isExchangeError } from '@makerdesk/exchange';
import { venueReason } from '../../domain/exchange-errors.ts';
import { StreamWatch, VenueHealthTracker, type HealthChange } from '../../domain/venue-health.ts';
import type { ApiKeyMaterial } from '../../domain/key-material.ts';
import { SIM_PLATFORM } from '../../domain/platforms.ts';
import { venueOf } from '../../domain/venue-name.ts';
import type { VenueCallObserver } from '../../venues/exchange-gateway.ts';
import type { IncidentService } from './incident.service.ts';
import { KEY_REFUSED_REPORT_MS } from './report-windows.ts';

export { venueOf };

/** How often the live feeds are checked for a stall. */
export const STREAM_CHECK_MS = 5_000;

/** What a venue's failure says of the venue: out of reach, refusing the key, or answering. */
export function callOutcome(err: unknown): 'answered' | 'unreachable' | 'key_refused' | 'unknown' {
  if (err === null) return 'answered';
  if (!isExchangeError(err)) return 'unknown';
  if (err.kind === 'network') return 'unreachable';
  if (err.kind === 'invalid_key' || err.kind === 'permission_denied') return 'key_refused';
  // Any other refusal (a filter, a balance, a rate limit) is an answer: the venue is there.
  return 'answered';
}

/** What an incident may quote of a venue's error: never a live venue's URL or raw answer. */
function reasonOf(err: unknown): string {
  return isExchangeError(err) ? venueReason(err).slice(0, 160) : 'no answer';
}

type Incidents = Pick<IncidentService, 'venueChanged' | 'streamChanged' | 'keyRefused'>;

/**
 * The thin IO side of venue health (domain/venue-health.ts): fed every key session's calls by the
 * gateway, it keeps one state machine per venue (platform) and one per live feed (platform and
 * pair), and hands each change to the incident centre, on the pairs it saw calls for. Never throws.
 */
export class VenueWatch implements VenueCallObserver {
  private readonly venues = new VenueHealthTracker();
  private readonly streams: StreamWatch;
  /** The pairs each venue was called for (its incidents go on them). */
  private readonly pairsOf = new Map<string, Set<number>>();
  private readonly refusedAt = new Map<number, number>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly incidents: Incidents,
    private readonly now: () => number = Date.now,
    options: { stallMs?: number; checkMs?: number; quietMs?: number; tracker?: VenueHealthTracker } = {},
  ) {
    if (options.tracker) this.venues = options.tracker;
    this.streams = new StreamWatch(options.stallMs, options.quietMs);
    this.checkMs = options.checkMs ?? STREAM_CHECK_MS;
  }

  private readonly checkMs: number;
  private readonly feedPairs = new Map<string, { venue: string; coinId: number; symbol: string }>();

  called(material: ApiKeyMaterial, call: string, err: unknown): void {
    const outcome = callOutcome(err);
    if (outcome === 'unknown') return;
    const venue = venueOf(material);
    const coinId = material.owner?.coinId;
    if (coinId !== undefined) {
      let pairs = this.pairsOf.get(venue);
      if (!pairs) this.pairsOf.set(venue, (pairs = new Set()));
      pairs.add(coinId);
    }
    const now = this.now();
    if (outcome === 'unreachable') {
      this.venueChange(this.venues.failure(venue, now, `${call}: ${reasonOf(err)}`));
      return;
    }
    this.venueChange(this.venues.success(venue, now));
    if (outcome === 'key_refused') this.keyRefused(material, call, err, now);
  }

  streamOpened(material: ApiKeyMaterial, symbol: string): { delivered(): void; closed(): void } {
    // The built-in simulator pushes events only when its book changes, in this process: a quiet pair
    // there is no stalled stream, so its feeds are not watched (its calls still are).
    if (material.platformCode === SIM_PLATFORM) return { delivered: () => undefined, closed: () => undefined };
    const venue = venueOf(material);
    const key = `${venue}|${symbol}`;
    const coinId = material.owner?.coinId;
    if (coinId !== undefined) this.feedPairs.set(key, { venue, coinId, symbol });
    this.streams.open(key, this.now());
    this.startChecks();
    return {
      delivered: () => this.streamChange(this.streams.deliver(key, this.now())),
      closed: () => this.streams.close(key),
    };
  }

  /** Checks the live feeds for a stall now (the timer does it every `checkMs`). */
  checkStreams(): void {
    for (const change of this.streams.check(this.now())) this.streamChange(change);
    this.venues.prune(this.now());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private startChecks(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.checkStreams(), this.checkMs);
    this.timer.unref();
  }

  private venueChange(change: HealthChange | null): void {
    if (!change) return;
    const coinIds = [...(this.pairsOf.get(change.key) ?? [])];
    void this.incidents.venueChanged(change, { venue: change.key, coinIds, now: this.now() });
  }

  private streamChange(change: HealthChange | null): void {
    if (!change) return;
    const feed = this.feedPairs.get(change.key);
    if (!feed) return;
    void this.incidents.streamChanged(change, { venue: feed.venue, coinId: feed.coinId, symbol: feed.symbol, now: this.now() });
  }

  private keyRefused(material: ApiKeyMaterial, call: string, err: unknown, now: number): void {
    const owner = material.owner;
    if (!owner) return;
    const last = this.refusedAt.get(material.id);
    if (last !== undefined && now - last < KEY_REFUSED_REPORT_MS) return;
    this.refusedAt.set(material.id, now);
    void this.incidents.keyRefused({ adminId: owner.adminId, coinId: owner.coinId, venue: venueOf(material), call, reason: reasonOf(err) });
  }
}
