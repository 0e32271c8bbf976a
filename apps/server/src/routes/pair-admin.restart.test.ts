/**
 * A pair added on the simulator survives restarts: the market is part of the simulator's persisted
 * state (journal, then snapshot), and one the simulator lost is opened again from the coins table.
 */
import { randomBytes } from 'node:crypto';
import { compare } from '@makerdesk/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { simJournal, simState } from '../db/schema.ts';
import { createTestApp, freshDatabase, type TestApp } from '../testing/test-app.ts';

let database: Database;
let drop: () => Promise<void>;
const masterKey = randomBytes(32);

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function start(): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp({ database, masterKey });
  return { t, token: await t.login() };
}

describe('a simulator pair across restarts', () => {
  let coinId: number;
  let orderNo: string;
  let candles: number;

  it('is opened, traded and then kept through a restart with its book, candles, orders and funds', async () => {
    const first = await start();
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) => first.t.call(method, url, { token: first.token, body });
    coinId = (await call('POST', '/backend/coin/add', { platformId: 1, coinName: 'RST/USDT', openingPrice: '40', endTimeStamp: Date.now() + 86_400_000 })).body.data.coinId;
    expect((await call('POST', '/backend/credentials/add', { platformId: 1, apiKey: 'restart-key', secretKey: 'restart-secret', coinId })).body.code).toBe(200);
    for (let i = 0; i < 3; i++) first.t.services.sim.localHost.venue.step();
    const placed = await call('POST', '/backend/order/addOrder', { coinId, direction: 'buy', tradeType: 'limit', price: '30.000', amount: '1.00' });
    expect(placed.body.code).toBe(200);
    orderNo = placed.body.data.order.orderNo;
    candles = (await call('GET', `/backend/order/candles?coinId=${coinId}&interval=1h&limit=200`)).body.data.length;
    // Not a graceful close: the simulator's state of the pair is in its journal only.
    first.t.services.sim.localHost.venue.stop();
    await first.t.services.sim.localHost.flush();
    await first.t.app.close();
    await first.t.services.engine.shutdown();

    const second = await start();
    try {
      const get = (url: string) => second.t.call('GET', url, { token: second.token });
      expect(second.t.services.sim.localHost.startup.replayed).toBeGreaterThan(0);
      expect((await get('/backend/coin/list')).body.data.find((c: { coinId: number }) => c.coinId === coinId)).toMatchObject({ coinName: 'RST/USDT' });
      const open = (await get(`/backend/order/getOrders?coinId=${coinId}`)).body.data;
      expect(open.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
      const book = (await get(`/backend/order/orderBook?coinId=${coinId}`)).body.data;
      expect(compare(book.asks[0][0], '35')).toBe(1);
      expect((await get(`/backend/order/candles?coinId=${coinId}&interval=1h&limit=200`)).body.data.length).toBe(candles);
      const wallet = (await get(`/backend/order/wallet?coinId=${coinId}`)).body.data;
      expect(compare(wallet.base.available, '500')).toBe(0);
    } finally {
      await second.t.close();
    }
  });

  it('is opened again from the coins table when the simulator lost its state', async () => {
    await database.db.delete(simJournal);
    await database.db.delete(simState);
    const third = await start();
    try {
      expect(third.t.services.sim.localHost.venue.pairs.map((p) => p.symbol)).toContain('RST/USDT');
      await third.t.call('POST', '/backend/credentials/add', { token: third.token, body: { platformId: 1, apiKey: 'after-loss-key', secretKey: 'after-loss-secret', coinId } });
      third.t.services.sim.localHost.venue.step();
      const book = (await third.t.call('GET', `/backend/order/orderBook?coinId=${coinId}`, { token: third.token })).body.data;
      // Opened at the default price, one quote unit.
      expect(compare(book.bids[0][0], '0.9')).toBe(1);
      expect(compare(book.asks[0][0], '1.1')).toBe(-1);
    } finally {
      await third.t.close();
    }
  });
});
