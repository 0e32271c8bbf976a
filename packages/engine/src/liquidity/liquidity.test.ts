import type { LiquidityObligationTerms } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { measureSample, spreadBpsCeil, spreadWithin, type LiquiditySample, type RestingQuote } from './measure.ts';
import { aggregateMinute, spreadQuantile } from './minute.ts';
import { rangeMinutes, requiredUpSeconds, summariseLiquidity } from './summary.ts';

const obligation: LiquidityObligationTerms = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '1000', minUptimePct: '90', period: 'day' };

/** mid 100: bids 99.9 / 99 / 97, asks 100.1 / 101 / 103. */
const book = {
  bids: [
    ['99.9', '10'],
    ['99', '20'],
    ['97', '100'],
  ] as [string, string][],
  asks: [
    ['100.1', '10'],
    ['101', '20'],
    ['103', '100'],
  ] as [string, string][],
};
const own: RestingQuote[] = [
  { side: 'buy', price: '99.9', remaining: '10' },
  { side: 'sell', price: '100.1', remaining: '10' },
];

describe('measureSample', () => {
  it('measures spread, mid and depth per band, the book and the own', () => {
    const s = measureSample(book, own, obligation);
    expect(s.mid).toBe('100');
    expect(s.spreadBps).toBe('20');
    // 0.5 %: bids ≥ 99.5, asks ≤ 100.5
    expect(s.depth['0.5']).toEqual({ bidQuote: '999', askQuote: '1001', ownBidQuote: '999', ownAskQuote: '1001' });
    // 1 %: bids ≥ 99 (the edge is inside), asks ≤ 101
    expect(s.depth['1']).toEqual({ bidQuote: '2979', askQuote: '3021', ownBidQuote: '999', ownAskQuote: '1001' });
    // 5 %: everything
    expect(s.depth['5'].bidQuote).toBe('12679');
    expect(s.depth['5'].askQuote).toBe('13321');
    // own bid depth 999 < 1000: short on the bid side
    expect(s.status).toBe('depth');
  });

  it('is up when both sides hold the depth within the spread cap', () => {
    const more: RestingQuote[] = [...own, { side: 'buy', price: '99', remaining: '1' }];
    expect(measureSample(book, more, obligation).status).toBe('up');
  });

  it('fails the spread before the depth, and the quote before both', () => {
    const wide: RestingQuote[] = [
      { side: 'buy', price: '99', remaining: '100' },
      { side: 'sell', price: '101', remaining: '100' },
    ];
    expect(measureSample(book, wide, obligation).status).toBe('spread');
    expect(measureSample(book, [own[0]!], obligation).status).toBe('no_quote');
    expect(measureSample(book, [], null).status).toBe('no_quote');
    expect(measureSample(book, wide, null).status).toBe('up');
  });

  it('takes the last trade as mid when a side is empty, with no spread', () => {
    const s = measureSample({ bids: book.bids, asks: [], last: '100' }, own, obligation);
    expect(s.mid).toBe('100');
    expect(s.spreadBps).toBeNull();
    expect(s.depth['1'].askQuote).toBe('0');
    expect(s.depth['1'].ownAskQuote).toBe('1001');
    const none = measureSample({ bids: [], asks: [] }, own, obligation);
    expect(none.mid).toBeNull();
    expect(none.depth['5']).toEqual({ bidQuote: '0', askQuote: '0', ownBidQuote: '0', ownAskQuote: '0' });
  });
});

describe('spread', () => {
  it('rounds up to 0.1 bps and compares exactly', () => {
    // (100.07 − 100) / 100.035 × 10,000 = 6.9975… → 7.0
    expect(spreadBpsCeil('100', '100.07')).toBe('7');
    expect(spreadBpsCeil('100', '100.06')).toBe('6');
    expect(spreadBpsCeil('100', '100.061')).toBe('6.1');
    expect(spreadWithin('99.9', '100.1', '20')).toBe(true);
    expect(spreadWithin('99.9', '100.1', '19.9')).toBe(false);
  });
});

function sampleWith(status: LiquiditySample['status'], spreadBps: string | null, ownBid = '0'): LiquiditySample {
  const d = { bidQuote: '100', askQuote: '200', ownBidQuote: ownBid, ownAskQuote: '0' };
  return { mid: '1', spreadBps, status, depth: { '0.5': d, '1': d, '2': d, '5': d } };
}

