/**
 * The simulation-only bot types (DESIGN §8) against a live venue: a `binance` key goes through
 * CcxtExchange to the simulator's Binance facade on this server, so "live" is exercised without the
 * internet. Every path refuses them with catalogue code 1030034: the listing says so, PUT
 * /robot/update refuses, and a running bot whose key now points at a live venue is stopped by the
 * engine at resume, with the reason in its status and its trading log. On the simulator they run.
 */
import { ErrorCode, robotTypeKeys, robotTypes } from '@makerdesk/contract';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { createCcxtExchange } from '@makerdesk/exchange/ccxt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coins, credentials, platforms } from '../db/schema.ts';
import { SIM_BINANCE_PREFIX } from '../routes/sim-binance.routes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
let liveCoinId: number;
let binanceId: number;
let base = '';

const SIM_COIN = 2; // ETH/USDT on the simulator
const SIM_KEY = 'sim-only-key';
const LIVE_KEY = 'sim-only-live-key';

beforeAll(async () => {
  t = await createTestApp({
    engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() },
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
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();

  const db = t.database.db;
  token = await t.login();
  // The "live" key is the simulator's, imported there first (on BTC/USDT): the facade answers a key only
  // while a simulator credential holds it.
  expect((await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: LIVE_KEY, secretKey: `${LIVE_KEY}-secret`, coinId: 1 } })).body.code).toBe(200);
  const [binance] = await db.select().from(platforms).where(eq(platforms.code, 'binance'));
  binanceId = binance!.id;
  const [coin] = await db.insert(coins).values({ coinName: 'ETH/USDT', platformId: binanceId }).returning();
  liveCoinId = coin!.id;
  const live = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: binanceId, apiKey: LIVE_KEY, secretKey: `${LIVE_KEY}-secret`, coinId: liveCoinId, hosts: ['203.0.113.9'] } });
  expect(live.body.data.platformCode).toBe('binance');
  const sim = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: SIM_KEY, secretKey: `${SIM_KEY}-secret`, coinId: SIM_COIN } });
  expect(sim.body.code).toBe(200);
  await t.services.engine.start();
}, 60_000);
afterAll(() => t.close());

const SIM_ONLY = robotTypeKeys.filter((k) => robotTypes[k].simulationOnly);

async function defaultsFor(coinId: number, type: string): Promise<Record<string, unknown>> {
  const list = (await t.call('GET', `/backend/robot/init/list?coinId=${coinId}`, { token })).body.data as { type: string; defaults: Record<string, unknown> }[];
  return list.find((i) => i.type === type)!.defaults;
}

const save = (coinId: number, type: string, config: Record<string, unknown>, lang?: string, status: 'running' | 'stopped' = 'running') =>
  t.call('PUT', '/backend/robot/update', { token, body: { coinId, type, config, status, startMode: 'now', priceMode: 'normal' }, ...(lang ? { lang } : {}) });

describe('simulation-only bot types on a live venue', () => {
  it('the listing marks exactly the eleven of them simulationOnly, for a live pair too', async () => {
    const list = (await t.call('GET', `/backend/robot/init/list?coinId=${liveCoinId}`, { token })).body.data as { type: string; simulationOnly: boolean; available: boolean; category: string }[];
    expect(list.filter((i) => i.simulationOnly).map((i) => i.type)).toEqual([...SIM_ONLY]);
    // On the live pair they are not available (the console greys them out); on a simulator pair they are.
    expect(list.filter((i) => !i.available).map((i) => i.type)).toEqual([...SIM_ONLY]);
    const onSim = (await t.call('GET', `/backend/robot/init/list?coinId=${SIM_COIN}`, { token })).body.data as { available: boolean }[];
    expect(onSim.every((i) => i.available)).toBe(true);
    expect(SIM_ONLY).toHaveLength(11);
    for (const item of list.filter((i) => i.simulationOnly)) expect(item.category).toBe('strategy');
  });

  it('PUT /robot/update refuses each of them on a live-venue key with 1030034, naming the policy in en and zh; nothing is saved', async () => {
    const before = (await t.call('GET', `/backend/robot/list?coinId=${liveCoinId}`, { token })).body.data;
    for (const type of SIM_ONLY) {
      const res = await save(liveCoinId, type, await defaultsFor(liveCoinId, type));
      expect(res.body, type).toMatchObject({ code: 400, data: { code: ErrorCode.ROBOT_SIMULATION_ONLY } });
      expect(res.body.msg).toMatch(/simulator only \(market integrity policy/);
    }
    const stopped = await save(liveCoinId, 'volume_random', await defaultsFor(liveCoinId, 'volume_random'), undefined, 'stopped');
    expect(stopped.body.data.code).toBe(ErrorCode.ROBOT_SIMULATION_ONLY);
    const zh = await save(liveCoinId, 'pump_rapid', await defaultsFor(liveCoinId, 'pump_rapid'), 'zh_CN');
    expect(zh.body).toMatchObject({ data: { code: ErrorCode.ROBOT_SIMULATION_ONLY }, msg: expect.stringContaining('市场诚信政策') });
    expect((await t.call('GET', `/backend/robot/list?coinId=${liveCoinId}`, { token })).body.data).toEqual(before);
    // A liquidity bot is still welcome there.
    expect((await save(liveCoinId, 'depth_near', await defaultsFor(liveCoinId, 'depth_near'), undefined, 'stopped')).body.code).toBe(200);
  });

  it('on the simulator a volume bot runs and trades with itself; once its key points at a live venue the engine refuses it at resume and stops it with the reason', async () => {
    const config = { ...(await defaultsFor(SIM_COIN, 'volume_mid')), intervalMin: 1, intervalMax: 2 };
    const saved = await save(SIM_COIN, 'volume_mid', config);
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
    const id = saved.body.data.id as number;
    const figures = async () => (await t.call('GET', `/backend/robot/${id}`, { token })).body.data;
    await vi.waitFor(async () => expect((await figures()).figures.allTime.tradeCount).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 250 });

    // The pair's key is switched to a live venue (the same key, now read as a binance key). The key stays
    // held on the simulator through a second import (SOL/USDT), so the facade still answers it.
    expect((await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: SIM_KEY, secretKey: `${SIM_KEY}-secret`, coinId: 3 } })).body.code).toBe(200);
    const [key] = await t.database.db.select().from(credentials).where(eq(credentials.coinId, SIM_COIN));
    await t.database.db.update(credentials).set({ platformId: binanceId }).where(eq(credentials.id, key!.id));
    await t.services.engine.apply(id);

    await vi.waitFor(async () => expect((await figures()).status).toBe('stopped'), { timeout: 20_000, interval: 250 });
    const bot = await figures();
    expect(bot.stopReason).toMatch(/runs on the simulator only \(1030034\).*market integrity policy/);
    const logs = (await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data.recentLogs as { level: string; message: string }[];
    expect(logs.some((l) => l.level === 'error' && /^Stopped: .*1030034/.test(l.message))).toBe(true);
  }, 60_000);
});
