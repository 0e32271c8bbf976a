import { describe, expect, it } from 'vitest';
import { BookSide, OrderNode } from './order-book.ts';

let nextId = 1;
function node(price: number, qty: number, isBuy: boolean): OrderNode {
  return new OrderNode(nextId++, 'a', isBuy, 'limit', 'GTC', false, 'cancel_taker', price, qty, null);
}

function ids(side: BookSide): number[] {
  return [...side.orders()].map((order) => order.id);
}

describe('BookSide', () => {
  it('keeps bid levels best (highest) first whatever order they arrive in', () => {
    const bids = new BookSide(true);
    for (const price of [100, 103, 101, 99, 102, 101]) bids.append(node(price, 1, true));
    expect(bids.depth(10).map((level) => [level.price, level.qty, level.orders])).toEqual([
      [103, 1, 1],
      [102, 1, 1],
      [101, 2, 2],
      [100, 1, 1],
      [99, 1, 1],
    ]);
    expect(bids.best()?.price).toBe(103);
    expect(bids.depth(2).map((level) => level.price)).toEqual([103, 102]);
  });

  it('keeps ask levels best (lowest) first', () => {
    const asks = new BookSide(false);
    for (const price of [100, 103, 101, 99, 102]) asks.append(node(price, 2, false));
    expect(asks.depth(10).map((level) => level.price)).toEqual([99, 100, 101, 102, 103]);
    expect(asks.best()?.price).toBe(99);
  });

  it('queues orders FIFO within a level and unlinks head, middle and tail', () => {
    const asks = new BookSide(false);
    const [a, b, c, d] = [node(100, 1, false), node(100, 2, false), node(100, 3, false), node(100, 4, false)] as const;
    for (const order of [a, b, c, d]) asks.append(order);
    expect(ids(asks)).toEqual([a.id, b.id, c.id, d.id]);
    asks.remove(b);
    expect(ids(asks)).toEqual([a.id, c.id, d.id]);
    asks.remove(a);
    asks.remove(d);
    expect(ids(asks)).toEqual([c.id]);
    expect(asks.best()).toMatchObject({ price: 100, qty: 3, orders: 1 });
    expect(c.prev).toBeNull();
    expect(c.next).toBeNull();
    asks.append(a);
    expect(ids(asks)).toEqual([c.id, a.id]);
  });

  it('drops a level when it empties, at the top or deep in the book', () => {
    const bids = new BookSide(true);
    const orders = [100, 101, 102, 103, 104].map((price) => node(price, 5, true));
    for (const order of orders) bids.append(order);
    bids.remove(orders[4] as OrderNode);
    bids.remove(orders[1] as OrderNode);
    bids.remove(orders[0] as OrderNode);
    expect(bids.depth(10).map((level) => level.price)).toEqual([103, 102]);
    expect(bids.levelCount).toBe(2);
    bids.append(node(101, 1, true));
    expect(bids.depth(10).map((level) => level.price)).toEqual([103, 102, 101]);
    expect(bids.remove(orders[0] as OrderNode)).toBeUndefined();
  });

  it('tracks the resting quantity of a level through partial reductions', () => {
    const asks = new BookSide(false);
    const a = node(100, 10, false);
    const b = node(100, 5, false);
    asks.append(a);
    asks.append(b);
    asks.reduce(a, 4);
    expect(a.remaining).toBe(6);
    expect(asks.best()?.qty).toBe(11);
    asks.remove(a);
    expect(asks.best()?.qty).toBe(5);
  });
});
