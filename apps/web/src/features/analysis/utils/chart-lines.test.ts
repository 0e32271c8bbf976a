import { describe, expect, it } from 'vitest';
import { latestFigure, toLine } from './chart-lines';

const point = (at: number, value: string | null) => ({ at, base: '1', quote: '2', price: '3', value, pnl: null });

describe('toLine', () => {
  it('orders by time in seconds and leaves out points without the figure', () => {
    expect(toLine([point(3_000, '30.5'), point(1_000, '10'), point(2_000, null)], (p) => p.value)).toEqual([
      { time: 1, value: 10 },
      { time: 3, value: 30.5 },
    ]);
  });

  it('keeps one point per second, the later one', () => {
    expect(toLine([point(1_000, '1'), point(1_900, '2')], (p) => p.value)).toEqual([{ time: 1, value: 2 }]);
  });
});

describe('latestFigure', () => {
  it('is the last known figure as written', () => {
    expect(latestFigure([point(1, '1.50'), point(2, null)], (p) => p.value)).toBe('1.50');
    expect(latestFigure([point(1, null)], (p) => p.value)).toBeNull();
  });
});
