/**
 * The simulation-only bots (DESIGN §8) on the real simulator through the real engine, its background
 * market stepping each second: each does what docs/strategies.md says.
 */
import { parseRobotConfig, robotTypes, type PairDefaults, type RobotTypeKey } from '@makerdesk/contract';
import { add, compare, mul, toFixed } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import type { RobotRecord } from '../ports.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { strategyRegistry } from './registry.ts';

const SYMBOL = 'ETH/USDT';

function robotOf(h: SimHarness, id: number, type: RobotTypeKey, patch: Record<string, unknown> = {}): RobotRecord {
  const market = h.venue.markets().find((m) => m.symbol === SYMBOL)!;
  const pair: PairDefaults = { symbol: SYMBOL, price: h.venue.referencePrice(SYMBOL), pricePrecision: market.pricePrecision, amountPrecision: market.amountPrecision, minAmount: market.minAmount, minNotional: market.minNotional };
  const parsed = parseRobotConfig(type, { ...(robotTypes[type].defaults(pair, h.clock.now()) as object), ...patch });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return { id, adminId: 1, coinId: 1, symbol: SYMBOL, type, config: parsed.config, status: 'running', startMode: 'now', startAt: null, priceMode: 'normal', state: null, startedAt: h.clock.now() };
}

/** Steps the background market and the engine a second at a time; `afterStep` sees the book the bot's ticks of that second see. */
async function runFor(h: SimHarness, seconds: number, afterStep?: () => Promise<void>): Promise<void> {
  for (let s = 0; s < seconds; s++) {
    h.venue.step();
    await afterStep?.();
    await h.clock.advance(1000);
  }
}

