import { ErrorCode } from '@makerdesk/contract';
import { compare, minus, sign } from '@makerdesk/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotScheduler } from '../services/analysis/snapshot-scheduler.ts';
import { eq } from 'drizzle-orm';
import { AnalysisService } from '../services/analysis/analysis.service.ts';
import { admins, balanceSnapshots, manualFills, robotFills, robots } from '../db/schema.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { createRepositories } from '../repositories/repositories.ts';
import { CoinService } from '../services/coin.service.ts';
import { AnalysisRepository } from '../repositories/analysis.repository.ts';
import { OrderOriginRepository } from '../repositories/order-origin.repository.ts';
import { importKey } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
let adminId: number;

const BTC = 1;
const ETH = 2;
const SOL = 3;
const MIN = 60_000;
const HOUR = 60 * MIN;
const t0 = Date.UTC(2026, 0, 1);
const t1 = t0 + HOUR;
const t2 = t0 + 2 * HOUR;

async function get(url: string, lang?: string) {
  return t.call('GET', url, { token, ...(lang ? { lang } : {}) });
}
async function put(url: string, body: unknown, lang?: string) {
  return t.call('PUT', url, { token, body, ...(lang ? { lang } : {}) });
}

function snapshotRow(at: number, base: [string, string], quote: [string, string], price: string | null) {
  return { adminId, coinId: BTC, credentialId: null, slotAt: new Date(at), at: new Date(at), baseAvailable: base[0], baseFrozen: base[1], quoteAvailable: quote[0], quoteFrozen: quote[1], price };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  for (const coinId of [BTC, ETH]) await importKey(t, token, { coinId, apiKey: `analysis-key-${coinId}`, secretKey: 'analysis-secret' });
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();
  const [seeded] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.account, SEED_ADMIN_ACCOUNT));
  adminId = seeded!.id;

  // A scripted history on BTC (the same as analysis-figures.test.ts, so the numbers are hand-checked there too):
  // t0 10 BTC + 1000 USDT @ 100 = 2000; t1 12 + 800.5 @ 101 = 2012.5; t2 11 + 905 @ 99.5 = 1999.5.
  const db = t.database.db;
  await db.insert(balanceSnapshots).values([
    snapshotRow(t0, ['9', '1'], ['1000', '0'], '100'),
    snapshotRow(t1, ['12', '0'], ['800', '0.5'], '101'),
    snapshotRow(t2, ['11', '0'], ['905', '0'], '99.5'),
  ]);
  const [robot] = await db.insert(robots).values({ adminId, coinId: BTC, type: 'depth_far', config: {} }).returning();
  const fill = { robotId: robot!.id, realizedPnl: '0', positionAfter: '0', avgCostAfter: null };
  await db.insert(robotFills).values([
    { ...fill, clientOrderId: 'MDb1Zaaaaaaaaaaaaaaaa', filledAfter: '2', side: 'buy', price: '100', amount: '2', quoteAmount: '200', fee: '0.2', at: new Date(t0 + 10 * MIN) },
    { ...fill, clientOrderId: 'MDb1Zbbbbbbbbbbbbbbbb', filledAfter: '1', side: 'sell', price: '104', amount: '1', quoteAmount: '104', fee: '0.104', at: new Date(t1 + 30 * MIN) },
  ]);
  await db.insert(manualFills).values({ adminId, coinId: BTC, tradeId: 'scripted-1', orderNo: 'scripted-order', side: 'buy', price: '102', amount: '2', feeQuote: '0.204', at: new Date(t1 + 10 * MIN) });
});
afterAll(() => t.close());

const scripted = `coinId=${BTC}&from=${t0}&to=${t2}`;

