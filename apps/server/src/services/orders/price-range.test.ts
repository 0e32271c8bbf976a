import type { Order } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { ordersInRange } from './price-range.ts';

function order(orderNo: string, price: string | null, direction: 'buy' | 'sell' = 'buy'): Order {
  return { orderNo, clientOrderId: null, symbol: 'BTC/USDT', direction, tradeType: price ? 'limit' : 'market', timeInForce: 'GTC', price, amount: '1', filledAmount: '0', filledValue: '0', status: 'pending', createdAt: 0, updatedAt: 0 };
}

describe('ordersInRange', () => {
  const book = [order('a', '99.99'), order('b', '100.00'), order('c', '100.5', 'sell'), order('d', '101.00'), order('e', '101.01'), order('m', null)];

  it('includes both ends and compares decimals exactly', () => {
    expect(ordersInRange(book, '100', '101').map((o) => o.orderNo)).toEqual(['b', 'c', 'd']);
  });

  it('filters by side', () => {
    expect(ordersInRange(book, '100', '101', 'sell').map((o) => o.orderNo)).toEqual(['c']);
  });

  it('finds nothing outside the book', () => {
    expect(ordersInRange(book, '200', '300')).toEqual([]);
  });
});
