/**
 * Every bot type on the real simulator (its background market stepping each second) for a few
 * simulated minutes, through the real engine: each does what docs/strategies.md says, and a crash
 * in the middle (a new engine over the same journal and venue) loses nothing and doubles nothing.
 */
import { parseRobotConfig, robotTypeKeys, robotTypes, type PairDefaults, type RobotTypeKey } from '@makerdesk/contract';
import { compare, minus, mul, add } from '@makerdesk/decimal';
import type { Order } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { RobotRecord } from '../ports.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { strategyRegistry } from './registry.ts';

const SYMBOL = 'ETH/USDT';
const LIVE = new Set(['pending', 'partial_filled']);

function robotOf(h: SimHarness, id: number, type: RobotTypeKey, patch: Record<string, unknown> = {}): RobotRecord {
  const market = h.venue.markets().find((m) => m.symbol === SYMBOL)!;
  const pair: PairDefaults = {
    symbol: SYMBOL,
    price: h.venue.referencePrice(SYMBOL),
    pricePrecision: market.pricePrecision,
    amountPrecision: market.amountPrecision,
    minAmount: market.minAmount,
    minNotional: market.minNotional,
  };
  const parsed = parseRobotConfig(type, { ...(robotTypes[type].defaults(pair, h.clock.now()) as object), intervalMin: 2, intervalMax: 4, ...patch });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return { id, adminId: 1, coinId: 1, symbol: SYMBOL, type, config: parsed.config, status: 'running', startMode: 'now', startAt: null, priceMode: 'normal', state: null, startedAt: h.clock.now() };
}

/** Runs the venue's background market and the engine together, a second at a time. */
async function runFor(h: SimHarness, seconds: number): Promise<void> {
  for (let s = 0; s < seconds; s++) {
    h.venue.step();
    await h.clock.advance(1000);
  }
}

async function ownOrders(h: SimHarness, id: number): Promise<Order[]> {
  return h.venueOrders('mm', id, SYMBOL);
}

/** After reconciliation: every venue order of the bot is journalled with the venue's state; no slot holds two live orders. */
async function expectJournalMatchesVenue(h: SimHarness, id: number): Promise<void> {
  const venue = await ownOrders(h, id);
  const journal = new Map(h.journal.all(id).map((o) => [o.clientOrderId, o]));
  for (const order of venue) {
    const entry = journal.get(order.clientOrderId!);
    expect(entry, `venue order ${order.clientOrderId} is journalled`).toBeDefined();
    expect(compare(entry!.filledAmount, order.filledAmount)).toBe(0);
  }
  const liveTags = h.journal.all(id).filter((o) => o.state === 'open').map((o) => o.tag);
  expect(new Set(liveTags).size).toBe(liveTags.length);
  const placedIds = h.key('mm').log.filter((r) => r.method === 'placeOrder').map((r) => (r.args[0] as { clientOrderId: string }).clientOrderId);
  expect(new Set(placedIds).size, 'no client order id is ever sent twice').toBe(placedIds.length);
}

