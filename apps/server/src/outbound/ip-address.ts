import { isIP } from 'node:net';

/** An IP address as a number: IPv4 in 32 bits, IPv6 in 128. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

/** A CIDR block: every address whose first `prefix` bits are those of `base`. */
export interface CidrBlock {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseIpv4(text: string): bigint {
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function parseIpv6(text: string): bigint {
  // A dotted tail (`::ffff:127.0.0.1`) is the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let hex = text;
  if (dotted?.[1]) {
    const v4 = parseIpv4(dotted[1]);
    hex = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = hex.split('::');
  const groups = (side: string) => (side === '' ? [] : side.split(':').map((g) => BigInt(Number.parseInt(g, 16))));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  return all.reduce((value, group) => (value << 16n) | group, 0n);
}

/**
 * An address written as the standards write it (`192.0.2.1`, `::1`, `::ffff:127.0.0.1`), with or
 * without IPv6 brackets and zone; anything else (a name, `127.1`) is not one.
 */
export function parseIp(text: string): IpAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const unzoned = bare.split('%')[0] ?? '';
  const version = isIP(unzoned);
  if (version === 4) return { version: 4, value: parseIpv4(unzoned) };
  if (version === 6) return { version: 6, value: parseIpv6(unzoned.toLowerCase()) };
  return undefined;
}

/** One part of a legacy IPv4 spelling: decimal, 0x hex or 0-led octal, as inet_aton and URL parsers read it. */
function legacyPart(part: string): bigint | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0n : BigInt(part);
  if (/^0[0-7]+$/.test(part)) return BigInt(`0o${part.slice(1)}`);
  if (/^(0|[1-9]\d*)$/.test(part)) return BigInt(part);
  return undefined;
}

/**
 * The IPv4 address behind the shorthand spellings resolvers and URL parsers accept: `127.1`,
 * `2130706433`, `0x7f000001`, `0177.0.0.1`, `10.1.65535` (the last part fills the bytes left).
 */
export function parseLegacyIpv4(text: string): IpAddress | undefined {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers = parts.map(legacyPart);
  if (numbers.some((n) => n === undefined)) return undefined;
  const values = numbers as bigint[];
  const last = values[values.length - 1]!;
  const leading = values.slice(0, -1);
  if (leading.some((n) => n > 255n) || last >= 1n << BigInt(8 * (5 - values.length))) return undefined;
  const value = leading.reduce((acc, n, i) => acc | (n << BigInt(8 * (3 - i))), 0n) | last;
  return { version: 4, value };
}

/** A host as a URL or a resolver could take it: a literal address in any spelling, or undefined for a name. */
export function hostAddress(host: string): IpAddress | undefined {
  return parseIp(host) ?? parseLegacyIpv4(host);
}

/** `10.0.0.0/8`, `fd00::/8`, or one address (a block of one). Host bits past the prefix are ignored. */
export function parseCidr(text: string): CidrBlock | undefined {
  const [address = '', prefix, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  const ip = parseIp(address);
  if (!ip || address.startsWith('[')) return undefined;
  const bits = BITS[ip.version];
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined;
  const length = prefix === undefined ? bits : Number(prefix);
  if (length > bits) return undefined;
  return { version: ip.version, base: maskTo(ip.value, length, bits), prefix: length };
}

function maskTo(value: bigint, prefix: number, bits: number): bigint {
  const hostBits = BigInt(bits - prefix);
  return (value >> hostBits) << hostBits;
}

export function inBlock(address: IpAddress, block: CidrBlock): boolean {
  return address.version === block.version && maskTo(address.value, block.prefix, BITS[block.version]) === block.base;
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) stands for; any other address as it is. */
export function unmapped(address: IpAddress): IpAddress {
  if (address.version === 6 && address.value >> 32n === 0xffffn) return { version: 4, value: address.value & 0xffffffffn };
  return address;
}
