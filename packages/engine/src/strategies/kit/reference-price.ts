import { add, decimalsOf, div, mul, round, sign } from '@makerdesk/decimal';
import type { OrderBook } from '@makerdesk/exchange';
import { referenceKey, type ReferenceBooks } from '../../strategy.ts';

/**
 * Reference prices of the follow modes, from the books read on other platforms or pairs. Every
 * function answers null when a price cannot be had (a source missing this tick, an empty or
 * one-sided book), so the caller stays put instead of quoting around a guess.
 */

/** Decimals kept by inexact steps (1 / price, the ratio): far below any pair's price step. */
export const REFERENCE_DECIMALS = 18;

export interface SourceRef {
  platform: string;
  symbol: string;
}

/** (best bid + best ask) / 2, exact; null unless both sides have a positive price. */
export function bookMid(book: OrderBook | undefined): string | null {
  const bid = book?.bids[0]?.[0];
  const ask = book?.asks[0]?.[0];
  if (bid === undefined || ask === undefined || sign(bid) <= 0 || sign(ask) <= 0) return null;
  return div(add(bid, ask), '2', { decimals: Math.max(decimalsOf(bid), decimalsOf(ask)) + 1, rounding: 'half-even' });
}

/** The mid, or the only side's best price of a one-sided book, or null for an empty one. */
export function touchPrice(book: OrderBook): string | null {
  return bookMid(book) ?? book.bids[0]?.[0] ?? book.asks[0]?.[0] ?? null;
}

export function sourceMid(references: ReferenceBooks, source: SourceRef): string | null {
  return bookMid(references[referenceKey(source)]);
}

/** price × ratio, at REFERENCE_DECIMALS. */
export function mapPrice(price: string, ratio: string): string {
  return round(mul(price, ratio), REFERENCE_DECIMALS, 'half-even');
}

export interface ComboLeg extends SourceRef {
  use: 'price' | 'inverse';
}

/** Π over the legs of mid (or 1 / mid for an inverse leg); null when any leg has no mid. */
export function comboPrice(legs: readonly ComboLeg[], references: ReferenceBooks): string | null {
  let product = '1';
  for (const leg of legs) {
    const mid = sourceMid(references, leg);
    if (mid === null) return null;
    const factor = leg.use === 'inverse' ? div('1', mid, { decimals: REFERENCE_DECIMALS, rounding: 'half-even' }) : mid;
    product = round(mul(product, factor), REFERENCE_DECIMALS, 'half-even');
  }
  return sign(product) > 0 ? product : null;
}

export interface BasketComponent extends SourceRef {
  weight: string;
}

/** Σ weight × mid over the components; null when any component has no mid. */
export function basketPrice(components: readonly BasketComponent[], references: ReferenceBooks): string | null {
  let sum = '0';
  for (const component of components) {
    const mid = sourceMid(references, component);
    if (mid === null) return null;
    sum = add(sum, mul(component.weight, mid));
  }
  return sign(sum) > 0 ? round(sum, REFERENCE_DECIMALS, 'half-even') : null;
}

/** The distinct sources of a list, in first-seen order (a combo may read one pair twice). */
export function distinctSources(sources: readonly SourceRef[]): SourceRef[] {
  const seen = new Map<string, SourceRef>();
  for (const s of sources) if (!seen.has(referenceKey(s))) seen.set(referenceKey(s), { platform: s.platform, symbol: s.symbol });
  return [...seen.values()];
}
