import { isIPv4, isIPv6 } from 'node:net';
import type { FacadeKey } from '@makerdesk/exchange/binance-facade';

/** One simulator credential holding a key, with what its account may do. */
export interface SimKeyHolder {
  /** False once the account is suspended: its keys answer nothing until it is reinstated. */
  active: boolean;
  /** A main account trades every pair. */
  main: boolean;
  /** The addresses the credential is bound to; none: any address. */
  hosts: readonly string[];
  /** The simulator pairs bound to the account (what a restricted account may trade). */
  pairs: readonly string[];
}

/**
 * What the simulator's Binance-compatible API lets a key do for a caller at `clientIp`: nothing
 * (undefined, answered -2015) unless a credential of an active account holds the key and, when
 * that credential is bound to addresses, the caller is at one of them; then the pairs of those
 * holders' accounts (every pair for a main account). A key no credential holds any more (deleted
 * with its account, or replaced in its credential) is dead.
 */
export function simKeyGrant(holders: readonly SimKeyHolder[], clientIp: string | undefined): Pick<FacadeKey, 'permits'> | undefined {
  const caller = clientIp === undefined ? undefined : canonicalAddress(clientIp);
  const reachable = holders.filter((h) => h.active && (h.hosts.length === 0 || (caller !== undefined && h.hosts.some((host) => canonicalAddress(host) === caller))));
  if (reachable.length === 0) return undefined;
  if (reachable.some((h) => h.main)) return {};
  const pairs = new Set(reachable.flatMap((h) => h.pairs.map((p) => p.toUpperCase())));
  return { permits: (symbol) => pairs.has(symbol.toUpperCase()) };
}

/**
 * One spelling per address, so a bound `::1` matches a caller at `0:0:0:0:0:0:0:1` and a bound
 * `127.0.0.1` one at `::ffff:127.0.0.1` (how a dual-stack socket reports IPv4 callers).
 * Undefined for what is not an address.
 */
export function canonicalAddress(address: string): string | undefined {
  let text = address.trim().toLowerCase();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return undefined;
  // The URL standard's IPv6 serialisation: lower-case hex, zeros compressed, IPv4 tails as hex.
  const ipv6 = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ipv6);
  if (!mapped) return ipv6;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
