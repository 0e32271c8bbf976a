/** How deliveries are paced: pure rules, tested on their own (delivery-policy.test.ts). */
export interface DeliveryPolicy {
  /** Least time between two attempts on one channel (chat apps allow about one message a second per chat). */
  minIntervalMs: number;
  /** Attempts before a delivery is given up as failed. */
  maxAttempts: number;
  /** Back-off after the first failed attempt; it doubles after each next one. */
  backoffBaseMs: number;
  /** Longest back-off, whatever the attempt or the venue's retry-after. */
  backoffMaxMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { minIntervalMs: 1000, maxAttempts: 5, backoffBaseMs: 1000, backoffMaxMs: 60_000 };

/** Wait after failed attempt number `attempt` (1-based): base, 2×base, 4×base … capped. */
export function backoffDelay(attempt: number, policy: Pick<DeliveryPolicy, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.min(exponent, 30));
}

/** The receiver's own wait (Telegram's retry_after, a Retry-After header) wins over our back-off when longer. */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, policy: Pick<DeliveryPolicy, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  const ours = backoffDelay(attempt, policy);
  return retryAfterMs === undefined ? ours : Math.min(policy.backoffMaxMs, Math.max(ours, retryAfterMs));
}

/** When the next attempt on a channel may go: not before the throttle allows, not before its own back-off ends. */
export function nextAttemptAt(lastAttemptAt: number | undefined, notBefore: number, policy: Pick<DeliveryPolicy, 'minIntervalMs'>): number {
  return Math.max(notBefore, lastAttemptAt === undefined ? Number.NEGATIVE_INFINITY : lastAttemptAt + policy.minIntervalMs);
}
