import { minus, toFixed } from '@makerdesk/decimal';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { robotOrders } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** The real engine behind the server's ports: repositories, venue sessions through the gateway, the batched log sink. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'real-engine-key', secretKey: 'real-engine-secret', coinId: 1 } });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
});
afterAll(() => t.close());

describe('the engine inside the server', () => {
  it('a depth near bot saved through PUT /robot/update quotes on the simulator, journalled; switched off it cancels its own orders', async () => {
    const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
    const book = (await t.call('GET', '/backend/order/orderBook?coinId=1', { token })).body.data as { bids: [string, string][] };
    const price = toFixed(minus(book.bids.at(-1)![0], '100'), 2, 'half-up');
    const manual = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: 1, direction: 'buy', tradeType: 'limit', price, amount: '0.001' } });
    expect(manual.body, JSON.stringify(manual.body)).toMatchObject({ code: 200 });
    const saved = await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type: 'depth_near', config: { ...defaults, intervalMin: 1, intervalMax: 2 }, status: 'running', startMode: 'now', priceMode: 'safe' } });
    const id = saved.body.data.id as number;

    const detail = async () => (await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data;
    await vi.waitFor(async () => expect((await detail()).openOrders.length).toBeGreaterThan(0), { timeout: 15_000, interval: 250 });
    const shown = await detail();
    expect(shown.runtime.activity).toBe('active');
    // Journal first: every order of the bot on the venue was written before it was sent.
    const journalled = (await t.database.db.select().from(robotOrders).where(eq(robotOrders.robotId, id))).map((o) => o.clientOrderId);
    for (const order of shown.openOrders as { clientOrderId: string }[]) expect(journalled).toContain(order.clientOrderId);
    expect((await t.call('GET', `/backend/robot/${id}`, { token })).body.data.figures.allTime.ordersPlaced).toBeGreaterThan(0);

    await t.call('PUT', '/backend/robot/update', { token, body: { id, coinId: 1, type: 'depth_near', config: { ...defaults, intervalMin: 1, intervalMax: 2 }, status: 'stopped', startMode: 'now', priceMode: 'safe' } });
    await vi.waitFor(async () => expect((await detail()).openOrders).toEqual([]), { timeout: 15_000, interval: 250 });
    const open = (await t.call('GET', '/backend/order/getOrders?coinId=1', { token })).body.data as { orderNo: string }[];
    expect(open.map((o) => o.orderNo)).toContain(manual.body.data.orderNo);
    expect((await detail()).runtime.activity).toBe('idle');
  }, 30_000);
});
