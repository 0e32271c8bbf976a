/**
 * The simulator's Binance API as a Binance client finds it, on the whole server with the console
 * built (so the single-page app's fallback is there to get in the way): ccxt's real `binance`
 * class, configured as the README says, with a key imported in the console. What a spot bot calls
 * beyond the basics: fill-or-kill orders, editOrder (cancelReplace), fees and commission, order
 * counts, the wallet's status, old trades, market limits, self-trade prevention in every answer.
 */
import { createHmac } from 'node:crypto';
import ccxt, { type binance as Binance } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimBinanceServer } from '../testing/sim-binance-fixture.ts';
import type { TestApp } from '../testing/test-app.ts';

const API_KEY = 'clients-sim-key';
const SECRET = 'clients-sim-secret';
const SYMBOL = 'BTC/USDT';

let t: TestApp;
let origin: string;
let sim: string;
let binance: Binance;

beforeAll(async () => {
  const server = await startSimBinanceServer();
  ({ t, origin, sim } = server);
  await server.importKey(API_KEY, SECRET, SYMBOL);

  // As the README configures it.
  binance = new ccxt.binance({
    apiKey: API_KEY,
    secret: SECRET,
    urls: { api: { public: `${sim}/api/v3`, private: `${sim}/api/v3`, sapi: `${sim}/sapi/v1` } },
    options: { fetchMarkets: { types: ['spot'] } },
  });
  await binance.loadMarkets();
});
afterAll(() => t.close());

/** A signed request built by hand (form body for POST), for answers ccxt turns into exceptions. */
async function signed(method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string>) {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', SECRET).update(query).digest('hex');
  const payload = `${query}&signature=${signature}`;
  const res =
    method === 'POST'
      ? await fetch(`${sim}/api/v3/${path}`, { method, headers: { 'X-MBX-APIKEY': API_KEY, 'content-type': 'application/x-www-form-urlencoded' }, body: payload })
      : await fetch(`${sim}/api/v3/${path}?${payload}`, { method, headers: { 'X-MBX-APIKEY': API_KEY } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> } };
}

async function errorOf(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => undefined,
    (err: unknown) => err,
  );
}

/** The asks of the book up to `limit` (inclusive), in lots of 0.00001 BTC. */
async function lotsUpTo(limit: number): Promise<number> {
  const book = await binance.fetchOrderBook(SYMBOL, 1000);
  return book.asks.filter(([price]) => price! <= limit).reduce((sum, [, amount]) => sum + Math.round(amount! * 1e5), 0);
}

