import type { LiquidityObligationTerms } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, breachedMinutes, hourlyLiquidity } from './hourly.ts';
import type { LiquiditySample } from './measure.ts';
import { MINUTE_MS, aggregateMinute, type LiquidityMinute } from './minute.ts';
import { summariseLiquidity } from './summary.ts';

const obligation: LiquidityObligationTerms = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '90', period: 'month' };
const H0 = Date.UTC(2026, 10, 27, 10); // 10:00 UTC

function sample(status: LiquiditySample['status'], spreadBps: string | null, own = '300000'): LiquiditySample {
  const d = { bidQuote: '400000', askQuote: '600000', ownBidQuote: own, ownAskQuote: own };
  return { mid: '100', spreadBps, status, depth: { '0.5': d, '1': d, '2': d, '5': d } };
}

/** A minute with `seconds` samples of one kind (the rest gaps). */
function minute(at: number, status: LiquiditySample['status'], spread: string | null, seconds = 60, own?: string): LiquidityMinute {
  return aggregateMinute(
    at,
    Array.from({ length: seconds }, (_, i) => ({ at: at + i * 1000, sample: sample(status, spread, own) })),
  );
}

describe('hourlyLiquidity', () => {
  const rows = [
    minute(H0 + 58 * MINUTE_MS, 'up', '10'),
    minute(H0 + 59 * MINUTE_MS, 'spread', '30'),
    minute(H0 + HOUR_MS, 'up', '12.5'),
    minute(H0 + HOUR_MS + MINUTE_MS, 'depth', '20', 30, '100000'),
    // outside the range: ignored
    minute(H0 + 3 * HOUR_MS, 'up', '1'),
  ];
  const input = { from: H0 + 58 * MINUTE_MS, to: H0 + HOUR_MS + 3 * MINUTE_MS, now: H0 + 5 * HOUR_MS, rows, obligation };

  it('cuts the range at the UTC hours, each part summed as the summary sums it', () => {
    const hours = hourlyLiquidity(input);
    expect(hours.map((h) => [h.start, h.from, h.to, h.minutes])).toEqual([
      [H0, H0 + 58 * MINUTE_MS, H0 + HOUR_MS, 2],
      [H0 + HOUR_MS, H0 + HOUR_MS, H0 + HOUR_MS + 3 * MINUTE_MS, 3],
    ]);
    const [first, second] = hours;
    expect(first!.summary).toMatchObject({
      samples: 120,
      spreadBps: { p50: '10', p95: '30' },
      depth: { withinPct: '2', bidQuote: '400000', askQuote: '600000', ownBidQuote: '300000', ownAskQuote: '300000' },
      uptimePct: '50',
      ownShareOfDepthPct: '60',
      breaches: [{ from: H0 + 59 * MINUTE_MS, to: H0 + HOUR_MS, kind: 'spread' }],
    });
    // 90 sampled seconds of 180: own depth (60 × 300000 + 30 × 100000) / 180, gaps counting 0.
    expect(second!.summary).toMatchObject({
      samples: 90,
      spreadBps: { p50: '12.5', p95: '20' },
      depth: { bidQuote: '400000', askQuote: '600000', ownBidQuote: '116666.66666667', ownAskQuote: '116666.66666667' },
      uptimePct: '33.33',
      ownShareOfDepthPct: '46.66',
      // The half-sampled minute ties gap and depth (30 s each): gap, joined with the minute without a row.
      breaches: [{ from: H0 + HOUR_MS + MINUTE_MS, to: H0 + HOUR_MS + 3 * MINUTE_MS, kind: 'gap' }],
    });
    expect(breachedMinutes(second!.summary.breaches)).toBe(2);
  });

  it('equals the summary over each hour of random minutes, and adds up to the summary of the whole range', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const statuses: LiquiditySample['status'][] = ['up', 'up', 'up', 'no_quote', 'spread', 'depth'];
    const many: LiquidityMinute[] = [];
    for (let m = 0; m < 5 * 60; m++) {
      if (rand() < 0.1) continue; // a minute the server was down
      many.push(minute(H0 + m * MINUTE_MS, statuses[Math.floor(rand() * statuses.length)]!, rand() < 0.05 ? null : String(Math.floor(rand() * 400) / 10), 1 + Math.floor(rand() * 60)));
    }
    const whole = { from: H0 + 17 * MINUTE_MS, to: H0 + 4 * HOUR_MS + 41 * MINUTE_MS, now: H0 + 10 * HOUR_MS, rows: many, obligation };
    const hours = hourlyLiquidity(whole);
    expect(hours).toHaveLength(5);
    for (const h of hours) expect(h.summary).toEqual(summariseLiquidity({ ...whole, from: Math.max(whole.from, h.start), to: Math.min(whole.to, h.start + HOUR_MS), rows: many }));
    const total = summariseLiquidity(whole);
    expect(hours.reduce((n, h) => n + h.summary.samples, 0)).toBe(total.samples);
    expect(hours.reduce((n, h) => n + h.minutes, 0)).toBe(4 * 60 + 24);
    expect(hours.reduce((n, h) => n + breachedMinutes(h.summary.breaches), 0)).toBe(breachedMinutes(total.breaches));
  });

  it('leaves out the hours from the current minute on, and answers no hour for an empty range', () => {
    const hours = hourlyLiquidity({ ...input, now: H0 + HOUR_MS + MINUTE_MS + 30_000 });
    expect(hours.map((h) => h.minutes)).toEqual([2, 1]);
    expect(hourlyLiquidity({ ...input, now: H0 })).toEqual([]);
  });

  it('has no uptime nor breaches without an obligation', () => {
    const [first] = hourlyLiquidity({ ...input, obligation: null });
    expect(first!.summary.uptimePct).toBeNull();
    expect(first!.summary.breaches).toEqual([]);
  });
});
