import type { VenueUsage } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { evenWait, HEADROOM, VenuePacer } from './venue-pacing.ts';

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

describe('the day’s order count, paced evenly from the day’s start (issue 19)', () => {
  const DAY = 86_400_000;
  const midnight = Date.UTC(2026, 10, 27);

  it('lets an hour’s share go at once, then one order per even share of the day', () => {
    const pacer = new VenuePacer();
    // 100,000 a day, 85 % of it: 85,000 → one order every 86,400,000 / 85,000 ≈ 1016 ms; 1 s into
    // the day the line stands at 85,000 × (1 s + 1 h) / 1 day ≈ 3542.6 orders.
    pacer.observe(usage({ orderCount1d: 3541, at: midnight + 1000 }));
    expect(pacer.reserve('order', midnight + 1000)).toBe(0);
    const wait = pacer.reserve('order', midnight + 1000);
    // The 3543rd order may go once the line reaches it: (3543 / 85,000) × a day − an hour, from 1 s.
    expect(wait).toBe(Math.ceil((3543 / 85_000) * DAY - 3_600_000 - 1000));
    expect(pacer.reserve('order', midnight + 1000 + wait)).toBe(0);
    // From there on, one order per even share.
    const next = pacer.reserve('order', midnight + 1000 + wait);
    expect(next).toBeGreaterThanOrEqual(1016);
    expect(next).toBeLessThanOrEqual(1017);
    // Reads are not held by the order count.
    expect(pacer.reserve('request', midnight + 1000)).toBe(0);
  });

  it('a key under its even share places at once all day; the last hours may use what the first left', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ orderCount1d: 40_000, at: midnight + 12 * 3_600_000 }));
    expect(pacer.reserve('order', midnight + 12 * 3_600_000)).toBe(0);
    pacer.observe(usage({ orderCount1d: 84_000, at: midnight + 23.5 * 3_600_000 }));
    expect(pacer.reserve('order', midnight + 23.5 * 3_600_000)).toBe(0);
  });

  it('orders paced over the day are never more than its 85 % and restart with the next day', () => {
    const pacer = new VenuePacer();
    pacer.observe(usage({ orderCount1d: 84_999, at: midnight + DAY - 60_000 }));
    expect(pacer.reserve('order', midnight + DAY - 60_000)).toBe(0);
    expect(pacer.reserve('order', midnight + DAY - 60_000)).toBe(60_000 + 50);
    expect(pacer.reserve('order', midnight + DAY + 100)).toBe(0);
  });

  it('evenWait: 0 under the line, else the time the line takes to reach what is needed', () => {
    expect(evenWait(10, 100, 0, 1000, 0, 100)).toBe(0);
    expect(evenWait(11, 100, 0, 1000, 0, 100)).toBe(10);
    expect(evenWait(11, 100, 0, 1000, 10, 100)).toBe(0);
  });
});