describe('paths the API does not serve', () => {
  it('answer Binance’s 404 JSON for every method, never the console’s page', async () => {
    const console = await fetch(`${origin}/dashboard`);
    expect(await console.text()).toContain('<title>MakerDesk</title>');

    for (const path of ['/api/v3/nowhere', '/api/v3/ticker/tradingDay', '/api/v3/myPreventedMatches', '/sapi/v1/nowhere', '/api/v1/ping', '/x', '']) {
      for (const method of ['GET', 'POST', 'DELETE', 'PUT']) {
        const res = await fetch(`${sim}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('content-type'), `${method} ${path}`).toContain('application/json');
        expect(await res.json()).toEqual({ code: -1000, msg: 'Not found.' });
      }
      expect((await fetch(`${sim}${path}`, { method: 'HEAD' })).status).toBe(404);
    }
  });
});

describe('what a spot bot calls', () => {
  it('the wallet’s system status', async () => {
    expect(await binance.fetchStatus()).toMatchObject({ status: 'ok' });
    expect(await (await fetch(`${sim}/sapi/v1/system/status`)).json()).toEqual({ status: 0, msg: 'normal' });
  });

  it('old trades from an id, as recent trades show them', async () => {
    const recent = await binance.fetchTrades(SYMBOL, undefined, 1000, { fetchTradesMethod: 'publicGetTrades' });
    expect(recent.length).toBeGreaterThan(4);
    const from = recent[recent.length - 4]!;
    const old = await binance.fetchTrades(SYMBOL, undefined, 2, { fetchTradesMethod: 'publicGetHistoricalTrades', fromId: from.id });
    expect(old.map((trade) => trade.id)).toEqual(recent.slice(-4, -2).map((trade) => trade.id));
    const latest = await binance.fetchTrades(SYMBOL, undefined, 3, { fetchTradesMethod: 'publicGetHistoricalTrades' });
    expect(latest.map((trade) => [trade.id, trade.price, trade.amount])).toEqual(recent.slice(-3).map((trade) => [trade.id, trade.price, trade.amount]));
  });

  it('trading fees and the account’s commission rates', async () => {
    expect(await binance.fetchTradingFee(SYMBOL)).toMatchObject({ symbol: SYMBOL, maker: 0.001, taker: 0.001 });
    const commission = await binance.privateGetAccountCommission({ symbol: 'BTCUSDT' });
    expect(commission).toEqual({
      symbol: 'BTCUSDT',
      standardCommission: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
      specialCommission: { maker: '0.00000000', taker: '0.00000000', buyer: '0.00000000', seller: '0.00000000' },
      taxCommission: { maker: '0.00000000', taker: '0.00000000', buyer: '0.00000000', seller: '0.00000000' },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0.00000000' },
    });
    expect(await errorOf(binance.privateGetAccountCommission({}))).toBeInstanceOf(ccxt.BadRequest);
  });

  it('market limits with real maxima, enforced as published', async () => {
    const market = binance.market(SYMBOL);
    expect(market.limits.price).toEqual({ min: 0.01, max: 90071992547409.91 });
    expect(market.limits.amount).toEqual({ min: 0.00001, max: 90071992547.40991 });
    const filters = (market.info as { filters: { filterType: string; maxPrice?: string; maxQty?: string }[] }).filters;
    expect(filters.find((f) => f.filterType === 'PRICE_FILTER')?.maxPrice).toBe('90071992547409.91000000');
    const tooHigh = await signed('POST', 'order/test', { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: '90071992547409.92' });
    expect(tooHigh).toEqual({ status: 400, body: { code: -1013, msg: 'Filter failure: PRICE_FILTER' } });
  });
});

describe('fill-or-kill limit orders', () => {
  it('fill entirely at once across levels', async () => {
    const book = await binance.fetchOrderBook(SYMBOL, 5);
    const limit = book.asks[2]![0]!;
    const lots = (await lotsUpTo(limit)) - 1;
    const order = await binance.createOrder(SYMBOL, 'limit', 'buy', lots / 1e5, limit, { timeInForce: 'FOK' });
    expect(order).toMatchObject({ status: 'closed', timeInForce: 'FOK', filled: lots / 1e5, remaining: 0 });
    expect((order.info as { status: string }).status).toBe('FILLED');
    expect(order.trades.length).toBeGreaterThanOrEqual(3);
  });

  it('expire having filled nothing and touched nothing when the book holds less than they ask', async () => {
    const book = await binance.fetchOrderBook(SYMBOL, 5);
    const limit = book.asks[1]![0]!;
    const lots = (await lotsUpTo(limit)) + 1;
    const before = await binance.fetchOrderBook(SYMBOL, 50);
    const balance = (await binance.fetchBalance()).USDT;
    const order = await binance.createOrder(SYMBOL, 'limit', 'buy', lots / 1e5, limit, { timeInForce: 'FOK' });
    expect(order).toMatchObject({ status: 'expired', timeInForce: 'FOK', filled: 0, trades: [] });
    expect((await binance.fetchOrder(order.id!, SYMBOL)).status).toBe('expired');
    expect((await binance.fetchOrderBook(SYMBOL, 50)).asks).toEqual(before.asks);
    expect((await binance.fetchBalance()).USDT).toEqual(balance);
    expect(await binance.fetchOpenOrders(SYMBOL)).toEqual([]);
  });
});

describe('editOrder: Binance’s cancelReplace', () => {
  it('replaces a resting order in one step', async () => {
    const bid = (await binance.fetchOrderBook(SYMBOL, 1)).bids[0]![0]!;
    const first = await binance.createOrder(SYMBOL, 'limit', 'buy', 0.002, bid - 300);
    const edited = await binance.editOrder(first.id!, SYMBOL, 'limit', 'buy', 0.003, bid - 200);
    expect(edited).toMatchObject({ status: 'open', price: bid - 200, amount: 0.003 });
    expect(edited.id).not.toBe(first.id);
    expect((await binance.fetchOrder(first.id!, SYMBOL)).status).toBe('canceled');
    expect((await binance.fetchOpenOrders(SYMBOL)).map((o) => [o.id, o.price, o.amount])).toEqual([[edited.id, bid - 200, 0.003]]);
    const usdt = (await binance.fetchBalance()).USDT!;
    expect(usdt.used).toBeCloseTo((bid - 200) * 0.003, 6);
    await binance.cancelOrder(edited.id!, SYMBOL);
  });

  it('answers each outcome with Binance’s codes, statuses and parts', async () => {
    const bid = (await binance.fetchOrderBook(SYMBOL, 1)).bids[0]![0]!;
    const ask = (await binance.fetchOrderBook(SYMBOL, 1)).asks[0]![0]!;
    const resting = await binance.createOrder(SYMBOL, 'limit', 'buy', 0.002, bid - 300);
    const newOrder = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.002', price: (bid - 250).toFixed(2) };

    // The cancel fails and STOP_ON_FAILURE places nothing.
    const stopped = await signed('POST', 'order/cancelReplace', { ...newOrder, cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: '999999999' });
    expect(stopped).toEqual({
      status: 400,
      body: {
        code: -2022,
        msg: 'Order cancel-replace failed.',
        data: { cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED', cancelResponse: { code: -2011, msg: 'Unknown order sent.' }, newOrderResponse: null },
      },
    });
    // The cancel succeeds, the new order would take: 409, the order is canceled all the same.
    const partly = await signed('POST', 'order/cancelReplace', {
      ...newOrder,
      type: 'LIMIT_MAKER',
      timeInForce: '',
      price: (ask + 1).toFixed(2),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: resting.id!,
      cancelNewClientOrderId: 'cancelMine1',
    });
    expect(partly.status).toBe(409);
    expect(partly.body).toMatchObject({ code: -2021, msg: 'Order cancel-replace partially failed.' });
    expect(partly.body.data).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'FAILURE',
      cancelResponse: { orderId: Number(resting.id), clientOrderId: 'cancelMine1', status: 'CANCELED', selfTradePreventionMode: 'EXPIRE_TAKER' },
      newOrderResponse: { code: -2010, msg: 'Order would immediately match and take.' },
    });
    expect((await binance.fetchOrder(resting.id!, SYMBOL)).status).toBe('canceled');
    // The cancel fails, ALLOW_FAILURE places the new order anyway: 409.
    const allowed = await signed('POST', 'order/cancelReplace', { ...newOrder, cancelReplaceMode: 'ALLOW_FAILURE', cancelOrigClientOrderId: 'never-sent', newOrderRespType: 'ACK' });
    expect(allowed.status).toBe(409);
    expect(allowed.body.data).toMatchObject({ cancelResult: 'FAILURE', newOrderResult: 'SUCCESS', cancelResponse: { code: -2011, msg: 'Unknown order sent.' } });
    const placedId = String((allowed.body.data!.newOrderResponse as { orderId: number }).orderId);
    expect((await binance.fetchOrder(placedId, SYMBOL)).status).toBe('open');
    // Both fail under ALLOW_FAILURE: 400.
    const both = await signed('POST', 'order/cancelReplace', { ...newOrder, quantity: '100', cancelReplaceMode: 'ALLOW_FAILURE', cancelOrderId: resting.id! });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({
      code: -2022,
      data: { cancelResult: 'FAILURE', newOrderResult: 'FAILURE', newOrderResponse: { code: -2010, msg: 'Account has insufficient balance for requested action.' } },
    });
    // A filter failure is a plain error, and nothing happens.
    const filtered = await signed('POST', 'order/cancelReplace', { ...newOrder, quantity: '0.000001', cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: placedId });
    expect(filtered).toEqual({ status: 400, body: { code: -1013, msg: 'Filter failure: LOT_SIZE' } });
    expect((await binance.fetchOrder(placedId, SYMBOL)).status).toBe('open');
    const missing = await signed('POST', 'order/cancelReplace', newOrder);
    expect(missing.body).toEqual({ code: -1102, msg: "Mandatory parameter 'cancelReplaceMode' was not sent, was empty/null, or malformed." });
    await binance.cancelAllOrders(SYMBOL);
    expect(await errorOf(binance.editOrder('999999999', SYMBOL, 'limit', 'buy', 0.002, bid - 300))).toBeInstanceOf(ccxt.ExchangeError);
  });
});

describe('answers as Binance gives them', () => {
  it('selfTradePreventionMode in order results, queries, open orders and cancels', async () => {
    const bid = (await binance.fetchOrderBook(SYMBOL, 1)).bids[0]![0]!;
    const mode = (order: { info: unknown }) => (order.info as { selfTradePreventionMode?: string }).selfTradePreventionMode;
    const order = await binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, bid - 400);
    expect(mode(order)).toBe('EXPIRE_TAKER');
    expect(mode(await binance.fetchOrder(order.id!, SYMBOL))).toBe('EXPIRE_TAKER');
    expect((await binance.fetchOpenOrders(SYMBOL)).map(mode)).toEqual(['EXPIRE_TAKER']);
    expect(mode(await binance.cancelOrder(order.id!, SYMBOL))).toBe('EXPIRE_TAKER');
    expect((await binance.fetchOrders(SYMBOL)).every((o) => mode(o) === 'EXPIRE_TAKER')).toBe(true);
    const other = await errorOf(binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, bid - 400, { selfTradePreventionMode: 'EXPIRE_MAKER' }));
    expect(other).toBeInstanceOf(ccxt.ExchangeError);
    expect(String(other)).toContain('This symbol does not allow the specified self-trade prevention mode.');
  });

  it('counts the orders placed in Binance’s ORDERS windows', async () => {
    const counts = (await binance.privateGetRateLimitOrder()) as { interval: string; intervalNum: number; limit: number; count: number }[];
    expect(counts.map(({ interval, intervalNum, limit }) => [interval, intervalNum, limit])).toEqual([
      ['SECOND', 10, 100],
      ['DAY', 1, 200000],
    ]);
    const day = counts[1]!.count;
    // This file's orders so far (unless UTC midnight passed since): two FOK, two for editOrder, six in the outcomes, one STP.
    expect(day).toBeGreaterThan(0);
    const bid = (await binance.fetchOrderBook(SYMBOL, 1)).bids[0]![0]!;
    const order = await binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, bid - 400);
    await binance.cancelOrder(order.id!, SYMBOL);
    const after = (await binance.privateGetRateLimitOrder()) as { count: number }[];
    expect(after[1]!.count).toBe(day + 1);
    expect(after[0]!.count).toBeGreaterThanOrEqual(1);
  });

  it('takes a timestamp in microseconds and a recvWindow with decimals', async () => {
    const micros = `${Date.now()}123`;
    const query = `recvWindow=5000.5&timestamp=${micros}`;
    const signature = createHmac('sha256', SECRET).update(query).digest('hex');
    const res = await fetch(`${sim}/api/v3/account?${query}&signature=${signature}`, { headers: { 'X-MBX-APIKEY': API_KEY } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { accountType: string }).accountType).toBe('SPOT');
    const late = `recvWindow=5000.5&timestamp=${(BigInt(Date.now()) - 6000n) * 1000n}`;
    const lateSig = createHmac('sha256', SECRET).update(late).digest('hex');
    const refused = await fetch(`${sim}/api/v3/account?${late}&signature=${lateSig}`, { headers: { 'X-MBX-APIKEY': API_KEY } });
    expect(await refused.json()).toEqual({ code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' });

    // And answers in microseconds when X-MBX-TIME-UNIT asks.
    const before = Date.now();
    const { serverTime } = (await (await fetch(`${sim}/api/v3/time`, { headers: { 'X-MBX-TIME-UNIT': 'MICROSECOND' } })).json()) as { serverTime: number };
    expect(serverTime).toBeGreaterThanOrEqual(before * 1000);
    expect(serverTime).toBeLessThan((Date.now() + 1) * 1000);
  });

  it('ticker/24hr counts the trades of its window and names their first and last ids', async () => {
    const ticker = await binance.fetchTicker(SYMBOL);
    const info = ticker.info as { count: number; firstId: number; lastId: number; volume: string };
    const newest = await binance.fetchTrades(SYMBOL, undefined, 1, { fetchTradesMethod: 'publicGetTrades' });
    expect(Number(info.volume)).toBeGreaterThan(0);
    expect(info.lastId).toBe(Number(newest[0]!.id));
    expect(info.firstId).toBeGreaterThan(0);
    expect(info.firstId).toBeLessThan(info.lastId);
    // Three days of made-up history (four trades a minute) reach into the window, and the trades since.
    expect(info.count).toBeGreaterThan(4 * 1400);
  });
});
