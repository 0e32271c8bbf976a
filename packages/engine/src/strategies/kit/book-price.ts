import { add, compare, div, minus, mul, parse, sign } from '@makerdesk/decimal';
import type { BookLevel, OrderBook, Side } from '@makerdesk/exchange';
import type { OwnOrder } from '../../strategy.ts';

/**
 * The book as the rest of the market makes it: each of the bot's own orders' remaining amount is
 * taken off its price level, and levels left empty are dropped. A bot that read its own quotes as
 * the market would chase itself (depth near) or never see the spread it must close (depth spread).
 */
export function externalBook(book: OrderBook, own: readonly OwnOrder[]): OrderBook {
  return { ...book, bids: withoutOwn(book.bids, own, 'buy'), asks: withoutOwn(book.asks, own, 'sell') };
}

function withoutOwn(levels: readonly BookLevel[], own: readonly OwnOrder[], side: Side): BookLevel[] {
  const mine = new Map<string, string>();
  for (const o of own) {
    if (o.side !== side) continue;
    const key = parse(o.price);
    mine.set(key, add(mine.get(key) ?? '0', remaining(o)));
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
 * The price to quote around: the external book's mid, else the last one the bot quoted around
 * (a one-sided or empty book has no mid), else none.
 */
export function quoteReference(book: OrderBook, own: readonly OwnOrder[], last: string | null): string | null {
  return midPrice(externalBook(book, own)) ?? last;
}
