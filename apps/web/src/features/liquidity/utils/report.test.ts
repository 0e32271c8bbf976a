import { describe, expect, it } from 'vitest';
import { DAY, HOUR, formatUtcFull, isValidRange, parseReportLink, presetRange, reportHref } from './report';

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

it('links and formats in UTC', () => {
  expect(reportHref(3, { from: 1, to: 2 })).toBe('/liquidity/report?coinId=3&from=1&to=2');
  expect(formatUtcFull(T0 + 90 * 60_000)).toBe('2026-11-27 01:30');
});
