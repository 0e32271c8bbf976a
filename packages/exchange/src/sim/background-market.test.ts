import { describe, expect, it } from 'vitest';
import {
  drawNoiseOrder,
  emptyLadder,
  ladderPrices,
  minimumLots,
  requoteLadder,
  walkLogOffset,
  type LadderProfile,
  type PairGrid,
  type QuotingPort,
} from './background-market.ts';
import { Prng } from './prng.ts';

const grid: PairGrid = { tickScale: 100, lotScale: 10_000, minLots: 1, minNotional: 5 };
const profile: LadderProfile = { layers: 3, halfSpread: 0.001, step: 0.002, firstLayerNotionals: 100, growth: 0.5, requoteChance: 0 };

/** An in-memory book of one provider's orders. */
function fakePort() {
  const orders = new Map<string, { side: string; price: number; qty: number }>();
  let next = 1;
  const log: string[] = [];
  const port: QuotingPort = {
    priceOf: (no) => orders.get(no)?.price,
    cancel: (no) => {
      orders.delete(no);
      log.push(`cancel ${no}`);
    },
    placeLimit: (side, price, qty) => {
      const no = String(next++);
      orders.set(no, { side, price, qty });
      log.push(`${side} ${price}`);
      return no;
    },
  };
  return { port, orders, log };
}

describe('the background market', () => {
  it('lays out ladder prices around the fair price, nearest first and at least a tick apart', () => {
    expect(ladderPrices(100, profile, grid)).toEqual({ bids: [9990, 9970, 9950], asks: [10010, 10030, 10050] });
    // A coarse grid still gets distinct levels.
    expect(ladderPrices(1, profile, { ...grid, tickScale: 10 })).toEqual({ bids: [9, 8, 7], asks: [11, 12, 13] });
    expect(ladderPrices(0.02, profile, { ...grid, tickScale: 100 })).toEqual({ bids: [1, 0, 0], asks: [3, 4, 5] });
  });

  it('sizes orders at least minAmount and minNotional', () => {
    expect(minimumLots(100, grid)).toBe(500);
    expect(minimumLots(100, { ...grid, minLots: 800 })).toBe(800);
  });

  it('fills an empty ladder, keeps orders in place and requotes those that drifted', () => {
    const { port, orders, log } = fakePort();
    const ladder = emptyLadder(3);
    const rng = Prng.seeded(1);
    requoteLadder(port, ladder, 100, profile, grid, rng);
    expect(log).toEqual(['buy 9990', 'buy 9970', 'buy 9950', 'sell 10010', 'sell 10030', 'sell 10050']);
    expect(ladder).toEqual({ bids: ['1', '2', '3'], asks: ['4', '5', '6'] });
    for (const order of orders.values()) expect(order.qty).toBeGreaterThanOrEqual(500);

    log.length = 0;
    requoteLadder(port, ladder, 100, profile, grid, rng);
    expect(log).toEqual([]);

    // The price moved by 0.2 %: the targets by 19 to 21 ticks; the layers tolerate 10, 15 and 20.
    requoteLadder(port, ladder, 100.2, profile, grid, rng);
    expect(log).toEqual([
      'cancel 1', 'cancel 2', 'cancel 4', 'cancel 5', 'cancel 6',
      'buy 10009', 'buy 9989', 'sell 10031', 'sell 10051', 'sell 10071',
    ]);
    expect(ladder).toEqual({ bids: ['7', '8', '3'], asks: ['9', '10', '11'] });

    // A filled order leaves its layer empty; the next tick fills it again.
    orders.delete(ladder.asks[0]!);
    log.length = 0;
    requoteLadder(port, ladder, 100.2, profile, grid, rng);
    expect(log).toEqual(['sell 10031']);
  });

  it('walks the log price with a gentle pull home', () => {
    const rng = Prng.seeded(3);
    expect(walkLogOffset(0, 0, rng)).toBe(0);
    expect(walkLogOffset(0.5, 0, rng)).toBeCloseTo(0.49999, 12);
    let offset = 0;
    let furthest = 0;
    let sum = 0;
    const n = 400_000;
    for (let i = 0; i < n; i++) {
      offset = walkLogOffset(offset, 0.001, rng);
      furthest = Math.max(furthest, Math.abs(offset));
      sum += offset;
    }
    // Stationary spread 0.001 / √(2 × 0.00002) = 0.16.
    expect(furthest).toBeLessThan(1);
    expect(Math.abs(sum / n)).toBeLessThan(0.2);
    expect(walkLogOffset(5, 0, rng)).toBe(2);
  });

  it('draws noise orders of plausible sizes, deterministically', () => {
    const noise = { activity: 1, medianNotionals: 10, sizeDispersion: 0.5, limitShare: 0.5, limitReach: 0.01, traders: 3 };
    const a = Prng.seeded(9);
    const b = Prng.seeded(9);
    const orders = Array.from({ length: 200 }, () => drawNoiseOrder(100, noise, grid, a)!);
    expect(Array.from({ length: 200 }, () => drawNoiseOrder(100, noise, grid, b))).toEqual(orders);
    for (const order of orders) {
      expect(order.trader).toBeGreaterThanOrEqual(0);
      expect(order.trader).toBeLessThan(3);
      expect(order.qty).toBeGreaterThanOrEqual(500);
      if (order.price !== null) expect(order.price).toBe(order.side === 'buy' ? 10100 : 9900);
    }
    expect(new Set(orders.map((o) => o.side))).toEqual(new Set(['buy', 'sell']));
    expect(orders.some((o) => o.price === null) && orders.some((o) => o.price !== null)).toBe(true);
    expect(drawNoiseOrder(100, { ...noise, activity: 0 }, grid, a)).toBeNull();
  });
});