describe('aggregateMinute', () => {
  it('counts a second without a sample as down and as no own depth', () => {
    const m = 60_000 * 1000;
    const samples = Array.from({ length: 30 }, (_, i) => ({ at: m + i * 1000 + 500, sample: sampleWith('up', '10', '50') }));
    const row = aggregateMinute(m, samples);
    expect(row).toMatchObject({ samples: 30, upSec: 30, gapSec: 30, spreadP50: '10', spreadP95: '10' });
    expect(row.depth['2'].bid).toEqual({ min: '100', sum: '3000' });
    expect(row.depth['2'].ownBid).toEqual({ min: '0', sum: '1500' });
  });

  it('keeps the last sample of a second and ignores samples outside the minute', () => {
    const m = 120_000;
    const row = aggregateMinute(m, [
      { at: m + 100, sample: sampleWith('no_quote', '5') },
      { at: m + 900, sample: sampleWith('up', '7') },
      { at: m - 1, sample: sampleWith('up', '1') },
      { at: m + 60_000, sample: sampleWith('up', '1') },
    ]);
    expect(row).toMatchObject({ samples: 1, upSec: 1, noQuoteSec: 0, gapSec: 59, spreadHist: { '7': 1 } });
  });

  it('ranks one-sided seconds above every spread', () => {
    expect(spreadQuantile({ '3': 10, '4': 9 }, 1, 95)).toBe('4');
    expect(spreadQuantile({ '3': 10, '4': 8 }, 2, 95)).toBeNull();
    expect(spreadQuantile({ '3': 10, '4': 8 }, 2, 50)).toBe('3');
    expect(spreadQuantile({}, 0, 50)).toBeNull();
  });
});

describe('summariseLiquidity', () => {
  const m0 = 60_000 * 10_000;
  const full = (minute: number, status: LiquiditySample['status']) =>
    aggregateMinute(
      minute,
      Array.from({ length: 60 }, (_, i) => ({ at: minute + i * 1000, sample: sampleWith(status, '12', '100') })),
    );

  it('counts minutes without rows as down and marks the breaches', () => {
    const rows = [full(m0, 'up'), full(m0 + 60_000, 'spread'), full(m0 + 180_000, 'up')];
    const s = summariseLiquidity({ from: m0, to: m0 + 240_000, now: m0 + 10 * 60_000, rows, obligation });
    expect(s.samples).toBe(180);
    expect(s.uptimePct).toBe('50');
    expect(s.spreadBps).toEqual({ p50: '12', p95: '12' });
    expect(s.depth).toEqual({ withinPct: '2', bidQuote: '100', askQuote: '200', ownBidQuote: '75', ownAskQuote: '0' });
    expect(s.ownShareOfDepthPct).toBe('33.33');
    expect(s.breaches).toEqual([
      { from: m0 + 60_000, to: m0 + 120_000, kind: 'spread' },
      { from: m0 + 120_000, to: m0 + 180_000, kind: 'gap' },
    ]);
  });

  it('does not count the future', () => {
    const s = summariseLiquidity({ from: m0, to: m0 + 3_600_000, now: m0 + 60_000 + 5, rows: [full(m0, 'up')], obligation });
    expect(s.uptimePct).toBe('100');
    expect(s.breaches).toEqual([]);
    expect(rangeMinutes(m0 + 1, m0 + 120_000, m0 + 999_999)).toEqual({ start: m0 + 60_000, end: m0 + 120_000, count: 1 });
  });

  it('sums trading activity into shares and the order-to-trade ratio', () => {
    const row = { ...full(m0, 'up'), volumeQuote: '1000', ownVolumeQuote: '250', ordersPlaced: 7, fills: 3 };
    const s = summariseLiquidity({ from: m0, to: m0 + 60_000, now: m0 + 60_000, rows: [row], obligation: null });
    expect(s.ownShareOfVolumePct).toBe('25');
    expect(s.orderToTrade).toBe('2.33');
    expect(s.uptimePct).toBeNull();
    expect(s.breaches).toEqual([]);
  });

  it('asks of each minute its share of the obligation, rounded up', () => {
    expect(requiredUpSeconds('90')).toBe(54);
    expect(requiredUpSeconds('98')).toBe(59);
    expect(requiredUpSeconds('85')).toBe(51);
    expect(requiredUpSeconds('100')).toBe(60);
  });
});
