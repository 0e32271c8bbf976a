import { hostAddress, inBlock, parseCidr, unmapped, type CidrBlock, type IpAddress } from './ip-address.ts';

/**
 * Where an address leads. Only `public` is reachable for users' outbound calls without the
 * operator's leave; every other kind is this machine, a private network, or no real destination.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'shared'
  | 'multicast'
  | 'documentation'
  | 'reserved';

const block = (text: string): CidrBlock => parseCidr(text)!;

/** IANA's special-purpose IPv4 registry, the parts that are not the public internet. */
const IPV4_SPECIAL: readonly [CidrBlock, AddressKind][] = [
  [block('0.0.0.0/8'), 'unspecified'],
  [block('10.0.0.0/8'), 'private'],
  [block('100.64.0.0/10'), 'shared'],
  [block('127.0.0.0/8'), 'loopback'],
  [block('169.254.0.0/16'), 'link-local'],
  [block('172.16.0.0/12'), 'private'],
  [block('192.0.0.0/24'), 'reserved'],
  [block('192.0.2.0/24'), 'documentation'],
  [block('192.88.99.0/24'), 'reserved'],
  [block('192.168.0.0/16'), 'private'],
  [block('198.18.0.0/15'), 'reserved'],
  [block('198.51.100.0/24'), 'documentation'],
  [block('203.0.113.0/24'), 'documentation'],
  [block('224.0.0.0/4'), 'multicast'],
  [block('240.0.0.0/4'), 'reserved'],
];

/** Inside global unicast (2000::/3), the blocks that are not the public internet. */
const IPV6_SPECIAL: readonly [CidrBlock, AddressKind][] = [
  // Protocol assignments, Teredo (which hides an IPv4 peer) among them.
  [block('2001::/23'), 'reserved'],
  [block('2001:db8::/32'), 'documentation'],
  [block('3fff::/20'), 'documentation'],
];
const IPV6_OUTSIDE_GLOBAL: readonly [CidrBlock, AddressKind][] = [
  [block('::/128'), 'unspecified'],
  [block('::1/128'), 'loopback'],
  [block('fc00::/7'), 'unique-local'],
  [block('fe80::/10'), 'link-local'],
  [block('ff00::/8'), 'multicast'],
];
const GLOBAL_UNICAST = block('2000::/3');
/** NAT64's well-known prefix and 6to4: an IPv6 address that reaches the IPv4 address inside it. */
const NAT64 = block('64:ff9b::/96');
const SIX_TO_FOUR = block('2002::/16');

function ipv4Kind(address: IpAddress): AddressKind {
  return IPV4_SPECIAL.find(([range]) => inBlock(address, range))?.[1] ?? 'public';
}

/** What kind of destination an address is; an IPv6 address carrying an IPv4 one is judged by that one. */
export function addressKind(address: IpAddress): AddressKind {
  const plain = unmapped(address);
  if (plain.version === 4) return ipv4Kind(plain);
  if (inBlock(plain, NAT64)) return ipv4Kind({ version: 4, value: plain.value & 0xffffffffn });
  if (inBlock(plain, SIX_TO_FOUR)) return ipv4Kind({ version: 4, value: (plain.value >> 80n) & 0xffffffffn });
  if (inBlock(plain, GLOBAL_UNICAST)) return IPV6_SPECIAL.find(([range]) => inBlock(plain, range))?.[1] ?? 'public';
  return IPV6_OUTSIDE_GLOBAL.find(([range]) => inBlock(plain, range))?.[1] ?? 'reserved';
}

/** `localhost` and every name under it are this machine, whatever a resolver says (RFC 6761). */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * What a host names before any lookup: a literal address (every spelling: `127.1`, `2130706433`,
 * `0x7f000001`, `[::1]`), this machine by name, or a name only a resolver can place.
 */
export type HostClass = { type: 'address'; address: IpAddress; kind: AddressKind } | { type: 'localhost' } | { type: 'name' };

export function classifyHost(host: string): HostClass {
  const address = hostAddress(host);
  if (address) return { type: 'address', address, kind: addressKind(address) };
  if (isLocalhostName(host)) return { type: 'localhost' };
  return { type: 'name' };
}
