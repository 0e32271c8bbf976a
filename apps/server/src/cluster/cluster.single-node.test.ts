/**
 * One server with the lease layer on (PGlite by default, or the DATABASE_URL database): the node
 * holds every bot, and the API's paths (save, switch off, emergency stop, the list's runtime) go
 * through the cluster engine as they would among several servers.
 */
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botLeases, clusterNodes } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LocalClusterBus } from '../bus/cluster-bus.ts';

let t: TestApp;
let token: string;
const bus = new LocalClusterBus('solo');

beforeAll(async () => {
  t = await createTestApp({
    engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() },
    cluster: { bus, url: 'http://solo.test' },
  });
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'solo-key', secretKey: 'solo-secret', coinId: 1 } });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
});
afterAll(() => t.close());

describe('one server with bot leases', () => {
  it('a bot saved running is leased here and quotes; the list shows it active; switched off its orders go and so does its lease; an emergency stop stops the rest', async () => {
    expect((await t.database.db.select().from(clusterNodes)).map((n) => n.id)).toEqual(['solo']);
    const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
    const body = { coinId: 1, type: 'depth_near', config: { ...defaults, intervalMin: 1, intervalMax: 2 }, status: 'running', startMode: 'now', priceMode: 'safe' };
    const first = (await t.call('PUT', '/backend/robot/update', { token, body })).body.data.id as number;
    const second = (await t.call('PUT', '/backend/robot/update', { token, body })).body.data.id as number;
    expect(t.services.engine.held().sort()).toEqual([first, second].sort());
    const leases = await t.database.db.select().from(botLeases);
    expect(leases.map((l) => [l.robotId, l.nodeId]).sort()).toEqual([[first, 'solo'], [second, 'solo']].sort());

    const detail = async (id: number) => (await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data;
    await vi.waitFor(async () => expect((await detail(first)).openOrders.length).toBeGreaterThan(0), { timeout: 15_000, interval: 250 });
    await vi.waitFor(async () => expect((await detail(second)).openOrders.length).toBeGreaterThan(0), { timeout: 15_000, interval: 250 });
    const list = (await t.call('GET', '/backend/robot/list?coinId=1', { token })).body.data as { id: number; runtime: { activity: string } }[];
    expect(list.map((r) => r.runtime.activity)).toEqual(['active', 'active']);

    await t.call('PUT', '/backend/robot/update', { token, body: { ...body, id: first, status: 'stopped' } });
    expect((await detail(first)).openOrders).toEqual([]);
    expect(t.services.engine.held()).toEqual([second]);
    expect(await t.database.db.select().from(botLeases).where(eq(botLeases.robotId, first))).toEqual([]);

    const stop = await t.call('POST', '/backend/robot/emergencyStop', { token, body: { coinId: 1 } });
    expect(stop.body.data).toMatchObject({ robotsStopped: 1, robotIds: [second], failed: [] });
    expect(stop.body.data.ordersCancelled).toBeGreaterThan(0);
    expect((await detail(second)).openOrders).toEqual([]);
    expect(t.services.engine.held()).toEqual([]);
    expect(await t.database.db.select().from(botLeases)).toEqual([]);
  }, 60_000);
});
