import { aggregateMinute, MINUTE_MS, type LiquidityMinute } from '@makerdesk/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liquidityObligations } from '../../db/schema.ts';
import { IncidentRepository } from '../../repositories/incident.repository.ts';
import { LiquidityRepository } from '../../repositories/liquidity.repository.ts';
import { webhookReceiver, type FakeReceiver } from '../../testing/alert-receivers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ObligationWatch, OBLIGATION_SETTLE_MS } from './obligation-watch.ts';

/**
 * The obligation monitor in the server (issue 20 part 4): one-minute rows written as the sampler
 * writes them, the watch's looks run by hand on a clock of the test's (noon UTC of a mid-month day,
 * so no period ends inside the test), the incidents read through the API and the alerts as the
 * webhook receives them. N is 3 here.
 */
const SECRET = 'obligation-webhook-secret-0123456789';
const N = 3;
const BTC = 1;
const ETH = 2;
/** Noon UTC, 15 January 2026: half the day and half the month left. */
const m0 = Date.UTC(2026, 0, 15, 12, 0);
let clock = m0;

let t: TestApp;
let admin: string;
let webhook: FakeReceiver;
let liquidity: LiquidityRepository;

/** A whole sampled minute: `up` seconds two-sided, the rest without the desk's quotes. */
function row(minute: number, up: number): LiquidityMinute {
  return { ...aggregateMinute(minute, []), samples: 60, gapSec: 0, upSec: up, noQuoteSec: 60 - up };
}

async function until(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sets the pair's obligation through the API, then dates it to `at` (the test's clock, not the real one). */
async function oblige(coinId: number, terms: Record<string, string>, at: number): Promise<void> {
  const res = await t.call('PUT', '/backend/liquidity/obligation', { token: admin, body: { coinId, maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '500', ...terms } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  await t.database.db.update(liquidityObligations).set({ updatedAt: new Date(at) }).where(eq(liquidityObligations.coinId, coinId));
}

/** Writes minute `i` (from m0) of each pair, then runs a look of each watch (at once) once it has settled. */
async function minute(i: number, up: Record<number, number>, ...watches: ObligationWatch[]): Promise<void> {
  const start = m0 + i * MINUTE_MS;
  await liquidity.writeMinutes(Object.entries(up).map(([coinId, seconds]) => ({ coinId: Number(coinId), row: row(start, seconds) })));
  clock = start + MINUTE_MS + OBLIGATION_SETTLE_MS;
  await Promise.all((watches.length > 0 ? watches : [t.services.obligationWatch]).map((w) => w.tick()));
}

const incidents = async (coinId: number, lang = 'en_US') =>
  ((await t.call('GET', `/backend/incident/list?coinId=${coinId}`, { token: admin, lang })).body.data.items as { kind: string; level: string; title: string; text: string }[]).filter((i) => i.kind.startsWith('obligation_')).reverse();

const titles = () => webhook.received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).title as string);

beforeAll(async () => {
  webhook = await webhookReceiver(SECRET);
  t = await createTestApp({ outboundAllow: '127.0.0.1/32', liquidity: { now: () => clock, breachMinutes: N }, alerts: { policy: { minIntervalMs: 10 } } });
  admin = await t.login();
  liquidity = new LiquidityRepository(t.database.db);
  const hook = await t.call('POST', '/backend/alert/channel/add', { token: admin, body: { kind: 'webhook', name: 'Desk hook', url: `${webhook.url}/hooks/obligation`, secret: SECRET } });
  expect(hook.body, JSON.stringify(hook.body)).toMatchObject({ code: 200 });
}, 60_000);

afterAll(async () => {
  await t.close();
  await webhook.close();
});

