import { compare, div, mul, add, minus } from '@makerdesk/decimal';
import { createBotEngine, createRateBudgets, spreadWithin, strategyRegistry } from '@makerdesk/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { robotOrders } from '../db/schema.ts';
import { importKey } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Issue 20 §6 in the server: a depth near bot with "keep the pair's obligation" on, on the simulator
 * with the real engine, reads BTC/USDT's obligation from the store and places a ladder that meets it
 * (its own spread inside the cap, its own depth per side within the band at least the minimum), which
 * its status says. Its defaults alone (20 to 40 bps, 10 to 40 USDT an order) keep neither.
 */
let t: TestApp;
let admin: string;
const BTC = 1;
const TERMS = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '3000' };

beforeAll(async () => {
  t = await createTestApp({ engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() }, liquidity: { sampling: false } });
  admin = await t.login();
  await importKey(t, admin, { coinId: BTC, apiKey: 'obligation-quoting-key' });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
}, 60_000);
afterAll(() => t.close());

describe('a depth near bot quoting to its pair obligation', () => {
  it('places a ladder meeting the obligation and says how close it runs', async () => {
    const set = await t.call('PUT', '/backend/liquidity/obligation', { token: admin, body: { coinId: BTC, ...TERMS, minUptimePct: '95', period: 'day' } });
    expect(set.body, JSON.stringify(set.body)).toMatchObject({ code: 200 });
    const defaults = (await t.call('GET', `/backend/robot/init/list?coinId=${BTC}`, { token: admin })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
    const config = { ...defaults, baseSpreadMin: '0.003', baseSpreadMax: '0.004', intervalMin: 120, intervalMax: 300, options: { ...defaults.options, keepObligation: true } };
    const res = await t.call('PUT', '/backend/robot/update', { token: admin, body: { coinId: BTC, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'normal' } });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    const id = res.body.data.id as number;

    const row = await vi.waitFor(
      async () => {
        const list = (await t.call('GET', `/backend/robot/list?coinId=${BTC}`, { token: admin })).body.data as { id: number; runtime: { obligation?: Record<string, unknown> | null } }[];
        const mine = list.find((r) => r.id === id)!;
        expect(mine.runtime.obligation).toBeTruthy();
        return mine;
      },
      { timeout: 10_000, interval: 250 },
    );
    const orders = await t.database.db.select().from(robotOrders).where(and(eq(robotOrders.robotId, id), eq(robotOrders.state, 'open')));
    expect(orders.some((r) => r.side === 'buy') && orders.some((r) => r.side === 'sell'), JSON.stringify(row.runtime.obligation)).toBe(true);
    const bids = orders.filter((o) => o.side === 'buy').map((o) => o.price);
    const asks = orders.filter((o) => o.side === 'sell').map((o) => o.price);
    const bid = bids.reduce((a, b) => (compare(a, b) >= 0 ? a : b));
    const ask = asks.reduce((a, b) => (compare(a, b) <= 0 ? a : b));
    // Configured at 30 to 40 bps; the cap is 25.
    expect(spreadWithin(bid, ask, TERMS.maxSpreadBps)).toBe(true);
    // The bot makes the touch here: the band is around its own mid.
    const mid = div(add(bid, ask), '2', { decimals: 12, rounding: 'half-even' });
    const x = div(TERMS.depthWithinPct, '100', { decimals: 12, rounding: 'down' });
    const depth = (side: 'buy' | 'sell') =>
      orders
        .filter((o) => o.side === side && (side === 'buy' ? compare(o.price, mul(mid, minus('1', x))) >= 0 : compare(o.price, mul(mid, add('1', x))) <= 0))
        .reduce((sum, o) => add(sum, mul(o.price, minus(o.amount, o.filledAmount))), '0');
    for (const side of ['buy', 'sell'] as const) {
      expect(compare(depth(side), TERMS.minDepthQuote), `${side} depth ${depth(side)}`).toBeGreaterThanOrEqual(0);
      // The least capital: the minimum and its 5 % margin, give or take a rounding per level.
      expect(compare(depth(side), '3300'), `${side} depth ${depth(side)}`).toBeLessThanOrEqual(0);
    }

    expect(row.runtime.obligation).toMatchObject({ maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '3000', met: true, shortOfFunds: false });
    const status = row.runtime.obligation as { spreadBps: string; bidQuote: string; askQuote: string };
    expect(compare(status.spreadBps, '25')).toBeLessThanOrEqual(0);
    expect(compare(status.bidQuote, '3000')).toBeGreaterThanOrEqual(0);
    expect(compare(status.askQuote, '3000')).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
