import { ErrorCode, LIQUIDITY_PRESETS, messageFor } from '@makerdesk/contract';
import { aggregateMinute, type LiquiditySample } from '@makerdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiquidityRepository } from '../repositories/liquidity.repository.ts';
import { signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
let trader: SignedInAccount;
const BTC = 1;
const ETH = 2;
const MIN = 60_000;

const terms = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '90', period: 'month' };

function sample(status: LiquiditySample['status'], spreadBps: string): LiquiditySample {
  const d = { bidQuote: '400000', askQuote: '600000', ownBidQuote: '300000', ownAskQuote: '200000' };
  return { mid: '100', spreadBps, status, depth: { '0.5': d, '1': d, '2': d, '5': d } };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  trader = await signUp(t, token, 'liquidity-trader@makerdesk.local', { coinIds: [BTC] });
});

afterAll(async () => {
  await t.close();
});

describe('PUT and GET /backend/liquidity/obligation', () => {
  it('has none until the main account sets one, then answers it as set, to bound accounts too', async () => {
    expect((await t.call('GET', `/backend/liquidity/obligation?coinId=${BTC}`, { token })).body).toMatchObject({ code: 200, data: null });
    const put = await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms, maxSpreadBps: 12.5 } });
    expect(put.body.code).toBe(200);
    expect(put.body.data).toMatchObject({ coinId: BTC, ...terms, maxSpreadBps: '12.5' });
    const read = await t.call('GET', `/backend/liquidity/obligation?coinId=${BTC}`, { token: trader.token });
    expect(read.body.data).toMatchObject({ coinId: BTC, ...terms, maxSpreadBps: '12.5' });
    // Set again: replaced, from a preset.
    await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...LIQUIDITY_PRESETS.premier } });
    expect((await t.call('GET', `/backend/liquidity/obligation?coinId=${BTC}`, { token })).body.data).toMatchObject(LIQUIDITY_PRESETS.premier);
  });

  it('refuses out-of-bounds terms with the catalogue code, in both languages', async () => {
    const en = await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms, minUptimePct: '101' } });
    expect(en.body).toMatchObject({ data: { code: ErrorCode.INVALID_LIQUIDITY_OBLIGATION }, msg: messageFor(ErrorCode.INVALID_LIQUIDITY_OBLIGATION, 'en_US') });
    const zh = await t.call('PUT', '/backend/liquidity/obligation', { token, lang: 'zh_CN', body: { coinId: BTC, ...terms, depthWithinPct: '3' } });
    expect(zh.body).toMatchObject({ data: { code: ErrorCode.INVALID_LIQUIDITY_OBLIGATION }, msg: messageFor(ErrorCode.INVALID_LIQUIDITY_OBLIGATION, 'zh_CN') });
  });

  it('applies all day unless given the hours of the UTC day, the first before the second', async () => {
    const allDay = await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms } });
    expect(allDay.body.data).toMatchObject({ fromHourUtc: 0, toHourUtc: 24 });
    const hours = await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms, fromHourUtc: 8, toHourUtc: '20' } });
    expect(hours.body.data).toMatchObject({ fromHourUtc: 8, toHourUtc: 20 });
    expect((await t.call('GET', `/backend/liquidity/obligation?coinId=${BTC}`, { token })).body.data).toMatchObject({ fromHourUtc: 8, toHourUtc: 20 });
    for (const bad of [{ fromHourUtc: 12, toHourUtc: 10 }, { fromHourUtc: 5, toHourUtc: 5 }, { fromHourUtc: 24, toHourUtc: 24 }, { fromHourUtc: 0, toHourUtc: 25 }, { fromHourUtc: 1.5, toHourUtc: 3 }, { fromHourUtc: 'x', toHourUtc: 3 }]) {
      const refused = await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms, ...bad } });
      expect(refused.body.data, JSON.stringify(bad)).toMatchObject({ code: ErrorCode.INVALID_LIQUIDITY_OBLIGATION });
    }
    // A refusal changed nothing.
    expect((await t.call('GET', `/backend/liquidity/obligation?coinId=${BTC}`, { token })).body.data).toMatchObject({ fromHourUtc: 8, toHourUtc: 20 });
  });

  it('lets only the main account set it, and a restricted account read only its pairs', async () => {
    expect((await t.call('PUT', '/backend/liquidity/obligation', { token: trader.token, body: { coinId: BTC, ...terms } })).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('GET', `/backend/liquidity/obligation?coinId=${ETH}`, { token: trader.token })).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: 9999, ...terms } })).body.data.code).toBe(ErrorCode.PAIR_NOT_FOUND);
  });
});

