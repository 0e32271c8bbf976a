import { describe, expect, it } from 'vitest';
import { balances, ownOrder, rules } from '../testing/execution-fixtures.ts';
import { capToFunds, fundsOf } from './funds.ts';
import { externalBook } from './book-price.ts';
import { withoutCrossing } from './others-book.ts';

describe('fundsOf', () => {
  it('is the available balance plus what the own open orders hold; orders in flight do not count', () => {
    const own = [
      ownOrder('b1', 'buy', '10', '2', { filledAmount: '0.5' }),
      ownOrder('a1', 'sell', '11', '3'),
      ownOrder('b2', 'buy', '9', '5', { state: 'unknown' }),
    ];
    expect(fundsOf(balances('1', '100'), own)).toEqual({ quote: '115', base: '4' });
  });
});

describe('capToFunds', () => {
  it('funds orders in the order given, cuts the first that does not fit and drops the rest', () => {
    const desired = [
      { tag: 'b1', side: 'buy' as const, price: '10', amount: '5' },
      { tag: 'a1', side: 'sell' as const, price: '11', amount: '1' },
      { tag: 'b2', side: 'buy' as const, price: '9', amount: '5' },
      { tag: 'b3', side: 'buy' as const, price: '8', amount: '0.1' },
    ];
    const { orders, left } = capToFunds(desired, { quote: '77', base: '5' }, rules);
    expect(orders).toEqual([desired[0], desired[1], { ...desired[2], amount: '3' }]);
    expect(left).toEqual({ quote: '0', base: '4' });
  });

  it('drops a cut order under the minimum order value', () => {
    const { orders } = capToFunds([{ tag: 'b1', side: 'buy', price: '10', amount: '5' }], { quote: '4.99', base: '0' }, rules);
    expect(orders).toEqual([]);
  });
});

describe('externalBook (as the follow bots use it)', () => {
  it('takes the own orders out of the book, level by level', () => {
    const book = { symbol: 'X', timestamp: 0, bids: [['10', '3'], ['9', '1']] as [string, string][], asks: [['11.0', '2']] as [string, string][] };
    const own = [ownOrder('b1', 'buy', '9', '1'), ownOrder('a1', 'sell', '11', '2', { filledAmount: '0.5' })];
    const others = externalBook(book, own);
    expect(others.bids).toEqual([['10', '3']]);
    expect(others.asks).toEqual([['11.0', '0.5']]);
    expect(withoutCrossing([{ tag: 'x', side: 'buy', price: '11', amount: '1' }, { tag: 'y', side: 'sell', price: '10.5', amount: '1' }], others)).toEqual([
      { tag: 'y', side: 'sell', price: '10.5', amount: '1' },
    ]);
  });
});
