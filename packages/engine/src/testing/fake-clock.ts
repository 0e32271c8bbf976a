import type { Clock } from '../ports.ts';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets every promise chain that is ready run: the venue, the journal and the engine answer through promises only. */
export async function settlePromises(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock that moves only when a test says: timers run in time order as `advance` passes them,
 * with every ready promise settled between two timers, so nothing depends on the machine's speed.
 */
export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const seq = ++this.seq;
    this.timers.set(seq, { at: this.t + Math.max(0, ms), seq, fn });
    return seq;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers not yet run. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, running each timer due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settlePromises();
      const next = this.nextDue(end);
      if (!next) break;
      this.timers.delete(next.seq);
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = end;
    await settlePromises();
  }

  /** Advances in steps of `stepMs` until `done()` holds; throws after `maxMs` of fake time. */
  async until(done: () => boolean, maxMs = 600_000, stepMs = 100): Promise<void> {
    await settlePromises();
    for (let waited = 0; !done(); waited += stepMs) {
      if (waited >= maxMs) throw new Error(`condition not met within ${maxMs} ms of fake time`);
      await this.advance(stepMs);
    }
  }

  private nextDue(end: number): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers.values()) {
      if (timer.at > end) continue;
      if (!best || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq)) best = timer;
    }
    return best;
  }
}
