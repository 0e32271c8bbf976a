import { add, compare, div, minus, mul, parse, sign } from '@makerdesk/decimal';
import type { BookLevel, OrderBook, Side } from '@makerdesk/exchange';
import type { AccountOrder, MarketSnapshot, OwnOrder } from '../../strategy.ts';

/** An order resting on the book, as far as taking it off its level goes. */
export type RestingAmount = Pick<OwnOrder, 'side' | 'price' | 'amount' | 'filledAmount'>;

/**
 * The book without the bot's own orders: what a new order of the bot would meet. Each own order's
 * remaining amount is taken off its price level, and levels left empty are dropped. The makers-only
 * checks read this book (an order of the desk's other bots is still there to be met); where the
 * market is, the quoting types read `deskBook`.
 */
export function externalBook(book: OrderBook, own: readonly RestingAmount[]): OrderBook {
  return bookWithout(book, own);
}

/**
 * The book without `orders`: each order's remaining amount is taken off its price level (never
 * below zero), and levels left empty are dropped.
 */
export function bookWithout(book: OrderBook, orders: readonly RestingAmount[]): OrderBook {
  return { ...book, bids: withoutOwn(book.bids, orders, 'buy'), asks: withoutOwn(book.asks, orders, 'sell') };
}

/**
 * The desk's own resting orders on the pair: the account's (every bot of the key, manual orders)
 * when the tick read them, plus the bot's own orders the read does not show (one in flight, or no
 * read at all), each once (by client order id).
 */
export function deskOrders(accountOrders: readonly AccountOrder[] | undefined, own: readonly OwnOrder[]): RestingAmount[] {
  if (!accountOrders) return [...own];
  const listed = new Set<string>();
  for (const o of accountOrders) if (o.clientOrderId !== null) listed.add(o.clientOrderId);
  return [...accountOrders, ...own.filter((o) => !listed.has(o.clientOrderId))];
}

/**
 * The book as the rest of the market makes it: the desk's own resting orders (`deskOrders`) taken
 * off. A bot that read its own quotes, or its sister bots' on the same key, as the market would chase
 * them: each placement moves the mid the next bot sees (issue 19's churn). Without the account's
 * orders in the snapshot, only the bot's own are taken off.
 */
export function deskBook(market: Pick<MarketSnapshot, 'book' | 'accountOrders'>, own: readonly OwnOrder[]): OrderBook {
  return bookWithout(market.book, deskOrders(market.accountOrders, own));
}

function withoutOwn(levels: readonly BookLevel[], own: readonly RestingAmount[], side: Side): BookLevel[] {
  const mine = new Map<string, string>();
  for (const o of own) {
    if (o.side !== side) continue;
    const left = remaining(o);
    if (sign(left) <= 0) continue;
    const key = parse(o.price);
    mine.set(key, add(mine.get(key) ?? '0', left));
  }
  if (mine.size === 0) return [...levels];
  const out: BookLevel[] = [];
  for (const level of levels) {
    // A level's price written the canonical way is its own key; only other spellings need parsing.
    const taken = mine.get(isCanonical(level[0]) ? level[0] : parse(level[0]));
    if (taken === undefined) out.push(level);
    else if (compare(level[1], taken) > 0) out.push([level[0], minus(level[1], taken)]);
  }
  return out;
}

/**
 * True when `text` is already what parse() returns for it: plain digits, an optional '-' before a
 * nonzero value, no leading zeros, and a fractional part without trailing zeros. A cheap scan that
 * saves parsing every level of every book read.
 */
export function isCanonical(text: string): boolean {
  const length = text.length;
  // Long texts go through parse(), which also checks the range.
  if (length > 40) return false;
  let i = text.charCodeAt(0) === 45 ? 1 : 0; // '-'
  if (i === length) return false;
  let c = text.charCodeAt(i);
  if (c === 48) {
    // '0' alone (not '-0'), or '0.' followed by a fraction.
    if (i + 1 === length) return i === 0;
    if (text.charCodeAt(i + 1) !== 46) return false;
  }
  let point = -1;
  let nonzero = false;
  for (; i < length; i++) {
    c = text.charCodeAt(i);
    if (c === 46) {
      if (point >= 0) return false;
      point = i;
    } else if (c >= 48 && c <= 57) {
      if (c !== 48) nonzero = true;
    } else {
      return false;
    }
  }
  if (point < 0) return true;
  const last = text.charCodeAt(length - 1);
  return point > (text.charCodeAt(0) === 45 ? 1 : 0) && point < length - 1 && last !== 48 && nonzero;
}

/** What is left of an order on the book. */
export function remaining(order: Pick<OwnOrder, 'amount' | 'filledAmount'>): string {
  const left = minus(order.amount, order.filledAmount);
  return sign(left) > 0 ? left : '0';
}

export function bestBid(book: OrderBook): string | null {
  return book.bids[0]?.[0] ?? null;
}

export function bestAsk(book: OrderBook): string | null {
  return book.asks[0]?.[0] ?? null;
}

/** (best bid + best ask) / 2, exact; null when a side is empty. */
export function midPrice(book: OrderBook): string | null {
  const bid = bestBid(book);
  const ask = bestAsk(book);
  return bid === null || ask === null ? null : mul(add(bid, ask), '0.5');
}

/** (ask − bid) / mid, the spread as a fraction of the mid, at 12 decimals; null when a side is empty. */
export function spreadFraction(book: OrderBook): string | null {
  const bid = bestBid(book);
  const ask = bestAsk(book);
  const mid = midPrice(book);
  if (bid === null || ask === null || mid === null || sign(mid) <= 0) return null;
  return div(minus(ask, bid), mid, { decimals: 12, rounding: 'down' });
}

/**
 * The price to quote around: the mid of the book without the desk's own orders (`deskBook`), else
 * the last one the bot quoted around (a one-sided or empty book has no mid), else none.
 */
export function quoteReference(market: Pick<MarketSnapshot, 'book' | 'accountOrders'>, own: readonly OwnOrder[], last: string | null): string | null {
  return midPrice(deskBook(market, own)) ?? last;
}