describe('GET /backend/liquidity/summary', () => {
  it('sums the minute rows of the range, a minute without a row down and a breach', async () => {
    await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms } });
    const m0 = Math.floor(Date.now() / MIN) * MIN - 10 * MIN;
    const full = (minute: number, status: LiquiditySample['status'], spread: string) =>
      aggregateMinute(
        minute,
        Array.from({ length: 60 }, (_, i) => ({ at: minute + i * 1000, sample: sample(status, spread) })),
      );
    const repo = new LiquidityRepository(t.database.db);
    await repo.writeMinutes([
      { coinId: BTC, row: full(m0, 'up', '10') },
      { coinId: BTC, row: full(m0 + MIN, 'up', '12.5') },
      { coinId: BTC, row: { ...full(m0 + 3 * MIN, 'depth', '30'), volumeQuote: '1000', ownVolumeQuote: '400', ordersPlaced: 9, fills: 2 } },
      { coinId: ETH, row: full(m0, 'up', '99') },
    ]);
    // Written again (a restart inside the minute): replaced, not doubled.
    await repo.writeMinutes([{ coinId: BTC, row: full(m0 + MIN, 'up', '12.5') }]);

    const { body } = await t.call('GET', `/backend/liquidity/summary?coinId=${BTC}&from=${m0}&to=${m0 + 4 * MIN}`, { token: trader.token });
    expect(body.code).toBe(200);
    expect(body.data).toEqual({
      samples: 180,
      spreadBps: { p50: '12.5', p95: '30' },
      depth: { withinPct: '2', bidQuote: '400000', askQuote: '600000', ownBidQuote: '225000', ownAskQuote: '150000' },
      uptimePct: '50',
      ownShareOfDepthPct: '50',
      ownShareOfVolumePct: '40',
      orderToTrade: '4.5',
      breaches: [
        { from: m0 + 2 * MIN, to: m0 + 3 * MIN, kind: 'gap' },
        { from: m0 + 3 * MIN, to: m0 + 4 * MIN, kind: 'depth' },
      ],
    });
  });

  it('judges only the obligation’s hours: uptime over them, no breach outside them', async () => {
    await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: ETH, ...terms, minUptimePct: '50', fromHourUtc: 10, toHourUtc: 12 } });
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000;
    const at = (hour: number, minute: number) => day + hour * 3_600_000 + minute * MIN;
    const full = (minute: number, status: LiquiditySample['status']) =>
      aggregateMinute(
        minute,
        Array.from({ length: 60 }, (_, i) => ({ at: minute + i * 1000, sample: sample(status, '10') })),
      );
    await new LiquidityRepository(t.database.db).writeMinutes([
      { coinId: ETH, row: full(at(9, 59), 'no_quote') },
      { coinId: ETH, row: full(at(10, 0), 'up') },
      { coinId: ETH, row: full(at(10, 1), 'depth') },
      { coinId: ETH, row: full(at(12, 0), 'no_quote') },
    ]);
    const { body } = await t.call('GET', `/backend/liquidity/summary?coinId=${ETH}&from=${at(9, 59)}&to=${at(12, 1)}`, { token });
    expect(body.code).toBe(200);
    // 60 seconds up of the 7,200 from 10:00 to 12:00; 09:59 and 12:00 are measured but not judged.
    expect(body.data.uptimePct).toBe('0.83');
    expect(body.data.samples).toBe(240);
    expect(body.data.breaches).toEqual([
      { from: at(10, 1), to: at(10, 2), kind: 'depth' },
      { from: at(10, 2), to: at(12, 0), kind: 'gap' },
    ]);
    // The CSV states the hours with the terms.
    const csv = await t.app.inject({ method: 'GET', url: `/backend/liquidity/report.csv?coinId=${ETH}&from=${at(9, 59)}&to=${at(12, 1)}`, headers: { authorization: `Bearer ${token}` } });
    expect(csv.body.split('\r\n')).toContain('# obligation.hours_utc,10-12');
    // A range wholly outside the hours owes no uptime.
    const off = await t.call('GET', `/backend/liquidity/summary?coinId=${ETH}&from=${at(12, 0)}&to=${at(12, 1)}`, { token });
    expect(off.body.data).toMatchObject({ uptimePct: null, breaches: [], samples: 60 });
  });

  it('refuses a range past 400 days, and other pairs to a restricted account', async () => {
    const long = await t.call('GET', `/backend/liquidity/summary?coinId=${BTC}&from=0&to=${401 * 86_400_000}`, { token });
    expect(long.body.data.code).toBe(ErrorCode.LIQUIDITY_RANGE_TOO_LONG);
    expect((await t.call('GET', `/backend/liquidity/summary?coinId=${ETH}&from=0&to=60000`, { token: trader.token })).body.data.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('GET /backend/liquidity/report.csv', () => {
  const HOUR = 3_600_000;
  const H = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
  const from = H + 58 * MIN;
  const to = H + HOUR + 2 * MIN;
  const csv = (tok: string, query: string) => t.app.inject({ method: 'GET', url: `/backend/liquidity/report.csv?${query}`, headers: { authorization: `Bearer ${tok}` } });

  it('states the obligation, then one row per UTC hour equal to the summary over that hour', async () => {
    await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms } });
    const full = (minute: number, status: LiquiditySample['status'], spread: string) =>
      aggregateMinute(
        minute,
        Array.from({ length: 60 }, (_, i) => ({ at: minute + i * 1000, sample: sample(status, spread) })),
      );
    await new LiquidityRepository(t.database.db).writeMinutes([
      { coinId: BTC, row: full(H + 58 * MIN, 'up', '10') },
      { coinId: BTC, row: full(H + 59 * MIN, 'spread', '30') },
      { coinId: BTC, row: full(H + HOUR, 'up', '12.5') },
    ]);

    const res = await csv(trader.token, `coinId=${BTC}&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="liquidity_BTC-USDT_${stamp(from)}Z_${stamp(to)}Z.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, 10)).toEqual([
      '# report,"MakerDesk liquidity report"',
      '# pair,"BTC/USDT"',
      `# from_utc,${new Date(from).toISOString()}`,
      `# to_utc,${new Date(to).toISOString()}`,
      '# obligation.max_spread_bps,25',
      '# obligation.depth_within_pct,2',
      '# obligation.min_own_depth_quote_per_side,250000',
      '# obligation.min_uptime_pct,90',
      '# obligation.period,month',
      '# obligation.hours_utc,0-24',
    ]);
    expect(lines).toContain('# period.uptime_pct,50');
    expect(lines).toContain('# period.obligation,not_met');
    const header = lines.findIndex((l) => l.startsWith('hour_start_utc,'));
    expect(lines[header]).toBe(
      'hour_start_utc,minutes,samples,spread_p50_bps,spread_p95_bps,depth_within_pct,bid_depth_quote,ask_depth_quote,own_bid_depth_quote,own_ask_depth_quote,uptime_pct,own_share_of_depth_pct,own_share_of_volume_pct,order_to_trade,breaches,breached_minutes',
    );
    const rows = lines.slice(header + 1, -1);
    expect(rows).toEqual([
      `${new Date(H).toISOString()},2,120,10,30,2,400000,600000,300000,200000,50,50,,,1,1`,
      // Minute H+61 has no row: a gap, down, no own depth.
      `${new Date(H + HOUR).toISOString()},2,60,12.5,12.5,2,400000,600000,150000,100000,50,50,,,1,1`,
    ]);

    // Each row is the summary over the same part of the hour.
    const parts = [
      [from, H + HOUR],
      [H + HOUR, to],
    ] as const;
    for (const [i, [a, b]] of parts.entries()) {
      const s = (await t.call('GET', `/backend/liquidity/summary?coinId=${BTC}&from=${a}&to=${b}`, { token: trader.token })).body.data;
      const d = s.depth;
      expect(rows[i]!.split(',').slice(2, 14)).toEqual([String(s.samples), s.spreadBps.p50, s.spreadBps.p95, d.withinPct, d.bidQuote, d.askQuote, d.ownBidQuote, d.ownAskQuote, s.uptimePct, s.ownShareOfDepthPct, s.ownShareOfVolumePct ?? '', s.orderToTrade ?? '']);
    }
  });

  it('refuses another pair to a restricted account and a bad range with the summary’s codes, as the envelope', async () => {
    const other = await csv(trader.token, `coinId=${ETH}&from=${from}&to=${to}`);
    expect(other.headers['content-type']).toMatch(/^application\/json/);
    expect(other.json().data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await csv(token, `coinId=${BTC}&from=0&to=${401 * 86_400_000}`)).json().data.code).toBe(ErrorCode.LIQUIDITY_RANGE_TOO_LONG);
    const backwards = await csv(token, `coinId=${BTC}&from=${to}&to=${from}`);
    const summaryBackwards = await t.call('GET', `/backend/liquidity/summary?coinId=${BTC}&from=${to}&to=${from}`, { token });
    expect(backwards.json().data.code).toBe(summaryBackwards.body.data.code);
    expect(backwards.json().data.code).toEqual(expect.any(Number));
  });
});

