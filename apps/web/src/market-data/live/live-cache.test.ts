import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE_FIGURES } from '@makerdesk/contract';
import type { Order, OrderBook, Price, PublicTrade, Wallet } from '../types';
import { cacheChangesFor, parseLiveMessage, type CacheChange } from './live-cache';

/** A stand-in for the query cache: data by serialized key. */
function applyAll(changes: CacheChange[], cache: Map<string, unknown>): string[] {
  const invalidated: string[] = [];
  for (const change of changes) {
    const key = JSON.stringify(change.queryKey);
    if (change.kind === 'set') cache.set(key, change.update(cache.get(key)));
    else invalidated.push(key);
  }
  return invalidated;
}
const k = (...parts: unknown[]) => JSON.stringify(['trading', 1, ...parts]);

const order = (orderNo: string, status: Order['status'], filledAmount = '0.00000'): Order => ({
  orderNo,
  clientOrderId: 'MDmanual1',
  source: { kind: 'manual', robotId: null, robotName: null },
  symbol: 'BTC/USDT',
  price: '60000.00',
  amount: '0.01000',
  direction: 'buy',
  tradeType: 'limit',
  filledAmount,
  filledValue: '0',
  status,
  createdAt: 1,
  updatedAt: 2,
});
const trade = (id: string, price: string): PublicTrade => ({ id, price, amount: '0.001', side: 'buy', timestamp: Number(id) });
const price: Price = { symbol: 'BTC/USDT', last: '1', bid: '1', ask: '2', reference: '1.5' };

function message(raw: unknown) {
  const parsed = parseLiveMessage(raw);
  if (!parsed) throw new Error('not a live message');
  return parsed;
}

describe('live messages into the query cache', () => {
  it('replaces the book and moves the best prices of the ticker', () => {
    const cache = new Map<string, unknown>([
      [k('book'), { symbol: 'BTC/USDT', bids: [], asks: [], timestamp: 1 } satisfies OrderBook],
      [k('price'), price],
    ]);
    applyAll(cacheChangesFor(message({ type: 'book', coinId: 1, data: { bids: [['100.00', '1.0']], asks: [['101.00', '2.0']], timestamp: 5 } })), cache);
    expect(cache.get(k('book'))).toEqual({ symbol: 'BTC/USDT', bids: [['100.00', '1.0']], asks: [['101.00', '2.0']], timestamp: 5 });
    expect(cache.get(k('price'))).toMatchObject({ bid: '100.00', ask: '101.00', last: '1', reference: '1.5' });
  });

  it('puts new trades first without duplicates and sets the last price', () => {
    const cache = new Map<string, unknown>([
      [k('trades'), [trade('2', '10'), trade('1', '9')]],
      [k('price'), price],
    ]);
    applyAll(cacheChangesFor(message({ type: 'trades', coinId: 1, data: [trade('3', '12'), trade('2', '10')] })), cache);
    expect((cache.get(k('trades')) as PublicTrade[]).map((t) => t.id)).toEqual(['3', '2', '1']);
    expect(cache.get(k('price'))).toMatchObject({ last: '12' });
  });

  it('keeps an open order in the open list and moves a closed one to history', () => {
    const cache = new Map<string, unknown>([
      [k('open-orders'), [order('A', 'pending')]],
      [k('history-orders'), []],
    ]);
    applyAll(cacheChangesFor(message({ type: 'order', coinId: 1, data: order('B', 'pending') })), cache);
    expect((cache.get(k('open-orders')) as Order[]).map((o) => o.orderNo)).toEqual(['B', 'A']);

    const invalidated = applyAll(cacheChangesFor(message({ type: 'order', coinId: 1, data: order('A', 'partial_filled', '0.00500') })), cache);
    expect((cache.get(k('open-orders')) as Order[]).map((o) => [o.orderNo, o.status])).toEqual([
      ['B', 'pending'],
      ['A', 'partial_filled'],
    ]);
    expect(invalidated).toEqual([k('my-trades')]);

    applyAll(cacheChangesFor(message({ type: 'order', coinId: 1, data: order('B', 'canceled') })), cache);
    expect((cache.get(k('open-orders')) as Order[]).map((o) => o.orderNo)).toEqual(['A']);
    expect((cache.get(k('history-orders')) as Order[]).map((o) => [o.orderNo, o.status])).toEqual([['B', 'canceled']]);
  });

  it('refills the wallet from pushed balances', () => {
    const bal = (asset: string, available: string, frozen = '0') => ({ asset, available, frozen, total: available });
    const cache = new Map<string, unknown>([[k('wallet'), { base: bal('BTC', '2'), quote: bal('USDT', '100000'), balances: [] } satisfies Wallet]]);
    applyAll(cacheChangesFor(message({ type: 'balances', coinId: 1, data: [bal('USDT', '99400', '600'), bal('BTC', '2'), bal('ETH', '40')] })), cache);
    expect(cache.get(k('wallet'))).toEqual({
      base: bal('BTC', '2'),
      quote: bal('USDT', '99400', '600'),
      balances: [bal('USDT', '99400', '600'), bal('BTC', '2'), bal('ETH', '40')],
    });
  });

  it('shows a pushed bot activity at once and fetches the list again for its figures', () => {
    const runtime = (activity: 'active' | 'throttled', openOrders: number) => ({ ...EMPTY_LIVE_FIGURES, activity, lastTickAt: 1, nextTickAt: 2, consecutiveFailures: 0, throttledUntil: null, openOrders });
    const robots = JSON.stringify(['robots', 1, 'list']);
    const cache = new Map<string, unknown>([[robots, [{ id: 3, runtime: runtime('active', 4) }, { id: 4, runtime: runtime('active', 2) }]]]);
    const invalidated = applyAll(cacheChangesFor(message({ type: 'robots', coinId: 1, data: [{ id: 3, runtime: runtime('throttled', 0) }] })), cache);
    expect(cache.get(robots)).toEqual([{ id: 3, runtime: runtime('throttled', 0) }, { id: 4, runtime: runtime('active', 2) }]);
    expect(invalidated).toEqual([robots]);
  });

  it('leaves queries that never loaded alone', () => {
    const cache = new Map<string, unknown>();
    applyAll(cacheChangesFor(message({ type: 'order', coinId: 1, data: order('A', 'pending') })), cache);
    expect(cache.get(k('open-orders'))).toBeUndefined();
  });

  it('ignores malformed or unknown messages', () => {
    expect(parseLiveMessage({ type: 'book', coinId: 1, data: { bids: 'x' } })).toBeNull();
    expect(parseLiveMessage({ type: 'order', data: order('A', 'pending') })).toBeNull();
    expect(parseLiveMessage({ type: 'mystery' })).toBeNull();
    expect(parseLiveMessage('ready')).toBeNull();
    expect(parseLiveMessage({ type: 'error', code: 2030006, msg: 'API key not found' })).toEqual({ type: 'error', code: 2030006, msg: 'API key not found' });
    expect(cacheChangesFor({ type: 'subscribed', coinId: 1 })).toEqual([]);
  });
});
