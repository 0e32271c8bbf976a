import type { DepthLevel, OrderStatus, OrderType, StpMode, TimeInForce } from './types.ts';

/** The engine's live record of an order; while resting it is a node of its price level's FIFO list. */
export class OrderNode {
  readonly id: number;
  readonly account: string;
  readonly isBuy: boolean;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  readonly postOnly: boolean;
  readonly stp: StpMode;
  /** Ticks; ±Infinity for market orders so every level crosses. */
  readonly limit: number;
  /** Original lots (a quote-amount market buy sets it to what it bought once done). */
  qty: number;
  readonly quoteQty: bigint | null;
  /** Lots still to fill: resting quantity for a resting order. */
  remaining: number;
  filledQty = 0;
  filledQuote = 0n;
  canceledQty = 0;
  status: OrderStatus = 'pending';
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;

  constructor(
    id: number,
    account: string,
    isBuy: boolean,
    type: OrderType,
    timeInForce: TimeInForce,
    postOnly: boolean,
    stp: StpMode,
    limit: number,
    qty: number,
    quoteQty: bigint | null,
  ) {
    this.id = id;
    this.account = account;
    this.isBuy = isBuy;
    this.type = type;
    this.timeInForce = timeInForce;
    this.postOnly = postOnly;
    this.stp = stp;
    this.limit = limit;
    this.qty = qty;
    this.quoteQty = quoteQty;
    this.remaining = qty;
  }
}

/** All orders resting at one price, oldest first. */
export class PriceLevel {
  readonly price: number;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  orders = 0;
  /** Lots resting here; the engine refuses orders that would take it past 2^53 - 1. */
  qty = 0;

  constructor(price: number) {
    this.price = price;
  }
}

/**
 * One side of the book: price levels in an array sorted worst → best, so the best level sits at
 * the end where it is read, popped and grown in O(1); a map finds any level by price. New levels
 * are binary-searched in, and most land near the top of the book where the splice is short.
 */
export class BookSide {
  readonly isBid: boolean;
  private readonly levels: PriceLevel[] = [];
  private readonly byPrice = new Map<number, PriceLevel>();
  /** Lots resting on this side, or Infinity once that sum has passed 2^53 - 1. */
  private total = 0;

  constructor(isBid: boolean) {
    this.isBid = isBid;
  }

  /** The best level, or undefined when the side is empty. */
  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  get levelCount(): number {
    return this.levels.length;
  }

  /** True when resting `qty` more lots at `price` would take that level past 2^53 - 1 lots. */
  wouldOverflow(price: number, qty: number): boolean {
    const room = Number.MAX_SAFE_INTEGER - qty;
    // The side total bounds every level, which spares the lookup in all realistic books.
    return this.total > room && (this.byPrice.get(price)?.qty ?? 0) > room;
  }

  /** Queues `order` at the back of the level of its limit price. */
  append(order: OrderNode): void {
    const price = order.limit;
    let level = this.byPrice.get(price);
    if (level === undefined) {
      level = new PriceLevel(price);
      this.byPrice.set(price, level);
      this.insertLevel(level);
    }
    order.level = level;
    order.prev = level.tail;
    order.next = null;
    if (level.tail === null) level.head = order;
    else level.tail.next = order;
    level.tail = order;
    level.orders += 1;
    level.qty += order.remaining;
    // Past 2^53 the sum would stop being exact: saturate, and every check looks the level up.
    this.total += order.remaining;
    if (this.total > Number.MAX_SAFE_INTEGER) this.total = Number.POSITIVE_INFINITY;
  }

  /** Unlinks a resting order, dropping its level when it empties. */
  remove(order: OrderNode): void {
    const level = order.level;
    if (level === null) return;
    if (order.prev === null) level.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) level.tail = order.prev;
    else order.next.prev = order.prev;
    order.prev = null;
    order.next = null;
    order.level = null;
    level.orders -= 1;
    level.qty -= order.remaining;
    this.total -= order.remaining;
    if (level.orders === 0) this.dropLevel(level);
  }

  /** Takes `qty` lots off a resting order that stays in the book. */
  reduce(order: OrderNode, qty: number): void {
    order.remaining -= qty;
    if (order.level !== null) {
      order.level.qty -= qty;
      this.total -= qty;
    }
  }

  /** Up to `limit` levels, best first. */
  depth(limit: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < limit; i--) {
      const level = this.levels[i] as PriceLevel;
      out.push({ price: level.price, qty: level.qty, orders: level.orders });
    }
    return out;
  }

  /** Resting orders, best level first and oldest first within a level. */
  *orders(): Generator<OrderNode> {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      for (let order = (this.levels[i] as PriceLevel).head; order !== null; order = order.next) yield order;
    }
  }

  private better(a: number, b: number): boolean {
    return this.isBid ? a > b : a < b;
  }

  private insertLevel(level: PriceLevel): void {
    const levels = this.levels;
    const top = levels[levels.length - 1];
    if (top === undefined || this.better(level.price, top.price)) {
      levels.push(level);
      return;
    }
    let lo = 0;
    let hi = levels.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better((levels[mid] as PriceLevel).price, level.price)) hi = mid;
      else lo = mid + 1;
    }
    levels.splice(lo, 0, level);
  }

  private dropLevel(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      levels.pop();
      return;
    }
    let lo = 0;
    let hi = levels.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(level.price, (levels[mid] as PriceLevel).price)) lo = mid + 1;
      else hi = mid;
    }
    // lo is the first level not worse than `level`, i.e. `level` itself.
    levels.splice(lo, 1);
  }
}
