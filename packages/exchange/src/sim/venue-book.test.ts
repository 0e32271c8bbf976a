import { describe, expect, it } from 'vitest';
import { Ledger, defineMarket } from './matching/index.ts';
import { VenueBook } from './venue-book.ts';
import { PLAIN_MARKET } from './testing/market-specs.ts';

const market = defineMarket(PLAIN_MARKET);

function setup() {
  const ledger = new Ledger();
  for (const account of ['x', 'y', 'z']) {
    ledger.deposit(account, 'B', 1_000n);
    ledger.deposit(account, 'U', 100_000n);
  }
  return { ledger, book: new VenueBook(market, ledger) };
}

describe('VenueBook', () => {
  it('tracks resting orders by the venue number and names each fill’s maker', () => {
    const { book } = setup();
    book.place('A', { type: 'limit', account: 'x', side: 'sell', price: 101, qty: 5 });
    book.place('B', { type: 'limit', account: 'y', side: 'sell', price: 100, qty: 5 });
    expect(book.priceOf('A')).toBe(101);
    expect(book.restingCount).toBe(2);
    const taken = book.place('C', { type: 'limit', account: 'z', side: 'buy', price: 101, qty: 7 });
    expect(taken.makerNos).toEqual(['B', 'A']);
    expect(book.isResting('B')).toBe(false);
    expect(book.isResting('A')).toBe(true);
    expect(book.isResting('C')).toBe(false);
    expect(book.order('A')).toMatchObject({ remainingQty: 3, status: 'partial_filled' });
    expect(book.cancel('A', 'y')).toBeUndefined();
    expect(book.cancel('A', 'x')).toMatchObject({ status: 'partial_canceled' });
    expect(book.cancel('A')).toBeUndefined();
  });

  it('rebuilds a book in the same time priority, with the same holds', () => {
    const { book, ledger } = setup();
    book.place('s1', { type: 'limit', account: 'y', side: 'sell', price: 90, qty: 5 });
    // Takes 5 at 90 and rests 5 at 100: it holds 500 + the 50 it saved.
    book.place('b1', { type: 'limit', account: 'x', side: 'buy', price: 100, qty: 10 });
    book.place('b2', { type: 'limit', account: 'y', side: 'buy', price: 100, qty: 3 });
    book.place('s2', { type: 'limit', account: 'z', side: 'sell', price: 120, qty: 4 });
    const resting = book.restingOrders();
    expect(resting).toEqual([
      { no: 'b1', account: 'x', side: 'buy', price: 100, qty: 5, hold: 550n, stp: 'cancel_taker' },
      { no: 'b2', account: 'y', side: 'buy', price: 100, qty: 3, hold: 300n, stp: 'cancel_taker' },
      { no: 's2', account: 'z', side: 'sell', price: 120, qty: 4, hold: 4n, stp: 'cancel_taker' },
    ]);

    const copyLedger = new Ledger();
    for (const account of ledger.accounts()) {
      for (const [asset, balance] of ledger.balances(account)) copyLedger.deposit(account, asset, balance.available + balance.frozen);
    }
    const copy = new VenueBook(market, copyLedger);
    for (const order of resting) copy.restore(order);
    expect(copy.restingOrders()).toEqual(resting);
    for (const account of ledger.accounts()) expect(copyLedger.balances(account)).toEqual(ledger.balances(account));

    // Time priority survived: b1 fills before b2 at the same price.
    const sold = copy.place('s3', { type: 'limit', account: 'z', side: 'sell', price: 100, qty: 6 });
    expect(sold.makerNos).toEqual(['b1', 'b2']);
    // b1 left the book: its extra 50 came back with the rest of its hold.
    expect(copyLedger.balance('x', 'U')).toEqual({ available: 100_000n - 950n, frozen: 0n });
  });

  it('refuses to restore an order that would cross, or with a hold that cannot be right', () => {
    const { book } = setup();
    book.restore({ no: 'a', account: 'x', side: 'sell', price: 100, qty: 1, hold: 1n, stp: 'cancel_taker' });
    const order = { account: 'y', qty: 1, stp: 'cancel_taker' } as const;
    expect(() => book.restore({ ...order, no: 'b', side: 'buy', price: 100, hold: 100n })).toThrow(/cross/);
    expect(() => book.restore({ ...order, no: 'a', side: 'sell', price: 100, hold: 1n })).toThrow(/twice/);
    expect(() => book.restore({ ...order, no: 'c', side: 'sell', price: 101, hold: 2n })).toThrow(/holds/);
    expect(() => book.restore({ ...order, no: 'd', side: 'buy', price: 90, hold: 80n })).toThrow(/holds/);
  });
});
