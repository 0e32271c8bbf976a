import { describe, expect, it } from 'vitest';
import { fractionFromPercent, percentFromFraction } from './percent-fields.ts';

describe('percent fields over fractions', () => {
  it('shows a fraction as percent, exactly', () => {
    expect(percentFromFraction('0.05')).toBe('5');
    expect(percentFromFraction('0.001')).toBe('0.1');
    expect(percentFromFraction('0.0005')).toBe('0.05');
    expect(percentFromFraction('10')).toBe('1000');
    expect(percentFromFraction(undefined)).toBeUndefined();
    expect(percentFromFraction('abc')).toBeUndefined();
  });

  it('reads what is typed, with or without the sign and separators, back to the fraction', () => {
    expect(fractionFromPercent('5')).toBe('0.05');
    expect(fractionFromPercent('5 %')).toBe('0.05');
    expect(fractionFromPercent('0.1%')).toBe('0.001');
    expect(fractionFromPercent('1,000')).toBe('10');
    expect(fractionFromPercent('')).toBeUndefined();
    expect(fractionFromPercent('five')).toBeUndefined();
    // Round trip
    for (const f of ['0.05', '0.0001', '0.333333', '2']) expect(fractionFromPercent(percentFromFraction(f))).toBe(f);
  });
});
