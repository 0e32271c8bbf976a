import { ErrorCode, renderServerText } from '@makerdesk/contract';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { robotOrders, robots } from '../db/schema.ts';
import { createRepositories } from '../repositories/repositories.ts';
import { importKey, signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** POST /robot/emergencyStop with the real engine on the simulator (PGlite by default, PostgreSQL with DATABASE_URL). */
let t: TestApp;
let admin: string;
let sub: { id: number; token: string };

const BTC = 1;
const ETH = 2;
const SOL = 3;
const FINAL = ['filled', 'canceled', 'rejected'] as ('filled' | 'canceled' | 'rejected')[];

/** A depth near bot, 2-3 layers a side of small orders, ticking rarely (its first tick quotes; after it, nothing competes with the stop). */
async function deploy(token: string, coinId: number): Promise<number> {
  const defaults = (await t.call('GET', `/backend/robot/init/list?coinId=${coinId}`, { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
  const config = { ...defaults, layersPerSideMin: 2, layersPerSideMax: 3, intervalMin: 120, intervalMax: 300 };
  const res = await t.call('PUT', '/backend/robot/update', { token, body: { coinId, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'normal' } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

/** A price monitor with its defaults: it places no orders. */
async function deployMonitor(token: string, coinId: number): Promise<number> {
  const defaults = (await t.call('GET', `/backend/robot/init/list?coinId=${coinId}`, { token })).body.data.find((i: { type: string }) => i.type === 'monitor_price').defaults;
  const res = await t.call('PUT', '/backend/robot/update', { token, body: { coinId, type: 'monitor_price', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal' } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

/** Open orders per bot, as the journal has them. */
async function liveOrders(ids: number[]): Promise<number> {
  const rows = await t.database.db
    .select({ id: robotOrders.id })
    .from(robotOrders)
    .where(and(inArray(robotOrders.robotId, ids), notInArray(robotOrders.state, FINAL)));
  return rows.length;
}

async function quotingBots(ids: number[]): Promise<void> {
  await vi.waitFor(
    async () => {
      const rows = await t.database.db.select({ robotId: robotOrders.robotId, state: robotOrders.state }).from(robotOrders).where(inArray(robotOrders.robotId, ids));
      const quoting = new Set(rows.filter((r) => r.state === 'open').map((r) => r.robotId));
      expect(quoting.size).toBe(ids.length);
      expect(rows.some((r) => r.state === 'sending' || r.state === 'unknown')).toBe(false);
    },
    { timeout: 60_000, interval: 250 },
  );
}

async function venueOpen(token: string, coinId: number): Promise<{ orderNo: string; clientOrderId: string | null }[]> {
  return (await t.call('GET', `/backend/order/getOrders?coinId=${coinId}`, { token })).body.data;
}

const stop = (body: unknown, token = admin, lang?: string) => t.call('POST', '/backend/robot/emergencyStop', { token, body, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  t = await createTestApp({ engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  admin = await t.login();
  for (const coinId of [BTC, ETH, SOL]) await importKey(t, admin, { coinId, apiKey: 'estop-admin-key' });
  sub = await signUp(t, admin, 'estop-sub@makerdesk.local', { coinIds: [BTC] });
  await importKey(t, sub.token, { coinId: BTC, apiKey: 'estop-sub-key' });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
}, 60_000);
afterAll(() => t.close());

describe('POST /robot/emergencyStop', () => {
  it('50 running bots on a simulator pair: all stopped, every order gone from the venue, the last cancel acknowledged in under 1 s', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await deploy(admin, ETH));
    await quotingBots(ids);
    const resting = await liveOrders(ids);
    expect(resting).toBeGreaterThanOrEqual(200);
    expect((await venueOpen(admin, ETH)).filter((o) => /^MDb\d+Z/.test(o.clientOrderId ?? ''))).toHaveLength(resting);

    const started = performance.now();
    const res = await stop({ coinId: ETH });
    const roundTripMs = performance.now() - started;
    console.log(`emergency stop, 50 bots, ${resting} orders: ${res.body.data?.elapsedMs} ms to the last acknowledged cancel (server), ${roundTripMs.toFixed(0)} ms request to answer`);

    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { robotsStopped: 50, ordersCancelled: resting, ordersFilled: 0, failed: [], manualOpenOrders: 0 } });
    expect(res.body.data.robotIds).toEqual(ids);
    expect(res.body.data.elapsedMs).toBeLessThan(1000);
    expect(roundTripMs).toBeLessThan(1000);
    expect((await venueOpen(admin, ETH)).filter((o) => /^MDb\d+Z/.test(o.clientOrderId ?? ''))).toEqual([]);
    expect(await liveOrders(ids)).toBe(0);

    const repos = createRepositories(t.database.db);
    for (const id of ids) {
      const bot = (await t.call('GET', `/backend/robot/${id}?coinId=${ETH}`, { token: admin })).body.data;
      expect(bot).toMatchObject({ status: 'stopped', stopReason: 'Emergency stop: stop button pressed (admin@makerdesk.local)' });
      expect(bot.runtime.activity).toBe('idle');
    }
    // They do not start again with the server.
    expect((await repos.robots.listRunning()).filter((r) => ids.includes(r.id))).toEqual([]);
    const rows = (await t.call('GET', `/backend/tradingLog/list?coinId=${ETH}&pageSize=100`, { token: admin })).body.data.list as { message: string }[];
    expect(rows.some((r) => /^Emergency stop of ETH\/USDT: stop button pressed \(admin@makerdesk\.local\); 50 bot\(s\) stopped/.test(r.message))).toBe(true);
    // The summary and the bots' stop reason read in Chinese too.
    const zhRows = (await t.call('GET', `/backend/tradingLog/list?coinId=${ETH}&pageSize=100`, { token: admin, lang: 'zh_CN' })).body.data.list as { message: string }[];
    expect(zhRows.some((r) => /^ETH\/USDT 紧急停止：按下了紧急停止按钮（admin@makerdesk\.local）；停止 50 个机器人，撤销 \d+ 笔订单，期间成交 \d+ 笔(，\d+ 笔尚未确认（仍在撤销）)?，用时 \d+ 毫秒$/.test(r.message))).toBe(true);
    expect((await t.call('GET', `/backend/robot/${ids[0]}?coinId=${ETH}`, { token: admin, lang: 'zh_CN' })).body.data.stopReason).toBe('紧急停止：按下了紧急停止按钮（admin@makerdesk.local）');
  }, 120_000);

  it('a sub-account stops its own bots only; the main account stops every account’s bots on the pair', async () => {
    const mine = await deploy(admin, BTC);
    const subs = [await deploy(sub.token, BTC), await deploy(sub.token, BTC)];
    await quotingBots([mine, ...subs]);

    const bySub = await stop({ coinId: BTC }, sub.token);
    expect(bySub.body).toMatchObject({ code: 200, data: { robotsStopped: 2, robotIds: subs, failed: [] } });
    expect(await liveOrders(subs)).toBe(0);
    expect(await liveOrders([mine])).toBeGreaterThan(0);
    expect((await t.call('GET', `/backend/robot/${mine}?coinId=${BTC}`, { token: admin })).body.data.status).toBe('running');

    const again = [await deploy(sub.token, BTC)];
    await quotingBots(again);
    const byMain = await stop({ coinId: BTC });
    expect(byMain.body).toMatchObject({ code: 200, data: { robotsStopped: 2, robotIds: [mine, ...again], failed: [] } });
    expect(await liveOrders([mine, ...again])).toBe(0);
    const subBot = (await t.call('GET', `/backend/robot/${again[0]}?coinId=${BTC}`, { token: sub.token })).body.data;
    expect(subBot).toMatchObject({ status: 'stopped', stopReason: 'Emergency stop: stop button pressed (admin@makerdesk.local)' });
  }, 60_000);

  it('deleting an account stops its bots and cancels their orders first; suspending one stops its bots too', async () => {
    const venueOrders = (apiKey: string) => t.services.sim.localHost.venue.account(apiKey).fetchOpenOrders('BTC/USDT');
    const doomed = await signUp(t, admin, 'estop-doomed@makerdesk.local', { coinIds: [BTC] });
    await importKey(t, doomed.token, { coinId: BTC, apiKey: 'estop-doomed-key' });
    const suspended = await signUp(t, admin, 'estop-suspended@makerdesk.local', { coinIds: [BTC] });
    await importKey(t, suspended.token, { coinId: BTC, apiKey: 'estop-suspended-key' });
    const doomedBots = [await deploy(doomed.token, BTC), await deploy(doomed.token, BTC)];
    const suspendedBot = await deploy(suspended.token, BTC);
    await quotingBots([...doomedBots, suspendedBot]);
    expect((await venueOrders('estop-doomed-key')).length).toBeGreaterThan(0);

    const deleted = await t.call('DELETE', `/backend/admin/${doomed.id}`, { token: admin });
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);
    // Nothing left resting on the venue for a journal that no longer exists, and nothing placed after.
    expect(await venueOrders('estop-doomed-key')).toEqual([]);
    for (const id of doomedBots) expect(t.services.engine.runtime(id).activity).toBe('idle');

    const suspend = await t.call('PUT', '/backend/admin/update', { token: admin, body: { id: suspended.id, status: 'suspended' } });
    expect(suspend.body.code, JSON.stringify(suspend.body)).toBe(200);
    expect(await venueOrders('estop-suspended-key')).toEqual([]);
    expect(await liveOrders([suspendedBot])).toBe(0);
    const bot = await t.database.db.select().from(robots).where(eq(robots.id, suspendedBot));
    expect(bot[0]).toMatchObject({ status: 'stopped', stopReason: 'Emergency stop: account suspended by admin@makerdesk.local' });
    // Stored as a key and its params: each reader reads it in their language.
    expect(bot[0]!.stopReasonText).toEqual({ key: 'bots.stopReason.emergency', params: { cause: '@bots.stopReason.accountSuspended', account: 'admin@makerdesk.local' } });
    expect(renderServerText(bot[0]!.stopReasonText!, 'zh_CN')).toBe('紧急停止：账户已被 admin@makerdesk.local 停用');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await venueOrders('estop-doomed-key')).toEqual([]);
    expect(await venueOrders('estop-suspended-key')).toEqual([]);
  }, 60_000);

  it('refuses a pair not bound to a sub-account and an unknown pair, in words', async () => {
    expect((await stop({ coinId: ETH }, sub.token)).body).toMatchObject({ data: { code: ErrorCode.FORBIDDEN } });
    const unknown = await stop({ coinId: 999 }, admin, 'zh_CN');
    expect(unknown.body.data.code).toBe(ErrorCode.PAIR_NOT_FOUND);
    expect(unknown.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await stop({ coinId: 'x' })).body.code).not.toBe(200);
  });

  it('manual orders: counted and left alone by default, cancelled with cancelManual; the preview counts both; monitors keep watching', async () => {
    const bot = await deploy(admin, SOL);
    const monitor = await deployMonitor(admin, SOL);
    await quotingBots([bot]);
    const book = (await t.call('GET', `/backend/order/orderBook?coinId=${SOL}`, { token: admin })).body.data as { bids: [string, string][] };
    const low = (Number(book.bids.at(-1)![0]) * 0.8).toFixed(2);
    for (let i = 0; i < 2; i++) {
      const placed = await t.call('POST', '/backend/order/addOrder', { token: admin, body: { coinId: SOL, direction: 'buy', tradeType: 'limit', price: low, amount: '1' } });
      expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 200 });
    }
    expect((await t.call('GET', `/backend/robot/emergencyStop/preview?coinId=${SOL}`, { token: admin })).body.data).toEqual({ runningRobots: 1, runningMonitors: 1, otherAccountsRobots: 0, manualOpenOrders: 2 });

    const first = await stop({ coinId: SOL });
    expect(first.body.data).toMatchObject({ robotsStopped: 1, robotIds: [bot], manualCancelled: 0, manualOpenOrders: 2 });
    // The button stops the trading bots; the pair's monitor keeps watching.
    expect((await t.call('GET', `/backend/robot/${monitor}?coinId=${SOL}`, { token: admin })).body.data).toMatchObject({ status: 'running' });
    expect(await venueOpen(admin, SOL)).toHaveLength(2);

    const second = await stop({ coinId: SOL, cancelManual: true });
    expect(second.body.data).toMatchObject({ robotsStopped: 0, ordersCancelled: 0, manualCancelled: 2, manualOpenOrders: 0, failed: [] });
    expect(await venueOpen(admin, SOL)).toEqual([]);
  }, 60_000);

  it('emergencyStop(coinId, {reason, by}): what the monitors call stops every bot of the pair', async () => {
    const ids = [await deploy(admin, BTC), await deploy(sub.token, BTC)];
    await quotingBots(ids);
    const result = await t.services.emergencyStop.emergencyStop(BTC, { reason: 'price 1 below the bound 2', by: 'price monitor #7' });
    expect(result).toMatchObject({ robotsStopped: 2, robotIds: ids, failed: [] });
    expect(result.ordersCancelled).toBeGreaterThan(0);
    expect(await liveOrders(ids)).toBe(0);
    const repos = createRepositories(t.database.db);
    for (const id of ids) expect(await repos.robots.findById(id)).toMatchObject({ status: 'stopped', stopReason: 'Emergency stop: price 1 below the bound 2 (price monitor #7)' });
    await expect(t.services.emergencyStop.emergencyStop(999, { reason: 'x', by: 'y' })).rejects.toMatchObject({ code: ErrorCode.PAIR_NOT_FOUND });
  }, 60_000);

  it("a monitor's stop names the bot in each reader's language: the incident, the halted banner and the bots' stop reasons", async () => {
    const ids = [await deploy(admin, ETH)];
    await quotingBots(ids);
    await t.services.emergencyStop.emergencyStop(ETH, { reason: 'price 1 below the bound 2', byBot: 7 });
    const repos = createRepositories(t.database.db);
    const row = await repos.robots.findById(ids[0]!);
    expect(row).toMatchObject({ status: 'stopped', stopReason: 'Emergency stop: price 1 below the bound 2 (bot #7)' });
    expect(renderServerText(row!.stopReasonText!, 'zh_CN')).toBe('紧急停止：price 1 below the bound 2（机器人 #7）');
    const read = async (lang: string) => (await t.call('GET', `/backend/incident/list?coinId=${ETH}`, { token: admin, lang })).body.data;
    const zh = await read('zh_CN');
    expect(zh.halted[0]).toMatchObject({ by: '机器人 #7' });
    expect(zh.halted[0].text).toMatch(/^已由 机器人 #7 于 /);
    expect(zh.items[0].text).toMatch(/^由 机器人 #7 于 .+原因：price 1 below the bound 2$/);
    const en = await read('en_US');
    expect(en.halted[0]).toMatchObject({ by: 'bot #7' });
    expect(en.items[0].text).toMatch(/^Halted by bot #7 at /);
  }, 60_000);
});
