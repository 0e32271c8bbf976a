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
    const taken = mine.get(parse(level[0]));
    if (taken === undefined) out.push(level);
    else if (compare(level[1], taken) > 0) out.push([level[0], minus(level[1], taken)]);
  }
  return out;
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
