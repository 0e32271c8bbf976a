import { ErrorCode } from '@makerdesk/contract';
import { add, compare, minus, mul } from '@makerdesk/decimal';
import { pnlWindowStart } from '@makerdesk/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, manualFills, robotFills, robots } from '../db/schema.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { importKey, signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
let trader: SignedInAccount;
let botA: number;
let botB: number;
const BTC = 1;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const now = Date.now();
const at = (msAgo: number) => new Date(now - msAgo);

async function get(url: string, as = token) {
  return t.call('GET', url, { token: as });
}

/** total = realised + unrealised − fees, for the desk and each part. */
function expectAddsUp(p: { total: string; realised: string; unrealised: string; fees: string }) {
  expect(compare(p.total, minus(add(p.realised, p.unrealised), p.fees))).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await importKey(t, token, { coinId: BTC, apiKey: 'desk-key', secretKey: 'desk-secret' });
  trader = await signUp(t, token, 'desk-trader@makerdesk.local', { coinIds: [BTC] });
  await importKey(t, trader.token, { coinId: BTC, apiKey: 'desk-trader-key' });
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();
  const db = t.database.db;
  const [main] = await db.select({ id: admins.id }).from(admins).where(eq(admins.account, SEED_ADMIN_ACCOUNT));
  const adminId = main!.id;
  const [a, b] = await db
    .insert(robots)
    .values([
      { adminId, coinId: BTC, type: 'depth_far', config: {}, description: 'Far ladder' },
      { adminId, coinId: BTC, type: 'depth_near', config: {} },
    ])
    .returning();
  botA = a!.id;
  botB = b!.id;
  // Bot A: buys 2 at 100 three days ago, sells 1 at 110 half an hour ago (realised 10). Bot B: buys 1 at 105.
  await db.insert(robotFills).values([
    { robotId: botA, clientOrderId: `MDb${botA}Zaaaaaaaaaaaaaaaa`, filledAfter: '2', side: 'buy', price: '100', amount: '2', quoteAmount: '200', fee: '0.2', realizedPnl: '0', positionAfter: '2', avgCostAfter: '100', at: at(3 * DAY) },
    { robotId: botA, clientOrderId: `MDb${botA}Zbbbbbbbbbbbbbbbb`, filledAfter: '1', side: 'sell', price: '110', amount: '1', quoteAmount: '110', fee: '0.11', realizedPnl: '10', positionAfter: '1', avgCostAfter: '100', at: at(30 * MIN) },
    { robotId: botB, clientOrderId: `MDb${botB}Zcccccccccccccccc`, filledAfter: '1', side: 'buy', price: '105', amount: '1', quoteAmount: '105', fee: '0.105', realizedPnl: '0', positionAfter: '1', avgCostAfter: '105', at: at(20 * MIN) },
  ]);
  // By hand: a console buy (fee in base, valued at the fill price), then a sell by another client of the key with a BNB fee whose price was unknown.
  await db.insert(manualFills).values([
    { adminId, coinId: BTC, tradeId: 'desk-1', orderNo: 'o-1', side: 'buy', price: '104', amount: '0.5', fee: '0.0005', feeAsset: 'BTC', feeQuote: '0.052', clientOrderId: 'MDmanualZdddddddddddddddd', at: at(15 * MIN) },
    { adminId, coinId: BTC, tradeId: 'desk-2', orderNo: 'o-2', side: 'sell', price: '106', amount: '0.2', fee: '0.001', feeAsset: 'BNB', feeQuote: null, clientOrderId: 'web_8f3a', at: at(5 * MIN) },
  ]);
});
afterAll(() => t.close());

