import { createBotEngine, createRateBudgets, MINUTE_MS, strategyRegistry } from '@makerdesk/engine';
import { compare } from '@makerdesk/decimal';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { robotOrders } from '../../db/schema.ts';
import { LiquidityRepository } from '../../repositories/liquidity.repository.ts';
import { importKey, signUp } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The liquidity sampler as the server runs it (issue 20), on the simulator with the real engine: its
 * rounds run by hand on a clock of the test's (each round is "one second"), so a minute takes no
 * minute. Two depth near bots quote BTC/USDT; the summary shows the desk's own depth and uptime; an
 * emergency stop drops them to zero in the samples after it.
 */
let t: TestApp;
let admin: string;
const BTC = 1;
/** The sampler's and the summary's clock: a minute boundary well before the real now. */
const m0 = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - 10 * MINUTE_MS;
let clock = m0;

async function deploy(token: string, coinId: number): Promise<number> {
  const defaults = (await t.call('GET', `/backend/robot/init/list?coinId=${coinId}`, { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
  const config = { ...defaults, layersPerSideMin: 2, layersPerSideMax: 3, intervalMin: 120, intervalMax: 300 };
  const res = await t.call('PUT', '/backend/robot/update', { token, body: { coinId, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'normal' } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

async function quotingBots(ids: number[]): Promise<void> {
  await vi.waitFor(
    async () => {
      const rows = await t.database.db.select({ robotId: robotOrders.robotId, state: robotOrders.state }).from(robotOrders).where(inArray(robotOrders.robotId, ids));
      expect(new Set(rows.filter((r) => r.state === 'open').map((r) => r.robotId)).size).toBe(ids.length);
      expect(rows.some((r) => r.state === 'sending' || r.state === 'unknown')).toBe(false);
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** One minute of rounds from `start`, a second apart; `at(s)` runs before the round of second s. */
async function sampleMinute(start: number, at: (s: number) => Promise<void> = async () => undefined): Promise<void> {
  for (let s = 0; s < 60; s++) {
    await at(s);
    clock = start + s * 1000 + 100;
    await t.services.liquidityJobs.sampler.sampleOnce();
  }
}

const summary = async (from: number, to: number, token = admin) => t.call('GET', `/backend/liquidity/summary?coinId=${BTC}&from=${from}&to=${to}`, { token });

beforeAll(async () => {
  t = await createTestApp({ engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() }, liquidity: { now: () => clock } });
  admin = await t.login();
  await importKey(t, admin, { coinId: BTC, apiKey: 'liq-admin-key' });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
}, 60_000);
afterAll(() => t.close());

describe('the liquidity sampler in the server', () => {
  it('measures the simulator pairs; two depth near bots give own depth and uptime; an emergency stop drops them', async () => {
    // A loose obligation (the bots' defaults keep it): uptime is measured against it.
    const set = await t.call('PUT', '/backend/liquidity/obligation', { token: admin, body: { coinId: BTC, maxSpreadBps: '100', depthWithinPct: '2', minDepthQuote: '50', minUptimePct: '90', period: 'day' } });
    expect(set.body, JSON.stringify(set.body)).toMatchObject({ code: 200 });
    const bots = [await deploy(admin, BTC), await deploy(admin, BTC)];
    await quotingBots(bots);
    // A restricted account of the desk with its own key: its taker order fills against the book (activity).
    const sub = await signUp(t, admin, 'liq-sub@makerdesk.local', { coinIds: [BTC] });
    await importKey(t, sub.token, { coinId: BTC, apiKey: 'liq-sub-key' });
    await t.services.sim.localHost.venue.openAccount('liq-sub-key');

    // Minute 1: quoting; at 30 s the sub-account buys at market.
    await sampleMinute(m0, async (s) => {
      if (s !== 30) return;
      await t.services.sim.localHost.venue.account('liq-sub-key').placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'market', amount: '0.001', clientOrderId: 'liq-taker-1' });
    });

    // Minute 2: the emergency stop before its first round.
    clock = m0 + MINUTE_MS;
    await sampleMinute(m0 + MINUTE_MS, async (s) => {
      if (s !== 0) return;
      const res = await t.call('POST', '/backend/robot/emergencyStop', { token: admin, body: { coinId: BTC } });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { robotsStopped: 2, failed: [] } });
    });
    clock = m0 + 2 * MINUTE_MS + 100;
    await t.services.liquidityJobs.sampler.sampleOnce();

    const first = await summary(m0, m0 + MINUTE_MS);
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ code: 200 });
    const f = first.body.data;
    expect(f.samples).toBe(60);
    expect(f.uptimePct).toBe('100');
    expect(f.breaches).toEqual([]);
    expect(compare(f.depth.ownBidQuote, '0')).toBeGreaterThan(0);
    expect(compare(f.depth.ownAskQuote, '0')).toBeGreaterThan(0);
    expect(compare(f.depth.bidQuote, f.depth.ownBidQuote)).toBeGreaterThanOrEqual(0);
    expect(Number(f.ownShareOfDepthPct)).toBeGreaterThan(0);
    expect(Number(f.ownShareOfVolumePct)).toBeGreaterThan(0);

    const rows = await new LiquidityRepository(t.database.db).minutes(BTC, m0, m0 + 2 * MINUTE_MS);
    expect(rows.map((r) => r.minute)).toEqual([m0, m0 + MINUTE_MS]);
    const [one, two] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(one).toMatchObject({ samples: 60, gapSec: 0 });
    expect(one.upSec).toBeGreaterThan(0);
    // The taker order: placed and filled (the restricted account's, the desk's too), part of the pair's volume.
    expect(one.fills).toBeGreaterThanOrEqual(1);
    expect(one.ordersPlaced).toBeGreaterThanOrEqual(1);
    expect(compare(one.ownVolumeQuote, '0')).toBeGreaterThan(0);
    expect(compare(one.volumeQuote, one.ownVolumeQuote)).toBeGreaterThanOrEqual(0);
    // After the stop: no own depth, not up, in every sample.
    expect(two).toMatchObject({ samples: 60, upSec: 0 });
    expect(two.depth['2'].ownBid).toEqual({ min: '0', sum: '0' });
    expect(two.depth['2'].ownAsk).toEqual({ min: '0', sum: '0' });
    const second = (await summary(m0 + MINUTE_MS, m0 + 2 * MINUTE_MS)).body.data;
    expect(second).toMatchObject({ samples: 60, uptimePct: '0', depth: { ownBidQuote: '0', ownAskQuote: '0' }, breaches: [{ from: m0 + MINUTE_MS, to: m0 + 2 * MINUTE_MS, kind: 'no_quote' }] });
    // The other simulator pairs are measured too (the desk holds no key there: never up).
    const eth = await new LiquidityRepository(t.database.db).minutes(2, m0, m0 + MINUTE_MS);
    expect(eth).toHaveLength(1);
    expect(eth[0]).toMatchObject({ samples: 60, upSec: 0 });
  }, 60_000);

  it('prunes rows older than 400 days', async () => {
    const repo = new LiquidityRepository(t.database.db);
    const old = m0 - 401 * 86_400_000;
    const [row] = await repo.minutes(BTC, m0, m0 + MINUTE_MS);
    await repo.writeMinutes([{ coinId: BTC, row: { ...row!, minute: old } }]);
    expect(await repo.minutes(BTC, old, old + MINUTE_MS)).toHaveLength(1);
    await t.services.liquidityJobs.prune();
    expect(await repo.minutes(BTC, old, old + MINUTE_MS)).toHaveLength(0);
    expect(await repo.minutes(BTC, m0, m0 + MINUTE_MS)).toHaveLength(1);
  });

  it('samples every second on its own once started (main.ts starts it with the engine)', async () => {
    clock = m0 + 4 * MINUTE_MS;
    const before = t.services.liquidityJobs.sampler.recent(BTC).length;
    t.services.liquidityJobs.start();
    await vi.waitFor(() => expect(t.services.liquidityJobs.sampler.recent(BTC).length).toBeGreaterThanOrEqual(before + 2), { timeout: 5000, interval: 100 });
    await t.services.liquidityJobs.stop();
  });

  it('writes the open minute when it stops', async () => {
    const start = m0 + 5 * MINUTE_MS;
    for (let s = 0; s < 10; s++) {
      clock = start + s * 1000;
      await t.services.liquidityJobs.sampler.sampleOnce();
    }
    await t.services.liquidityJobs.stop();
    const [row] = await new LiquidityRepository(t.database.db).minutes(BTC, start, start + MINUTE_MS);
    expect(row).toMatchObject({ samples: 10, gapSec: 50 });
  });
});
