import { describe, expect, it } from 'vitest';
import { addressKey, isTrustedProxyEntry, splitTrustedProxies } from './client-address.ts';

describe('trusted proxy entries', () => {
  it('accepts addresses, CIDR blocks and the range names', () => {
    for (const entry of ['10.0.0.2', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/8', '2001:db8::/128', 'loopback', 'linklocal', 'uniquelocal']) {
      expect(isTrustedProxyEntry(entry), entry).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const entry of ['', 'proxy.local', '10.0.0.300', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/1', '10.0.0.0/x', 'LOOPBACK', '*']) {
      expect(isTrustedProxyEntry(entry), entry).toBe(false);
    }
  });

  it('splits the setting on commas, trimmed, without empty entries', () => {
    expect(splitTrustedProxies(' 10.0.0.1, ,loopback ,')).toEqual(['10.0.0.1', 'loopback']);
    expect(splitTrustedProxies('')).toEqual([]);
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address, and unwraps an IPv4-mapped one', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(key);
    expect(addressKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8::1:0:0:0:7')).toBe(key);
    expect(addressKey('2001:db8:0:1:0:0:1.2.3.4')).toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