describe('the obligation watch in the server', () => {
  it('a breach of N minutes and its end: one incident and one alert each, told once though a second watcher judges the same minutes', async () => {
    await oblige(BTC, { minUptimePct: '90', period: 'month' }, m0 - 30_000);
    // Kept, kept, then 5 minutes without the desk's quotes (54 s needed of each minute).
    await minute(0, { [BTC]: 60 });
    await minute(1, { [BTC]: 58 });
    await minute(2, { [BTC]: 0 });
    await minute(3, { [BTC]: 53 });
    expect(await incidents(BTC)).toEqual([]);
    // A second watcher (another server that believes the role is its own too, or this one restarted)
    // judges the same minutes at the same time: the breach is recorded, and alerted, once.
    const second = new ObligationWatch({
      repo: liquidity,
      incidents: { latest: (coinId, kinds) => new IncidentRepository(t.database.db).latestOfKinds(coinId, kinds), recordOnce: (input, kinds, told) => t.services.incidents.recordOnce(input, kinds, told) },
      alerts: t.services.alerts,
      pairName: async (coinId) => (coinId === BTC ? 'BTC/USDT' : 'ETH/USDT'),
      recipient: async () => 1,
      minutes: N,
      now: () => clock,
    });
    await minute(4, { [BTC]: 0 }, t.services.obligationWatch, second);
    const breach = await incidents(BTC);
    expect(breach.map((i) => [i.kind, i.level])).toEqual([['obligation_breach', 'error']]);
    expect(breach[0]!.title).toBe('Liquidity obligation of BTC/USDT breached');
    expect(breach[0]!.text).toBe(
      'The desk has not kept the obligation of BTC/USDT since 2026-01-15 12:02:00 UTC: 3 minute(s) in a row up less than 90 % of the time, mostly because the desk lacked a bid or an ask. The obligation: spread at most 25 bps, own depth within 2 % at least 500 USDT per side',
    );
    expect((await incidents(BTC, 'zh_CN'))[0]!.text).toBe(
      '自 2026-01-15 12:02:00 UTC 起未能履行 BTC/USDT 的流动性义务：连续 3 分钟双边在线时间低于 90%，主要原因：己方缺少买单或卖单。义务要求：价差不超过 25 bps，2% 范围内己方每侧深度不少于 500 USDT',
    );

    // The second one goes on alone a minute, then the first: each carries the breach on.
    await minute(5, { [BTC]: 10 }, second);
    await minute(6, { [BTC]: 0 });
    expect((await incidents(BTC)).map((i) => i.kind)).toEqual(['obligation_breach']);
    // Kept again: two minutes are not enough, the third ends the breach; both watchers judge it.
    await minute(7, { [BTC]: 60 }, second);
    await minute(8, { [BTC]: 55 }, second);
    await minute(9, { [BTC]: 60 }, second);
    await t.services.obligationWatch.tick();
    await minute(10, { [BTC]: 60 });
    await minute(11, { [BTC]: 60 }, second);
    const told = await incidents(BTC);
    expect(told.map((i) => [i.kind, i.level])).toEqual([
      ['obligation_breach', 'error'],
      ['obligation_recovered', 'info'],
    ]);
    expect(told[1]!.text).toBe('The desk keeps the obligation of BTC/USDT again since 2026-01-15 12:07:00 UTC (3 minute(s) in a row), after 5 min in breach (since 2026-01-15 12:02:00 UTC)');
    expect((await incidents(BTC, 'zh_CN'))[1]!.title).toBe('BTC/USDT 流动性义务已恢复达标');

    await until(() => titles().length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(titles()).toEqual(['Liquidity obligation of BTC/USDT breached', 'Liquidity obligation of BTC/USDT kept again']);
    expect(webhook.received.every((r) => r.signatureValid)).toBe(true);
    const alerts = (await t.call('GET', `/backend/alert/list?coinId=${BTC}`, { token: admin })).body.data;
    expect(alerts.total).toBe(2);
  });

  it('the period’s uptime out of reach: one warning per period, none for a pair that can still make it', async () => {
    const before = titles().length;
    // Set at 12:12 for the day: 42,480 s of it counted, 99.99 % of them is all but 4.248 s.
    await oblige(ETH, { minUptimePct: '99.99', period: 'day' }, m0 + 12 * MINUTE_MS - 10_000);
    await minute(12, { [ETH]: 60, [BTC]: 60 });
    await minute(13, { [ETH]: 58, [BTC]: 60 });
    await minute(14, { [ETH]: 60, [BTC]: 60 });
    expect(await incidents(ETH)).toEqual([]);
    // 3 s more down: 5 s in all, the day's 99.99 % is out of reach.
    await minute(15, { [ETH]: 57, [BTC]: 60 });
    await minute(16, { [ETH]: 40, [BTC]: 60 });
    const warned = await incidents(ETH);
    expect(warned.map((i) => [i.kind, i.level])).toEqual([['obligation_at_risk', 'warn']]);
    expect(warned[0]!.title).toBe('Uptime of ETH/USDT out of reach this day');
    expect(warned[0]!.text).toBe('Even up every second from now, the two-sided uptime of ETH/USDT this day can reach at most 99.98 %, under the obligation’s 99.99 % (up 3 min 55 s of 4 min so far)');
    expect((await incidents(ETH, 'zh_CN'))[0]!.title).toBe('ETH/USDT 本日在线时间已无法达标');
    // BTC lost 5 min of the month: far from 10 % of it; ETH's breached minutes were never 3 in a row.
    expect((await incidents(BTC)).map((i) => i.kind)).toEqual(['obligation_breach', 'obligation_recovered']);
    await until(() => titles().length >= before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(titles().slice(before)).toEqual(['Uptime of ETH/USDT out of reach this day']);
  });
});
