import { add } from '@makerdesk/decimal';
import type { BookLevel } from '@makerdesk/exchange';

/** The levels of one side, best first, up to the first one outside (`inside` false). */
export function levelsWithin(levels: readonly BookLevel[], inside: (price: string) => boolean): BookLevel[] {
  const out: BookLevel[] = [];
  for (const level of levels) {
    if (!inside(level[0])) break;
    out.push(level);
  }
  return out;
}

export function totalAmount(levels: readonly BookLevel[]): string {
  return levels.reduce((sum, [, amount]) => add(sum, amount), '0');
}
