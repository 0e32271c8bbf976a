import { ErrorCode } from '@makerdesk/contract';
import { add, compare, minus, mul, sign, toFixed } from '@makerdesk/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKey, signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;

const BTC = 1;

async function post(url: string, body: unknown) {
  return t.call('POST', url, { token, body });
}
async function get(url: string) {
  return t.call('GET', url, { token });
}
async function wallet() {
  return (await get(`/backend/order/wallet?coinId=${BTC}`)).body.data as {
    base: { available: string; frozen: string; total: string };
    quote: { available: string; frozen: string; total: string };
  };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await importKey(t, token, { coinId: BTC, apiKey: 'demo-key-1', secretKey: 'demo-secret-1' });
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();
});
afterAll(() => t.close());

describe('market data', () => {
  it('order book: bids and asks as [price, amount] strings, best first, uncrossed', async () => {
    const { body } = await get(`/backend/order/orderBook?coinId=${BTC}`);
    expect(body.code).toBe(200);
    const { bids, asks } = body.data as { bids: [string, string][]; asks: [string, string][] };
    expect(bids.length).toBeGreaterThan(5);
    expect(asks.length).toBeGreaterThan(5);
    for (const [price, amount] of [...bids, ...asks]) {
      expect(price).toMatch(/^\d+\.\d{2}$/);
      expect(amount).toMatch(/^\d+\.\d{5}$/);
    }
    for (let i = 1; i < bids.length; i++) expect(Number(bids[i]![0])).toBeLessThan(Number(bids[i - 1]![0]));
    for (let i = 1; i < asks.length; i++) expect(Number(asks[i]![0])).toBeGreaterThan(Number(asks[i - 1]![0]));
    expect(Number(bids[0]![0])).toBeLessThan(Number(asks[0]![0]));
  });

  it('the other-side book, price, trades and candles answer', async () => {
    const other = await get(`/backend/order/orderBookOther?coinId=${BTC}`);
    expect(other.body.data.bids.length).toBeGreaterThan(0);
    const price = await get(`/backend/order/getPrice?coinId=${BTC}`);
    expect(price.body.data).toMatchObject({ symbol: 'BTC/USDT' });
    expect(Number(price.body.data.bid)).toBeLessThan(Number(price.body.data.ask));
    expect(Number(price.body.data.reference)).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) t.services.sim.localHost.venue.step();
    const trades = await get(`/backend/order/tradesList?coinId=${BTC}&limit=5`);
    expect(trades.body.code).toBe(200);
    expect(trades.body.data.length).toBeGreaterThan(0);
    const candles = await get(`/backend/order/candles?coinId=${BTC}&interval=1m&limit=10`);
    expect(candles.body.code).toBe(200);
    expect(candles.body.data.length).toBeGreaterThan(0);
    const bad = await get(`/backend/order/candles?coinId=${BTC}&interval=2m`);
    expect(bad.status).toBe(400);
  });
});

