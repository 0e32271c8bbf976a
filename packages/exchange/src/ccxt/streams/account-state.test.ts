import { describe, expect, it } from 'vitest';
import type { Order } from '../../exchange.ts';
import { AccountState, mergeOrder } from './account-state.ts';

function order(patch: Partial<Order> = {}): Order {
  return {
    orderNo: '1',
    clientOrderId: 'c1',
    symbol: 'BTC/USDT',
    direction: 'buy',
    tradeType: 'limit',
    timeInForce: 'GTC',
    price: '100',
    amount: '3',
    filledAmount: '0',
    filledValue: '0',
    status: 'pending',
    createdAt: 1000,
    updatedAt: 1000,
    ...patch,
  };
}

describe('mergeOrder', () => {
  it('never opens a closed order again, and keeps the larger fill with its value', () => {
    const canceled = order({ status: 'partial_canceled', filledAmount: '1', filledValue: '100', updatedAt: 3000 });
    const staleOpen = order({ status: 'partial_filled', filledAmount: '1', filledValue: '100', updatedAt: 2000 });
    expect(mergeOrder(canceled, staleOpen)).toMatchObject({ status: 'partial_canceled', filledAmount: '1', updatedAt: 3000 });
    const filled = order({ status: 'filled', filledAmount: '3', filledValue: '300' });
    expect(mergeOrder(filled, order())).toMatchObject({ status: 'filled', filledAmount: '3', filledValue: '300' });
  });

  it('a fill told after a cancel answer without it: closed, with the fill', () => {
    const cancelAnswer = order({ status: 'canceled', filledAmount: '0' });
    const lateFill = order({ status: 'partial_filled', filledAmount: '2', filledValue: '200' });
    expect(mergeOrder(cancelAnswer, lateFill)).toMatchObject({ status: 'partial_canceled', filledAmount: '2', filledValue: '200' });
    const allFilled = order({ status: 'partial_filled', filledAmount: '3', filledValue: '300' });
    expect(mergeOrder(cancelAnswer, allFilled).status).toBe('filled');
  });

  it('the filled amount never decreases while open', () => {
    const partly = order({ status: 'partial_filled', filledAmount: '2', filledValue: '200' });
    expect(mergeOrder(partly, order({ status: 'pending' }))).toMatchObject({ status: 'partial_filled', filledAmount: '2', filledValue: '200' });
    expect(mergeOrder(order(), partly)).toMatchObject({ status: 'partial_filled', filledAmount: '2' });
  });

  it('keeps the client order id it knew when a report has none', () => {
    expect(mergeOrder(order(), order({ clientOrderId: null })).clientOrderId).toBe('c1');
  });
});

describe('AccountState', () => {
  it('open orders of a pair are answered once reconciled, until a gap', () => {
    const state = new AccountState();
    state.applyOrder(order());
    expect(state.openOrders('BTC/USDT')).toBeNull();
    state.reconcileOpenOrders('BTC/USDT', [order(), order({ orderNo: '2', clientOrderId: 'c2', createdAt: 2000 })], state.mark());
    expect(state.openOrders('BTC/USDT')!.map((o) => o.orderNo)).toEqual(['1', '2']);
    expect(state.openOrders('ETH/USDT')).toBeNull();
    state.gap();
    expect(state.openOrders('BTC/USDT')).toBeNull();
    expect(state.knownOpen('BTC/USDT')).toHaveLength(2);
  });

  it('a closed order leaves the open set and is found by number and client id', () => {
    const state = new AccountState();
    state.reconcileOpenOrders('BTC/USDT', [order()], state.mark());
    state.applyOrder(order({ status: 'filled', filledAmount: '3', filledValue: '300' }));
    expect(state.openOrders('BTC/USDT')).toEqual([]);
    expect(state.order('1')?.status).toBe('filled');
    expect(state.orderByClientId('c1')?.status).toBe('filled');
    expect(state.isClosed('1')).toBe(true);
  });

  it('a reconciliation answers the orders known before it that it no longer lists, not those placed during it', () => {
    const state = new AccountState();
    state.reconcileOpenOrders('BTC/USDT', [order()], state.mark());
    const started = state.mark();
    // Placed while the read was under way: the read cannot list it.
    state.applyOrder(order({ orderNo: '2', clientOrderId: 'c2' }));
    const left = state.reconcileOpenOrders('BTC/USDT', [], started);
    expect(left.map((o) => o.orderNo)).toEqual(['1']);
    state.forget('1', started);
    expect(state.openOrders('BTC/USDT')!.map((o) => o.orderNo)).toEqual(['2']);
  });

  it('a read that lists an order the stream closed meanwhile does not open it again', () => {
    const state = new AccountState();
    state.reconcileOpenOrders('BTC/USDT', [order()], state.mark());
    const started = state.mark();
    state.applyOrder(order({ status: 'canceled' }));
    state.reconcileOpenOrders('BTC/USDT', [order()], started);
    expect(state.openOrders('BTC/USDT')).toEqual([]);
    expect(state.order('1')?.status).toBe('canceled');
  });

  it('a balance read keeps what the stream told after it started, drops assets it does not list', () => {
    const state = new AccountState();
    state.applyBalances([{ asset: 'ETH', available: '1', frozen: '0', total: '1' }]);
    expect(state.balances()).toBeNull();
    const started = state.mark();
    state.applyBalances([{ asset: 'BTC', available: '2', frozen: '1', total: '3' }]);
    state.reconcileBalances(
      [
        { asset: 'BTC', available: '5', frozen: '0', total: '5' },
        { asset: 'USDT', available: '10', frozen: '0', total: '10' },
      ],
      started,
    );
    expect(state.balances()).toEqual([
      { asset: 'BTC', available: '2', frozen: '1', total: '3' },
      { asset: 'USDT', available: '10', frozen: '0', total: '10' },
    ]);
    // An asset that emptied is not listed.
    state.applyBalances([{ asset: 'USDT', available: '0', frozen: '0', total: '0' }]);
    expect(state.balances()!.map((b) => b.asset)).toEqual(['BTC']);
  });

  it('keeps a bounded number of closed orders', () => {
    const state = new AccountState({ closedLimit: 2 });
    for (const no of ['1', '2', '3']) state.applyOrder(order({ orderNo: no, clientOrderId: `c${no}`, status: 'canceled' }));
    expect(state.order('1')).toBeNull();
    expect(state.orderByClientId('c1')).toBeNull();
    expect(state.order('3')?.status).toBe('canceled');
  });
});
