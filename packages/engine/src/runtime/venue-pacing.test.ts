import type { VenueUsage } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { HEADROOM, VenuePacer } from './venue-pacing.ts';

/** 12:00:00.000 UTC: the start of a minute and of a 10 s window. */
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const usage = (over: Partial<VenueUsage>): VenueUsage => ({
  usedWeight1m: 0,
  orderCount10s: 0,
  orderCount1d: 0,
  limits: { weight1m: 1000, orders10s: 20, orders1d: 100_000 },
  at: T0,
  ...over,
});

describe('pacing by the venue’s reported usage', () => {
  it('lets calls go at once before any report and well under the limits', () => {
    const pacer = new VenuePacer();
    expect(pacer.reserve('order', T0)).toBe(0);
    pacer.observe(usage({ usedWeight1m: 100, orderCount10s: 3 }));
    for (let i = 0; i < 20; i++) expect(pacer.reserve('request', T0 + 1000 + i)).toBe(0);
  });

  it('spreads the room left under the headroom over the rest of the minute once past half the weight', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ usedWeight1m: 600, at: T0 + 30_000 }));
    // 600 used of 1000: room under 85 % is 250, 30 s left, 5 weight a call → one call every 600 ms.
    expect(pacer.reserve('request', T0 + 30_000)).toBe(0);
    const wait = pacer.reserve('request', T0 + 30_000);
    expect(wait).toBeGreaterThan(550);
    expect(wait).toBeLessThanOrEqual(620);
    expect(pacer.reserve('request', T0 + 30_000 + wait)).toBe(0);
  });

  it('holds every call until the next minute when the weight reaches the headroom, and counts calls not yet reported', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ usedWeight1m: 1000 * HEADROOM - 2, at: T0 + 40_000 }));
    expect(pacer.reserve('request', T0 + 40_000)).toBe(20_000 + 50);
    pacer.observe(usage({ usedWeight1m: 400, at: T0 + 40_000 + 1 }));
    // Past the window the report was read in, the venue counts afresh.
    expect(pacer.reserve('request', T0 + 60_000)).toBe(0);
  });

  it('holds orders, not reads, when the 10 s order count nears its limit', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ usedWeight1m: 10, orderCount10s: 17, at: T0 + 2000 }));
    // 17 of 20: the next order would pass 85 % (17): wait for the next 10 s window.
    expect(pacer.reserve('order', T0 + 2000)).toBe(8000 + 50);
    expect(pacer.reserve('request', T0 + 2000)).toBe(0);
    expect(pacer.reserve('order', T0 + 10_050)).toBe(0);
  });

  it('learns the weight of a call from how the reported weight grows', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ usedWeight1m: 10, at: T0 + 1 }));
    for (let i = 1; i <= 30; i++) pacer.observe(usage({ usedWeight1m: 10 + 20 * i, at: T0 + 1 + i }));
    expect(pacer.weightPerCall).toBeGreaterThan(19);
    expect(pacer.weightPerCall).toBeLessThanOrEqual(20);
  });

  it('ignores limits the venue does not enforce', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ usedWeight1m: 5000, orderCount10s: 500, limits: { weight1m: null, orders10s: null, orders1d: null } }));
    expect(pacer.reserve('order', T0 + 1)).toBe(0);
  });
});
