import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downtimeAllowance, owedPeriodBounds, periodBounds, splitSeconds, timeLeftMs } from './period';

const at = (iso: string) => Date.parse(iso);

describe('periodBounds', () => {
  it('takes the UTC day that holds the moment', () => {
    expect(periodBounds('day', at('2026-11-27T15:46:27.123Z'))).toEqual({ from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z') });
    expect(periodBounds('day', at('2026-11-27T00:00:00Z'))).toEqual({ from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z') });
    expect(periodBounds('day', at('2026-12-31T23:59:59.999Z'))).toEqual({ from: at('2026-12-31T00:00:00Z'), to: at('2027-01-01T00:00:00Z') });
  });

  it('takes the UTC month, February of a leap year included', () => {
    expect(periodBounds('month', at('2026-11-27T15:46:27Z'))).toEqual({ from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') });
    expect(periodBounds('month', at('2028-02-29T12:00:00Z'))).toEqual({ from: at('2028-02-01T00:00:00Z'), to: at('2028-03-01T00:00:00Z') });
    expect(periodBounds('month', at('2026-12-15T00:00:00Z'))).toEqual({ from: at('2026-12-01T00:00:00Z'), to: at('2027-01-01T00:00:00Z') });
  });

  it('always holds the moment, for any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom('day' as const, 'month' as const), (now, period) => {
        const { from, to } = periodBounds(period, now);
        expect(from).toBeLessThanOrEqual(now);
        expect(to).toBeGreaterThan(now);
        expect(new Date(from).getUTCHours()).toBe(0);
        if (period === 'month') expect(new Date(from).getUTCDate()).toBe(1);
        else expect(to - from).toBe(86_400_000);
      }),
    );
  });
});

describe('timeLeftMs', () => {
  const day = periodBounds('day', at('2026-11-27T12:00:00Z'));
  it('counts to the end of the period, never below zero', () => {
    expect(timeLeftMs(day, at('2026-11-27T15:46:27Z'))).toBe((8 * 3600 + 13 * 60 + 33) * 1000);
    expect(timeLeftMs(day, at('2026-11-28T01:00:00Z'))).toBe(0);
    expect(timeLeftMs(day, at('2026-11-26T23:00:00Z'))).toBe(86_400_000);
  });
});

describe('downtimeAllowance', () => {
  it('counts only the obligation’s hours: 08:00–20:00 at 95 % allows 2,160 s a day, and the hours before 08:00 are not elapsed', () => {
    const day = periodBounds('day', at('2026-11-27T12:00:00Z'));
    const hours = { fromHourUtc: 8, toHourUtc: 20 };
    expect(downtimeAllowance(day, at('2026-11-27T07:00:00Z'), '95', null, hours)).toEqual({ allowedSeconds: 2160, downSeconds: 0, remainingSeconds: 2160, attainable: true });
    // At 09:00 one hour elapsed at 50 %: 1,800 s down.
    expect(downtimeAllowance(day, at('2026-11-27T09:00:00Z'), '95', '50', hours)).toEqual({ allowedSeconds: 2160, downSeconds: 1800, remainingSeconds: 360, attainable: true });
    // All day when left out, as before.
    expect(downtimeAllowance(day, at('2026-11-27T09:00:00Z'), '95', '50').allowedSeconds).toBe(4320);
  });

  const day = periodBounds('day', at('2026-11-27T00:00:00Z'));

  it('allows the whole period’s share before any time has passed', () => {
    // 95 % of a day: 4,320 s may be lost.
    expect(downtimeAllowance(day, day.from, '95', '100')).toEqual({ allowedSeconds: 4320, downSeconds: 0, remainingSeconds: 4320, attainable: true });
  });

  it('takes off what was lost so far', () => {
    // 12 h in at 99 % uptime: 432 s down; 4,320 − 432 = 3,888 s left.
    expect(downtimeAllowance(day, at('2026-11-27T12:00:00Z'), '95', '99')).toEqual({ allowedSeconds: 4320, downSeconds: 432, remainingSeconds: 3888, attainable: true });
  });

  it('reads hundredths of a percent exactly', () => {
    // 98.5 % of a day: 1,296 s; 6 h at 99.75 %: 54 s down.
    expect(downtimeAllowance(day, at('2026-11-27T06:00:00Z'), '98.5', '99.75')).toMatchObject({ allowedSeconds: 1296, downSeconds: 54, remainingSeconds: 1242 });
  });

  it('says when the minimum can no longer be met', () => {
    // 12 h at 80 %: 8,640 s down, more than the 4,320 s a 95 % day allows.
    expect(downtimeAllowance(day, at('2026-11-27T12:00:00Z'), '95', '80')).toEqual({ allowedSeconds: 4320, downSeconds: 8640, remainingSeconds: 0, attainable: false });
  });

  it('counts the elapsed part as down without a figure', () => {
    expect(downtimeAllowance(day, at('2026-11-27T01:00:00Z'), '90', null)).toMatchObject({ downSeconds: 3600, remainingSeconds: 8640 - 3600 });
  });

  it('matches a naive reference for any uptime', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), fc.integer({ min: 100, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (elapsed, minH, upH) => {
        const pct = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
        const got = downtimeAllowance(day, day.from + elapsed * 1000, pct(minH), pct(upH));
        const allowed = Math.floor((86_400 * (10_000 - minH)) / 10_000);
        const down = Math.ceil((elapsed * (10_000 - upH)) / 10_000);
        expect(got.allowedSeconds).toBe(allowed);
        expect(got.downSeconds).toBe(down);
        expect(got.remainingSeconds).toBe(Math.max(0, allowed - down));
        expect(got.attainable).toBe(allowed >= down);
      }),
    );
  });
});

describe('splitSeconds', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitSeconds(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('owedPeriodBounds', () => {
  const day = Date.UTC(2026, 10, 28);
  const now = day + 15 * 3_600_000;
  it('is the whole period when the terms were set before it', () => {
    expect(owedPeriodBounds({ period: 'day', updatedAt: day - 5 * 60_000 }, now)).toEqual({ from: day, to: day + 86_400_000 });
  });
  it('starts at the first whole minute after terms set inside the period, as the server monitor counts', () => {
    expect(owedPeriodBounds({ period: 'day', updatedAt: day + 9 * 3_600_000 + 30_500 }, now)).toEqual({ from: day + 9 * 3_600_000 + 60_000, to: day + 86_400_000 });
    expect(owedPeriodBounds({ period: 'month', updatedAt: day + 60_000 }, now)).toEqual({ from: day + 60_000, to: Date.UTC(2026, 11, 1) });
  });
});
