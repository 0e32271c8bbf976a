/**
 * Whose order is whose: every order, history order and fill the console reads carries its source,
 * a bot of the account (by name), a console order (manual), or the same key used elsewhere (other:
 * here ccxt's Binance class against the simulator's Binance API). The lists filter by it, and a
 * restricted account never learns the name, nor the number, of a bot that is not its own.
 */
import type { AddressInfo } from 'node:net';
import { floor, mul } from '@makerdesk/decimal';
import { botScope, makerDeskClientOrderId } from '@makerdesk/exchange';
import ccxt, { type binance as Binance } from 'ccxt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robots } from '../db/schema.ts';
import { importKey, signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const BTC = 1;
const SYMBOL = 'BTC/USDT';
const KEY = 'source-sim-key';

interface Source {
  kind: string;
  robotId: number | null;
  robotName: string | null;
}
interface Row {
  orderNo: string;
  clientOrderId: string | null;
  source: Source;
}
interface FillRow {
  orderNo: string;
  source: Source;
}

let t: TestApp;
let main: string;
let sub: string;
let binance: Binance;
let mainBot: number;
let unnamedBot: number;
let subBot: number;
let bidPrice: string;
const placed: Record<'mainBot' | 'unnamedBot' | 'subBot' | 'manual' | 'other', string> = { mainBot: '', unnamedBot: '', subBot: '', manual: '', other: '' };

const get = async (url: string, token = main, lang?: string) => {
  const res = await t.call('GET', url, { token, ...(lang ? { lang } : {}) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as unknown;
};

async function createBot(token: string, description: string, defaults: Record<string, unknown>): Promise<number> {
  const res = await t.call('PUT', '/backend/robot/update', { token, body: { coinId: BTC, type: 'depth_far', config: defaults, status: 'stopped', startMode: 'now', priceMode: 'normal', description } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

/** A resting buy well under the market, as the bot with this scope (or, without one, a foreign client) places it. */
async function restingBuy(clientOrderId?: string): Promise<string> {
  const order = await binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, Number(bidPrice), clientOrderId ? { newClientOrderId: clientOrderId } : {});
  return order.id as string;
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (let i = 0; i < 20; i++) t.services.sim.localHost.venue.step();
  main = await t.login();
  await importKey(t, main, { coinId: BTC, apiKey: KEY });
  // A restricted account with the same key on the same pair: it sees the same orders on the venue.
  ({ token: sub } = await signUp(t, main, 'source-sub@makerdesk.local', { coinIds: [BTC] }));
  await importKey(t, sub, { coinId: BTC, apiKey: KEY });

  const types = (await get(`/backend/robot/init/list?coinId=${BTC}`)) as { type: string; defaults: Record<string, unknown> }[];
  const defaults = types.find((x) => x.type === 'depth_far')!.defaults;
  mainBot = await createBot(main, 'Ladder A', defaults);
  unnamedBot = await createBot(main, '', defaults);
  subBot = await createBot(sub, 'Sub ladder', defaults);

  binance = new ccxt.binance({
    apiKey: KEY,
    secret: `${KEY}-secret`,
    urls: { api: { public: `${origin}/sim/binance/api/v3`, private: `${origin}/sim/binance/api/v3`, sapi: `${origin}/sim/binance/sapi/v1` } },
    options: { fetchMarkets: { types: ['spot'] } },
  });
  await binance.loadMarkets();
  const price = (await get(`/backend/order/getPrice?coinId=${BTC}`)) as { bid: string };
  bidPrice = floor(mul(price.bid, '0.9'), 2);

  placed.mainBot = await restingBuy(makerDeskClientOrderId(botScope(mainBot)));
  placed.unnamedBot = await restingBuy(makerDeskClientOrderId(botScope(unnamedBot)));
  placed.subBot = await restingBuy(makerDeskClientOrderId(botScope(subBot)));
  placed.other = await restingBuy();
  const manual = await t.call('POST', '/backend/order/addOrder', { token: main, body: { coinId: BTC, direction: 'buy', tradeType: 'limit', price: bidPrice, amount: '0.001' } });
  expect(manual.body.code, JSON.stringify(manual.body)).toBe(200);
  expect(manual.body.data.order.source).toEqual({ kind: 'manual', robotId: null, robotName: null });
  placed.manual = manual.body.data.orderNo as string;
});
afterAll(() => t.close());

const byOrderNo = (rows: Row[]) => new Map(rows.map((r) => [r.orderNo, r.source]));

describe('GET /order/getOrders: each open order says who placed it', () => {
  it('names the bot, and tells a console order from one placed with the key elsewhere', async () => {
    const sources = byOrderNo((await get(`/backend/order/getOrders?coinId=${BTC}`)) as Row[]);
    expect(sources.get(placed.mainBot)).toEqual({ kind: 'bot', robotId: mainBot, robotName: 'Ladder A' });
    expect(sources.get(placed.unnamedBot)).toEqual({ kind: 'bot', robotId: unnamedBot, robotName: `Depth far #${unnamedBot}` });
    expect(sources.get(placed.manual)).toEqual({ kind: 'manual', robotId: null, robotName: null });
    expect(sources.get(placed.other)).toEqual({ kind: 'other', robotId: null, robotName: null });
  });

  it("names a bot without a description by its type in the reader's language", async () => {
    const sources = byOrderNo((await get(`/backend/order/getOrders?coinId=${BTC}`, main, 'zh_CN')) as Row[]);
    expect(sources.get(placed.unnamedBot)?.robotName).toBe(`远端深度 #${unnamedBot}`);
  });

  it("shows the main account its sub-accounts' bots by name", async () => {
    const sources = byOrderNo((await get(`/backend/order/getOrders?coinId=${BTC}`)) as Row[]);
    expect(sources.get(placed.subBot)).toEqual({ kind: 'bot', robotId: subBot, robotName: 'Sub ladder' });
  });

  it("never tells a restricted account another account's bot: its orders read as other, without id or name", async () => {
    const res = await t.call('GET', `/backend/order/getOrders?coinId=${BTC}`, { token: sub });
    const sources = byOrderNo(res.body.data as Row[]);
    expect(sources.get(placed.subBot)).toEqual({ kind: 'bot', robotId: subBot, robotName: 'Sub ladder' });
    expect(sources.get(placed.mainBot)).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(sources.get(placed.unnamedBot)).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(res.raw.body).not.toContain('Ladder A');
    // Filtering by the other account's bot finds nothing either.
    expect(await get(`/backend/order/getOrders?coinId=${BTC}&robotId=${mainBot}`, sub)).toEqual([]);
  });

  it('filters by source kind and by bot', async () => {
    const orderNos = async (query: string) => ((await get(`/backend/order/getOrders?coinId=${BTC}&${query}`)) as Row[]).map((r) => r.orderNo).sort();
    expect(await orderNos('source=bot')).toEqual([placed.mainBot, placed.unnamedBot, placed.subBot].sort());
    expect(await orderNos('source=manual')).toEqual([placed.manual]);
    expect(await orderNos('source=other')).toEqual([placed.other]);
    expect(await orderNos(`robotId=${mainBot}`)).toEqual([placed.mainBot]);
    const bad = await t.call('GET', `/backend/order/getOrders?coinId=${BTC}&source=robot`, { token: main });
    expect(bad.body.code).not.toBe(200);
  });

  it('answers a deleted bot by its number, with no name', async () => {
    const gone = await restingBuy(makerDeskClientOrderId(botScope(999_999)));
    expect(byOrderNo((await get(`/backend/order/getOrders?coinId=${BTC}`)) as Row[]).get(gone)).toEqual({ kind: 'bot', robotId: 999_999, robotName: null });
  });

  it("the bot's detail lists its open orders with its source", async () => {
    const detail = (await get(`/backend/robot/detail/${mainBot}`)) as { openOrders: Row[] };
    expect(detail.openOrders.map((o) => [o.orderNo, o.source])).toEqual([[placed.mainBot, { kind: 'bot', robotId: mainBot, robotName: 'Ladder A' }]]);
  });
});

describe('history orders and fills carry the source too', () => {
  it('a cancelled order keeps its source in the history, and the cancel answers it', async () => {
    const res = await t.call('POST', '/backend/order/cancelOrder', { token: main, body: { coinId: BTC, orderNo: placed.mainBot } });
    expect(res.body.data.source).toEqual({ kind: 'bot', robotId: mainBot, robotName: 'Ladder A' });
    const history = (await get(`/backend/order/getHistoryOrders?coinId=${BTC}&source=bot`)) as Row[];
    expect(history.find((o) => o.orderNo === placed.mainBot)?.source).toEqual({ kind: 'bot', robotId: mainBot, robotName: 'Ladder A' });
    expect(history.every((o) => o.source.kind === 'bot')).toBe(true);
  });

  it('each fill carries the source of its order, and the fills filter by it', async () => {
    const botOrder = await binance.createOrder(SYMBOL, 'market', 'buy', 0.001, undefined, { newClientOrderId: makerDeskClientOrderId(botScope(subBot)) });
    const otherOrder = await binance.createOrder(SYMBOL, 'market', 'sell', 0.001);
    const manual = await t.call('POST', '/backend/order/addOrder', { token: main, body: { coinId: BTC, direction: 'buy', tradeType: 'market', amount: '0.001' } });
    expect(manual.body.code, JSON.stringify(manual.body)).toBe(200);

    const fills = (await get(`/backend/order/trade?coinId=${BTC}`)) as FillRow[];
    const sourceOf = (orderNo: string) => fills.find((f) => f.orderNo === orderNo)?.source;
    expect(sourceOf(botOrder.id as string)).toEqual({ kind: 'bot', robotId: subBot, robotName: 'Sub ladder' });
    expect(sourceOf(otherOrder.id as string)).toEqual({ kind: 'other', robotId: null, robotName: null });
    expect(sourceOf(manual.body.data.orderNo as string)).toEqual({ kind: 'manual', robotId: null, robotName: null });

    const manualFills = (await get(`/backend/order/trade?coinId=${BTC}&source=manual`)) as FillRow[];
    expect(manualFills.length).toBeGreaterThan(0);
    expect(new Set(manualFills.map((f) => f.orderNo))).toEqual(new Set([manual.body.data.orderNo]));
    const subBotFills = (await get(`/backend/order/trade?coinId=${BTC}&robotId=${subBot}`, sub)) as FillRow[];
    expect(new Set(subBotFills.map((f) => f.orderNo))).toEqual(new Set([botOrder.id as string]));
  });

  it("a deleted bot's fills keep its number, with no name", async () => {
    await t.database.db.delete(robots).where(eq(robots.id, subBot));
    const fills = (await get(`/backend/order/trade?coinId=${BTC}&source=bot`, sub)) as FillRow[];
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((f) => f.source.kind === 'bot' && f.source.robotId === subBot && f.source.robotName === null)).toBe(true);
  });
});
