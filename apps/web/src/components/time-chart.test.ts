import type { UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { utcDay } from './time-chart';

describe('the daily P&L bars name UTC days', () => {
  it('on the axis and under the crosshair, whatever the reader’s time zone', () => {
    // 2026-11-27 00:00 UTC is still the 26th in New York and already the 27th 08:00 in Shanghai: the bar is the UTC day.
    const day = (Date.UTC(2026, 10, 27) / 1000) as UTCTimestamp;
    expect(utcDay(day, false)).toBe('11-27 UTC');
    expect(utcDay(day, true)).toBe('2026-11-27 UTC');
    expect(utcDay((Date.UTC(2026, 0, 1, 23, 59) / 1000) as UTCTimestamp, true)).toBe('2026-01-01 UTC');
  });
});
