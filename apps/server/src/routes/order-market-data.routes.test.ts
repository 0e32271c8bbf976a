import { ErrorCode } from '@makerdesk/contract';
import { ExchangeError, type Exchange } from '@makerdesk/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKey } from '../testing/accounts.ts';
import { RecordingBudgets, recordingWiring } from '../testing/recording-engine.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Budgets with every key spent: each call through a key's budget is refused as too frequent. */
class SpentBudgets extends RecordingBudgets {
  override wrap(exchange: Exchange, budgetKey: string): Exchange {
    super.wrap(exchange, budgetKey);
    return new Proxy(exchange, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? () => Promise.reject(new ExchangeError('rate_limited', 'budget spent')) : value;
      },
    });
  }
}

let t: TestApp;
let token: string;
const BTC = 1;

beforeAll(async () => {
  const { wiring } = recordingWiring();
  t = await createTestApp({ engine: { ...wiring, budgets: new SpentBudgets() } });
  token = await t.login();
  await importKey(t, token, { coinId: BTC, apiKey: 'spent-key', secretKey: 'spent-secret' });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
});
afterAll(() => t.close());

describe("the simulator's public market data", () => {
  it("is read from the simulator's memory, outside the key's rate budget; the key's own calls stay behind it", async () => {
    const get = (path: string) => t.call('GET', path, { token });
    const book = await get(`/backend/order/orderBook?coinId=${BTC}`);
    expect(book.body.code).toBe(200);
    expect(book.body.data.bids.length).toBeGreaterThan(0);
    expect((await get(`/backend/order/tradesList?coinId=${BTC}&limit=5`)).body.code).toBe(200);
    expect((await get(`/backend/order/candles?coinId=${BTC}&interval=1m&limit=5`)).body.code).toBe(200);
    expect((await get(`/backend/order/getPrice?coinId=${BTC}`)).body.code).toBe(200);
    expect((await get(`/backend/order/getOrders?coinId=${BTC}`)).body.data.code).toBe(ErrorCode.ORDERS_TOO_FREQUENT);
  });
});
