import { describe, expect, it } from 'vitest';
import type { MyTrade, Order } from '../../exchange.ts';
import { changedLevels, depthUpdate, DepthUpdateBuffer } from './depth-diffs.ts';
import { ListenKeys } from './listen-keys.ts';
import { parseStreamName, streamsOfUrl } from './stream-names.ts';
import { parseStreamRequest } from './stream-requests.ts';
import { AccountPositions, ExecutionReports } from './user-events.ts';
import { wsApiSignedPayload } from './ws-api-requests.ts';

describe('stream names', () => {
  it('reads the streams served, with their speeds and sizes', () => {
    expect(parseStreamName('btcusdt@depth')).toEqual({ kind: 'depth', symbol: 'BTCUSDT', speed: 1000 });
    expect(parseStreamName('btcusdt@depth@100ms')).toEqual({ kind: 'depth', symbol: 'BTCUSDT', speed: 100 });
    expect(parseStreamName('ethusdt@depth10@100ms')).toEqual({ kind: 'partialDepth', symbol: 'ETHUSDT', levels: 10, speed: 100 });
    expect(parseStreamName('ethusdt@depth5')).toEqual({ kind: 'partialDepth', symbol: 'ETHUSDT', levels: 5, speed: 1000 });
    expect(parseStreamName('btcusdt@trade')).toEqual({ kind: 'trade', symbol: 'BTCUSDT' });
    expect(parseStreamName('btcusdt@bookTicker')).toEqual({ kind: 'bookTicker', symbol: 'BTCUSDT' });
    for (const bad of ['BTCUSDT@trade', 'btcusdt@depth7', 'btcusdt@depth@250ms', 'btcusdt', '0', 'btcusdt@aggTrade ']) expect(parseStreamName(bad), bad).toBeUndefined();
  });

  it('opens the streams a URL names, and none for ccxt’s connection index', () => {
    expect(streamsOfUrl('/btcusdt@trade', new URLSearchParams())).toEqual(['btcusdt@trade']);
    expect(streamsOfUrl('', new URLSearchParams('streams=btcusdt@trade/ethusdt@depth@100ms/nope'))).toEqual(['btcusdt@trade', 'ethusdt@depth@100ms']);
    expect(streamsOfUrl('/0', new URLSearchParams())).toEqual([]);
  });
});

describe('diff-depth bookkeeping', () => {
  const book = (updateId: number, bids: [string, string][], asks: [string, string][]) => ({ symbol: 'BTC/USDT', bids, asks, timestamp: 0, updateId });

  it('tells changed, new and removed levels (quantity 0)', () => {
    expect(changedLevels([['10', '1'], ['9', '2']], [['10', '1.5'], ['8', '3']])).toEqual([['10', '1.5'], ['8', '3'], ['9', '0']]);
    expect(changedLevels([['10', '1']], [['10', '1']])).toEqual([]);
  });

  it('covers the update ids since the previous book: U is the previous u + 1', () => {
    const a = book(100, [['10', '1']], [['11', '1']]);
    const b = book(104, [['10', '2']], []);
    expect(depthUpdate(a, b)).toEqual({ U: 101, u: 104, bids: [['10', '2']], asks: [['11', '0']] });
    expect(depthUpdate(b, a)).toBeUndefined();
    expect(depthUpdate(a, { ...b, updateId: undefined })).toBeUndefined();
  });

  it('merges updates for a slower stream: first U, last u, latest quantity per price; refuses a gap', () => {
    const buffer = new DepthUpdateBuffer();
    expect(buffer.take()).toBeUndefined();
    buffer.add({ U: 101, u: 104, bids: [['10', '2']], asks: [['11', '0']] });
    buffer.add({ U: 105, u: 105, bids: [['10', '0'], ['9', '1']], asks: [] });
    expect(buffer.take()).toEqual({ U: 101, u: 105, bids: [['10', '0'], ['9', '1']], asks: [['11', '0']] });
    expect(buffer.take()).toBeUndefined();
    buffer.add({ U: 106, u: 107, bids: [], asks: [] });
    expect(() => buffer.add({ U: 109, u: 110, bids: [], asks: [] })).toThrow(/out of sequence/);
  });
});

