/**
 * A pair's feed status as its streams come and go (pure): `stream` while every stream it watches is up
 * (or still connecting: a first read polls once meanwhile), `polling` `down` from a stream's failure
 * until it delivers again, `polling` `unsupported` where the venue has no stream. `since` moves only
 * when the status changes.
 */
import type { FeedStatus } from '../../exchange.ts';

export class FeedState {
  private readonly down = new Set<string>();
  private current: FeedStatus;

  constructor(supported: boolean, now: number) {
    this.current = { mode: supported ? 'stream' : 'polling', since: now, reason: supported ? null : 'unsupported' };
  }

  status(): FeedStatus {
    return { ...this.current };
  }

  /** Whether `stream` is down now. */
  isDown(stream: string): boolean {
    return this.down.has(stream);
  }

  /** `stream` delivered. */
  up(stream: string, now: number): void {
    this.down.delete(stream);
    this.settle(now);
  }

  /** `stream` failed (error, closed socket). */
  failed(stream: string, now: number): void {
    this.down.add(stream);
    this.settle(now);
  }

  private settle(now: number): void {
    if (this.current.reason === 'unsupported') return;
    const next: Pick<FeedStatus, 'mode' | 'reason'> = this.down.size > 0 ? { mode: 'polling', reason: 'down' } : { mode: 'stream', reason: null };
    if (next.mode !== this.current.mode) this.current = { ...next, since: now };
  }
}
