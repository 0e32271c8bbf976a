import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.ts';

describe('webhook signature', () => {
  // Computed with: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac 'whsec-0123456789abcdef'
  const known = 'sha256=d77c78ac4da074c56908b55eac30358b2a7bfc573be4c76819af5102e8dcf939';

  it('is the hex HMAC-SHA256 of "<timestamp>.<raw body>", prefixed sha256=', () => {
    expect(signWebhook('whsec-0123456789abcdef', '1700000000', '{"a":1}')).toBe(known);
  });

  it('verifies only the same secret, timestamp and body', () => {
    expect(verifyWebhookSignature('whsec-0123456789abcdef', '1700000000', '{"a":1}', known)).toBe(true);
    expect(verifyWebhookSignature('whsec-0123456789abcdeF', '1700000000', '{"a":1}', known)).toBe(false);
    expect(verifyWebhookSignature('whsec-0123456789abcdef', '1700000001', '{"a":1}', known)).toBe(false);
    expect(verifyWebhookSignature('whsec-0123456789abcdef', '1700000000', '{"a": 1}', known)).toBe(false);
    expect(verifyWebhookSignature('whsec-0123456789abcdef', '1700000000', '{"a":1}', 'sha256=00')).toBe(false);
  });
});
