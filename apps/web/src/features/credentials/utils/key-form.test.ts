import { describe, expect, it } from 'vitest';
import { isIpAddress, needsPassphrase, splitHosts } from './key-form';

describe('API key form helpers', () => {
  it('asks for a passphrase on OKX, KuCoin and Bitget only', () => {
    expect(['okx', 'kucoin', 'bitget'].map(needsPassphrase)).toEqual([true, true, true]);
    expect(['sim', 'binance', undefined].map(needsPassphrase)).toEqual([false, false, false]);
  });

  it('accepts IPv4 and IPv6 addresses and nothing else', () => {
    expect(['127.0.0.1', '203.0.113.7', '::1', '2001:db8::8a2e:370:7334', '::ffff:192.0.2.1'].every(isIpAddress)).toBe(true);
    expect(['256.1.1.1', '10.0.0', 'example.com', '1.2.3.4/24', '2001:db8::g', '', 'localhost'].some(isIpAddress)).toBe(false);
  });

  it('splits pasted lists and drops duplicates', () => {
    expect(splitHosts(['203.0.113.7, 198.51.100.2', '203.0.113.7', ' ::1 '])).toEqual(['203.0.113.7', '198.51.100.2', '::1']);
  });
});
