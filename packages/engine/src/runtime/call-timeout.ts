import { ExchangeError, type Exchange } from '@makerdesk/exchange';
import type { Clock } from '../ports.ts';
import { interceptExchange, type VenueCall } from './intercept-exchange.ts';

/** Venue requests that take longer are given up as lost answers. */
export const DEFAULT_CALL_TIMEOUT_MS = 10_000;

/**
 * Gives up a request after `ms` with ExchangeError('network', …, { timeout }). The request may still
 * have reached the venue: the executor treats it as a lost answer, never as a refusal. A late answer
 * or error is dropped.
 */
export function withCallTimeout(exchange: Exchange, ms: number, clock: Clock): Exchange {
  const deadlines = deadlinesFor(clock, ms);
  return interceptExchange(exchange, (method, send) => {
    return new Promise((resolve, reject) => {
      const call = deadlines.add(method, reject);
      send().then(
        (answer) => {
          if (deadlines.settle(call)) resolve(answer);
        },
        (err: unknown) => {
          if (deadlines.settle(call)) reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  });
}

interface PendingCall {
  readonly method: VenueCall;
  readonly deadline: number;
  readonly reject: (err: Error) => void;
}

/**
 * The calls in flight of every venue wrapped with one clock and one timeout, oldest first, under
 * a single timer set for the oldest one's deadline, rather than a timer per call (10,000 bots make
 * tens of thousands of calls a second). The timer is cleared once nothing is in flight.
 */
class Deadlines {
  private readonly pending = new Set<PendingCall>();
  private timer: unknown = null;

  constructor(
    private readonly clock: Clock,
    private readonly ms: number,
  ) {}

  add(method: VenueCall, reject: (err: Error) => void): PendingCall {
    const call: PendingCall = { method, deadline: this.clock.now() + this.ms, reject };
    this.pending.add(call);
    if (this.timer === null) this.arm(call.deadline);
    return call;
  }

  /** True when the call was still in flight (not timed out): its answer counts. */
  settle(call: PendingCall): boolean {
    if (!this.pending.delete(call)) return false;
    if (this.pending.size === 0 && this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    return true;
  }

  private arm(deadline: number): void {
    this.timer = this.clock.setTimeout(() => this.expire(), Math.max(0, deadline - this.clock.now()));
  }

  private expire(): void {
    this.timer = null;
    const now = this.clock.now();
    let next: number | null = null;
    for (const call of this.pending) {
      if (call.deadline > now) {
        // Deadlines follow the insertion order unless the clock went back; the earliest left sets the timer.
        next = next === null ? call.deadline : Math.min(next, call.deadline);
        continue;
      }
      this.pending.delete(call);
      call.reject(new ExchangeError('network', `${call.method} got no answer within ${this.ms} ms`, { timeoutMs: this.ms }));
    }
    if (next !== null) this.arm(next);
  }
}

const registry = new WeakMap<Clock, Map<number, Deadlines>>();

function deadlinesFor(clock: Clock, ms: number): Deadlines {
  let byMs = registry.get(clock);
  if (!byMs) registry.set(clock, (byMs = new Map()));
  let deadlines = byMs.get(ms);
  if (!deadlines) byMs.set(ms, (deadlines = new Deadlines(clock, ms)));
  return deadlines;
}