describe('stream requests', () => {
  it('parses SUBSCRIBE, LIST_SUBSCRIPTIONS and the combined property, and answers Binance’s errors', () => {
    expect(parseStreamRequest('{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":1}')).toEqual({ request: { method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1 } });
    expect(parseStreamRequest('{"method":"LIST_SUBSCRIPTIONS","id":3}')).toEqual({ request: { method: 'LIST_SUBSCRIPTIONS', id: 3 } });
    expect(parseStreamRequest('{"method":"SET_PROPERTY","params":["combined",true],"id":5}')).toEqual({ request: { method: 'SET_PROPERTY', property: 'combined', value: true, id: 5 } });
    expect(parseStreamRequest('{"method":"SET_PROPERTY","params":["combined","yes"],"id":5}')).toEqual({ error: { code: 1, msg: 'Invalid value type: expected Boolean', id: 5 } });
    expect(parseStreamRequest('{"method":"GET_PROPERTY","params":["other"],"id":5}')).toEqual({ error: { code: 0, msg: 'Unknown property', id: 5 } });
    expect(parseStreamRequest('{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":"x"}')).toEqual({ error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' } });
    expect(parseStreamRequest('{"params":[],"id":1}')).toMatchObject({ error: { code: 2 } });
    expect(parseStreamRequest('{"method":"SUBSCRIBED","id":1}')).toMatchObject({ error: { code: 2 } });
    expect(parseStreamRequest('{bad')).toMatchObject({ error: { code: 3 } });
  });
});

const order = (over: Partial<Order> = {}): Order => ({
  orderNo: '42',
  clientOrderId: 'c-1',
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
  ...over,
});
const fill = (id: string, amount: string, timestamp: number): MyTrade => ({ id, symbol: 'BTC/USDT', price: '100', amount, side: 'buy', timestamp, orderNo: '42', fee: '0.001', feeAsset: 'BTC', liquidity: 'maker' });

describe('execution reports', () => {
  it('NEW once, a TRADE per fill with the running totals, then the ending', () => {
    const reports = new ExecutionReports(500);
    const created = reports.update(order(), [], 1001);
    expect(created.map((r) => [r.x, r.X, r.z, r.i, r.c, r.S, r.o, r.f, r.w])).toEqual([['NEW', 'NEW', '0.00000000', 42, 'c-1', 'BUY', 'LIMIT', 'GTC', true]]);
    const partly = reports.update(order({ filledAmount: '1', filledValue: '100', status: 'partial_filled' }), [fill('7', '1', 1100)], 1101);
    expect(partly.map((r) => [r.x, r.X, r.l, r.z, r.L, r.n, r.N, r.t, r.m, r.Z, r.Y])).toEqual([
      ['TRADE', 'PARTIALLY_FILLED', '1.00000000', '1.00000000', '100.00000000', '0.00100000', 'BTC', 7, true, '100.00000000', '100.00000000'],
    ]);
    // The same update again tells nothing new.
    expect(reports.update(order({ filledAmount: '1', filledValue: '100', status: 'partial_filled' }), [fill('7', '1', 1100)], 1102)).toEqual([]);
    const canceled = reports.update(order({ filledAmount: '1', filledValue: '100', status: 'partial_canceled', updatedAt: 1200 }), [fill('7', '1', 1100)], 1201);
    expect(canceled.map((r) => [r.x, r.X, r.z, r.T])).toEqual([['CANCELED', 'CANCELED', '1.00000000', 1200]]);
    expect(reports.size).toBe(0);
  });

  it('an order seen first already filled: NEW, then each fill, the last FILLED; an IOC remainder EXPIRED', () => {
    const reports = new ExecutionReports(500);
    const filled = reports.update(order({ filledAmount: '3', filledValue: '300', status: 'filled' }), [fill('9', '2', 1002), fill('8', '1', 1001)], 1003);
    expect(filled.map((r) => [r.x, r.X, r.t, r.z])).toEqual([
      ['NEW', 'NEW', -1, '0.00000000'],
      ['TRADE', 'PARTIALLY_FILLED', 8, '1.00000000'],
      ['TRADE', 'FILLED', 9, '3.00000000'],
    ]);
    const ioc = reports.update(order({ orderNo: '43', timeInForce: 'IOC', status: 'canceled' }), [], 1004);
    expect(ioc.map((r) => [r.x, r.X])).toEqual([
      ['NEW', 'NEW'],
      ['EXPIRED', 'EXPIRED'],
    ]);
  });

  it('an order from before the stream started: no NEW again, its old fills counted but not reported', () => {
    const reports = new ExecutionReports(2000);
    const later = reports.update(order({ filledAmount: '2', filledValue: '200', status: 'partial_filled' }), [fill('7', '1', 1500), fill('8', '1', 2100)], 2101);
    expect(later.map((r) => [r.x, r.t, r.l, r.z])).toEqual([['TRADE', 8, '1.00000000', '2.00000000']]);
  });

  it('account positions: only the assets that changed', () => {
    const positions = new AccountPositions([{ asset: 'BTC', available: '1', frozen: '0', total: '1' }]);
    expect(positions.update([{ asset: 'BTC', available: '1', frozen: '0', total: '1' }], 5)).toBeUndefined();
    expect(
      positions.update(
        [
          { asset: 'BTC', available: '0.5', frozen: '0.5', total: '1' },
          { asset: 'USDT', available: '10', frozen: '0', total: '10' },
        ],
        6,
      ),
    ).toEqual({ e: 'outboundAccountPosition', E: 6, u: 6, B: [{ a: 'BTC', f: '0.50000000', l: '0.50000000' }, { a: 'USDT', f: '10.00000000', l: '0.00000000' }] });
  });
});

describe('listen keys', () => {
  it('one per API key, extended by creating again or keepalive, gone after 60 minutes or when closed', () => {
    const keys = new ListenKeys();
    const key = keys.create('k1', 0);
    expect(keys.create('k1', 1000)).toBe(key);
    expect(keys.create('k2', 1000)).not.toBe(key);
    expect(keys.owner(key, 1000 + 3_599_999)).toBe('k1');
    expect(keys.owner(key, 1000 + 3_600_000)).toBeUndefined();
    const next = keys.create('k1', 4_000_000);
    expect(next).not.toBe(key);
    keys.keepAlive('k1', next, 4_000_000 + 3_000_000);
    expect(keys.owner(next, 4_000_000 + 3_600_001)).toBe('k1');
    expect(() => keys.keepAlive('k2', next, 4_000_000 + 3_600_001)).toThrow('This listenKey does not exist.');
    keys.close('k1', next, 8_000_000);
    expect(keys.owner(next, 8_000_000)).toBeUndefined();
    expect(() => keys.close('k1', next, 8_000_000)).toThrow(expect.objectContaining({ code: -1125 }));
  });
});

describe('WebSocket API signatures', () => {
  it('cover every parameter but the signature, sorted by name', () => {
    expect(wsApiSignedPayload({ timestamp: 5, apiKey: 'k', signature: 'abc', recvWindow: 100 })).toEqual({ payload: 'apiKey=k&recvWindow=100&timestamp=5', signature: 'abc' });
    expect(wsApiSignedPayload({ apiKey: 'k' }).signature).toBeUndefined();
  });
});
