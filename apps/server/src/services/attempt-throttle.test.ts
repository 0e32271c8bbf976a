import { describe, expect, it } from 'vitest';
import { afterAttempt, countingAttempts, delayAfter, NO_ATTEMPTS, strictest, verdictOf, type ThrottleRule, type ThrottleState } from './attempt-throttle.ts';

const rule: ThrottleRule = { free: 3, baseDelayMs: 10_000, growth: 2, maxDelayMs: 60_000, forgetAfterMs: 3_600_000 };

/** Attempts at the given times, each counted only when the throttle allows it. */
function attempts(times: number[]): { state: ThrottleState; refused: number[] } {
  let state = NO_ATTEMPTS;
  const refused: number[] = [];
  for (const t of times) {
    if (verdictOf(rule, state, t).allowed) state = afterAttempt(rule, state, t);
    else refused.push(t);
  }
  return { state, refused };
}

describe('attempt throttle (growing delays)', () => {
  it('lets the free attempts through at once, then waits base × growth^(n − free), capped', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 10].map((n) => delayAfter(rule, n))).toEqual([0, 0, 0, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it('refuses an attempt inside the wait with the seconds left (rounded up, at least 1), and allows it once the wait is over', () => {
    const { state } = attempts([0, 1000, 2000]);
    expect(state).toEqual({ count: 3, lastAt: 2000 });
    expect(verdictOf(rule, state, 2000)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(verdictOf(rule, state, 11_500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(verdictOf(rule, state, 11_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(verdictOf(rule, state, 12_000)).toEqual({ allowed: true });
  });

  it('a refused attempt is not counted: waiting out each delay is the only way on', () => {
    const { state, refused } = attempts([0, 0, 0, 5_000, 10_000, 20_000, 30_000, 50_000]);
    expect(refused).toEqual([5_000, 20_000, 50_000]);
    expect(state).toEqual({ count: 5, lastAt: 30_000 });
    expect(verdictOf(rule, state, 30_000 + 39_999).allowed).toBe(false);
    expect(verdictOf(rule, state, 30_000 + 40_000).allowed).toBe(true);
  });

  it('a key left alone for the forget period starts again from nothing', () => {
    const state: ThrottleState = { count: 9, lastAt: 1000 };
    expect(countingAttempts(rule, state, 1000 + 3_599_999)).toBe(9);
    expect(countingAttempts(rule, state, 1000 + 3_600_000)).toBe(0);
    expect(verdictOf(rule, state, 1000 + 3_600_000)).toEqual({ allowed: true });
    expect(afterAttempt(rule, state, 1000 + 3_600_000)).toEqual({ count: 1, lastAt: 1000 + 3_600_000 });
  });

  it('growth 1 is a constant resend delay', () => {
    const resend: ThrottleRule = { free: 1, baseDelayMs: 60_000, growth: 1, maxDelayMs: 60_000, forgetAfterMs: 60_000 };
    const once = afterAttempt(resend, NO_ATTEMPTS, 0);
    expect(verdictOf(resend, once, 59_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(verdictOf(resend, once, 60_000)).toEqual({ allowed: true });
  });

  it('several verdicts: the longest wait wins; all allowed is allowed', () => {
    expect(strictest([{ allowed: true }, { allowed: false, retryAfterSeconds: 5 }, { allowed: false, retryAfterSeconds: 30 }])).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(strictest([{ allowed: true }, { allowed: true }])).toEqual({ allowed: true });
  });
});
