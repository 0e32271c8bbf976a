import { describe, expect, it } from 'vitest';
import type { LiquiditySample } from './measure.ts';
import { MINUTE_MS, mergeMinutes } from './minute.ts';
import { LiquidityRecorder } from './recorder.ts';

function sample(status: LiquiditySample['status'], spreadBps: string | null = '10'): LiquiditySample {
  const d = { bidQuote: '10', askQuote: '20', ownBidQuote: '1', ownAskQuote: '2' };
  return { mid: '1', spreadBps, status, depth: { '0.5': d, '1': d, '2': d, '5': d } };
}

const m0 = 1_000 * MINUTE_MS;

describe('LiquidityRecorder', () => {
  it('closes a minute once time is past it, per pair, with its trading', () => {
    const r = new LiquidityRecorder();
    for (let s = 0; s < 60; s++) r.record(1, m0 + s * 1000, sample(s < 45 ? 'up' : 'spread'));
    r.record(2, m0 + 5000, sample('up'));
    r.addActivity(1, m0 + 30_000, { fills: 2, ordersPlaced: 5, volumeQuote: '100.5', ownVolumeQuote: '40' });
    r.addActivity(1, m0 + 31_000, { volumeQuote: '0.5' });
    expect(r.closeEnded(m0 + 59_999)).toEqual([]);
    // Pair 1's next sample closes its minute; pair 2's closes when time passes.
    r.record(1, m0 + MINUTE_MS, sample('up'));
    const rows = r.closeEnded(m0 + MINUTE_MS + 1);
    expect(rows.map(({ coinId, row }) => [coinId, row.minute, row.samples, row.upSec, row.spreadSec, row.gapSec])).toEqual([
      [1, m0, 60, 45, 15, 0],
      [2, m0, 1, 1, 0, 59],
    ]);
    expect(rows[0]!.row).toMatchObject({ fills: 2, ordersPlaced: 5, volumeQuote: '101', ownVolumeQuote: '40' });
    expect(r.closeEnded(m0 + MINUTE_MS + 2)).toEqual([]);
  });

  it('flushes the open minutes as they stand: the seconds not sampled are gaps', () => {
    const r = new LiquidityRecorder();
    r.record(1, m0 + 1000, sample('up'));
    const [only] = r.flush();
    expect(only).toMatchObject({ coinId: 1, row: { minute: m0, samples: 1, upSec: 1, gapSec: 59 } });
    expect(r.flush()).toEqual([]);
  });

  it('keeps the last hour of seconds in one band, oldest first', () => {
    const r = new LiquidityRecorder(10_000, '1');
    for (let s = 0; s < 3000; s++) r.record(7, m0 + s * 1000, sample('up', String(s)));
    const recent = r.recent(7);
    expect(recent.map((x) => x.spreadBps)).toEqual(['2990', '2991', '2992', '2993', '2994', '2995', '2996', '2997', '2998', '2999']);
    expect(recent[0]).toMatchObject({ status: 'up', bidQuote: '10', ownAskQuote: '2' });
    r.drop(7);
    expect(r.recent(7)).toEqual([]);
    // 50 minutes: 49 closed by later samples, the last by the drop.
    expect(r.closeEnded(m0).length).toBe(50);
  });
});

describe('mergeMinutes', () => {
  it('joins two runs of one minute: counts add, the gap is what neither sampled', () => {
    const before = new LiquidityRecorder();
    for (let s = 0; s < 20; s++) before.record(1, m0 + s * 1000, sample('up', '5'));
    const after = new LiquidityRecorder();
    for (let s = 30; s < 60; s++) after.record(1, m0 + s * 1000, sample(s < 50 ? 'up' : 'depth', '9'));
    after.addActivity(1, m0 + 40_000, { fills: 1 });
    const merged = mergeMinutes(before.flush()[0]!.row, after.flush()[0]!.row);
    expect(merged).toMatchObject({ samples: 50, upSec: 40, depthSec: 10, gapSec: 10, spreadHist: { '5': 20, '9': 30 }, spreadP50: '9', fills: 1 });
    expect(merged.depth['2'].bid).toEqual({ min: '10', sum: '500' });
    expect(merged.depth['2'].ownBid).toEqual({ min: '0', sum: '50' });
  });
});
