export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const MAX_KEYS = 50_000;

/** Counts events per key in a sliding window; pure apart from the clock it is given. */
export class AttemptThrottle {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): ThrottleVerdict {
    const recent = this.recent(key);
    if (recent.length < this.rule.limit) return { allowed: true };
    const oldest = recent[recent.length - this.rule.limit] ?? this.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.rule.windowMs - this.now()) / 1000)) };
  }

  record(key: string): void {
    if (this.events.size >= MAX_KEYS) this.prune();
    const recent = this.recent(key);
    recent.push(this.now());
    this.events.set(key, recent);
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.rule.windowMs;
    const kept = (this.events.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length === 0) this.events.delete(key);
    else this.events.set(key, kept);
    return kept;
  }

  private prune(): void {
    for (const key of [...this.events.keys()]) this.recent(key);
  }
}
