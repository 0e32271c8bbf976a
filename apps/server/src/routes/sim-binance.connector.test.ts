/**
 * The simulator's Binance API under Binance's own Node connector (`@binance/connector`), a client
 * no one here wrote: one base URL for `/api/v3` and `/sapi/v1`, parameters in the query string even
 * for POST, times asked for in microseconds through its `timeUnit` option.
 */
import type { AddressInfo } from 'node:net';
import { Spot } from '@binance/connector';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const API_KEY = 'connector-sim-key';
const SECRET = 'connector-sim-secret';

let t: TestApp;
let client: Spot;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (let i = 0; i < 20; i++) t.services.sim.localHost.venue.step();
  const db = t.database.db;
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  const [pair] = await db.select().from(coins).where(and(eq(coins.platformId, platform!.id), eq(coins.coinName, 'BTC/USDT')));
  const token = await t.login();
  const added = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: platform!.id, apiKey: API_KEY, secretKey: SECRET, coinId: pair!.id } });
  expect(added.body.code).toBe(200);
  client = new Spot(API_KEY, SECRET, { baseURL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sim/binance` });
});
afterAll(() => t.close());

async function failure(run: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  const err = (await run.then(
    () => undefined,
    (e: unknown) => e,
  )) as { response?: { status: number; data: unknown } } | undefined;
  if (err?.response === undefined) throw new Error('expected an error answer');
  return { status: err.response.status, data: err.response.data };
}

describe('Binance’s official connector against the simulator', () => {
  it('reads the market: limits, old trades, the day’s trade figures, the wallet’s status, fees', async () => {
    const info = (await client.exchangeInfo({ symbol: 'BTCUSDT' })).data;
    const priceFilter = info.symbols[0]!.filters.find((f) => f.filterType === 'PRICE_FILTER')!;
    expect(Number(priceFilter.maxPrice)).toBeGreaterThan(0);

    const recent = (await client.trades('BTCUSDT', { limit: 10 })).data;
    const old = (await client.historicalTrades('BTCUSDT', { fromId: recent[0]!.id, limit: 3 })).data;
    expect(old.map((trade) => trade.id)).toEqual(recent.slice(0, 3).map((trade) => trade.id));
    const day = (await client.ticker24hr('BTCUSDT')).data;
    expect(day.count).toBeGreaterThan(0);
    expect(day.lastId).toBe(recent.at(-1)!.id);

    expect((await client.systemStatus()).data).toEqual({ status: 0, msg: 'normal' });
    expect((await client.tradeFee({ symbol: 'BTCUSDT' })).data).toEqual([{ symbol: 'BTCUSDT', makerCommission: '0.00100000', takerCommission: '0.00100000' }]);
    const micros = (await client.time({ timeUnit: 'MICROSECOND' })).data.serverTime;
    expect(micros).toBeGreaterThan(Date.now() * 900);
  });

  it('trades: fill-or-kill filled and expired, cancelReplace, order counts', async () => {
    const asks = (await client.depth('BTCUSDT', { limit: 5 })).data.asks;
    const [best, size] = asks[0]!;
    const fok = (quantity: string) => client.newOrder('BTCUSDT', 'BUY', 'LIMIT', { timeInForce: 'FOK', price: best, quantity });
    const expired = (await fok((Number(size) + 0.00001).toFixed(5))).data;
    expect(expired).toMatchObject({ status: 'EXPIRED', timeInForce: 'FOK', executedQty: '0.00000000', fills: [], selfTradePreventionMode: 'EXPIRE_TAKER' });
    const filled = (await fok(Number(size).toFixed(5))).data;
    expect(filled).toMatchObject({ status: 'FILLED', timeInForce: 'FOK', executedQty: Number(size).toFixed(8) });

    const bid = Number((await client.depth('BTCUSDT', { limit: 1 })).data.bids[0]![0]);
    const resting = (await client.newOrder('BTCUSDT', 'BUY', 'LIMIT', { timeInForce: 'GTC', price: (bid - 300).toFixed(2), quantity: '0.001' })).data;
    const replaced = (
      await client.cancelAndReplace('BTCUSDT', 'BUY', 'LIMIT', 'STOP_ON_FAILURE', { cancelOrderId: resting.orderId as number, timeInForce: 'GTC', price: (bid - 200).toFixed(2), quantity: '0.002' })
    ).data;
    expect(replaced).toMatchObject({ cancelResult: 'SUCCESS', newOrderResult: 'SUCCESS', cancelResponse: { orderId: resting.orderId, status: 'CANCELED' }, newOrderResponse: { status: 'NEW', origQty: '0.00200000' } });
    expect((await client.openOrders({ symbol: 'BTCUSDT' })).data.map((o) => o.orderId)).toEqual([replaced.newOrderResponse!.orderId]);
    // (A price inside the venue's PERCENT_PRICE_BY_SIDE band, so only the cancel fails.)
    const refused = await failure(client.cancelAndReplace('BTCUSDT', 'BUY', 'LIMIT', 'STOP_ON_FAILURE', { cancelOrderId: resting.orderId as number, timeInForce: 'GTC', price: (bid - 400).toFixed(2), quantity: '0.01' }));
    expect(refused).toMatchObject({ status: 400, data: { code: -2022, data: { cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED' } } });
    await client.cancelOpenOrders('BTCUSDT');

    const counts = (await client.orderCount()).data;
    expect(counts.map((c) => c.interval)).toEqual(['SECOND', 'DAY']);
    expect(counts[0]!.count).toBeGreaterThanOrEqual(1);
  });

  it('gets Binance’s 404 JSON for what the API does not serve', async () => {
    expect(await failure(client.publicRequest('GET', '/api/v3/ticker/tradingDay', { symbol: 'BTCUSDT' }))).toEqual({ status: 404, data: { code: -1000, msg: 'Not found.' } });
  });
});
