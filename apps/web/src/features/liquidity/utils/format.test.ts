import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatSpan, formatUtc } from './format';

const units: Record<string, string> = { 'duration.d': 'd', 'duration.h': 'h', 'duration.m': 'min', 'duration.s': 's' };
const t = ((key: string, options: { count: number }) => `${options.count} ${units[key]}`) as unknown as TFunction<'liquidity'>;

describe('formatSpan', () => {
  it('shows the two largest parts that are not zero', () => {
    expect(formatSpan(2 * 86_400 + 3 * 3600 + 59, t)).toBe('2 d 3 h');
    expect(formatSpan(3 * 3600 + 20 * 60 + 7, t)).toBe('3 h 20 min');
    expect(formatSpan(86_400 + 5, t)).toBe('1 d 5 s');
    expect(formatSpan(4 * 60 + 5.9, t)).toBe('4 min 5 s');
  });

  it('says 0 s for nothing or less', () => {
    expect(formatSpan(0, t)).toBe('0 s');
    expect(formatSpan(-3, t)).toBe('0 s');
  });
});

describe('formatUtc', () => {
  it('writes the UTC month, day, hour and minute', () => {
    expect(formatUtc(Date.parse('2026-11-01T00:00:00Z'))).toBe('11-01 00:00');
    expect(formatUtc(Date.parse('2026-12-31T23:59:59Z'))).toBe('12-31 23:59');
  });
});