describe('GET /desk/pnl', () => {
  it('last hour: realised and fees of the fills inside it, parts adding up to the total, the desk = its bots + manual', async () => {
    const { body } = await get(`/backend/desk/pnl?coinId=${BTC}&window=1h`);
    expect(body.code).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ coinId: BTC, window: '1h', base: 'BTC', quote: 'USDT', realised: '10.4', fees: '0.267', unvaluedFees: 1 });
    expect(d.to - d.from).toBe(60 * MIN);
    const a = d.bots.find((x: { robotId: number }) => x.robotId === botA);
    const b = d.bots.find((x: { robotId: number }) => x.robotId === botB);
    expect(a).toMatchObject({ name: 'Far ladder', realised: '10', fees: '0.11' });
    // A bot without a description is named by its type in the reader's language and its number, as in the order lists.
    expect(b).toMatchObject({ name: `Depth near #${botB}`, realised: '0', fees: '0.105' });
    // Manual: buy 0.5 at 104, sell 0.2 at 106: realised (106 − 104)·0.2.
    expect(d.manual).toMatchObject({ realised: '0.4', fees: '0.052' });
    // Bot A held 2 at 100 before the hour and 1 at 100 now: unrealised change (mid − 100)·1 − (midStart − 100)·2.
    const midStart = d.midStart ?? d.mid;
    expect(compare(a.unrealised, minus(mul(minus(d.mid, '100'), '1'), mul(minus(midStart, '100'), '2')))).toBe(0);
    for (const part of [d, a, b, d.manual]) expectAddsUp(part);
    const sum = [a, b, d.manual].reduce((s, p) => add(s, p.total), '0');
    expect(compare(d.total, sum)).toBe(0);
    expect(compare(d.realised, add(add(a.realised, b.realised), d.manual.realised))).toBe(0);
  });

  it('today, 7 days and since start: each window counts its own fills', async () => {
    for (const window of ['today', '7d', 'all'] as const) {
      const { body } = await get(`/backend/desk/pnl?coinId=${BTC}&window=${window}`);
      expect(body.code).toBe(200);
      const d = body.data;
      expect(d.from).toBe(pnlWindowStart(window, d.to));
      // Which fills the window holds, from its own start: near midnight UTC some of the last half hour's are yesterday's.
      const inside = (msAgo: number) => now - msAgo >= d.from;
      const sum = (parts: [number, string][]) => parts.filter(([msAgo]) => inside(msAgo)).reduce((s, [, v]) => add(s, v), '0');
      const a = d.bots.find((x: { robotId: number }) => x.robotId === botA);
      expect(a.fees).toBe(sum([[3 * DAY, '0.2'], [30 * MIN, '0.11']]));
      expect(a.realised).toBe(sum([[30 * MIN, '10']]));
      expect(d.fees).toBe(sum([[3 * DAY, '0.2'], [30 * MIN, '0.11'], [20 * MIN, '0.105'], [15 * MIN, '0.052']]));
      // The manual sell realises (106 − 104)·0.2 against the buy before it, whichever window that buy is in.
      expect(d.realised).toBe(sum([[30 * MIN, '10'], [5 * MIN, '0.4']]));
      if (window !== 'today') expect([a.fees, d.fees, d.realised]).toEqual(['0.31', '0.467', '10.4']);
      expectAddsUp(d);
      expect(compare(d.total, d.bots.reduce((s: string, p: { total: string }) => add(s, p.total), d.manual.total))).toBe(0);
      if (window === 'all') {
        expect(d.from).toBe(0);
        expect(d.midStart).toBeNull();
        // Since start the unrealised is all of it: bot A holds 1 at 100.
        expect(compare(a.unrealised, minus(d.mid, '100'))).toBe(0);
        // ... and the total is the P&L against holding.
        expect(compare(d.total, d.vsHold)).toBe(0);
      }
    }
  });

  it('a window that is not 1h, today, 7d or all answers the envelope with its code, in both languages', async () => {
    const { body } = await get(`/backend/desk/pnl?coinId=${BTC}&window=2h`);
    expect(body.code).not.toBe(200);
    expect(body.data.code).toBe(ErrorCode.INVALID_PNL_WINDOW);
    expect(body.msg).toBe('The P&L window must be one of 1h, today, 7d or all');
    const zh = await t.call('GET', `/backend/desk/pnl?coinId=${BTC}&window=forever`, { token, lang: 'zh_CN' });
    expect(zh.body.data.code).toBe(ErrorCode.INVALID_PNL_WINDOW);
    expect(zh.body.msg).toBe('盈亏窗口须为 1h、today、7d 或 all 之一');
  });

  it('names a bot without a description in the reader’s language, in the P&L and in the ledger', async () => {
    const pnl = await t.call('GET', `/backend/desk/pnl?coinId=${BTC}&window=all`, { token, lang: 'zh_CN' });
    expect(pnl.body.data.bots.find((x: { robotId: number }) => x.robotId === botB)).toMatchObject({ name: `近端深度 #${botB}` });
    const fills = await t.call('GET', `/backend/desk/fills?coinId=${BTC}&robotId=${botB}`, { token, lang: 'zh_CN' });
    expect(fills.body.data.list.map((f: { source: unknown }) => f.source)).toEqual([{ kind: 'bot', robotId: botB, robotName: `近端深度 #${botB}` }]);
  });

  it('a restricted account sees its own desk only', async () => {
    const { body } = await get(`/backend/desk/pnl?coinId=${BTC}&window=all`, trader.token);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ bots: [], total: '0', realised: '0', fees: '0', manual: { total: '0', realised: '0', unrealised: '0', fees: '0' } });
    const fills = await get(`/backend/desk/fills?coinId=${BTC}`, trader.token);
    expect(fills.body.data).toMatchObject({ list: [], total: 0 });
  });
});

