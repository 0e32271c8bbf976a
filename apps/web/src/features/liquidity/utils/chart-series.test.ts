import type { LiquiditySummary } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { liquiditySeries, type LiquidityBucket } from './chart-series';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 27, 10);
const colors = { up: 'green', down: 'red' };
const obligation = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '1000', minUptimePct: '95', period: 'day' } as const;

function summary(over: Partial<LiquiditySummary> & { own?: string } = {}): LiquiditySummary {
  const { own = '1200.5', ...rest } = over;
  return {
    samples: 3600,
    spreadBps: { p50: '12.5', p95: '20' },
    depth: { withinPct: '2', bidQuote: '50000.25', askQuote: '48000', ownBidQuote: own, ownAskQuote: '900' },
    uptimePct: '97.5',
    ownShareOfDepthPct: '2.1',
    ownShareOfVolumePct: '3',
    orderToTrade: '12',
    breaches: [],
    ...rest,
  };
}

const bucket = (i: number, s: LiquiditySummary): LiquidityBucket => ({ from: T0 + i * HOUR, to: T0 + (i + 1) * HOUR, summary: s });

describe('the liquidity history as chart lines', () => {
  it('puts one point per part at its start, oldest first, whatever order the parts came in', () => {
    const s = liquiditySeries([bucket(1, summary({ own: '800' })), bucket(0, summary())], obligation, colors);
    expect(s.ownBid).toEqual([
      { time: T0 / 1000, value: 1200.5 },
      { time: T0 / 1000 + 3600, value: 800 },
    ]);
    expect(s.spreadP50.map((p) => p.value)).toEqual([12.5, 12.5]);
    expect(s.cap.map((p) => p.value)).toEqual([25, 25]);
    expect(s.minDepth.map((p) => p.value)).toEqual([1000, 1000]);
    // The legends write the newest part's figures as the server sent them.
    expect(s.latest).toEqual({ spreadP50: '12.5', spreadP95: '20', bid: '50000.25', ask: '48000', ownBid: '800', ownAsk: '900', uptime: '97.5' });
  });

  it('marks a part with a breach in the down colour', () => {
    const breached = summary({ uptimePct: '80', breaches: [{ from: T0 + HOUR, to: T0 + HOUR + 300_000, kind: 'depth' }] });
    const s = liquiditySeries([bucket(0, summary()), bucket(1, breached)], obligation, colors);
    expect(s.uptime).toEqual([
      { time: T0 / 1000, value: 97.5, color: 'green' },
      { time: T0 / 1000 + 3600, value: 80, color: 'red' },
    ]);
    expect(s.minUptime.map((p) => p.value)).toEqual([95, 95]);
  });

  it('draws no total depth or spread for a part without samples, but its own depth as none', () => {
    const empty = summary({ samples: 0, spreadBps: { p50: null, p95: null }, depth: { withinPct: '2', bidQuote: '0', askQuote: '0', ownBidQuote: '0', ownAskQuote: '0' }, uptimePct: '0' });
    const s = liquiditySeries([bucket(0, summary()), bucket(1, empty)], obligation, colors);
    expect(s.bid).toHaveLength(1);
    expect(s.spreadP50).toHaveLength(1);
    expect(s.ownBid.map((p) => p.value)).toEqual([1200.5, 0]);
    expect(s.uptime.map((p) => p.value)).toEqual([97.5, 0]);
    expect(s.latest.bid).toBeNull();
    expect(s.latest.spreadP50).toBeNull();
  });

  it('has no uptime or obligation lines without an obligation', () => {
    const s = liquiditySeries([bucket(0, summary({ uptimePct: null }))], null, colors);
    expect(s.uptime).toEqual([]);
    expect(s.cap).toEqual([]);
    expect(s.minDepth).toEqual([]);
    expect(s.bid).toHaveLength(1);
  });

  it('keeps times strictly rising: a second part at the same second is left out', () => {
    const s = liquiditySeries([bucket(0, summary()), { ...bucket(0, summary({ own: '5' })), to: T0 + 1000 }], obligation, colors);
    expect(s.ownBid).toHaveLength(1);
  });
});
