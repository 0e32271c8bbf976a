import { addressKind } from './address-class.ts';
import { inBlock, parseCidr, unmapped, type CidrBlock, type IpAddress } from './ip-address.ts';

/** MAKERDESK_OUTBOUND_ALLOW, parsed: the non-public destinations the operator lets users' calls reach. */
export interface OutboundAllowList {
  blocks: readonly CidrBlock[];
  /** As the operator wrote it, for the start-up log. */
  entries: readonly string[];
}

export const NOTHING_ALLOWED: OutboundAllowList = { blocks: [], entries: [] };

export type AllowListParse = { ok: true; list: OutboundAllowList } | { ok: false; bad: string[] };

/** A comma-separated list of addresses and CIDR blocks, IPv4 or IPv6; blanks between commas are skipped. */
export function parseAllowList(text: string): AllowListParse {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const parsed = entries.map((entry) => [entry, parseCidr(entry)] as const);
  const bad = parsed.filter(([, block]) => block === undefined).map(([entry]) => entry);
  if (bad.length > 0) return { ok: false, bad };
  return { ok: true, list: { blocks: parsed.map(([, block]) => block!), entries } };
}

/** A destination is allowed when it is public, or inside a block the operator listed (an IPv4-mapped address as its IPv4 one). */
export function isAllowedDestination(address: IpAddress, list: OutboundAllowList): boolean {
  if (addressKind(address) === 'public') return true;
  const plain = unmapped(address);
  return list.blocks.some((block) => inBlock(plain, block) || inBlock(address, block));
}