describe('GET /desk/equity', () => {
  it('the curve ends at the total P&L since start, for the desk and for one bot; daily bars add up to it', async () => {
    const [curve, pnl, bot] = await Promise.all([get(`/backend/desk/equity?coinId=${BTC}`), get(`/backend/desk/pnl?coinId=${BTC}&window=all`), get(`/backend/desk/equity?coinId=${BTC}&robotId=${botA}`)]);
    expect(curve.body.code).toBe(200);
    const points = curve.body.data.points as { at: number; total: string }[];
    expect(points.length).toBeGreaterThan(1);
    expect(compare(points.at(-1)!.total, pnl.body.data.total)).toBe(0);
    const daily = curve.body.data.daily as { total: string }[];
    expect(compare(daily.reduce((s, d) => add(s, d.total), '0'), points.at(-1)!.total)).toBe(0);
    const a = pnl.body.data.bots.find((x: { robotId: number }) => x.robotId === botA);
    expect(compare((bot.body.data.points as { total: string }[]).at(-1)!.total, a.total)).toBe(0);
  });
});

describe('GET /desk/fills and /desk/fills.csv', () => {
  it('lists both sources newest first with fee, fee asset, its quote value, source and order number', async () => {
    const { body } = await get(`/backend/desk/fills?coinId=${BTC}&pageSize=2`);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ total: 5, current: 1, pageSize: 2, base: 'BTC', quote: 'USDT' });
    expect(body.data.list).toEqual([
      { id: expect.stringMatching(/^m/), at: now - 5 * MIN, side: 'sell', price: '106', amount: '0.2', fee: '0.001', feeAsset: 'BNB', feeQuote: null, source: { kind: 'other', robotId: null, robotName: null }, orderNo: 'o-2' },
      { id: expect.stringMatching(/^m/), at: now - 15 * MIN, side: 'buy', price: '104', amount: '0.5', fee: '0.0005', feeAsset: 'BTC', feeQuote: '0.052', source: { kind: 'manual', robotId: null, robotName: null }, orderNo: 'o-1' },
    ]);
    const page3 = await get(`/backend/desk/fills?coinId=${BTC}&pageSize=2&current=3`);
    expect(page3.body.data.list).toEqual([
      expect.objectContaining({ side: 'buy', price: '100', amount: '2', fee: '0.2', feeAsset: 'USDT', feeQuote: '0.2', source: { kind: 'bot', robotId: botA, robotName: 'Far ladder' } }),
    ]);
  });

  it('filters by source, bot and time', async () => {
    const kinds = async (q: string) => ((await get(`/backend/desk/fills?coinId=${BTC}&${q}`)).body.data.list as { source: { kind: string; robotId: number | null } }[]).map((f) => `${f.source.kind}${f.source.robotId ?? ''}`);
    expect(await kinds('source=bot')).toEqual([`bot${botB}`, `bot${botA}`, `bot${botA}`]);
    expect(await kinds('source=manual')).toEqual(['manual']);
    expect(await kinds('source=other')).toEqual(['other']);
    expect(await kinds(`robotId=${botB}`)).toEqual([`bot${botB}`]);
    expect(await kinds(`robotId=${botB}&source=manual`)).toEqual([]);
    expect(await kinds(`from=${now - 25 * MIN}&to=${now}`)).toEqual(['other', 'manual', `bot${botB}`]);
    const bad = await get(`/backend/desk/fills?coinId=${BTC}&source=robot`);
    expect(bad.body.data.code).toBe(ErrorCode.INVALID_FILL_SOURCE);
  });

  it('the CSV has a header row and the same rows as decimal strings', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/backend/desk/fills.csv?coinId=${BTC}&source=bot`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fills_BTC-USDT_start_.*\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('time,side,price,amount,fee,fee_asset,fee_quote,source,robot_id,robot_name,order_no');
    expect(lines.slice(1, -1)).toEqual([
      `${at(20 * MIN).toISOString()},buy,105,1,0.105,USDT,0.105,bot,${botB},"Depth near #${botB}",`,
      `${at(30 * MIN).toISOString()},sell,110,1,0.11,USDT,0.11,bot,${botA},"Far ladder",`,
      `${at(3 * DAY).toISOString()},buy,100,2,0.2,USDT,0.2,bot,${botA},"Far ladder",`,
    ]);
  });
});
