import { describe, expect, it } from 'vitest';
import type { Candle } from '@/market-data/types';
import { priceChange } from './price-change';

const MIN = 60_000;
const HOUR = 60 * MIN;
const t0 = Date.UTC(2026, 0, 1);

/** Hourly candles whose closes are the given prices. */
function hourly(closes: string[]): Candle[] {
  return closes.map((close, i) => ({ time: t0 + i * HOUR, open: i === 0 ? '100' : closes[i - 1]!, high: close, low: close, close, volume: '1', quoteVolume: close }));
}

describe('priceChange', () => {
  it('compares the last close with the close an hour before', () => {
    const candles = hourly(['100', '110', '121']);
    // now: the third candle has just closed.
    const change = priceChange(candles, HOUR, HOUR, t0 + 3 * HOUR);
    expect(change).toEqual({ percent: '10.00', from: '110', to: '121', since: t0 + 2 * HOUR, complete: true });
  });

  it('gives the day change with sign, from the close 24 h ago', () => {
    const closes = Array.from({ length: 26 }, (_, i) => (i < 2 ? '200' : '199'));
    const change = priceChange(hourly(closes), 24 * HOUR, HOUR, t0 + 26 * HOUR);
    expect(change).toMatchObject({ percent: '-0.50', from: '200', to: '199', complete: true });
  });

  it('runs from the first open when the history is shorter than the window, and says so', () => {
    const candles = hourly(['101', '102']);
    const change = priceChange(candles, 24 * HOUR, HOUR, t0 + 2 * HOUR);
    expect(change).toEqual({ percent: '2.00', from: '100', to: '102', since: t0, complete: false });
  });

  it('has no change without candles or from a zero price', () => {
    expect(priceChange([], HOUR, MIN, t0)).toBeNull();
    expect(priceChange([{ time: t0, open: '0', high: '1', low: '0', close: '1', volume: '1', quoteVolume: '1' }], HOUR, MIN, t0 + MIN)).toBeNull();
  });
});
