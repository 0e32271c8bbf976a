import { ErrorCode, PUMP_TARGET_TEXT, robotTypeKeys, robotTypes, type RobotTypeKey, EMPTY_LIVE_FIGURES } from '@makerdesk/contract';
import { add, div, minus, mul } from '@makerdesk/decimal';
import type { FillRecord, JournalOrder } from '@makerdesk/engine';
import { makerDeskClientOrderId } from '@makerdesk/exchange';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPermissions } from '../db/schema.ts';
import { createRepositories } from '../repositories/repositories.ts';
import { SCHEDULED_START_TEXT, SMART_TARGET_TEXT } from '../services/robot.service.ts';
import { importKey, signUp } from '../testing/accounts.ts';
import { recordingWiring } from '../testing/recording-engine.ts';
import { createTestApp, type Json, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let rec: ReturnType<typeof recordingWiring>;
let admin: string;
let sub: string;
let other: string;
let keyless: string;
let subId: number;

const BTC = 1;
const ETH = 2;
const SOL = 3;
const MDK = 4;

const get = (url: string, token = admin, lang?: string) => t.call('GET', url, { token, ...(lang ? { lang } : {}) });
const put = (body: unknown, token = admin, lang?: string) => t.call('PUT', '/backend/robot/update', { token, body, ...(lang ? { lang } : {}) });

let defaultsByPair: Map<number, Map<RobotTypeKey, Record<string, unknown>>>;

async function create(config: Record<string, unknown>, patch: Record<string, unknown> = {}, token = admin, coinId = BTC): Promise<number> {
  const res = await put({ coinId, type: 'depth_far', config, status: 'running', startMode: 'now', priceMode: 'normal', description: 'far book', ...patch }, token);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

beforeAll(async () => {
  rec = recordingWiring();
  t = await createTestApp({ engine: rec.wiring });
  admin = await t.login();
  for (const coinId of [BTC, ETH, SOL, MDK]) await importKey(t, admin, { coinId, apiKey: 'admin-sim-key' });
  ({ token: sub, id: subId } = await signUp(t, admin, 'bots@makerdesk.local', { coinIds: [ETH] }));
  await importKey(t, sub, { coinId: ETH, apiKey: 'sub-sim-key' });
  other = (await signUp(t, admin, 'other@makerdesk.local', { coinIds: [ETH] })).token;
  await importKey(t, other, { coinId: ETH, apiKey: 'other-sim-key' });
  keyless = (await signUp(t, admin, 'keyless@makerdesk.local', { coinIds: [SOL] })).token;
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  defaultsByPair = new Map();
});
afterAll(() => t.close());

describe('GET /robot/init/list', () => {
  it('lists every type with its key, category, names, description, schema and defaults valid for each pair', async () => {
    for (const coinId of [BTC, ETH, SOL, MDK]) {
      const { body } = await get(`/backend/robot/init/list?coinId=${coinId}`);
      expect(body.code).toBe(200);
      const items = body.data as { type: RobotTypeKey; defaults: Record<string, unknown>; schema: { properties: object } }[];
      expect(items.map((i) => i.type)).toEqual([...robotTypeKeys]);
      const byType = new Map<RobotTypeKey, Record<string, unknown>>();
      for (const item of items) {
        expect(item).toMatchObject({ category: robotTypes[item.type].category, name: robotTypes[item.type].name, nameZh: robotTypes[item.type].nameZh, simulationOnly: robotTypes[item.type].simulationOnly });
        expect(Object.keys(item.schema.properties).length).toBeGreaterThan(3);
        const parsed = robotTypes[item.type].config.safeParse(item.defaults);
        expect(parsed.success, `${item.type} on pair ${coinId}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        byType.set(item.type, item.defaults);
      }
      defaultsByPair.set(coinId, byType);
    }
  });

  it("builds defaults from the pair's market and current price", async () => {
    const price = (await get(`/backend/order/getPrice?coinId=${BTC}`)).body.data as { bid: string; ask: string };
    const mid = Number(div(add(price.bid, price.ask), '2', { decimals: 8, rounding: 'half-up' }));
    const smart = defaultsByPair.get(BTC)!.get('smart_sell')!;
    expect(Number(smart.priceLimit) / mid).toBeCloseTo(0.98, 3);
    expect(String(smart.priceLimit)).toMatch(/^\d+\.\d{1,2}$/);
    expect(defaultsByPair.get(MDK)!.get('follow_exchange')!.source).toEqual({ platform: 'sim', symbol: 'MDK/USDT' });
  });

  it('answers fallback defaults without a pair, or for a pair without a key, still valid', async () => {
    for (const [url, token] of [['/backend/robot/init/list', admin], [`/backend/robot/init/list?coinId=${SOL}`, keyless]] as const) {
      const { body } = await get(url, token);
      expect(body.code).toBe(200);
      for (const item of body.data as { type: RobotTypeKey; defaults: unknown }[]) expect(robotTypes[item.type].config.safeParse(item.defaults).success).toBe(true);
    }
    expect(((await get(`/backend/robot/init/list?coinId=${SOL}`, keyless)).body.data as { type: string; defaults: { source?: unknown } }[]).find((i) => i.type === 'follow_strict')?.defaults.source).toEqual({ platform: 'sim', symbol: 'SOL/USDT' });
    expect((await get(`/backend/robot/init/list?coinId=${BTC}`, sub)).body.data.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('PUT /robot/update', () => {
  it('creates a bot, answers its id, hands it to the engine, and lists it with runtime and figures', async () => {
    const before = rec.engine().calls.length;
    const id = await create(defaultsByPair.get(BTC)!.get('depth_far')!);
    expect(rec.engine().calls.slice(before)).toEqual([`apply ${id}`]);
    rec.engine().runtimes.set(id, { ...EMPTY_LIVE_FIGURES, activity: 'active', lastTickAt: 1, nextTickAt: 2, consecutiveFailures: 0, throttledUntil: null, openOrders: 30 });
    const { body } = await get(`/backend/robot/list?coinId=${BTC}`);
    expect(body.code).toBe(200);
    const item = (body.data as { id: number }[]).find((r) => r.id === id);
    expect(item).toMatchObject({
      id,
      coinId: BTC,
      coinName: 'BTC/USDT',
      type: 'depth_far',
      status: 'running',
      stopReason: null,
      description: 'far book',
      priceMode: 'normal',
      startMode: 'now',
      startAt: null,
      config: { depthLayersMin: 15, depthLayersMax: 20, nearestOffset: '0.01' },
      runtime: { activity: 'active', openOrders: 30 },
      figures: { lastHour: { tradeCount: 0, ordersPlaced: 0, realizedPnl: '0', averageCost: null }, allTime: { baseVolume: '0' } },
    });
  });

  it("answers how a live bot's venue data reaches it (issue 19): the runtime's feed, in the list and by id; null when the engine says none", async () => {
    const id = await create(defaultsByPair.get(BTC)!.get('depth_far')!);
    const feed = { mode: 'polling', since: 1_790_000_000_000, reason: 'down' } as const;
    rec.engine().runtimes.set(id, { ...EMPTY_LIVE_FIGURES, activity: 'active', lastTickAt: 1, nextTickAt: 2, consecutiveFailures: 0, throttledUntil: null, openOrders: 2, feed });
    expect((await get(`/backend/robot/${id}?coinId=${BTC}`)).body.data.runtime).toMatchObject({ activity: 'active', feed });
    const listed = ((await get(`/backend/robot/list?coinId=${BTC}`)).body.data as { id: number; runtime: unknown }[]).find((r) => r.id === id);
    expect(listed?.runtime).toMatchObject({ feed });
    rec.engine().runtimes.delete(id);
    expect((await get(`/backend/robot/${id}?coinId=${BTC}`)).body.data.runtime.feed).toBeNull();
  });

  it('checks every bound on the server with the spec texts, min below max on both fields', async () => {
    const base = defaultsByPair.get(BTC)!.get('depth_far')!;
    const res = await put({ coinId: BTC, type: 'depth_far', config: { ...base, orderAmountMin: '5', orderAmountMax: '1' }, status: 'running', startMode: 'now', priceMode: 'safe' });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({
      code: ErrorCode.INVALID_ROBOT_CONFIG,
      fields: [
        { field: 'config.orderAmountMin', message: 'Min value cannot exceed max value' },
        { field: 'config.orderAmountMax', message: 'Max value must exceed min value' },
      ],
    });
    expect(res.body.msg).toBe('Invalid robot configuration: config.orderAmountMin: Min value cannot exceed max value; config.orderAmountMax: Max value must exceed min value');
    const zh = await put({ coinId: BTC, type: 'depth_far', config: { ...base, depthLayersMin: 14 }, status: 'running', startMode: 'now', priceMode: 'safe' }, admin, 'zh_CN');
    expect(zh.body.msg).toMatch(/^机器人配置无效：config\.depthLayersMin: Must be between 15 and 50/);
    const near = defaultsByPair.get(BTC)!.get('depth_near')!;
    const spread = await put({ coinId: BTC, type: 'depth_near', config: { ...near, baseSpreadMin: '0.002', baseSpreadMax: '0.0022' }, status: 'stopped', startMode: 'now', priceMode: 'normal' });
    expect(spread.body.data.fields).toEqual([
      { field: 'config.baseSpreadMin', message: 'Min value cannot exceed max value' },
      { field: 'config.baseSpreadMax', message: 'Max value must exceed min value' },
    ]);
  });

  it('refuses an unknown type and a scheduled start without a time, naming the field', async () => {
    const type = await put({ coinId: BTC, type: 'market_magic', config: {}, status: 'running', startMode: 'now', priceMode: 'normal' });
    expect(type.body.data).toMatchObject({ code: ErrorCode.INVALID_ROBOT_TYPE, fields: [{ field: 'type', message: 'Invalid robot type' }] });
    const noTime = await put({ coinId: BTC, type: 'depth_far', config: defaultsByPair.get(BTC)!.get('depth_far'), status: 'running', startMode: 'scheduled', priceMode: 'normal' });
    expect(noTime.body.data).toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: [{ field: 'startAt', message: 'A scheduled start needs a time' }] });
  });

  it('a scheduled start is at least 1 minute ahead', async () => {
    const config = defaultsByPair.get(BTC)!.get('depth_far')!;
    const soon = await put({ coinId: BTC, type: 'depth_far', config, status: 'running', startMode: 'scheduled', startAt: Date.now() + 30_000, priceMode: 'normal' });
    expect(soon.body.data).toEqual({ code: ErrorCode.INVALID_ROBOT_CONFIG, fields: [{ field: 'startAt', message: SCHEDULED_START_TEXT }] });
    expect(SCHEDULED_START_TEXT).toBe('The scheduled start must be at least 1 minute from now');
    const startAt = Date.now() + 120_000;
    const id = await create(config, { startMode: 'scheduled', startAt });
    expect((await get(`/backend/robot/${id}?coinId=${BTC}`)).body.data).toMatchObject({ startMode: 'scheduled', startAt, status: 'running' });
    // Saved again later with the same start time (a description change): not refused for the time alone.
    const again = await put({ id, coinId: BTC, type: 'depth_far', config, status: 'running', startMode: 'scheduled', startAt, priceMode: 'normal', description: 'renamed' });
    expect(again.body.code).toBe(200);
  });

  it('smart sell and buy: the target date is at least 60 minutes after the start', async () => {
    const smart = defaultsByPair.get(BTC)!.get('smart_sell')!;
    const now = Date.now();
    const early = await put({ coinId: BTC, type: 'smart_sell', config: { ...smart, targetAt: now + 30 * 60_000 }, status: 'running', startMode: 'now', priceMode: 'normal' });
    expect(early.body.data).toEqual({ code: ErrorCode.INVALID_ROBOT_CONFIG, fields: [{ field: 'config.targetAt', message: SMART_TARGET_TEXT }] });
    expect(SMART_TARGET_TEXT).toBe('The target date must be at least 60 minutes after the start');
    const startAt = now + 10 * 60_000;
    const afterScheduled = await put({ coinId: BTC, type: 'smart_buy', config: { ...smart, priceLimit: '1000000', targetAt: startAt + 59 * 60_000 }, status: 'running', startMode: 'scheduled', startAt, priceMode: 'normal' });
    expect(afterScheduled.body.data.fields).toEqual([{ field: 'config.targetAt', message: SMART_TARGET_TEXT }]);
    const fine = await put({ coinId: BTC, type: 'smart_buy', config: { ...smart, priceLimit: '1000000', targetAt: startAt + 61 * 60_000 }, status: 'running', startMode: 'scheduled', startAt, priceMode: 'normal' });
    expect(fine.body.code).toBe(200);
    // Stopped, the target is not checked (it is when the bot is switched on).
    expect((await put({ coinId: BTC, type: 'smart_sell', config: { ...smart, targetAt: now + 60_000 }, status: 'stopped', startMode: 'now', priceMode: 'normal' })).body.code).toBe(200);
  });

  it('pump and dump: the target date is at least 1 minute after the start (the simulator keys of these pairs accept them)', async () => {
    const now = Date.now();
    for (const type of ['pump_oscillating', 'pump_rapid', 'pump_ratio'] as const) {
      const pump = defaultsByPair.get(BTC)!.get(type)!;
      const early = await put({ coinId: BTC, type, config: { ...pump, targetAt: now + 30_000 }, status: 'running', startMode: 'now', priceMode: 'normal' });
      expect(early.body.data).toEqual({ code: ErrorCode.INVALID_ROBOT_CONFIG, fields: [{ field: 'config.targetAt', message: PUMP_TARGET_TEXT }] });
      expect((await put({ coinId: BTC, type, config: { ...pump, targetAt: now + 5 * 60_000 }, status: 'stopped', startMode: 'now', priceMode: 'normal' })).body.code).toBe(200);
    }
    expect(PUMP_TARGET_TEXT).toBe('The target date must be at least 1 minute after the start');
  });

  it('switching off: status and reason shown, the engine told, the change in the trading log', async () => {
    const config = defaultsByPair.get(BTC)!.get('depth_far')!;
    const id = await create(config);
    const before = rec.engine().calls.length;
    const off = await put({ id, coinId: BTC, type: 'depth_far', config, status: 'stopped', startMode: 'now', priceMode: 'normal' });
    expect(off.body).toMatchObject({ code: 200, data: { id } });
    expect(rec.engine().calls.slice(before)).toEqual([`apply ${id}`]);
    expect((await get(`/backend/robot/${id}`)).body.data).toMatchObject({ status: 'stopped', stopReason: 'Stopped by admin@makerdesk.local', description: 'far book' });
    const logs = (await get(`/backend/tradingLog/list?coinId=${BTC}&robotId=${id}`)).body.data;
    expect(logs.list.map((l: { message: string }) => l.message)).toEqual([`Bot #${id} switched off by admin@makerdesk.local`, `Depth far bot #${id} created and switched on by admin@makerdesk.local`]);
    expect(logs.total).toBe(2);
  });

  it('an engine that cannot take the change up leaves the bot saved and says so in the log', async () => {
    rec.engine().failApply = new Error('venue unreachable');
    try {
      const id = await create(defaultsByPair.get(BTC)!.get('depth_far')!);
      const errors = (await get(`/backend/tradingLog/list?coinId=${BTC}&robotId=${id}&level=error`)).body.data.list;
      expect(errors.map((l: { message: string }) => l.message)).toEqual([`The engine could not take the change of bot #${id} up: venue unreachable`]);
    } finally {
      rec.engine().failApply = null;
    }
  });
});

describe('exposure (1030082): a running configuration the available balance cannot fund needs confirmExposure', () => {
  // The demo account holds 2 BTC and 100,000 USDT; BTC trades near 65,000 USDT.
  const nearBody = (config: Record<string, unknown>, patch: Record<string, unknown> = {}) => ({
    coinId: BTC,
    type: 'depth_near',
    config: { ...defaultsByPair.get(BTC)!.get('depth_near')!, ...config },
    status: 'running',
    startMode: 'now',
    priceMode: 'normal',
    ...patch,
  });

  it('refuses a depth-near ladder of 30 BTC orders in words, saves nothing, and saves it with the flag', async () => {
    const before = (await get(`/backend/robot/list?coinId=${BTC}`)).body.data.length;
    const body = nearBody({ orderAmountMin: '30', orderAmountMax: '40', layersPerSideMin: 3, layersPerSideMax: 8 });
    const refused = await put(body);
    expect(refused.status).toBe(409);
    expect(refused.body.data.code).toBe(ErrorCode.BOT_EXPOSURE_UNFUNDED);
    // The buy side's single order (40 BTC at the mid) is past the 100,000 USDT balance already.
    expect(refused.body.msg).toMatch(/^This bot can put [\d,]+\.\d{2} USDT on the book, more than the available 100,000(\.\d+)? USDT \([\d,]+\.\d{2}% of it\)\. Confirm to save it anyway$/);
    const zh = await put(body, admin, 'zh_CN');
    expect(zh.body.msg).toContain('超过可用余额 100,000');
    expect((await get(`/backend/robot/list?coinId=${BTC}`)).body.data).toHaveLength(before);
    const saved = await put({ ...body, confirmExposure: true });
    expect(saved.body.code).toBe(200);
    // Editing it keeps asking, unless confirmed again.
    const edit = await put({ ...body, id: saved.body.data.id, description: 'edited' });
    expect(edit.body.data.code).toBe(ErrorCode.BOT_EXPOSURE_UNFUNDED);
    expect((await put({ ...body, id: saved.body.data.id, confirmExposure: true })).body.code).toBe(200);
    await put({ ...body, id: saved.body.data.id, status: 'stopped' });
  });

  it('a ladder whose single order fits but whose total does not is refused too; a stopped bot places nothing and is not asked', async () => {
    // 0.3 BTC orders (about 19,500 USDT) fit one by one, eight of them a side do not.
    const ladder = nearBody({ orderAmountMin: '0.2', orderAmountMax: '0.3', layersPerSideMin: 3, layersPerSideMax: 8 });
    expect((await put(ladder)).body.data.code).toBe(ErrorCode.BOT_EXPOSURE_UNFUNDED);
    expect((await put({ ...ladder, status: 'stopped' })).body.code).toBe(200);
    // The default configuration is well inside the demo balance.
    const plain = await put(nearBody({}));
    expect(plain.body.code).toBe(200);
    await put({ ...nearBody({}), id: plain.body.data.id, status: 'stopped' });
  });
});

describe('who sees and changes which bot', () => {
  let subBot: number;

  beforeAll(async () => {
    subBot = await create(defaultsByPair.get(ETH)!.get('depth_near')!, { type: 'depth_near' }, sub, ETH);
  });

  it('a sub-account sees its own bots on its bound pairs; another account, even the main one, does not', async () => {
    expect(((await get(`/backend/robot/list?coinId=${ETH}`, sub)).body.data as { id: number }[]).map((r) => r.id)).toEqual([subBot]);
    expect((await get(`/backend/robot/list?coinId=${ETH}`, other)).body.data).toEqual([]);
    for (const token of [other, admin]) {
      for (const url of [`/backend/robot/${subBot}`, `/backend/robot/1h/${subBot}`, `/backend/robot/today/${subBot}`, `/backend/robot/detail/${subBot}`]) {
        const res = await get(url, token);
        expect(res.body.data, url).toEqual({ code: ErrorCode.INVALID_ROBOT_ID });
        expect(res.body.msg).toBe('Invalid robot ID');
      }
    }
    expect((await get(`/backend/robot/${subBot}?coinId=${BTC}`, sub)).body.data.code).toBe(ErrorCode.INVALID_ROBOT_ID);
  });

  it("nobody changes another account's bot; a bot cannot move to another pair", async () => {
    const config = defaultsByPair.get(ETH)!.get('depth_near')!;
    const body = { id: subBot, coinId: ETH, type: 'depth_near', config, status: 'stopped', startMode: 'now', priceMode: 'normal' };
    expect((await put(body, other)).body.data.code).toBe(ErrorCode.INVALID_ROBOT_ID);
    expect((await put(body, admin)).body.data.code).toBe(ErrorCode.INVALID_ROBOT_ID);
    expect((await get(`/backend/robot/${subBot}`, sub)).body.data.status).toBe('running');
    expect((await put({ ...body, coinId: BTC }, admin)).body.data.code).toBe(ErrorCode.INVALID_ROBOT_ID);
  });

  it('a sub-account cannot put a bot on an unbound pair, nor reach its bot once the pair is unbound', async () => {
    expect((await put({ coinId: BTC, type: 'depth_far', config: defaultsByPair.get(BTC)!.get('depth_far'), status: 'running', startMode: 'now', priceMode: 'normal' }, sub)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await get(`/backend/robot/list?coinId=${BTC}`, sub)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    await t.database.db.delete(accountPermissions).where(and(eq(accountPermissions.adminId, subId), eq(accountPermissions.coinId, ETH)));
    // No API unbinds a pair yet: a binding removed in the database is seen once the gate's cache lets it go (here, at once).
    t.services.caches.bindingsChanged(subId);
    try {
      expect((await get(`/backend/robot/${subBot}`, sub)).body.data.code).toBe(ErrorCode.FORBIDDEN);
      expect((await put({ id: subBot, coinId: ETH, type: 'depth_near', config: defaultsByPair.get(ETH)!.get('depth_near'), status: 'stopped', startMode: 'now', priceMode: 'normal' }, sub)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    } finally {
      await t.database.db.insert(accountPermissions).values({ adminId: subId, coinId: ETH });
    }
  });

  it('a caller without a key for the pair is told to import one', async () => {
    const res = await put({ coinId: SOL, type: 'depth_far', config: defaultsByPair.get(SOL)!.get('depth_far'), status: 'running', startMode: 'now', priceMode: 'normal' }, keyless);
    expect(res.body.data).toEqual({ code: ErrorCode.CREDENTIAL_NOT_FOUND });
    expect(res.body.msg).toBe('API key not found');
  });

  it('signed out: 401 on every robot call', async () => {
    for (const url of ['/backend/robot/list?coinId=1', '/backend/robot/init/list', `/backend/robot/${subBot}`, `/backend/robot/detail/${subBot}`]) {
      expect((await t.call('GET', url)).status).toBe(401);
    }
    expect((await t.call('PUT', '/backend/robot/update', { body: { coinId: BTC, type: 'depth_far', config: {}, status: 'stopped', startMode: 'now', priceMode: 'normal' } })).status).toBe(401);
  });
});

describe('figures and detail', () => {
  let id: number;
  const repos = () => createRepositories(t.database.db);

  beforeAll(async () => {
    id = await create(defaultsByPair.get(BTC)!.get('depth_far')!);
  });

  it('last hour, today and all time from the journal and the fill ledger, unrealised at the venue mid', async () => {
    const now = Date.now();
    const order = (clientOrderId: string, side: 'buy' | 'sell', price: string, amount: string, at: number): JournalOrder => ({
      robotId: id, clientOrderId, tag: 'x', symbol: 'BTC/USDT', side, price, amount, timeInForce: 'GTC', state: 'sending', orderNo: null, filledAmount: '0', filledValue: '0', error: null, createdAt: at, updatedAt: at,
    });
    const fill = (clientOrderId: string, side: 'buy' | 'sell', price: string, amount: string, at: number): FillRecord => ({
      robotId: id, clientOrderId, side, price, amount, quoteAmount: mul(price, amount), fee: '0.5', filledAfter: amount, at,
    });
    const old = now - 3 * 86_400_000;
    const recent = now - 1000;
    await repos().robotJournal.insert([order(`c${id}a`, 'buy', '60000', '0.2', old), order(`c${id}b`, 'sell', '61000', '0.05', recent), order(`c${id}c`, 'buy', '1', '1', recent)]);
    await repos().robotJournal.settle(
      [
        { robotId: id, clientOrderId: `c${id}a`, patch: { state: 'filled', filledAmount: '0.2', updatedAt: old } },
        { robotId: id, clientOrderId: `c${id}b`, patch: { state: 'filled', filledAmount: '0.05', updatedAt: recent } },
        { robotId: id, clientOrderId: `c${id}c`, patch: { state: 'canceled', updatedAt: recent } },
      ],
      [fill(`c${id}a`, 'buy', '60000', '0.2', old), fill(`c${id}b`, 'sell', '61000', '0.05', recent)],
    );
    const price = (await get(`/backend/order/getPrice?coinId=${BTC}`)).body.data as { bid: string; ask: string };
    const mid = div(add(price.bid, price.ask), '2', { decimals: 12, rounding: 'half-even' });

    const hour = (await get(`/backend/robot/1h/${id}?coinId=${BTC}`)).body;
    expect(hour.code).toBe(200);
    expect(hour.data).toMatchObject({
      ordersPlaced: 2,
      ordersFilled: 1,
      ordersCanceled: 1,
      tradeCount: 1,
      baseVolume: '0.05',
      quoteVolume: '3050',
      fees: '0.5',
      inventoryChange: { base: '-0.05', quote: '3050' },
      averageCost: '60000',
      realizedPnl: '50',
      unrealizedPnl: mul(minus(mid, '60000'), '0.15'),
      pnlVsHold: minus(add('3050', mul('-0.05', mid)), '0.5'),
    });
    const today = (await get(`/backend/robot/today/${id}`)).body.data;
    expect(today).toMatchObject({ tradeCount: 1, from: Date.UTC(new Date(today.to).getUTCFullYear(), new Date(today.to).getUTCMonth(), new Date(today.to).getUTCDate()) });
    const all = (await get(`/backend/robot/${id}`)).body.data.figures.allTime as Json['data'];
    expect(all).toMatchObject({ ordersPlaced: 3, ordersFilled: 2, tradeCount: 2, baseVolume: '0.25', fees: '1', inventoryChange: { base: '0.15', quote: '-8950' }, realizedPnl: '50' });
    expect(all.uptimeMs).toBeGreaterThan(0);
  });

  it("detail: the bot with its own open orders only (its client id scope), and its recent log", async () => {
    const account = t.services.sim.localHost.venue.account('admin-sim-key');
    const book = await account.fetchOrderBook('BTC/USDT', 5);
    const low = minus(book.bids.at(-1)![0], '500');
    const own = await account.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: low, amount: '0.001', clientOrderId: makerDeskClientOrderId(`b${id}`) });
    await account.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: low, amount: '0.001', clientOrderId: makerDeskClientOrderId('manual') });
    await account.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: low, amount: '0.001', clientOrderId: makerDeskClientOrderId(`b${id}0`) });
    const { body } = await get(`/backend/robot/detail/${id}`);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ id, type: 'depth_far', status: 'running' });
    expect(body.data.openOrders.map((o: { orderNo: string }) => o.orderNo)).toEqual([own.orderNo]);
    expect(body.data.recentLogs.map((l: { message: string }) => l.message)).toEqual([`Depth far bot #${id} created and switched on by admin@makerdesk.local`]);
  });
});

describe('GET /tradingLog/list filters', () => {
  it('by level and time window, validated', async () => {
    const all = (await get(`/backend/tradingLog/list?coinId=${BTC}&pageSize=100`)).body.data;
    expect(all.total).toBeGreaterThan(3);
    const first = all.list.at(-1) as { createdAt: number };
    const since = (await get(`/backend/tradingLog/list?coinId=${BTC}&pageSize=100&from=${first.createdAt + 1}`)).body.data;
    expect(since.total).toBe(all.list.filter((l: { createdAt: number }) => l.createdAt > first.createdAt).length);
    const until = (await get(`/backend/tradingLog/list?coinId=${BTC}&to=${first.createdAt + 1}`)).body.data;
    expect(until.list.every((l: { createdAt: number }) => l.createdAt <= first.createdAt)).toBe(true);
    expect((await get(`/backend/tradingLog/list?coinId=${BTC}&level=error`)).body.data.list.every((l: { level: string }) => l.level === 'error')).toBe(true);
    const bad = await get(`/backend/tradingLog/list?coinId=${BTC}&level=debug`);
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('level');
  });
});