describe('GET /backend/liquidity/report', () => {
  const HOUR = 3_600_000;
  const DAY = 86_400_000;
  const H = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
  const full = (minute: number, status: LiquiditySample['status'], spread: string) =>
    aggregateMinute(
      minute,
      Array.from({ length: 60 }, (_, i) => ({ at: minute + i * 1000, sample: sample(status, spread) })),
    );
  const get = async (tok: string, path: string, from: number, to: number) => (await t.call('GET', `/backend/liquidity/${path}?coinId=${BTC}&from=${from}&to=${to}`, { token: tok })).body;

  it('answers the period’s summary, its verdict and the rows hour by hour, each equal to the summary endpoint and the CSV', async () => {
    await t.call('PUT', '/backend/liquidity/obligation', { token, body: { coinId: BTC, ...terms } });
    await new LiquidityRepository(t.database.db).writeMinutes([
      { coinId: BTC, row: full(H + 58 * MIN, 'up', '10') },
      { coinId: BTC, row: full(H + 59 * MIN, 'spread', '30') },
      { coinId: BTC, row: full(H + HOUR, 'up', '12.5') },
    ]);
    const from = H + 58 * MIN;
    const to = H + HOUR + 2 * MIN;

    const body = await get(trader.token, 'report', from, to);
    expect(body.code).toBe(200);
    const report = body.data;
    expect(report.obligation).toMatchObject({ coinId: BTC, ...terms });
    expect(report.summary).toEqual((await get(trader.token, 'summary', from, to)).data);
    expect(report.summary.uptimePct).toBe('50');
    // Own bid 300000 for 3 of 4 minutes (a gap minute has none): 225000, short of 250000.
    expect(report.verdict).toEqual({ met: false, uptime: false, spread: true, ownBidDepth: false, ownAskDepth: false });
    expect(report.unit).toBe('hour');
    expect(report.rows.map((r: { start: number; from: number; to: number; minutes: number }) => [r.start, r.from, r.to, r.minutes])).toEqual([
      [H, from, H + HOUR, 2],
      [H + HOUR, H + HOUR, to, 2],
    ]);
    for (const row of report.rows) expect(row.summary).toEqual((await get(trader.token, 'summary', row.from, row.to)).data);

    // The CSV's hour rows are the same figures (one grouping code for both).
    const res = await t.app.inject({ method: 'GET', url: `/backend/liquidity/report.csv?coinId=${BTC}&from=${from}&to=${to}`, headers: { authorization: `Bearer ${trader.token}` } });
    const lines = res.body.split('\r\n');
    const csvRows = lines.slice(lines.findIndex((l) => l.startsWith('hour_start_utc,')) + 1, -1);
    expect(csvRows).toEqual(
      report.rows.map((r: { start: number; minutes: number; summary: Record<string, never> & { samples: number; spreadBps: { p50: string; p95: string }; depth: Record<string, string>; uptimePct: string; ownShareOfDepthPct: string; ownShareOfVolumePct: string | null; orderToTrade: string | null; breaches: { from: number; to: number }[] } }) => {
        const s = r.summary;
        const d = s.depth;
        const breached = s.breaches.reduce((m, b) => m + (b.to - b.from) / MIN, 0);
        return [new Date(r.start).toISOString(), r.minutes, s.samples, s.spreadBps.p50, s.spreadBps.p95, d.withinPct, d.bidQuote, d.askQuote, d.ownBidQuote, d.ownAskQuote, s.uptimePct, s.ownShareOfDepthPct, s.ownShareOfVolumePct ?? '', s.orderToTrade ?? '', s.breaches.length, breached].join(',');
      }),
    );
  });

  it('answers day by day past 48 hours, each day equal to the summary over it, and no table past 62 days', async () => {
    const D = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
    await new LiquidityRepository(t.database.db).writeMinutes([
      { coinId: BTC, row: full(D + 5 * MIN, 'up', '10') },
      { coinId: BTC, row: full(D + DAY + 7 * MIN, 'depth', '20') },
      { coinId: BTC, row: full(D + 2 * DAY + HOUR, 'up', '15') },
    ]);
    const from = D + 12 * HOUR;
    const to = D + 3 * DAY;
    const report = (await get(token, 'report', from, to)).data;
    expect(report.unit).toBe('day');
    expect(report.rows.map((r: { start: number; from: number; to: number; minutes: number }) => [r.start, r.from, r.to, r.minutes])).toEqual([
      [D, from, D + DAY, 720],
      [D + DAY, D + DAY, D + 2 * DAY, 1440],
      [D + 2 * DAY, D + 2 * DAY, to, 1440],
    ]);
    expect(report.rows[0].summary.samples).toBe(0);
    expect(report.rows[1].summary.breaches).toEqual([{ from: D + DAY, to: D + DAY + 7 * MIN, kind: 'gap' }, { from: D + DAY + 7 * MIN, to: D + DAY + 8 * MIN, kind: 'depth' }, { from: D + DAY + 8 * MIN, to: D + 2 * DAY, kind: 'gap' }]);
    for (const row of report.rows) expect(row.summary).toEqual((await get(token, 'summary', row.from, row.to)).data);
    expect(report.summary).toEqual((await get(token, 'summary', from, to)).data);

    const long = (await get(token, 'report', D - 60 * DAY, to)).data;
    expect([long.unit, long.rows]).toEqual([null, []]);
    expect(long.summary).toEqual((await get(token, 'summary', D - 60 * DAY, to)).data);
  });

  it('refuses another pair to a restricted account and a bad range with the summary’s codes', async () => {
    const call = (tok: string, query: string) => t.call('GET', `/backend/liquidity/report?${query}`, { token: tok });
    expect((await call(trader.token, `coinId=${ETH}&from=0&to=60000`)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(token, `coinId=${BTC}&from=0&to=${401 * 86_400_000}`)).body.data.code).toBe(ErrorCode.LIQUIDITY_RANGE_TOO_LONG);
    const backwards = await call(token, `coinId=${BTC}&from=60000&to=0`);
    const summaryBackwards = await t.call('GET', `/backend/liquidity/summary?coinId=${BTC}&from=60000&to=0`, { token });
    expect(backwards.body.data.code).toBe(summaryBackwards.body.data.code);
    expect(backwards.body.data.code).toEqual(expect.any(Number));
  });
});
