import { describe, expect, it } from 'vitest';
import { addressKind, classifyHost, type AddressKind } from './address-class.ts';
import { hostAddress, parseCidr, parseIp, parseLegacyIpv4 } from './ip-address.ts';

const kindOf = (host: string): AddressKind | 'localhost' | 'name' => {
  const c = classifyHost(host);
  return c.type === 'address' ? c.kind : c.type;
};

describe('classifyHost', () => {
  it('finds this machine in every spelling the probe used', () => {
    const loopback = ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '0x7F.0.0.1', '0177.0.0.1', '127.0.0.1.', '127.255.255.254', '[::1]', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '64:ff9b::127.0.0.1', '2002:7f00:1::'];
    for (const host of loopback) expect(kindOf(host), host).toBe('loopback');
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'app.localhost']) expect(kindOf(host), host).toBe('localhost');
  });

  it('knows the unspecified, private, link-local, unique-local and shared ranges', () => {
    const cases: [string, AddressKind][] = [
      ['0.0.0.0', 'unspecified'],
      ['0', 'unspecified'],
      ['::', 'unspecified'],
      ['[::]', 'unspecified'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['012.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['::ffff:192.168.1.1', 'private'],
      ['::ffff:c0a8:101', 'private'],
      ['169.254.169.254', 'link-local'],
      ['0xa9fea9fe', 'link-local'],
      ['fe80::1', 'link-local'],
      ['[fe80::1%25eth0]', 'link-local'],
      ['febf::1', 'link-local'],
      ['fc00::1', 'unique-local'],
      ['fd00::1', 'unique-local'],
      ['fdff:ffff::1', 'unique-local'],
      ['100.64.0.1', 'shared'],
      ['100.127.255.255', 'shared'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['192.0.2.10', 'documentation'],
      ['2001:db8::1', 'documentation'],
      ['2001:0:4136:e378::1', 'reserved'],
      ['::7f00:1', 'reserved'],
      ['fec0::1', 'reserved'],
    ];
    for (const [host, kind] of cases) expect(kindOf(host), host).toBe(kind);
  });

  it('lets public addresses and names through (names are judged once resolved)', () => {
    for (const host of ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '[2a00:1450:4001::200e]', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8']) {
      expect(kindOf(host), host).toBe('public');
    }
    for (const host of ['api.telegram.org', 'hooks.internal', '127.0.0.1.nip.io', '0x7f000001.example', '1.2.3.4.5']) expect(kindOf(host), host).toBe('name');
  });
});

describe('address parsing', () => {
  it('reads the shorthand IPv4 spellings as resolvers do', () => {
    const dotted = (text: string) => {
      const ip = parseLegacyIpv4(text);
      return ip ? [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 0xffn)).join('.') : undefined;
    };
    expect(dotted('127.1')).toBe('127.0.0.1');
    expect(dotted('2130706433')).toBe('127.0.0.1');
    expect(dotted('0x7f000001')).toBe('127.0.0.1');
    expect(dotted('0177.0.0.01')).toBe('127.0.0.1');
    expect(dotted('10.1.65535')).toBe('10.1.255.255');
    // As a URL parser reads them: a bare "0x" is zero.
    expect(dotted('0x')).toBe('0.0.0.0');
    expect(dotted('0x.0')).toBe('0.0.0.0');
    for (const bad of ['256.0.0.1', '1.2.3.4.5', '4294967296', '08.0.0.1', 'a.b.c.d', '1..1', '']) expect(dotted(bad), bad).toBeUndefined();
  });

  it('reads IPv6 with brackets, zones and dotted tails to the same number', () => {
    const v = (text: string) => parseIp(text)?.value;
    expect(v('::ffff:127.0.0.1')).toBe(v('::ffff:7f00:1'));
    expect(v('[::1]')).toBe(1n);
    expect(v('fe80::1%eth0')).toBe(v('fe80:0:0:0:0:0:0:1'));
    expect(v('1::')).toBe(1n << 112n);
    expect(parseIp('127.1')).toBeUndefined();
    expect(hostAddress('127.1')).toEqual({ version: 4, value: 0x7f000001n });
  });

  it('reads CIDR blocks, refusing what is not one', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ version: 4, base: 0x0a000000n, prefix: 8 });
    expect(parseCidr('10.1.2.3/8')).toEqual({ version: 4, base: 0x0a000000n, prefix: 8 });
    expect(parseCidr('127.0.0.1')).toEqual({ version: 4, base: 0x7f000001n, prefix: 32 });
    expect(parseCidr('fd00::/8')).toEqual({ version: 6, base: 0xfdn << 120n, prefix: 8 });
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/1', 'x/8', '127.1', '[::1]', 'localhost', '10.0.0.0/-1']) expect(parseCidr(bad), bad).toBeUndefined();
  });

  it('judges an IPv6 address carrying an IPv4 one by the IPv4 one', () => {
    expect(addressKind(parseIp('::ffff:10.0.0.1')!)).toBe('private');
    expect(addressKind(parseIp('64:ff9b::a9fe:a9fe')!)).toBe('link-local');
    expect(addressKind(parseIp('2002:c0a8:0101::1')!)).toBe('private');
    expect(addressKind(parseIp('2002:0808:0808::1')!)).toBe('public');
  });
});
