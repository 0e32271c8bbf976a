import type { FeedStatus } from '@makerdesk/exchange';

/** A venue's stream down for longer than this is an incident of the key's pair (issue 19). */
export const FEED_DOWN_INCIDENT_MS = 60_000;

/** Polling because the venue's stream is down (not because the venue has none). */
export function isStreamDown(feed: FeedStatus | null): feed is FeedStatus & { mode: 'polling'; reason: 'down' } {
  return feed !== null && feed.mode === 'polling' && feed.reason === 'down';
}

/** A copy of the venue's feed status as the runtime carries it (plain data, whatever the venue's object holds). */
export function feedOf(feed: FeedStatus | null | undefined): FeedStatus | null {
  if (!feed) return null;
  return { mode: feed.mode, since: feed.since, reason: feed.mode === 'stream' ? null : feed.reason };
}

/** What the trading log says of one bot's feed: the stream went down, or came back. */
export type FeedLogChange = { type: 'down'; since: number } | { type: 'back'; downMs: number } | null;

/**
 * One bot's view of its feed, tick after tick: a line when its stream goes down (polling, reason
 * `down`), one when the stream is back; nothing while it stays as it was. A venue without a stream
 * (`unsupported`) or a feed that reads nothing is not an outage.
 */
export class FeedLog {
  private downSince: number | null = null;

  observe(feed: FeedStatus | null, now: number): FeedLogChange {
    const was = this.downSince;
    if (isStreamDown(feed)) {
      this.downSince = feed.since;
      // Another outage (the stream came back and went down again between two readings) is told again.
      return feed.since === was ? null : { type: 'down', since: feed.since };
    }
    this.downSince = null;
    if (was === null || feed?.mode !== 'stream') return null;
    // The stream's own since is when it came back; a reading that does not say so counts until now.
    const backAt = feed.since >= was ? feed.since : now;
    return { type: 'back', downMs: Math.max(0, backAt - was) };
  }
}

/** An outage of a key's pair as the incident centre hears it. */
export type FeedOutageChange = { type: 'down'; since: number } | { type: 'up'; since: number; downMs: number } | null;

/**
 * The streams of every key and pair the engine's bots trade (`key` = budget key and pair): a stream
 * down for FEED_DOWN_INCIDENT_MS is told once per outage (several bots on one key and pair share
 * it), and its recovery once, when an outage was told. Pure: bots tell it what they read.
 */
export class FeedOutages {
  private readonly outages = new Map<string, { since: number; told: boolean }>();

  constructor(private readonly downAfterMs = FEED_DOWN_INCIDENT_MS) {}

  observe(key: string, feed: FeedStatus | null, now: number): FeedOutageChange {
    const outage = this.outages.get(key);
    if (isStreamDown(feed)) {
      let current = outage;
      if (!current || current.since !== feed.since) {
        // A new outage; one told before that ended unseen is over (its recovery was not seen: not told).
        current = { since: feed.since, told: false };
        this.outages.set(key, current);
      }
      if (current.told || now - current.since < this.downAfterMs) return null;
      current.told = true;
      return { type: 'down', since: current.since };
    }
    if (!outage || feed?.mode !== 'stream') return null;
    this.outages.delete(key);
    if (!outage.told) return null;
    const backAt = feed.since >= outage.since ? feed.since : now;
    return { type: 'up', since: outage.since, downMs: Math.max(0, backAt - outage.since) };
  }
}