describe('every bot type on the simulator', () => {
  it.each(robotTypeKeys.filter((t) => robotTypes[t].quoting))(
    '%s quotes within seconds, keeps quoting for minutes, and survives a crash without losing or doubling an order',
    async (type) => {
      const h = new SimHarness(strategyRegistry, []);
      h.store.put(robotOf(h, 1, type));
      await h.engine.start();
      await runFor(h, 5);
      const early = (await ownOrders(h, 1)).filter((o) => LIVE.has(o.status));
      // depth spread stays out while the spread is tight; the others rest orders at once.
      if (type !== 'depth_spread') expect(early.length, `${type} rests orders within 5 s`).toBeGreaterThan(0);
      await runFor(h, 90);
      await h.restart();
      await runFor(h, 90);
      expect(h.store.stopReasons.get(1), `${type} still running`).toBeUndefined();
      await expectJournalMatchesVenue(h, 1);
      const live = (await ownOrders(h, 1)).filter((o) => LIVE.has(o.status));
      const book = await h.venue.account('mm').fetchOrderBook(SYMBOL, 50);
      // Resting bids stay below resting asks: a bot never quotes against itself.
      const bids = live.filter((o) => o.direction === 'buy').map((o) => o.price!);
      const asks = live.filter((o) => o.direction === 'sell').map((o) => o.price!);
      if (bids.length > 0 && asks.length > 0) {
        const topBid = bids.reduce((a, b) => (compare(a, b) >= 0 ? a : b));
        const lowAsk = asks.reduce((a, b) => (compare(a, b) <= 0 ? a : b));
        expect(compare(topBid, lowAsk)).toBeLessThan(0);
      }
      expect(book.bids.length + book.asks.length).toBeGreaterThan(0);
      await h.engine.shutdown();
    },
    120_000,
  );

  it('depth far: after minutes and a crash, N orders a side inside the offset band around the mid', async () => {
    const h = new SimHarness(strategyRegistry, []);
    h.store.put(robotOf(h, 1, 'depth_far', { depthLayersMin: 15, depthLayersMax: 16, nearestOffset: '0.01', farthestOffset: '0.03' }));
    await h.engine.start();
    await runFor(h, 60);
    await h.restart();
    await runFor(h, 60);
    const live = (await ownOrders(h, 1)).filter((o) => LIVE.has(o.status));
    const bids = live.filter((o) => o.direction === 'buy');
    const asks = live.filter((o) => o.direction === 'sell');
    expect(bids.length).toBeGreaterThanOrEqual(15);
    expect(bids.length).toBeLessThanOrEqual(16);
    expect(asks.length).toBe(bids.length);
    const reference = h.venue.referencePrice(SYMBOL);
    // The band moves with the mid between refreshes; allow the mid's drift over one interval (0.5 %).
    for (const o of bids) {
      expect(compare(o.price!, mul(reference, '0.995'))).toBeLessThan(0);
      expect(compare(o.price!, mul(reference, '0.965'))).toBeGreaterThan(0);
    }
    for (const o of asks) {
      expect(compare(o.price!, mul(reference, '1.005'))).toBeGreaterThan(0);
      expect(compare(o.price!, mul(reference, '1.035'))).toBeLessThan(0);
    }
    await h.engine.shutdown();
  }, 120_000);

  it('smart sell: sells in stages, never below its price limit, and stops when done', async () => {
    const h = new SimHarness(strategyRegistry, []);
    const reference = h.venue.referencePrice(SYMBOL);
    const limit = mul(reference, '0.99');
    const start = h.clock.now();
    h.store.put(robotOf(h, 1, 'smart_sell', { totalAmount: '0.5', priceLimit: limit, stageCount: 5, targetAt: start + 3_600_000, maxLiquidityShare: '0.5', intervalMin: 5, intervalMax: 10 }));
    await h.engine.start();
    await runFor(h, 30 * 60);
    const fills = h.journal.fills.filter((f) => f.robotId === 1);
    expect(fills.length).toBeGreaterThan(0);
    for (const f of fills) {
      expect(f.side).toBe('sell');
      expect(compare(f.price, limit)).toBeGreaterThanOrEqual(0);
    }
    const sold = fills.reduce((sum, f) => add(sum, f.amount), '0');
    // Half the time has passed: at least the stages due so far (3 of 5 with stage 0 at the start), never more than the total.
    expect(compare(sold, '0.3')).toBeGreaterThanOrEqual(0);
    expect(compare(sold, '0.5')).toBeLessThanOrEqual(0);
    await runFor(h, 40 * 60);
    expect(h.store.stopReasons.get(1)).toMatch(/sold/);
    const total = h.journal.fills.filter((f) => f.robotId === 1).reduce((sum, f) => add(sum, f.amount), '0');
    expect(compare(minus('0.5', total), '0')).toBeGreaterThanOrEqual(0);
    await h.engine.shutdown();
  }, 240_000);
});
