/**
 * Every /order call on a live venue: a `binance` key goes through CcxtExchange (ccxt's own binance
 * class) to the simulator's Binance-compatible facade on this server, so the live path is exercised
 * end to end without the internet.
 */
import { ErrorCode } from '@makerdesk/contract';
import { add, compare, minus, mul, toFixed } from '@makerdesk/decimal';
import { createCcxtExchange } from '@makerdesk/exchange/ccxt';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { importKey } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SIM_BINANCE_PREFIX } from './sim-binance.routes.ts';

let t: TestApp;
let token: string;
let coinId: number;
let base = '';

const API_KEY = 'live-binance-key';
const SECRET = 'live-binance-secret';

beforeAll(async () => {
  t = await createTestApp({
    liveExchange: (material) =>
      createCcxtExchange({
        id: material.platformCode,
        apiKey: material.apiKey,
        secret: material.secretKey,
        apiBaseUrl: base,
        options: { fetchMarkets: ['spot'], fetchCurrencies: false },
        pollIntervalMs: 200,
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${SIM_BINANCE_PREFIX}`;
  for (let i = 0; i < 15; i++) t.services.sim.localHost.venue.step();

  const db = t.database.db;
  token = await t.login();
  // The "live" venue is the simulator behind its facade: the key is the simulator's, imported there
  // first (which opens its account; the facade answers a key only while a simulator credential holds it).
  const [sim] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  const [simBtc] = await db.select().from(coins).where(and(eq(coins.platformId, sim!.id), eq(coins.coinName, 'BTC/USDT')));
  await importKey(t, token, { platformId: sim!.id, coinId: simBtc!.id, apiKey: API_KEY, secretKey: SECRET });
  const [binance] = await db.select().from(platforms).where(eq(platforms.code, 'binance'));
  const [coin] = await db.insert(coins).values({ coinName: 'BTC/USDT', platformId: binance!.id }).returning();
  coinId = coin!.id;
  const key = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: binance!.id, apiKey: API_KEY, secretKey: SECRET, coinId, hosts: ['203.0.113.9'] } });
  expect(key.body.data.platformCode).toBe('binance');
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token });
const post = (url: string, body: unknown) => t.call('POST', url, { token, body });

describe('order calls on a live venue through ccxt', () => {
  it('verifies the key, reads the wallet, book, trades, candles and price', async () => {
    const verify = await post('/backend/order/apiVerify', { coinId });
    expect(verify.body.data).toMatchObject({ valid: true, platformCode: 'binance', canRead: true, hostsBound: true });
    const wallet = await get(`/backend/order/wallet?coinId=${coinId}`);
    expect(compare(wallet.body.data.quote.available, '100000')).toBe(0);
    expect(compare(wallet.body.data.base.available, '2')).toBe(0);
    const book = await get(`/backend/order/orderBook?coinId=${coinId}`);
    expect(book.body.data.bids.length).toBeGreaterThan(0);
    expect(compare(book.body.data.bids[0][0], book.body.data.asks[0][0])).toBe(-1);
    expect((await get(`/backend/order/tradesList?coinId=${coinId}`)).body.code).toBe(200);
    expect((await get(`/backend/order/candles?coinId=${coinId}&interval=1m&limit=5`)).body.code).toBe(200);
    const price = await get(`/backend/order/getPrice?coinId=${coinId}`);
    expect(price.body.data.symbol).toBe('BTC/USDT');
    expect((await get(`/backend/order/orderBookOther?coinId=${coinId}`)).body.data.asks.length).toBeGreaterThan(0);
  });

  it('places, lists and cancels a limit order; a market order fills; history and fills follow', async () => {
    const book = (await get(`/backend/order/orderBook?coinId=${coinId}`)).body.data;
    const price = toFixed(minus(book.bids.at(-1)[0], '100'), 2, 'half-up');
    const placed = await post('/backend/order/addOrder', { coinId, direction: 'buy', tradeType: 'limit', price, amount: '0.01' });
    expect(placed.body.code).toBe(200);
    expect(placed.body.data.order).toMatchObject({ direction: 'buy', tradeType: 'limit', status: 'pending' });
    expect(compare(placed.body.data.order.price, price)).toBe(0);
    const open = await get(`/backend/order/getOrders?coinId=${coinId}`);
    expect(open.body.data.map((o: { orderNo: string }) => o.orderNo)).toContain(placed.body.data.orderNo);
    const canceled = await post('/backend/order/cancelOrder', { coinId, orderNo: placed.body.data.orderNo });
    expect(canceled.body.data.status).toBe('canceled');

    const market = await post('/backend/order/addOrder', { coinId, direction: 'buy', tradeType: 'market', amount: '0.001' });
    expect(market.body.data.order.status).toBe('filled');
    const fills = await get(`/backend/order/trade?coinId=${coinId}`);
    expect(fills.body.data.map((f: { orderNo: string }) => f.orderNo)).toContain(market.body.data.orderNo);
    const history = await get(`/backend/order/getHistoryOrders?coinId=${coinId}`);
    expect(history.body.data.map((o: { orderNo: string }) => o.orderNo)).toEqual(expect.arrayContaining([placed.body.data.orderNo, market.body.data.orderNo]));
  });

  it('batch orders and range cancel; manual match never crosses the account’s own orders', async () => {
    const book = (await get(`/backend/order/orderBook?coinId=${coinId}`)).body.data;
    const top = minus(book.bids.at(-1)[0], '20');
    const batch = await t.call('POST', `/backend/order/generateOrders?coinId=${coinId}`, { token, body: { direction: 'buy', amount: '0.05', count: 5, minPrice: toFixed(minus(top, '40'), 2, 'half-up'), maxPrice: toFixed(top, 2, 'half-up') } });
    expect(batch.body.data.orders).toHaveLength(5);

    // Our own resting sell above the best ask: a manual buy up to that price would reach it.
    const ask = toFixed(add(book.asks[0][0], '500'), 2, 'half-up');
    const ownSell = await post('/backend/order/addOrder', { coinId, direction: 'sell', tradeType: 'limit', price: ask, amount: '0.002' });
    expect(ownSell.body.code).toBe(200);
    const cross = await t.call('POST', `/backend/order/performTrades?coinId=${coinId}`, { token, body: { direction: 'buy', price: ask, amount: '0.002' } });
    expect(cross.body.data.code).toBe(ErrorCode.SELF_TRADE_PREVENTED);

    const canceled = await post('/backend/order/cancelOrderList', { coinId, minPrice: toFixed(minus(top, '40'), 2, 'half-up'), maxPrice: toFixed(top, 2, 'half-up') });
    expect(canceled.body.data.canceled).toHaveLength(5);
    const none = await post('/backend/order/cancelOrderList', { coinId, minPrice: toFixed(minus(top, '40'), 2, 'half-up'), maxPrice: toFixed(top, 2, 'half-up') });
    expect(none.body.data.code).toBe(ErrorCode.NO_ORDERS_IN_PRICE_RANGE);
    await post('/backend/order/cancelOrder', { coinId, orderNo: ownSell.body.data.orderNo });
  });

  it('venue refusals come back as catalogue errors', async () => {
    const big = await post('/backend/order/addOrder', { coinId, direction: 'buy', tradeType: 'limit', price: '60000.00', amount: '50' });
    expect(big.body.data.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    const missing = await post('/backend/order/cancelOrder', { coinId, orderNo: '987654321' });
    expect(missing.body.data.code).toBe(ErrorCode.ORDER_NOT_FOUND);
  });

  it("Binance's PERCENT_PRICE_BY_SIDE refusal (-1013, the filter's name only) reads in words with its band, in both languages", async () => {
    const last = (await get(`/backend/order/getPrice?coinId=${coinId}`)).body.data.last as string;
    const body = { coinId, direction: 'buy', tradeType: 'limit', price: toFixed(mul(last, '15'), 2, 'down'), amount: '0.001', confirmDeviation: true };
    const en = await post('/backend/order/addOrder', body);
    expect(en.body.data.code).toBe(ErrorCode.VENUE_PERCENT_PRICE);
    expect(en.body.msg).toMatch(/^The venue refused the price [\d,]+\.\d{2} USDT: it must lie between [\d,]+\.\d{2} USDT and [\d,]+\.\d{2} USDT, around the 5-minute average price [\d,]+\.\d{2} USDT \(PERCENT_PRICE_BY_SIDE\)$/);
    // The band is the filter's around the venue's average price: a buy between 0.2× and 5× of it.
    const [, min, max, avg] = /between ([\d,.]+) USDT and ([\d,.]+) USDT, around the 5-minute average price ([\d,.]+) USDT/.exec(en.body.msg)!.map((v) => v.replaceAll(',', ''));
    expect(compare(min!, toFixed(mul(avg!, '0.2'), 2, 'down'))).toBeGreaterThanOrEqual(0);
    expect(compare(max!, toFixed(mul(avg!, '5'), 2, 'up'))).toBeLessThanOrEqual(0);
    expect(compare(max!, toFixed(mul(avg!, '4.99'), 2, 'up'))).toBeGreaterThan(0);
    const zh = await t.call('POST', '/backend/order/addOrder', { token, lang: 'zh_CN', body });
    expect(zh.body.msg).toMatch(/^交易所拒绝价格 [\d,]+\.\d{2} USDT：须在 5 分钟均价 [\d,]+\.\d{2} USDT 附近的 [\d,]+\.\d{2} USDT 至 [\d,]+\.\d{2} USDT 之间（PERCENT_PRICE_BY_SIDE）$/);
  });
});
