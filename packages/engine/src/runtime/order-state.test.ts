import { ExchangeError, type Order } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { JournalOrder } from '../ports.ts';
import type { PairRules } from '../strategy.ts';
import { isRefusal, journalStateOf, orderUpdate } from './order-state.ts';

const rules: PairRules = { symbol: 'ETH/USDT', base: 'ETH', quote: 'USDT', pricePrecision: 2, amountPrecision: 4, minAmount: '0.0001', minNotional: '5', makerFee: '0.001', takerFee: '0.002' };
const journalled: JournalOrder = {
  robotId: 1,
  clientOrderId: 'c1',
  tag: 'bid-0',
  symbol: 'ETH/USDT',
  side: 'buy',
  price: '3000',
  amount: '1',
  timeInForce: 'GTC',
  state: 'open',
  orderNo: '11',
  filledAmount: '0.2',
  filledValue: '600',
  error: null,
  createdAt: 0,
  updatedAt: 0,
};
const venue = (over: Partial<Order>): Order => ({
  orderNo: '11',
  clientOrderId: 'c1',
  symbol: 'ETH/USDT',
  direction: 'buy',
  tradeType: 'limit',
  timeInForce: 'GTC',
  price: '3000',
  amount: '1',
  filledAmount: '0.2',
  filledValue: '600',
  status: 'partial_filled',
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

describe('order state rules', () => {
  it('tells refusals from lost answers; a duplicate id is not a refusal', () => {
    expect(isRefusal(new ExchangeError('insufficient_balance', 'no funds'))).toBe(true);
    expect(isRefusal(new ExchangeError('post_only_would_cross', 'would cross'))).toBe(true);
    expect(isRefusal(new ExchangeError('invalid_order', 'Duplicate order sent.'))).toBe(false);
    for (const kind of ['network', 'venue_error', 'rate_limited', 'order_not_found'] as const) expect(isRefusal(new ExchangeError(kind, kind))).toBe(false);
    expect(isRefusal(new Error('socket hang up'))).toBe(false);
  });

  it('maps venue statuses onto journal states; a cancel in flight stays canceling while the order rests', () => {
    expect(journalStateOf(venue({ status: 'pending' }), 'unknown')).toBe('open');
    expect(journalStateOf(venue({ status: 'partial_filled' }), 'canceling')).toBe('canceling');
    expect(journalStateOf(venue({ status: 'partial_canceled' }), 'canceling')).toBe('canceled');
    expect(journalStateOf(venue({ status: 'filled' }), 'open')).toBe('filled');
  });

  it('records the increase of the filled amount as one fill at its average price, maker fee for resting orders', () => {
    expect(orderUpdate(journalled, venue({}), rules, 5)).toBeNull();
    const update = orderUpdate(journalled, venue({ filledAmount: '0.5', filledValue: '1500.3', status: 'partial_filled' }), rules, 5)!;
    expect(update.patch).toEqual({ filledAmount: '0.5', filledValue: '1500.3', updatedAt: 5 });
    expect(update.fill).toEqual({ robotId: 1, clientOrderId: 'c1', side: 'buy', price: '3001', amount: '0.3', quoteAmount: '900.3', fee: '0.9003', filledAfter: '0.5', at: 5 });
  });

  it('uses the taker fee for IOC orders and takes the venue number and final state', () => {
    const ioc = { ...journalled, timeInForce: 'IOC' as const, state: 'unknown' as const, orderNo: null, filledAmount: '0', filledValue: '0' };
    const update = orderUpdate(ioc, venue({ filledAmount: '1', filledValue: '3000', status: 'filled' }), rules, 9)!;
    expect(update.patch).toMatchObject({ state: 'filled', orderNo: '11' });
    expect(update.fill).toMatchObject({ fee: '6', price: '3000', filledAfter: '1' });
  });
});
