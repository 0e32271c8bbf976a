/**
 * The ledger's list read on into the packed fills (robot_fill_packs): which packs a page needs, and the
 * list's order. Pure: the repository (desk.repository.ts) reads and decodes the packs.
 */

/** A pack as listed before it is decoded: its bot, day, count and times (epoch ms). */
export interface PackSpan {
  robotId: number;
  day: string;
  fills: number;
  firstAt: number;
  lastAt: number;
}

/** What the ledger's order reads of a row. */
export interface LedgerKey {
  at: Date;
  kind: 'bot' | 'manual';
  id: number;
}

/** The ledger's order: newest first, the bots' fills before the manual ones at the same instant, then the greater id first. */
export function ledgerOrder(a: LedgerKey, b: LedgerKey): number {
  return b.at.getTime() - a.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'bot' ? -1 : 1) || b.id - a.id;
}

/**
 * The `want` newest rows of the packs (every row when `want` is Infinity), in the ledger's order,
 * decoding packs newest last fill first and stopping once no pack left can hold a row as new as the
 * `want`-th (packs of several bots overlap in time). `spans` newest last fill first.
 */
export async function takeNewest<T extends LedgerKey>(spans: readonly PackSpan[], want: number, load: (span: PackSpan) => Promise<T[]>): Promise<T[]> {
  const sorted = [...spans].sort((a, b) => b.lastAt - a.lastAt);
  let taken: T[] = [];
  for (const span of sorted) {
    if (want <= 0) break;
    if (taken.length >= want) {
      const kth = (taken[want - 1] as T).at.getTime();
      if (span.lastAt < kth) break;
    }
    taken = [...taken, ...(await load(span))].sort(ledgerOrder);
    if (Number.isFinite(want)) taken = taken.slice(0, want);
  }
  return taken;
}