describe('GET /analysis/summary on a scripted history', () => {
  it('answers the changes, P&L and position cost worked out by hand', async () => {
    const { body } = await get(`/backend/analysis/summary?${scripted}`);
    expect(body.code).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({ coinId: BTC, symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', from: t0, to: t2, firstAt: t0, snapshotCount: 3 });
    expect(data.settings).toEqual({ coinId: BTC, initialFunds: null, initialToken: null, cycleHours: 1, updatedAt: null });
    const f = data.figures;
    expect(f.initial).toEqual({ at: t0, base: '10', quote: '1000', price: '100', value: '2000' });
    expect(f.sinceLast).toEqual({
      base: { absolute: '-1', percent: '-8.33' },
      quote: { absolute: '104.5', percent: '13.05' },
      value: { absolute: '-13', percent: '-0.65' },
    });
    expect(f.sinceInitial.value).toEqual({ absolute: '-0.5', percent: '-0.02' });
    expect(f.pnl).toEqual({ absolute: '4.5', percent: '0.23' });
    expect(f.position).toEqual({ base: '3', avgCost: '101', costValue: '303', realizedPnl: '3', unrealizedPnl: '-4.5', fees: '0.508', tradeCount: 3, botTrades: 2, manualTrades: 1 });
    expect(f.series.map((p: { value: string; pnl: string }) => [p.value, p.pnl])).toEqual([
      ['2000', '0'],
      ['2012.5', '2.5'],
      ['1999.5', '4.5'],
    ]);
  });

  it('an empty range answers no figures, but the settings and the first snapshot', async () => {
    const { body } = await get(`/backend/analysis/summary?coinId=${BTC}&from=${t0 - 10 * HOUR}&to=${t0 - HOUR}`);
    expect(body.code).toBe(200);
    expect(body.data.figures).toBeNull();
    expect(body.data.firstAt).toBe(t0);
  });

  it('the first read of a pair with no history takes its start point from the venue, and runs to a live reading', async () => {
    const { body } = await get(`/backend/analysis/summary?coinId=${ETH}`);
    expect(body.code).toBe(200);
    expect(body.data.snapshotCount).toBe(1);
    // Nothing traded between the start point and the live reading that follows it.
    expect(body.data.figures.previous.at).toBe(body.data.firstAt);
    expect(body.data.figures.sinceLast.base.absolute).toBe('0');
    expect(body.data.figures.sinceLast.quote.absolute).toBe('0');
    const wallet = await get(`/backend/order/wallet?coinId=${ETH}`);
    expect(compare(body.data.figures.latest.base, wallet.body.data.base.total)).toBe(0);
    expect(compare(body.data.figures.latest.quote, wallet.body.data.quote.total)).toBe(0);
    expect(sign(body.data.figures.latest.quote)).toBe(1);
  });

  it('a pair without a key is refused with a catalogue error and nothing is written', async () => {
    const { body } = await get(`/backend/analysis/summary?coinId=${SOL}`);
    expect(body.data?.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
  });
});

describe('PUT /analysis/settings', () => {
  it('saves initial funds, initial token and the cycle, and the figures start from them', async () => {
    const saved = await put('/backend/analysis/settings', { coinId: BTC, initialFunds: '500', initialToken: '20', cycleHours: 4 });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ coinId: BTC, initialFunds: '500', initialToken: '20', cycleHours: 4 });
    const { body } = await get(`/backend/analysis/summary?${scripted}`);
    expect(body.data.settings.cycleHours).toBe(4);
    expect(body.data.figures.initial.value).toBe('2500');
    expect(body.data.figures.pnl).toEqual({ absolute: '-490.5', percent: '-19.7' });
    expect(body.data.nextSnapshotAt % (4 * HOUR)).toBe(0);
    const back = await put('/backend/analysis/settings', { coinId: BTC, initialFunds: null, initialToken: null, cycleHours: 1 });
    expect(back.body.data.initialFunds).toBeNull();
  });

  it.each([
    [{ cycleHours: 0 }, ErrorCode.INVALID_DATA_CYCLE, 'The data cycle must be a whole number of hours from 1 to 168'],
    [{ cycleHours: 1.5 }, ErrorCode.INVALID_DATA_CYCLE, 'The data cycle must be a whole number of hours from 1 to 168'],
    [{ cycleHours: 169 }, ErrorCode.INVALID_DATA_CYCLE, 'The data cycle must be a whole number of hours from 1 to 168'],
    [{ initialFunds: '-1' }, ErrorCode.INVALID_INITIAL_FUNDS, 'Initial funds must be a number of 0 or more'],
    [{ initialToken: 'abc' }, ErrorCode.INVALID_INITIAL_TOKEN, 'Initial token must be a number of 0 or more'],
  ])('refuses %j with its catalogue code', async (patch, code, msg) => {
    const { status, body } = await put('/backend/analysis/settings', { coinId: BTC, initialFunds: null, initialToken: null, cycleHours: 1, ...patch });
    expect(status).toBe(400);
    expect(body.data.code).toBe(code);
    expect(body.msg).toBe(msg);
  });

  it('says it in Chinese too, and leaves the saved settings as they were', async () => {
    const { body } = await put('/backend/analysis/settings', { coinId: BTC, initialFunds: null, initialToken: null, cycleHours: 0 }, 'zh_CN');
    expect(body.msg).toBe('数据周期须为1到168之间的整数小时');
    const summary = await get(`/backend/analysis/summary?${scripted}`);
    expect(summary.body.data.settings.cycleHours).toBe(1);
  });
});

describe('time ranges', () => {
  it('a start after the end is refused', async () => {
    const { body } = await get(`/backend/analysis/summary?coinId=${BTC}&from=${t2}&to=${t0}`);
    expect(body.data.code).toBe(ErrorCode.INVALID_DATE_RANGE);
  });

  it('a range longer than 366 days is refused', async () => {
    const { body } = await get(`/backend/analysis/snapshots?coinId=${BTC}&from=${t0}&to=${t0 + 367 * 24 * HOUR}`, 'zh_CN');
    expect(body.data.code).toBe(ErrorCode.ANALYSIS_RANGE_TOO_LONG);
    expect(body.msg).toBe('时间范围最长为366天');
  });
});

describe('GET /analysis/snapshots and /analysis/export', () => {
  it('lists the range’s snapshots with available, frozen and total', async () => {
    const { body } = await get(`/backend/analysis/snapshots?${scripted}`);
    expect(body.data.list).toHaveLength(3);
    expect(body.data.list[0]).toEqual({ at: t0, slotAt: t0, base: { available: '9', frozen: '1', total: '10' }, quote: { available: '1000', frozen: '0', total: '1000' }, price: '100' });
  });

  it('exports CSV: a header row, ISO times, decimal strings', async () => {
    const raw = await t.app.inject({ method: 'GET', url: `/backend/analysis/export?${scripted}`, headers: { authorization: `Bearer ${token}` } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/csv/);
    expect(raw.headers['content-disposition']).toMatch(/^attachment; filename="BTC-USDT_.*\.csv"$/);
    expect(raw.body.split('\r\n')).toEqual([
      'time,base_available,base_frozen,base_total,quote_available,quote_frozen,quote_total,price,value,pnl',
      '2026-01-01T00:00:00.000Z,9,1,10,1000,0,1000,100,2000,0',
      '2026-01-01T01:00:00.000Z,12,0,12,800,0.5,800.5,101,2012.5,2.5',
      '2026-01-01T02:00:00.000Z,11,0,11,905,0,905,99.5,1999.5,4.5',
      '',
    ]);
  });

  it('the export refuses a bad range in the envelope', async () => {
    const { body } = await get(`/backend/analysis/export?coinId=${BTC}&from=${t2}&to=${t0}`);
    expect(body.data.code).toBe(ErrorCode.INVALID_DATE_RANGE);
  });

  it('needs a session', async () => {
    const raw = await t.app.inject({ method: 'GET', url: `/backend/analysis/export?${scripted}` });
    expect(raw.statusCode).toBe(401);
  });
});

describe('manual fills and the control panel', () => {
  it('a manual trade on the venue is copied once and counted in the position cost and the 24 h volume', async () => {
    const placed = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: ETH, direction: 'buy', tradeType: 'market', amount: '0.01' } });
    expect(placed.body.code).toBe(200);
    const first = await get(`/backend/analysis/summary?coinId=${ETH}`);
    const again = await get(`/backend/analysis/summary?coinId=${ETH}`);
    for (const { body } of [first, again]) {
      expect(body.data.figures.position.manualTrades).toBeGreaterThan(0);
      expect(body.data.figures.position.base).toBe('0.01');
    }
    expect(again.body.data.figures.position.tradeCount).toBe(first.body.data.figures.position.tradeCount);
    const panel = await get(`/backend/analysis/panel?coinId=${ETH}`);
    expect(panel.body.code).toBe(200);
    expect(panel.body.data.volume24h.base).toBe('0.01');
    expect(panel.body.data.volume24h.count).toBe(first.body.data.figures.position.tradeCount);
  });

  it('24 h and total volume come from the same fills at the same instant: the 24 h figure never exceeds the total', async () => {
    // Regression: 24H volume was read from the server's tables while total volume summed the venue's
    // latest fills polled at other times, so the day's figure could read lower than the total.
    const now = Date.now();
    const [robot] = await t.database.db.insert(robots).values({ adminId, coinId: ETH, type: 'depth_far', config: {} }).returning();
    const fill = { robotId: robot!.id, realizedPnl: '0', positionAfter: '0', avgCostAfter: null, side: 'buy' as const, price: '2000', quoteAmount: '0', fee: '0' };
    await t.database.db.insert(robotFills).values([
      { ...fill, clientOrderId: `MDb${robot!.id}Zeeeeeeeeeeeeeeee`, filledAfter: '0.5', amount: '0.5', at: new Date(now - 2 * 24 * HOUR) },
      { ...fill, clientOrderId: `MDb${robot!.id}Zffffffffffffffff`, filledAfter: '0.25', amount: '0.25', at: new Date(now - 10 * MIN) },
    ]);
    const { body } = await get(`/backend/analysis/panel?coinId=${ETH}`);
    expect(body.code).toBe(200);
    expect(body.data.volume24h).toMatchObject({ base: '0.26', count: 2 });
    expect(body.data.volumeTotal).toMatchObject({ base: '0.76', count: 3 });
    expect(body.data).not.toHaveProperty('change1h');
  });
});

