import { describe, expect, it } from 'vitest';
import { catalogueEntry } from '../catalogue/catalogue.ts';
import { ErrorCode } from '../catalogue/codes.ts';
import { LIQUIDITY_PRESETS, liquidityMessages, liquidityObligationRequest, liquidityObligationTerms, liquidityReportUnit, liquiditySummaryQuery, liquidityVerdict, type LiquiditySummary } from './liquidity.ts';

const valid = { coinId: 3, maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '90', period: 'month' };

function refusal(body: unknown): string | undefined {
  const r = liquidityObligationRequest.safeParse(body);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('liquidity obligation', () => {
  it('accepts an obligation inside the bounds, numbers too', () => {
    expect(liquidityObligationRequest.parse({ ...valid, maxSpreadBps: 12.5, depthWithinPct: 0.5, minUptimePct: '97.75' })).toMatchObject({
      maxSpreadBps: '12.5',
      depthWithinPct: '0.5',
      minUptimePct: '97.75',
    });
  });

  it.each([
    ['maxSpreadBps', '0.5'],
    ['maxSpreadBps', '1000.1'],
    ['maxSpreadBps', '10.25'],
    ['depthWithinPct', '3'],
    ['minDepthQuote', '-1'],
    ['minDepthQuote', '1000000000.1'],
    ['minUptimePct', '100.01'],
    ['minUptimePct', '0'],
    ['minUptimePct', '90.001'],
    ['period', 'week'],
    ['maxSpreadBps', '1e1'],
  ])('refuses %s = %s with the catalogue text', (field, value) => {
    expect(refusal({ ...valid, [field]: value })).toBe(liquidityMessages.obligation);
  });

  it('answers the catalogue codes with the schema texts', () => {
    expect(catalogueEntry(ErrorCode.INVALID_LIQUIDITY_OBLIGATION)?.en).toBe(liquidityMessages.obligation);
    expect(catalogueEntry(ErrorCode.LIQUIDITY_RANGE_TOO_LONG)?.en).toBe(liquidityMessages.rangeTooLong);
  });

  it('gives presets inside the bounds, tiered as the public programmes', () => {
    for (const terms of Object.values(LIQUIDITY_PRESETS)) {
      expect(liquidityObligationTerms.parse(terms)).toEqual(terms);
      expect(liquidityObligationRequest.safeParse({ coinId: 1, ...terms }).success).toBe(true);
    }
    expect(LIQUIDITY_PRESETS.starter.maxSpreadBps).toBe('35');
    expect(LIQUIDITY_PRESETS.premier).toMatchObject({ maxSpreadBps: '10', minDepthQuote: '5000000', minUptimePct: '98' });
  });

  it('bounds the summary range', () => {
    expect(liquiditySummaryQuery.safeParse({ coinId: '1', from: '10', to: '5' }).success).toBe(false);
    const long = liquiditySummaryQuery.safeParse({ coinId: 1, from: 0, to: 401 * 86_400_000 });
    expect(long.success ? undefined : long.error.issues[0]?.message).toBe(liquidityMessages.rangeTooLong);
    expect(liquiditySummaryQuery.parse({ coinId: '1', from: '0', to: '60000' })).toEqual({ coinId: 1, from: 0, to: 60_000 });
  });
});

describe('liquidityVerdict', () => {
  const terms = LIQUIDITY_PRESETS.standard; // 25 bps, 250000 within 2 %, 90 %
  const summary: LiquiditySummary = {
    samples: 3600,
    spreadBps: { p50: '25', p95: '40' },
    depth: { withinPct: '2', bidQuote: '900000', askQuote: '900000', ownBidQuote: '250000', ownAskQuote: '249999.99999999' },
    uptimePct: '90',
    ownShareOfDepthPct: '27.77',
    ownShareOfVolumePct: null,
    orderToTrade: null,
    breaches: [],
  };

  it('meets each term at its bound exactly, and the obligation by the uptime', () => {
    expect(liquidityVerdict(summary, terms)).toEqual({ met: true, uptime: true, spread: true, ownBidDepth: true, ownAskDepth: false });
    expect(liquidityVerdict({ ...summary, uptimePct: '89.99', spreadBps: { p50: '25.1', p95: null } }, terms)).toMatchObject({ met: false, uptime: false, spread: false });
  });

  it('does not meet the spread of a one-sided book, and has no verdict without figures', () => {
    expect(liquidityVerdict({ ...summary, spreadBps: { p50: null, p95: null } }, terms).spread).toBe(false);
    expect(liquidityVerdict({ ...summary, samples: 0, uptimePct: null, spreadBps: { p50: null, p95: null } }, terms)).toEqual({ met: null, uptime: null, spread: null, ownBidDepth: null, ownAskDepth: null });
  });
});

describe('liquidityReportUnit', () => {
  const HOUR = 3_600_000;
  const DAY = 86_400_000;
  const T0 = Date.UTC(2026, 10, 27);

  it('is the hour up to 48 UTC hours counted from the hour holding from, then the day up to 62 UTC days, then none', () => {
    expect(liquidityReportUnit(T0 + 30 * 60_000, T0 + 3 * HOUR + 15 * 60_000)).toBe('hour');
    expect(liquidityReportUnit(T0, T0 + 48 * HOUR)).toBe('hour');
    // 48 hours long but across 49 UTC hours.
    expect(liquidityReportUnit(T0 + 1, T0 + 48 * HOUR + 1)).toBe('day');
    expect(liquidityReportUnit(Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1))).toBe('day');
    expect(liquidityReportUnit(0, 62 * DAY)).toBe('day');
    expect(liquidityReportUnit(0, 63 * DAY)).toBeNull();
  });
});
