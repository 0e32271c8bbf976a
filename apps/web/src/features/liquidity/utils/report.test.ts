import { describe, expect, it } from 'vitest';
import { DAY, HOUR, formatUtcFull, isValidRange, parseReportLink, presetRange, reportBuckets, reportHref } from './report';

const T0 = Date.UTC(2026, 10, 27, 0); // 2026-11-27 00:00 UTC

describe('parseReportLink', () => {
  it('reads whole numbers only', () => {
    expect(parseReportLink(new URLSearchParams('coinId=3&from=100&to=200'))).toEqual({ coinId: 3, from: 100, to: 200 });
    expect(parseReportLink(new URLSearchParams('coinId=x&from=-1&to=1e3'))).toEqual({});
    expect(parseReportLink(new URLSearchParams('coinId=0'))).toEqual({});
  });

  it('checks the range as the summary does', () => {
    expect(isValidRange({ from: 1, to: 2 })).toBe(true);
    expect(isValidRange({ from: 2, to: 2 })).toBe(false);
    expect(isValidRange({ from: 0, to: 401 * DAY })).toBe(false);
    expect(isValidRange({ from: 0 })).toBe(false);
  });
});

describe('presetRange', () => {
  const now = T0 + 10 * HOUR + 30_500;
  it('is the obligation’s UTC period, else the last 24 h to the next whole minute', () => {
    expect(presetRange('period', now, 'day')).toEqual({ from: T0, to: T0 + DAY });
    expect(presetRange('period', now, 'month')).toEqual({ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) });
    expect(presetRange('period', now, null)).toEqual({ from: T0 + 10 * HOUR + 60_000 - DAY, to: T0 + 10 * HOUR + 60_000 });
    expect(presetRange('7d', now, 'day').to - presetRange('7d', now, 'day').from).toBe(7 * DAY);
  });
});

describe('reportBuckets', () => {
  it('cuts up to two days at UTC hours, cut to the range and to now', () => {
    const { unit, buckets } = reportBuckets({ from: T0 + 30 * 60_000, to: T0 + 3 * HOUR + 15 * 60_000 }, T0 + DAY);
    expect(unit).toBe('hour');
    expect(buckets).toEqual([
      { from: T0 + 30 * 60_000, to: T0 + HOUR },
      { from: T0 + HOUR, to: T0 + 2 * HOUR },
      { from: T0 + 2 * HOUR, to: T0 + 3 * HOUR },
      { from: T0 + 3 * HOUR, to: T0 + 3 * HOUR + 15 * 60_000 },
    ]);
    expect(reportBuckets({ from: T0, to: T0 + DAY }, T0 + 2 * HOUR + 1).buckets).toHaveLength(3);
  });

  it('cuts a month at UTC days and gives no rows past 62 days', () => {
    const month = reportBuckets({ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) }, Date.UTC(2027, 0, 1));
    expect(month.unit).toBe('day');
    expect(month.buckets).toHaveLength(30);
    expect(month.buckets[29]).toEqual({ from: Date.UTC(2026, 10, 30), to: Date.UTC(2026, 11, 1) });
    expect(reportBuckets({ from: 0, to: 63 * DAY }, 100 * DAY)).toEqual({ unit: null, buckets: [] });
  });
});

it('links and formats in UTC', () => {
  expect(reportHref(3, { from: 1, to: 2 })).toBe('/liquidity/report?coinId=3&from=1&to=2');
  expect(formatUtcFull(T0 + 90 * 60_000)).toBe('2026-11-27 01:30');
});