describe('simulation-only bots on the simulator', () => {
  it.each(['volume_random', 'volume_natural', 'volume_range', 'volume_mid', 'volume_sine'] as const)(
    '%s: each round trades a volume inside its bounds against itself, at one price inside the spread, at intervals inside [min, max]',
    async (type) => {
      const h = new SimHarness(strategyRegistry, []);
      const ref = h.venue.referencePrice(SYMBOL);
      const patch: Record<string, unknown> = { volumeMin: '0.05', volumeMax: '0.2', intervalMin: 3, intervalMax: 7, orderCountMin: 1, orderCountMax: 4 };
      if (type === 'volume_range') Object.assign(patch, { priceLow: mul(ref, '0.98'), priceHigh: mul(ref, '1.02') });
      h.store.put(robotOf(h, 1, type, patch));
      // The spread of the market without the bot, each second, to check every round's price against.
      const spreads = new Map<number, [string, string]>();
      await h.engine.start();
      await runFor(h, 120, async () => {
        const book = await h.venue.account('observer').fetchOrderBook(SYMBOL, 1);
        spreads.set(h.clock.now(), [book.bids[0]![0], book.asks[0]![0]]);
      });
      expect(h.store.stopReasons.get(1)).toBeUndefined();
      const fills = h.journal.fills.filter((f) => f.robotId === 1);
      const rounds = new Map<number, typeof fills>();
      for (const f of fills) rounds.set(f.at, [...(rounds.get(f.at) ?? []), f]);
      // 120 s at 3-7 s a round: between 17 and 40 rounds.
      expect(rounds.size).toBeGreaterThanOrEqual(15);
      expect(rounds.size).toBeLessThanOrEqual(41);
      const times = [...rounds.keys()].sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) {
        const gap = times[i]! - times[i - 1]!;
        expect(gap).toBeGreaterThanOrEqual(3000);
        expect(gap).toBeLessThanOrEqual(8000);
      }
      for (const [at, legs] of rounds) {
        const bought = legs.filter((l) => l.side === 'buy').reduce((s, l) => add(s, l.amount), '0');
        const sold = legs.filter((l) => l.side === 'sell').reduce((s, l) => add(s, l.amount), '0');
        // Every unit bought was sold to itself: the bot's volume nets to nothing.
        expect(compare(bought, sold)).toBe(0);
        expect(compare(bought, '0.05')).toBeGreaterThanOrEqual(0);
        expect(compare(bought, '0.2')).toBeLessThanOrEqual(0);
        expect(new Set(legs.map((l) => l.price)).size).toBe(1);
        const seenAt = Math.max(...[...spreads.keys()].filter((t) => t <= at));
        const [bid, ask] = spreads.get(seenAt)!;
        expect(compare(legs[0]!.price, bid)).toBeGreaterThan(0);
        expect(compare(legs[0]!.price, ask)).toBeLessThan(0);
        if (type === 'volume_range') {
          expect(compare(legs[0]!.price, mul(ref, '0.98'))).toBeGreaterThanOrEqual(0);
          expect(compare(legs[0]!.price, mul(ref, '1.02'))).toBeLessThanOrEqual(0);
        }
      }
      // The public tape shows the bot's volume: its rounds are in the pair's trades.
      const tape = await h.venue.account('observer').fetchTrades(SYMBOL, 1000);
      expect(tape.filter((t) => fills.some((f) => f.at === t.timestamp && compare(f.price, t.price) === 0)).length).toBeGreaterThanOrEqual(rounds.size);
      await h.engine.shutdown();
    },
    120_000,
  );

  it('volume minimum hold: trades only after the pair was quiet for the window', async () => {
    const h = new SimHarness(strategyRegistry, []);
    h.store.put(robotOf(h, 1, 'volume_min_hold', { volumeMin: '0.05', volumeMax: '0.2', intervalMin: 2, intervalMax: 3, quietSec: 20 }));
    await h.engine.start();
    // No background steps: the market is quiet, so the bot prints once per quiet window.
    await h.clock.advance(90_000);
    const rounds = [...new Set(h.journal.fills.filter((f) => f.robotId === 1).map((f) => f.at))].sort((a, b) => a - b);
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    expect(rounds.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < rounds.length; i++) expect(rounds[i]! - rounds[i - 1]!).toBeGreaterThanOrEqual(20_000);
    await h.engine.shutdown();
  }, 60_000);

  it('order-book flash: every round replaces its orders at book levels inside its range, their count inside [min, max]', async () => {
    const h = new SimHarness(strategyRegistry, []);
    h.store.put(robotOf(h, 1, 'book_flash', { levelMin: 2, levelMax: 5, orderCountMin: 2, orderCountMax: 6, intervalMin: 3, intervalMax: 6 }));
    await h.engine.start();
    const seen: string[][] = [];
    await runFor(h, 60, async () => {
      const open = (await h.venueOrders('mm', 1, SYMBOL)).filter((o) => o.status === 'pending' || o.status === 'partial_filled');
      seen.push(open.map((o) => o.clientOrderId!).sort());
    });
    const sets = seen.filter((s) => s.length > 0);
    expect(sets.length).toBeGreaterThan(40);
    for (const s of sets) expect(s.length).toBeLessThanOrEqual(6);
    // The orders change from round to round: at least 8 distinct sets in a minute of 3-6 s rounds.
    expect(new Set(sets.map((s) => s.join())).size).toBeGreaterThanOrEqual(8);
    const all = await h.venueOrders('mm', 1, SYMBOL);
    expect(all.filter((o) => o.status === 'canceled').length).toBeGreaterThan(10);
    // Nothing the bot flashes ever trades with itself: no order is placed with the self-trade opt-in.
    expect(h.key('mm').log.filter((r) => r.method === 'placeOrder').every((r) => (r.args[0] as { allowSelfTrade?: boolean }).allowSelfTrade === undefined)).toBe(true);
    await h.engine.shutdown();
  }, 120_000);

  it('pump (rapid): reaches the target price before the target date, within the budget, then stops', async () => {
    const h = new SimHarness(strategyRegistry, []);
    const ref = h.venue.referencePrice(SYMBOL);
    const target = toFixed(mul(ref, '1.0015'), 2, 'half-up');
    const start = h.clock.now();
    h.store.put(robotOf(h, 1, 'pump_rapid', { targetPrice: target, targetAt: start + 300_000, budget: '40000', orderSizeMin: '4', orderSizeMax: '6', intervalMin: 2, intervalMax: 4 }));
    await h.engine.start();
    await runFor(h, 300);
    expect(h.store.stopReasons.get(1)).toMatch(/^target reached: target .* reached/);
    const buys = h.journal.fills.filter((f) => f.robotId === 1 && f.side === 'buy');
    const spent = buys.reduce((s, f) => add(s, mul(f.price, f.amount)), '0');
    expect(compare(spent, '40000')).toBeLessThanOrEqual(0);
    expect(buys.some((f) => compare(f.price, target) >= 0)).toBe(true);
    const at = buys.find((f) => compare(f.price, target) >= 0)!.at;
    expect(at).toBeLessThan(start + 300_000);
    await h.engine.shutdown();
  }, 120_000);

  it('pump (oscillating): follows its path to the target by the target date within the budget, then stops at the date', async () => {
    const h = new SimHarness(strategyRegistry, []);
    const ref = h.venue.referencePrice(SYMBOL);
    const target = toFixed(mul(ref, '1.001'), 2, 'half-up');
    const start = h.clock.now();
    h.store.put(robotOf(h, 1, 'pump_oscillating', { targetPrice: target, targetAt: start + 60_000, budget: '80000', orderSizeMin: '2', orderSizeMax: '4', intervalMin: 2, intervalMax: 4 }));
    await h.engine.start();
    await runFor(h, 70);
    expect(h.store.stopReasons.get(1)).toMatch(/^target date reached: target .* reached, .* of the 80000 USDT budget spent/);
    expect(h.store.stopReasons.get(1)).not.toMatch(/not reached/);
    const fills = h.journal.fills.filter((f) => f.robotId === 1);
    const spent = fills.filter((f) => f.side === 'buy').reduce((s, f) => add(s, mul(f.price, f.amount)), '0');
    expect(compare(spent, '80000')).toBeLessThanOrEqual(0);
    expect(fills.filter((f) => f.at <= start + 60_000).some((f) => compare(f.price, target) >= 0)).toBe(true);
    await h.engine.shutdown();
  }, 120_000);

  it('bulldozer: sweeps successive ask levels upwards until its stop price, never paying above it', async () => {
    const h = new SimHarness(strategyRegistry, []);
    const ref = h.venue.referencePrice(SYMBOL);
    const stopPrice = mul(ref, '1.002');
    h.store.put(robotOf(h, 1, 'bulldozer', { side: 'buy', levelsPerSweep: 2, stopPrice, budget: '50000', intervalMin: 2, intervalMax: 3 }));
    await h.engine.start();
    await runFor(h, 120);
    const fills = h.journal.fills.filter((f) => f.robotId === 1);
    expect(fills.length).toBeGreaterThan(2);
    for (const f of fills) {
      expect(f.side).toBe('buy');
      expect(compare(f.price, stopPrice)).toBeLessThanOrEqual(0);
    }
    const spent = fills.reduce((s, f) => add(s, mul(f.price, f.amount)), '0');
    expect(compare(spent, '50000')).toBeLessThanOrEqual(0);
    expect(h.store.stopReasons.get(1)).toMatch(/stop price .* reached|budget spent/);
    await h.engine.shutdown();
  }, 120_000);
});
