/**
 * Growing delays for attempts under one key (pure; the clock and the stored state are given).
 *
 * The first `free` attempts pass at once; after that each attempt must wait `baseDelayMs`
 * × `growth`^(attempts − free) since the last one, at most `maxDelayMs`. A key left alone for
 * `forgetAfterMs` starts again from nothing. Nothing is ever locked: the wait only slows a guesser
 * down, and it holds for that key alone.
 */
export interface ThrottleRule {
  free: number;
  baseDelayMs: number;
  /** 2 doubles the wait at each attempt; 1 keeps it constant (a plain resend delay). */
  growth: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** What the database keeps per key. */
export interface ThrottleState {
  count: number;
  /** Epoch ms of the last counted attempt. */
  lastAt: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const NO_ATTEMPTS: ThrottleState = { count: 0, lastAt: 0 };

/** The attempts that still count at `now`. */
export function countingAttempts(rule: ThrottleRule, state: ThrottleState, now: number): number {
  return now - state.lastAt >= rule.forgetAfterMs ? 0 : state.count;
}

/** How long the next attempt waits after `count` attempts. */
export function delayAfter(rule: ThrottleRule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * rule.growth ** (count - rule.free));
}

export function verdictOf(rule: ThrottleRule, state: ThrottleState, now: number): ThrottleVerdict {
  const waitUntil = state.lastAt + delayAfter(rule, countingAttempts(rule, state, now));
  if (now >= waitUntil) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - now) / 1000)) };
}

/** The state once an allowed attempt at `now` is counted. */
export function afterAttempt(rule: ThrottleRule, state: ThrottleState, now: number): ThrottleState {
  return { count: countingAttempts(rule, state, now) + 1, lastAt: now };
}

/** The longest wait among several verdicts, or allowed when every one allows. */
export function strictest(verdicts: ThrottleVerdict[]): ThrottleVerdict {
  let seconds = 0;
  for (const v of verdicts) if (!v.allowed) seconds = Math.max(seconds, v.retryAfterSeconds);
  return seconds > 0 ? { allowed: false, retryAfterSeconds: seconds } : { allowed: true };
}
