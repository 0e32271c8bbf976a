import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_TIMESTAMP_HEADER = 'x-makerdesk-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-makerdesk-signature';

/**
 * `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: the timestamp (epoch seconds) is signed
 * with the body, so a receiver can refuse replays older than it accepts.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifyWebhookSignature(secret: string, timestamp: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