describe('orders on the simulator', () => {
  it('a new simulator key opens a funded demo account', async () => {
    const w = await wallet();
    expect(w.base).toEqual({ asset: 'BTC', available: '2.00000000', frozen: '0.00000000', total: '2.00000000' });
    expect(w.quote).toMatchObject({ asset: 'USDT', available: '100000.00000000', frozen: '0.00000000' });
  });

  it('places a resting limit buy, freezes its cost, lists it, and cancels it releasing the funds', async () => {
    const book = (await get(`/backend/order/orderBook?coinId=${BTC}`)).body.data;
    const price = toFixed(minus(book.bids.at(-1)[0], '100'), 2, 'half-up');
    const placed = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.01' });
    expect(placed.body.code).toBe(200);
    expect(placed.body.data.orderNo).toMatch(/^\d+$/);
    expect(placed.body.data.order).toMatchObject({ price, amount: '0.01000', direction: 'buy', tradeType: 'limit', filledAmount: '0.00000', status: 'pending' });
    const frozen = mul(price, '0.01');
    expect(compare((await wallet()).quote.frozen, frozen)).toBe(0);
    const open = await get(`/backend/order/getOrders?coinId=${BTC}`);
    expect(open.body.data.map((o: { orderNo: string }) => o.orderNo)).toContain(placed.body.data.orderNo);

    const canceled = await post('/backend/order/cancelOrder', { coinId: BTC, orderNo: placed.body.data.orderNo });
    expect(canceled.body.data.status).toBe('canceled');
    expect(sign((await wallet()).quote.frozen)).toBe(0);
    const history = await get(`/backend/order/getHistoryOrders?coinId=${BTC}`);
    expect(history.body.data[0]).toMatchObject({ orderNo: placed.body.data.orderNo, status: 'canceled' });
    const again = await post('/backend/order/cancelOrder', { coinId: BTC, orderNo: placed.body.data.orderNo });
    expect(again.body.data.code).toBe(ErrorCode.ORDER_NOT_CANCELLABLE);
    const unknown = await post('/backend/order/cancelOrder', { coinId: BTC, orderNo: '999999999' });
    expect(unknown.body.data.code).toBe(ErrorCode.ORDER_NOT_FOUND);
  });

  it('a market buy fills against the book and moves both balances', async () => {
    const before = await wallet();
    const placed = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'market', amount: '0.001' });
    expect(placed.body.data.order.status).toBe('filled');
    const after = await wallet();
    expect(compare(after.base.total, before.base.total)).toBe(1);
    expect(compare(after.quote.total, before.quote.total)).toBe(-1);
    const mine = await get(`/backend/order/trade?coinId=${BTC}`);
    expect(mine.body.data[0]).toMatchObject({ orderNo: placed.body.data.orderNo, side: 'buy', liquidity: 'taker', feeAsset: 'BTC' });
  });

  it('manual match is immediate-or-cancel at the limit price', async () => {
    const book = (await get(`/backend/order/orderBook?coinId=${BTC}`)).body.data;
    const belowAsk = toFixed(minus(book.asks[0][0], '50'), 2, 'half-up');
    const res = await t.call('POST', `/backend/order/performTrades?coinId=${BTC}`, { token, body: { direction: 'buy', price: belowAsk, amount: '0.002' } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.status).toBe('canceled');
    expect((await get(`/backend/order/getOrders?coinId=${BTC}`)).body.data).toHaveLength(0);
  });

  it('batch: 10 orders across a range, then bulk cancel by that range; an empty range asks to revise it', async () => {
    const book = (await get(`/backend/order/orderBook?coinId=${BTC}`)).body.data;
    const top = minus(book.bids.at(-1)[0], '10');
    const minPrice = toFixed(minus(top, '90'), 2, 'half-up');
    const maxPrice = toFixed(top, 2, 'half-up');
    const batch = await t.call('POST', `/backend/order/generateOrders?coinId=${BTC}`, { token, body: { direction: 'buy', amount: '0.1', count: 10, minPrice, maxPrice, distribution: 'uniform' } });
    expect(batch.body.code).toBe(200);
    expect(batch.body.data.failed).toEqual([]);
    expect(batch.body.data.orders).toHaveLength(10);
    expect(batch.body.data.orders.map((o: { price: string }) => o.price)).toEqual(Array.from({ length: 10 }, (_, i) => toFixed(add(minus(top, '90'), String(i * 10)), 2, 'half-up')));
    expect((await get(`/backend/order/getOrders?coinId=${BTC}`)).body.data).toHaveLength(10);

    const cancel = await post('/backend/order/cancelOrderList', { coinId: BTC, minPrice, maxPrice });
    expect(cancel.body.data.canceled).toHaveLength(10);
    expect((await get(`/backend/order/getOrders?coinId=${BTC}`)).body.data).toHaveLength(0);
    const empty = await post('/backend/order/cancelOrderList', { coinId: BTC, minPrice, maxPrice });
    expect(empty.body.data.code).toBe(ErrorCode.NO_ORDERS_IN_PRICE_RANGE);
    expect(empty.body.msg).toBe('No open orders in this price range, please revise the price range');
  });

  it('refusals: insufficient balance, batch beyond the balance, bad payloads, precision', async () => {
    const big = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price: '60000', amount: '100' });
    expect(big.body.data.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    const batch = await t.call('POST', `/backend/order/generateOrders?coinId=${BTC}`, { token, body: { direction: 'sell', amount: '50', count: 5, minPrice: '90000', maxPrice: '91000' } });
    expect(batch.body.data.code).toBe(ErrorCode.SELL_EXCEEDS_BALANCE);
    const noAmount = await t.call('POST', `/backend/order/generateOrders?coinId=${BTC}`, { token, body: { direction: 'sell', minPrice: '90000', maxPrice: '91000' } });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.data.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['amount', 'count']));
    const range = await post('/backend/order/cancelOrderList', { coinId: BTC, minPrice: '200', maxPrice: '100' });
    expect(range.body.data.fields[0]).toMatchObject({ field: 'minPrice', message: 'Min value cannot exceed max value' });
    const float = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price: '1.123', amount: '0.01' });
    expect(float.body.data.code).toBe(ErrorCode.PRICE_PRECISION_EXCEEDED);
    const noPrice = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', amount: '0.01' });
    expect(noPrice.body.data.fields[0].field).toBe('price');
    const negative = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price: '-5', amount: '0.01' });
    expect(negative.status).toBe(400);
  });

  it('verifies the key and says when no IP is bound', async () => {
    const res = await post('/backend/order/apiVerify', { coinId: BTC });
    expect(res.body.data).toMatchObject({ valid: true, platformCode: 'sim', canRead: true, hostsBound: false });
    expect(res.body.data.message).toContain('bind an IP');
  });

  it('pair without a key, expired pair, and another user’s key are refused', async () => {
    expect((await get('/backend/order/getOrders?coinId=2')).body.data.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);

    const { token: sub } = await signUp(t, token, 'trader@makerdesk.local', { coinIds: [BTC] });
    const subOrders = await t.call('GET', `/backend/order/getOrders?coinId=${BTC}`, { token: sub });
    expect(subOrders.body.data.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
    const notBound = await t.call('GET', '/backend/order/getOrders?coinId=3', { token: sub });
    expect(notBound.body.data.code).toBe(ErrorCode.FORBIDDEN);

    const setPair = async (changes: { status?: 'enabled' | 'disabled'; endTimeStamp?: number | null }) =>
      expect((await t.call('PUT', '/backend/coin/update', { token, body: { coinId: BTC, ...changes } })).body.code).toBe(200);
    await setPair({ endTimeStamp: Date.now() - 1000 });
    const expired = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'market', amount: '0.001' });
    expect(expired.body.code).toBe(4000401);
    await setPair({ status: 'disabled', endTimeStamp: null });
    expect((await get(`/backend/order/orderBook?coinId=${BTC}`)).body.code).toBe(3000401);
    await setPair({ status: 'enabled' });
  });

  it('a simulator key registered with one secret cannot be imported with another', async () => {
    const res = await post('/backend/credentials/add', { platformId: 1, apiKey: 'demo-key-1', secretKey: 'another-secret', coinId: 2 });
    expect(res.body.data.code).toBe(ErrorCode.INVALID_API_KEY);
    const keys = await get('/backend/credentials/list');
    expect(keys.body.data).toHaveLength(1);
  });
});

