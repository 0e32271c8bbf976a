import type { LiquiditySummary } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { liquidityReportCsv } from './liquidity-report-csv.ts';

const summary: LiquiditySummary = {
  samples: 3540,
  spreadBps: { p50: '12.5', p95: null },
  depth: { withinPct: '2', bidQuote: '400000.12345678', askQuote: '600000', ownBidQuote: '250000', ownAskQuote: '0' },
  uptimePct: '98.33',
  ownShareOfDepthPct: '25',
  ownShareOfVolumePct: null,
  orderToTrade: null,
  breaches: [
    { from: 0, to: 60_000, kind: 'gap' },
    { from: 120_000, to: 300_000, kind: 'depth' },
  ],
};

describe('liquidityReportCsv', () => {
  const hours = [{ start: 0, from: 0, to: 3_600_000, minutes: 60, summary }];

  it('states the pair, range and obligation, then a header and the hours; empty cells where there is no figure', () => {
    const csv = liquidityReportCsv({ pair: 'A,B/"C"', from: 0, to: 3_600_000, obligation: { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '98.5', period: 'day' }, period: summary, hours });
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe('# pair,"A,B/""C"""');
    expect(lines).toContain('# period.breaches,2');
    expect(lines).toContain('# period.obligation,not_met');
    expect(lines.at(-2)).toBe('1970-01-01T00:00:00.000Z,60,3540,12.5,,2,400000.12345678,600000,250000,0,98.33,25,,,2,4');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('carries the share of traded volume and the order-to-trade ratio, per hour and for the period', () => {
    const traded = { ...summary, ownShareOfVolumePct: '12.34', orderToTrade: '5.5' };
    const lines = liquidityReportCsv({ pair: 'BTC/USDT', from: 0, to: 3_600_000, obligation: null, period: traded, hours: [{ ...hours[0]!, summary: traded }] }).split('\r\n');
    expect(lines).toContain('# period.own_share_of_volume_pct,12.34');
    expect(lines).toContain('# period.order_to_trade,5.5');
    const header = lines.find((l) => l.startsWith('hour_start_utc,'))!.split(',');
    const row = lines.at(-2)!.split(',');
    expect(row[header.indexOf('own_share_of_volume_pct')]).toBe('12.34');
    expect(row[header.indexOf('order_to_trade')]).toBe('5.5');
  });

  it('says when the pair has no obligation', () => {
    const lines = liquidityReportCsv({ pair: 'BTC/USDT', from: 0, to: 1, obligation: null, period: { ...summary, uptimePct: null }, hours: [] }).split('\r\n');
    expect(lines).toContain('# obligation,none');
    expect(lines.some((l) => l.startsWith('# period.obligation'))).toBe(false);
    expect(lines.at(-2)?.startsWith('hour_start_utc,')).toBe(true);
  });
});
