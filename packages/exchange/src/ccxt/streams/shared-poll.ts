/**
 * One request for many readers (pure but for the clock it is given): a read of `key` while one is in
 * flight gets that one's answer, and a settled answer serves every read for `reuseMs` after it came.
 * A failure is held longer, by back-off over the failures in a row (1 s, 2 s, 4 s … 30 s), so a venue
 * that stopped answering (or asked us to slow down) is not asked again by every reader.
 */
import { retryDelayMs } from './backoff.ts';

interface Entry<T> {
  result: Promise<T>;
  /** When it settled; null while in flight. */
  settledAt: number | null;
  failed: boolean;
}

export class SharedPoll<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Per key, the newest answer that came (and when): what a reader that never asks may look at. */
  private readonly answered = new Map<string, { value: T; at: number }>();
  private failures = 0;

  constructor(
    private readonly reuseMs: number,
    private readonly now: () => number,
    private readonly failureHoldMs: (failures: number) => number = retryDelayMs,
  ) {}

  get(key: string, run: () => Promise<T>): Promise<T> {
    if (this.answersNow(key)) return this.entries.get(key)!.result;
    const entry: Entry<T> = { result: run(), settledAt: null, failed: false };
    this.entries.set(key, entry);
    entry.result.then(
      (value) => {
        entry.settledAt = this.now();
        this.failures = 0;
        this.answered.set(key, { value, at: entry.settledAt });
      },
      () => {
        entry.settledAt = this.now();
        entry.failed = true;
        this.failures++;
      },
    );
    return entry.result;
  }

  /** Whether a read of `key` now would get a kept answer (one in flight, or settled within its hold) instead of asking. */
  answersNow(key: string): boolean {
    const kept = this.entries.get(key);
    return kept !== undefined && (kept.settledAt === null || this.now() - kept.settledAt < this.holdMs(kept));
  }

  /** The newest answer of `key` and when it came, whatever its age; never asks. */
  latest(key: string): { value: T; at: number } | null {
    return this.answered.get(key) ?? null;
  }

  /** Forgets every kept answer (the next read asks again). */
  clear(): void {
    this.entries.clear();
    this.answered.clear();
  }

  private holdMs(entry: Entry<T>): number {
    return entry.failed ? Math.max(this.reuseMs, this.failureHoldMs(this.failures)) : this.reuseMs;
  }
}
