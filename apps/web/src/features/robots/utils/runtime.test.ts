import { describe, expect, it } from 'vitest';
import { percentOfFraction } from './runtime';

describe('runtime figures in the console', () => {
  it('shows a fraction as a percentage, exactly', () => {
    expect(percentOfFraction('0.5')).toBe('50 %');
    expect(percentOfFraction('0.1234')).toBe('12.34 %');
    expect(percentOfFraction('0')).toBe('0 %');
  });
});