describe('the control panel on a pair seen for the first time', () => {
  it('takes the start point at once', async () => {
    const MDK = 4;
    await importKey(t, token, { coinId: MDK, apiKey: 'analysis-key-4', secretKey: 'analysis-secret' });
    const { body } = await get(`/backend/analysis/panel?coinId=${MDK}`);
    expect(body.code).toBe(200);
    expect(body.data.volume24h).toEqual({ base: '0', quote: '0', count: 0 });
    expect(body.data.volumeTotal).toEqual({ base: '0', quote: '0', count: 0 });
    expect(await new AnalysisRepository(t.database.db).count(adminId, MDK)).toBe(1);
  });

  it('a pair without a key is refused', async () => {
    const { body } = await get(`/backend/analysis/panel?coinId=${SOL}`);
    expect(body.data.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
  });
});

describe('the snapshot scheduler', () => {
  it('takes one snapshot per account, pair and slot; a restarted scheduler takes none twice', async () => {
    const repo = new AnalysisRepository(t.database.db);
    const now = Date.UTC(2030, 0, 1, 10, 30);
    const before = await repo.count(adminId, BTC);
    const first = new SnapshotScheduler({ repo, take: (a, c, h) => takeAt(now, a, c, h), now: () => now });
    expect(await first.sweep()).toEqual({ taken: 3, failed: 0 }); // BTC, ETH and MDK have keys
    expect(await first.sweep()).toEqual({ taken: 0, failed: 0 });
    const restarted = new SnapshotScheduler({ repo, take: (a, c, h) => takeAt(now + 20 * MIN, a, c, h), now: () => now + 20 * MIN });
    expect(await restarted.sweep()).toEqual({ taken: 0, failed: 0 });
    expect(await repo.count(adminId, BTC)).toBe(before + 1);
    const next = new SnapshotScheduler({ repo, take: (a, c, h) => takeAt(now + HOUR, a, c, h), now: () => now + HOUR });
    expect(await next.sweep()).toEqual({ taken: 3, failed: 0 });
  });

  it('with several servers it takes only the account pairs given to this one', async () => {
    const repo = new AnalysisRepository(t.database.db);
    const now = Date.UTC(2032, 0, 1);
    const asked: number[] = [];
    const take = (a: number, c: number, h: number) => {
      asked.push(c);
      return takeAt(now, a, c, h);
    };
    const here = new SnapshotScheduler({ repo, take, now: () => now, mine: (_a, c) => c !== BTC });
    expect(await here.sweep()).toEqual({ taken: 2, failed: 0 });
    expect(asked).not.toContain(BTC);
    const there = new SnapshotScheduler({ repo, take, now: () => now, mine: (_a, c) => c === BTC });
    expect(await there.sweep()).toEqual({ taken: 1, failed: 0 });
    expect(asked.filter((c) => c === BTC)).toHaveLength(1);
  });

  it('a venue that fails is logged and skipped; the other pairs are still taken', async () => {
    const repo = new AnalysisRepository(t.database.db);
    const now = Date.UTC(2031, 0, 1);
    const warnings: unknown[] = [];
    const scheduler = new SnapshotScheduler({
      repo,
      take: async (a, c, h) => {
        if (c === BTC) throw new Error('venue down');
        return takeAt(now, a, c, h);
      },
      now: () => now,
      log: { warn: (obj) => warnings.push(obj) },
    });
    expect(await scheduler.sweep()).toEqual({ taken: 2, failed: 1 });
    expect(warnings).toHaveLength(1);
  });
});

/** The service's snapshot with its clock at `now` (the scheduler's own clock only picks the slot). */
async function takeAt(now: number, adminId: number, coinId: number, cycleHours: number): Promise<boolean> {
  const repos = createRepositories(t.database.db);
  const service = new AnalysisService({ repo: new AnalysisRepository(t.database.db), origins: new OrderOriginRepository(t.database.db), coins: new CoinService(repos), credentials: t.services.credentials, gateway: t.services.gateway, now: () => now });
  return service.takeSnapshot(adminId, coinId, cycleHours);
}

describe('GET /analysis/summary runs to now', () => {
  it('"value now" is now: a trade after the last snapshot shows in the change since it, and no snapshot is kept for the reading', async () => {
    const before = (await get(`/backend/analysis/summary?coinId=${ETH}`)).body.data;
    const bought = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: ETH, direction: 'buy', tradeType: 'market', amount: '0.5' } });
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
    const { body } = await get(`/backend/analysis/summary?coinId=${ETH}`);
    expect(body.data.snapshotCount).toBe(before.snapshotCount);
    expect(body.data.figures.previous.at).toBe(before.figures.previous.at);
    expect(body.data.figures.latest.at).toBeGreaterThan(body.data.figures.previous.at);
    // The change since the last snapshot grew by the 0.5 bought (less the fee taken in the base asset).
    const grew = minus(body.data.figures.sinceLast.base.absolute, before.figures.sinceLast.base.absolute);
    expect(sign(grew)).toBe(1);
    expect(compare(grew, '0.5')).toBeLessThanOrEqual(0);
    expect(compare(body.data.figures.sinceLast.quote.absolute, before.figures.sinceLast.quote.absolute)).toBe(-1);
    const wallet = await get(`/backend/order/wallet?coinId=${ETH}`);
    expect(compare(body.data.figures.latest.base, wallet.body.data.base.total)).toBe(0);
    // The console asks up to the next whole minute: a range not ended yet runs to now as well.
    const asConsole = await get(`/backend/analysis/summary?coinId=${ETH}&from=${Date.now() - 86_400_000}&to=${Date.now() + 60_000}`);
    expect(asConsole.body.data.figures.latest.at).toBeGreaterThan(asConsole.body.data.figures.previous.at);
    expect(compare(asConsole.body.data.figures.latest.base, wallet.body.data.base.total)).toBe(0);
    // A range with an end in the past stays on the snapshots alone.
    const lastAt = body.data.figures.previous.at as number;
    const past = await get(`/backend/analysis/summary?coinId=${ETH}&from=${lastAt - 1}&to=${lastAt + 1}`);
    expect(past.body.data.figures.latest.at).toBe(lastAt);
    expect(past.body.data.figures.sinceLast).toBeNull();
  });
});
