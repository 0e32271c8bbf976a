/**
 * Diff-depth bookkeeping, as Binance documents it for spot: each event carries the levels that
 * changed (quantity 0: gone) and the range of update ids it covers, `U` the first and `u` the last;
 * the next event's `U` is this one's `u + 1`. A client takes a REST snapshot (`lastUpdateId`),
 * drops events with `u <= lastUpdateId`, starts from the one with `U <= lastUpdateId + 1 <= u` and
 * applies every later one.
 */
import type { BookLevel, OrderBook } from '../../exchange.ts';

export interface DepthUpdate {
  /** First update id covered (the previous event's `u` + 1). */
  U: number;
  /** Last update id covered: the book's update id after the event. */
  u: number;
  bids: BookLevel[];
  asks: BookLevel[];
}

/**
 * The levels of `next` that differ from `previous`: new or changed quantities, and removed prices
 * with quantity "0". Prices are compared as the venue writes them (one spelling per price).
 */
export function changedLevels(previous: readonly BookLevel[], next: readonly BookLevel[]): BookLevel[] {
  const before = new Map(previous.map(([price, qty]) => [price, qty]));
  const changes: BookLevel[] = [];
  for (const [price, qty] of next) {
    if (before.get(price) !== qty) changes.push([price, qty]);
    before.delete(price);
  }
  for (const price of before.keys()) changes.push([price, '0']);
  return changes;
}

/**
 * The update from one state of a book to a later one: undefined when `next` is not later (an answer
 * that came back out of order) or carries no update id.
 */
export function depthUpdate(previous: OrderBook & { updateId: number }, next: OrderBook): DepthUpdate | undefined {
  if (next.updateId === undefined || next.updateId <= previous.updateId) return undefined;
  return { U: previous.updateId + 1, u: next.updateId, bids: changedLevels(previous.bids, next.bids), asks: changedLevels(previous.asks, next.asks) };
}

/**
 * Updates held for a slower stream (`@depth`, once a second) and sent as one: the first `U`, the
 * last `u`, each price at its latest quantity.
 */
export class DepthUpdateBuffer {
  private first: number | undefined;
  private last = 0;
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();

  add(update: DepthUpdate): void {
    if (this.first === undefined) this.first = update.U;
    else if (update.U !== this.last + 1) throw new Error(`depth updates out of sequence: ${update.U} after ${this.last}`);
    this.last = update.u;
    for (const [price, qty] of update.bids) this.bids.set(price, qty);
    for (const [price, qty] of update.asks) this.asks.set(price, qty);
  }

  /** The merged update, emptying the buffer; undefined when nothing came. */
  take(): DepthUpdate | undefined {
    if (this.first === undefined) return undefined;
    const update: DepthUpdate = { U: this.first, u: this.last, bids: [...this.bids], asks: [...this.asks] };
    this.first = undefined;
    this.bids.clear();
    this.asks.clear();
    return update;
  }
}
