import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExchangeError, SimConfigError, type Order, type OrderBook } from '@makerdesk/exchange';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalClusterBus } from '../bus/cluster-bus.ts';
import { RemoteSimVenue } from './remote-sim-venue.ts';
import { EventCoalescer } from './sim-event-relay.ts';
import { decodeCancelReplace, decodeError, encodeCancelReplace, encodeError, readCall, SeenNonces, signCall, signedHeaders, verifyCall } from './sim-wire.ts';

const key = Buffer.alloc(32, 7);

/** The error a call rejects with; a call that resolves fails the test. */
async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err as ExchangeError,
  );
}

describe('signed calls', () => {
  const body = '{"op":"pairs","args":[]}';
  const now = 1_700_000_000_000;

  const nonce = '0123456789abcdef0123456789abcdef';
  const signed = (ts: string, n = nonce, k = key, b = body) => ({ timestamp: ts, nonce: n, signature: signCall(k, ts, n, b) });

  it('accepts the signature of the body at a timestamp and nonce within 30 s, and nothing else', () => {
    const ts = String(now);
    expect(verifyCall(key, signed(ts), body, now)).toBe(true);
    expect(verifyCall(key, signed(ts), body, now + 30_000)).toBe(true);
    expect(verifyCall(key, signed(ts), body, now + 30_001)).toBe(false);
    expect(verifyCall(key, signed(ts), body, now - 30_001)).toBe(false);
    expect(verifyCall(key, signed(ts), `${body} `, now)).toBe(false);
    expect(verifyCall(key, { ...signed(ts), timestamp: String(now + 1) }, body, now)).toBe(false);
    expect(verifyCall(key, { ...signed(ts), nonce: 'fedcba9876543210fedcba9876543210' }, body, now)).toBe(false);
    expect(verifyCall(Buffer.alloc(32, 8), signed(ts), body, now)).toBe(false);
    expect(verifyCall(key, { ...signed(ts), timestamp: undefined }, body, now)).toBe(false);
    expect(verifyCall(key, { ...signed(ts), nonce: undefined }, body, now)).toBe(false);
    expect(verifyCall(key, { ...signed(ts), signature: 'zz' }, body, now)).toBe(false);
    expect(verifyCall(key, signed('1e12'), body, now)).toBe(false);
    expect(verifyCall(key, signed(ts, 'short'), body, now)).toBe(false);
  });

  it('signed headers carry a new nonce each time, so a call sent twice is signed twice', () => {
    const first = signedHeaders(key, body, now);
    const second = signedHeaders(key, body, now);
    expect(first['x-makerdesk-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(second['x-makerdesk-nonce']).not.toBe(first['x-makerdesk-nonce']);
    expect(second['x-makerdesk-signature']).not.toBe(first['x-makerdesk-signature']);
    const read = (h: Record<string, string>) => ({ timestamp: h['x-makerdesk-timestamp'], nonce: h['x-makerdesk-nonce'], signature: h['x-makerdesk-signature'] });
    expect(verifyCall(key, read(first), body, now)).toBe(true);
    expect(verifyCall(key, read(second), body, now)).toBe(true);
  });
});

describe('SeenNonces', () => {
  it('answers a nonce once while it is kept, and forgets it once it and every older one have expired', () => {
    const seen = new SeenNonces();
    expect(seen.use('a', 1_060, 1_000)).toBe('first');
    expect(seen.use('a', 1_060, 1_030)).toBe('replayed');
    expect(seen.use('b', 1_040, 1_030)).toBe('first');
    // 'b' expired but sits behind 'a', which has not: both kept, 'b' still refused.
    expect(seen.use('b', 1_100, 1_050)).toBe('replayed');
    expect(seen.size).toBe(2);
    // Past both expiries: forgotten (their timestamps are stale by then, so the signature check refuses them anyway).
    expect(seen.use('c', 1_200, 1_061)).toBe('first');
    expect(seen.size).toBe(1);
    expect(seen.use('a', 1_200, 1_062)).toBe('first');
  });

  it('refuses new calls past its bound instead of forgetting a nonce early', () => {
    const seen = new SeenNonces(2);
    expect(seen.use('a', 2_000, 1_000)).toBe('first');
    expect(seen.use('b', 2_000, 1_000)).toBe('first');
    expect(seen.use('c', 2_000, 1_000)).toBe('full');
    expect(seen.use('a', 2_000, 1_000)).toBe('replayed');
    expect(seen.use('c', 3_000, 2_001)).toBe('first');
  });
});

describe('calls', () => {
  it('reads only the operations it serves; account operations need a key', () => {
    expect(readCall({ op: 'placeOrder', apiKey: 'k', args: [{}] })).toEqual({ op: 'placeOrder', apiKey: 'k', args: [{}] });
    expect(readCall({ op: 'placeOrder', args: [{}] })).toBeUndefined();
    expect(readCall({ op: 'snapshot', args: [] })).toBeUndefined();
    expect(readCall({ op: 'step', args: [] })).toBeUndefined();
    expect(readCall({ op: 'pairs' })).toBeUndefined();
    expect(readCall({ op: 'pairs', args: [], apiKey: '' })).toBeUndefined();
    expect(readCall(null)).toBeUndefined();
  });
});

describe('errors across servers', () => {
  it('an ExchangeError comes back with its kind, message and params', () => {
    const back = decodeError(JSON.parse(JSON.stringify(encodeError(new ExchangeError('rate_limited', 'Too many requests', { retryAfterMs: 500 })))));
    expect(back).toBeInstanceOf(ExchangeError);
    expect(back).toMatchObject({ kind: 'rate_limited', message: 'Too many requests', params: { retryAfterMs: 500 } });
    for (const kind of ['insufficient_balance', 'order_not_found', 'order_closed', 'min_notional', 'invalid_order', 'network'] as const) {
      expect((decodeError(encodeError(new ExchangeError(kind, 'x'))) as ExchangeError).kind).toBe(kind);
    }
  });

  it('a cancel-replace result crosses with its orders and each part’s refusal as the same ExchangeError', () => {
    const order = { orderNo: '7', clientOrderId: 'c', symbol: 'BTC/USDT', direction: 'buy' as const, tradeType: 'limit' as const, timeInForce: 'GTC' as const, price: '1', amount: '1', filledAmount: '0', filledValue: '0', status: 'canceled' as const, createdAt: 1, updatedAt: 2 };
    const refusal = new ExchangeError('insufficient_balance', 'Insufficient balance.', { asset: 'USDT' });
    const back = decodeCancelReplace(JSON.parse(JSON.stringify(encodeCancelReplace({ canceled: { ok: true, order }, placed: { ok: false, error: refusal } }))));
    expect(back.canceled).toEqual({ ok: true, order });
    expect(back.placed?.ok).toBe(false);
    if (back.placed?.ok === false) {
      expect(back.placed.error).toBeInstanceOf(ExchangeError);
      expect(back.placed.error).toMatchObject({ kind: 'insufficient_balance', message: 'Insufficient balance.', params: { asset: 'USDT' } });
    }
    const stopped = decodeCancelReplace(JSON.parse(JSON.stringify(encodeCancelReplace({ canceled: { ok: false, error: new ExchangeError('order_closed', 'closed') }, placed: null }))));
    expect(stopped).toMatchObject({ canceled: { ok: false, error: { kind: 'order_closed' } }, placed: null });
  });

  it('a SimConfigError stays one (pair administration reads it); anything else is a venue_error, never a refusal', () => {
    expect(decodeError(encodeError(new SimConfigError('bad price')))).toBeInstanceOf(SimConfigError);
    const other = decodeError(encodeError(new Error('journal write failed')));
    expect(other).toBeInstanceOf(ExchangeError);
    expect((other as ExchangeError).kind).toBe('venue_error');
    expect(other.message).toContain('journal write failed');
    expect((decodeError({ kind: 'made_up', message: 'm', params: {} }) as ExchangeError).kind).toBe('venue_error');
  });
});

describe('EventCoalescer', () => {
  const book = (price: string): OrderBook => ({ symbol: 'BTC/USDT', bids: [[price, '1']], asks: [], timestamp: 1 });
  const trade = (id: string) => ({ id, symbol: 'BTC/USDT', price: '1', amount: '1', side: 'buy' as const, timestamp: 1 });
  const order = (orderNo: string, status: Order['status']): Order => ({
    orderNo,
    clientOrderId: null,
    symbol: 'BTC/USDT',
    direction: 'buy',
    tradeType: 'limit',
    timeInForce: 'GTC',
    price: '1',
    amount: '1',
    filledAmount: '0',
    filledValue: '0',
    status,
    createdAt: 1,
    updatedAt: 1,
  });

  it('keeps the latest book, each trade once newest first, the latest state of each order and of each account’s balances', () => {
    const c = new EventCoalescer();
    c.add('k1', { type: 'book', symbol: 'BTC/USDT', book: book('10') });
    c.add('k1', { type: 'trades', symbol: 'BTC/USDT', trades: [trade('2'), trade('1')] });
    // The same public events reach the relay through every account listening to the pair.
    c.add('k2', { type: 'trades', symbol: 'BTC/USDT', trades: [trade('2'), trade('1')] });
    c.add('k2', { type: 'book', symbol: 'BTC/USDT', book: book('11') });
    c.add('k1', { type: 'trades', symbol: 'BTC/USDT', trades: [trade('3')] });
    c.add('k1', { type: 'order', symbol: 'BTC/USDT', order: order('7', 'pending') });
    c.add('k1', { type: 'order', symbol: 'BTC/USDT', order: order('7', 'filled') });
    c.add('k1', { type: 'balances', balances: [{ asset: 'BTC', available: '1', frozen: '0', total: '1' }] });
    c.add('k1', { type: 'balances', balances: [{ asset: 'BTC', available: '2', frozen: '0', total: '2' }] });
    const batches = c.take();
    expect(batches).toEqual([
      { symbol: 'BTC/USDT', orders: [{ apiKey: 'k1', order: order('7', 'filled') }], trades: [trade('3'), trade('2'), trade('1')], book: book('11') },
      { balances: [{ apiKey: 'k1', balances: [{ asset: 'BTC', available: '2', frozen: '0', total: '2' }] }] },
    ]);
    expect(c.take()).toEqual([]);
  });
});

describe('RemoteSimVenue without an answer', () => {
  let server: Server | undefined;
  let remote: RemoteSimVenue | undefined;
  afterEach(async () => {
    await remote?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  function venue(url: string | undefined, asked: string[]) {
    remote = new RemoteSimVenue({
      key,
      bus: new LocalClusterBus(),
      timeoutMs: 150,
      holderUrl: async () => {
        asked.push(url ?? '');
        return url;
      },
    });
    return remote;
  }

  const request = { symbol: 'BTC/USDT', direction: 'buy' as const, tradeType: 'limit' as const, price: '1', amount: '1', clientOrderId: 'md-1' };

  it('a placement the holder never answers is a lost answer (network), sent once; a read is tried again at a holder read again', async () => {
    server = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let requests = 0;
    server.on('request', () => requests++);
    const asked: string[] = [];
    const account = venue(url, asked).account('k');
    const lost = await failure(account.placeOrder(request));
    expect(lost).toBeInstanceOf(ExchangeError);
    expect(lost.kind).toBe('network');
    expect(requests).toBe(1);
    const read = await failure(account.fetchBalances());
    expect(read.kind).toBe('network');
    expect(requests).toBe(3);
    expect(asked).toEqual([url, url, url]);
  });

  it('no holder, or a holder that is not listening: network', async () => {
    const none = await failure(venue(undefined, []).account('k').placeOrder(request));
    expect(none).toMatchObject({ kind: 'network', message: 'No server runs the simulator at the moment' });
    await remote?.close();
    const refused = await failure(venue('http://127.0.0.1:1', []).referencePrice('BTC/USDT'));
    expect(refused.kind).toBe('network');
  });
});
