import type { LiquidityObligationTerms } from '@makerdesk/contract';
import { MINUTE_MS, type LiquidityBook, type LiquidityMinute, type RestingQuote } from '@makerdesk/engine';
import { describe, expect, it } from 'vitest';
import { LiquiditySampler, type LiquiditySources } from './liquidity-sampler.ts';

const obligation: LiquidityObligationTerms = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '500', minUptimePct: '90', period: 'day' };
const book: LiquidityBook = {
  bids: [
    ['99.9', '10'],
    ['99', '10'],
  ],
  asks: [
    ['100.1', '10'],
    ['101', '10'],
  ],
};
const quotes: RestingQuote[] = [
  { side: 'buy', price: '99.9', remaining: '10' },
  { side: 'sell', price: '100.1', remaining: '10' },
];

/** Rows kept as the repository keeps them: one per pair and minute, a write replacing it. */
function memoryRepo() {
  const rows = new Map<string, { coinId: number; row: LiquidityMinute }>();
  return {
    rows,
    async writeMinutes(list: readonly { coinId: number; row: LiquidityMinute }[]) {
      for (const r of list) rows.set(`${r.coinId}:${r.row.minute}`, r);
    },
    async minutes(coinId: number, from: number, to: number) {
      return [...rows.values()].filter((r) => r.coinId === coinId && r.row.minute >= from && r.row.minute < to).map((r) => r.row);
    },
  };
}

function setup(state: { quoting: boolean; bookDown: boolean; now: number }) {
  const sources: LiquiditySources = {
    pairs: async () => [{ coinId: 1, obligation }],
    book: async () => (state.bookDown ? null : book),
    ownOrders: async () => (state.quoting ? quotes : []),
  };
  return sources;
}

const m0 = 1_000 * MINUTE_MS;

describe('LiquiditySampler', () => {
  it('writes a row when a minute ends: quoting seconds up, unquoted and unread seconds down', async () => {
    const state = { quoting: true, bookDown: false, now: m0 };
    const repo = memoryRepo();
    const sampler = new LiquiditySampler(setup(state), repo, { now: () => state.now });
    for (let s = 0; s < 60; s++) {
      state.now = m0 + s * 1000 + 200;
      state.quoting = s < 40; // the bots stop at 40 s
      state.bookDown = s >= 55; // the book unreadable from 55 s
      await sampler.sampleOnce();
    }
    expect(repo.rows.size).toBe(0);
    state.now = m0 + MINUTE_MS + 200;
    state.quoting = true;
    state.bookDown = false;
    await sampler.sampleOnce();
    const row = repo.rows.get(`1:${m0}`)!.row;
    expect(row).toMatchObject({ samples: 55, upSec: 40, noQuoteSec: 15, gapSec: 5, spreadP50: '20', spreadP95: '20' });
    expect(row.depth['2'].ownBid).toEqual({ min: '0', sum: '39960' });
    expect(sampler.recent(1)).toHaveLength(56);
  });

  it('joins the minute a restart falls in with what the run before wrote of it', async () => {
    const state = { quoting: true, bookDown: false, now: m0 };
    const repo = memoryRepo();
    const first = new LiquiditySampler(setup(state), repo, { now: () => state.now });
    for (let s = 0; s < 10; s++) {
      state.now = m0 + s * 1000;
      await first.sampleOnce();
    }
    await first.stop();
    expect(repo.rows.get(`1:${m0}`)!.row).toMatchObject({ samples: 10, upSec: 10, gapSec: 50 });
    // Down 20 s, then a new run to the end of the minute.
    const second = new LiquiditySampler(setup(state), repo, { now: () => state.now });
    for (let s = 30; s < 60; s++) {
      state.now = m0 + s * 1000;
      await second.sampleOnce();
    }
    await second.stop();
    expect(repo.rows.get(`1:${m0}`)!.row).toMatchObject({ samples: 40, upSec: 40, gapSec: 20 });
  });

  it('reads the pairs every 30 s, at once after refreshPairs, and every round while there are none', async () => {
    const state = { quoting: true, bookDown: false, now: m0 };
    const listed = { pairs: [] as { coinId: number; obligation: LiquidityObligationTerms | null }[], calls: 0 };
    const sources: LiquiditySources = {
      ...setup(state),
      pairs: async () => {
        listed.calls++;
        return listed.pairs;
      },
    };
    const sampler = new LiquiditySampler(sources, memoryRepo(), { now: () => state.now });
    const round = async (s: number) => {
      state.now = m0 + s * 1000;
      await sampler.sampleOnce();
    };
    await round(0);
    await round(1);
    expect(listed.calls).toBe(2);
    listed.pairs = [{ coinId: 1, obligation }];
    await round(2);
    for (let s = 3; s < 10; s++) await round(s);
    expect(listed.calls).toBe(3);
    sampler.refreshPairs();
    await round(10);
    expect(listed.calls).toBe(4);
    await round(40);
    expect(listed.calls).toBe(5);
    expect(sampler.recent(1)).toHaveLength(10);
  });
});
