import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_DELIVERY_POLICY, nextAttemptAt, retryDelay } from './delivery-policy.ts';

const policy = { minIntervalMs: 1000, maxAttempts: 5, backoffBaseMs: 1000, backoffMaxMs: 10_000 };

describe('delivery policy', () => {
  it('defaults to one message a second per channel and five attempts', () => {
    expect(DEFAULT_DELIVERY_POLICY).toMatchObject({ minIntervalMs: 1000, maxAttempts: 5, backoffBaseMs: 1000 });
  });

  it('backs off 1 s, 2 s, 4 s, 8 s, then stays at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(n, policy))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it("takes the receiver's retry-after when it is longer than the back-off, capped", () => {
    expect(retryDelay(1, 3000, policy)).toBe(3000);
    expect(retryDelay(3, 3000, policy)).toBe(4000);
    expect(retryDelay(1, 120_000, policy)).toBe(10_000);
    expect(retryDelay(2, undefined, policy)).toBe(2000);
  });

  it('spaces attempts on a channel by the least interval, and waits out a back-off', () => {
    expect(nextAttemptAt(undefined, 0, policy)).toBe(0);
    expect(nextAttemptAt(5000, 0, policy)).toBe(6000);
    expect(nextAttemptAt(5000, 9000, policy)).toBe(9000);
    expect(nextAttemptAt(5000, 5500, { minIntervalMs: 0 })).toBe(5500);
  });
});
