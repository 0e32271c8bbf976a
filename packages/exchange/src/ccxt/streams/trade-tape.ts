/** A pair's recent public trades as a stream and a snapshot give them: newest first, each id once. */
import type { Trade } from '../../exchange.ts';

/** `incoming` merged into `tape` (both any order): newest first, the first seen of an id kept, at most `cap`. */
export function mergeTrades(tape: readonly Trade[], incoming: readonly Trade[], cap: number): Trade[] {
  const seen = new Set<string>();
  const merged: Trade[] = [];
  for (const trade of [...tape, ...incoming]) {
    if (trade.id !== '' && seen.has(trade.id)) continue;
    seen.add(trade.id);
    merged.push(trade);
  }
  // Stable: trades of the same millisecond keep their order, later ids (venues number upwards) first.
  merged.sort((a, b) => b.timestamp - a.timestamp || compareIds(b.id, a.id));
  return merged.slice(0, cap);
}

function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return 0;
}