describe('public candles for the chart page', () => {
  it('answers without a token for any spelling of the pair, and refuses unknown pairs', async () => {
    for (let i = 0; i < 30; i++) t.services.sim.localHost.venue.step();
    for (const symbol of ['BTCUSDT', 'btc_usdt', 'BTC-USDT']) {
      const res = await t.call('GET', `/backend/notification/spot/${symbol}/candles?interval=1m&limit=5`);
      expect(res.body.code).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.length).toBeLessThanOrEqual(5);
      expect(Object.keys(res.body.data[0]).sort()).toEqual(['close', 'high', 'low', 'open', 'quoteVolume', 'time', 'volume']);
    }
    const unknown = await t.call('GET', '/backend/notification/spot/DOGEUSDT/candles');
    expect(unknown.body.data.code).toBe(ErrorCode.PAIR_NOT_FOUND);
  });
});

describe('fat-finger band (1030080): a limit price beyond the band through the opposite best needs confirmDeviation', () => {
  async function best() {
    const price = (await get(`/backend/order/getPrice?coinId=${BTC}`)).body.data as { bid: string; ask: string };
    return price;
  }

  it('refuses a buy at twice the best ask with the distance and the notional in words, places nothing, and places it with the flag', async () => {
    await post('/backend/order/cancelOrderList', { coinId: BTC, minPrice: '0.01', maxPrice: '100000000' });
    const { ask } = await best();
    const price = toFixed(mul(ask, '2'), 2, 'half-up');
    const before = await wallet();
    const refused = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.001' });
    expect(refused.status).toBe(409);
    expect(refused.body.data.code).toBe(ErrorCode.PRICE_BEYOND_BAND);
    expect(refused.body.msg).toMatch(/^The price [\d,]+\.\d{2} USDT is 100\.00% from the opposite best [\d,.]+ USDT, beyond this pair's band of 5\.00%; the order is worth [\d,]+\.\d+ USDT\. Confirm to place it anyway$/);
    const zh = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.001' }, headers: { lang: 'zh_CN' } });
    expect(zh.body.msg).toContain('超出本交易对 5.00% 的价格带');
    expect(await wallet()).toEqual(before);
    // The flag places it (it crosses the book and fills at the asks).
    const placed = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.001', confirmDeviation: true });
    expect(placed.body.code).toBe(200);
    expect(compare(placed.body.data.order.filledAmount, '0')).toBeGreaterThan(0);
  });

  it('exactly at the band is inside; one tick beyond is refused; a sell below the bid by more than the band too', async () => {
    const { ask, bid } = await best();
    const edge = mul(ask, '1.05');
    const atEdge = toFixed(edge, 2, 'down');
    // A price at (or just inside) the edge passes the band (IOC via manual match so nothing rests).
    const inside = await t.call('POST', `/backend/order/performTrades?coinId=${BTC}`, { token, body: { direction: 'buy', price: atEdge, amount: '0.001' } });
    expect(inside.body.code).toBe(200);
    const { ask: ask2, bid: bid2 } = await best();
    const beyond = toFixed(add(mul(ask2, '1.05'), '0.01'), 2, 'up');
    const match = await t.call('POST', `/backend/order/performTrades?coinId=${BTC}`, { token, body: { direction: 'buy', price: beyond, amount: '0.001' } });
    expect(match.body.data.code).toBe(ErrorCode.PRICE_BEYOND_BAND);
    const sell = await post('/backend/order/addOrder', { coinId: BTC, direction: 'sell', tradeType: 'limit', price: toFixed(mul(bid2, '0.9'), 2, 'down'), amount: '0.001' });
    expect(sell.body.data.code).toBe(ErrorCode.PRICE_BEYOND_BAND);
    expect(sell.body.msg).toContain('10.00% from the opposite best');
    // Resting on the own side far from the market is no fat finger.
    const passive = await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price: toFixed(mul(bid, '0.5'), 2, 'down'), amount: '0.001' });
    expect(passive.body.code).toBe(200);
    // Market orders have no price to measure.
    expect((await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'market', amount: '0.001' })).body.code).toBe(200);
  });

  it("batch orders: a range reaching beyond the band names the batch's value; the flag places it", async () => {
    const { ask } = await best();
    const body = { direction: 'buy', amount: '0.002', count: 2, minPrice: toFixed(mul(ask, '0.9'), 2, 'down'), maxPrice: toFixed(mul(ask, '1.2'), 2, 'down') };
    const refused = await t.call('POST', `/backend/order/generateOrders?coinId=${BTC}`, { token, body });
    expect(refused.body.data.code).toBe(ErrorCode.PRICE_BEYOND_BAND);
    expect(refused.body.msg).toMatch(/20\.00% from the opposite best/);
    const placed = await t.call('POST', `/backend/order/generateOrders?coinId=${BTC}`, { token, body: { ...body, confirmDeviation: true } });
    expect(placed.body.code).toBe(200);
    expect(placed.body.data.orders).toHaveLength(2);
  });

  it("a pair's own band applies: at 50 % the twice-the-ask buy is still refused, at 150 % it passes", async () => {
    const { ask } = await best();
    const price = toFixed(mul(ask, '2'), 2, 'half-up');
    await t.call('PUT', '/backend/coin/update', { token, body: { coinId: BTC, priceBand: '0.5' } });
    expect((await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.001' })).body.data.code).toBe(ErrorCode.PRICE_BEYOND_BAND);
    await t.call('PUT', '/backend/coin/update', { token, body: { coinId: BTC, priceBand: '1.5' } });
    expect((await post('/backend/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.001' })).body.code).toBe(200);
    await t.call('PUT', '/backend/coin/update', { token, body: { coinId: BTC, priceBand: '0.05' } });
  });
});
