import { isIP } from 'node:net';

/** proxy-addr's names for address ranges, which Fastify's trustProxy understands too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * One entry of MAKERDESK_TRUSTED_PROXIES: an address (`10.0.0.2`, `::1`), a CIDR block
 * (`10.0.0.0/8`, `fd00::/8`), or one of `loopback`, `linklocal`, `uniquelocal`.
 */
export function isTrustedProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The comma-separated list, trimmed, without empty entries. */
export function splitTrustedProxies(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The eight 16-bit groups of an IPv6 address (lower-case hex), or undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const bare = address.split('%')[0] ?? '';
  if (isIP(bare) !== 6) return undefined;
  let text = bare.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * What throttles count a client address as: an IPv4 address as it is (IPv4-mapped IPv6 included),
 * an IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) === 4) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups.slice(0, 4).join(':')}::/64`;
}
