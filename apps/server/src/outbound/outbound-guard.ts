import { ADDRCONFIG } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { classifyHost } from './address-class.ts';
import { isAllowedDestination, NOTHING_ALLOWED, type OutboundAllowList } from './allow-list.ts';
import { parseIp } from './ip-address.ts';

/** Thrown where a connection would reach a destination the operator did not allow; says nothing of where. */
export class OutboundRefusedError extends Error {
  constructor() {
    super('destination not allowed');
    this.name = 'OutboundRefusedError';
  }
}

/** Whether a call failed because the guard refused its destination (however deep the fetch or venue wrapped it). */
export function refusedByGuard(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof OutboundRefusedError) return true;
  return false;
}

/** Every address a name resolves to, as the system resolver (and so a plain connect) would find them. */
export type Resolver = (host: string) => Promise<string[]>;

// Only families this machine has an address of, IPv4 first: the one address pinned must be reachable.
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, hints: ADDRCONFIG, order: 'ipv4first' })).map((a) => a.address);

/** How long a save waits for a name to resolve before letting it through (every connection checks again). */
const SAVE_LOOKUP_MS = 5000;

export interface OutboundGuardOptions {
  allow?: OutboundAllowList;
  resolve?: Resolver;
  saveLookupMs?: number;
}

/**
 * Decides where the server may connect for users (alert deliveries, custom venue URLs): public
 * addresses, and the non-public ones the operator listed in MAKERDESK_OUTBOUND_ALLOW.
 */
export class OutboundGuard {
  readonly allow: OutboundAllowList;
  private readonly resolve: Resolver;
  private readonly saveLookupMs: number;

  constructor({ allow = NOTHING_ALLOWED, resolve = systemResolver, saveLookupMs = SAVE_LOOKUP_MS }: OutboundGuardOptions = {}) {
    this.allow = allow;
    this.resolve = resolve;
    this.saveLookupMs = saveLookupMs;
  }

  private allowed(address: string): boolean {
    const ip = parseIp(address);
    return ip !== undefined && isAllowedDestination(ip, this.allow);
  }

  /**
   * The one address a connection to `host` goes to, decided now: a literal address as it is, a name
   * resolved once, refused when any of its addresses is not allowed (so the connection cannot be
   * steered inside between this check and the connect).
   */
  async pin(host: string): Promise<string> {
    const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    if (parseIp(bare)) {
      if (!this.allowed(bare)) throw new OutboundRefusedError();
      return bare;
    }
    const addresses = await this.resolve(bare);
    const first = addresses[0];
    if (first === undefined || !addresses.every((a) => this.allowed(a))) throw new OutboundRefusedError();
    return first;
  }

  /**
   * Whether a URL may be saved as a destination: its host is an allowed address (in any spelling),
   * or a name whose addresses are all allowed. A name that does not resolve now is let through,
   * since every connection is checked again; `localhost` names are this machine either way.
   */
  async allowsUrl(url: string): Promise<boolean> {
    let hostname: string;
    try {
      hostname = new URL(url).hostname;
    } catch {
      return false;
    }
    const host = classifyHost(hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);
    if (host.type === 'address') return isAllowedDestination(host.address, this.allow);
    const addresses = await this.resolveWithin(hostname);
    if (addresses === undefined || addresses.length === 0) return host.type === 'name';
    return addresses.every((a) => this.allowed(a));
  }

  private async resolveWithin(host: string): Promise<string[] | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.saveLookupMs)));
    try {
      return await Promise.race([this.resolve(host).catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
