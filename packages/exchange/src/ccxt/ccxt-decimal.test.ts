import { describe, expect, it } from 'vitest';
import { decimal, optionalDecimal } from './ccxt-decimal.ts';

describe('optionalDecimal', () => {
  it('takes numbers by their shortest round-trip decimal', () => {
    expect(optionalDecimal(0.1)).toBe('0.1');
    expect(optionalDecimal(1.5e-7)).toBe('0.00000015');
    expect(optionalDecimal(-0)).toBe('0');
    expect(optionalDecimal(Number.NaN)).toBeNull();
    expect(optionalDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('takes strings in plain notation only, canonical', () => {
    expect(optionalDecimal('12.50')).toBe('12.5');
    expect(optionalDecimal('-3')).toBe('-3');
    expect(optionalDecimal('.5')).toBe('0.5');
    expect(optionalDecimal('5.')).toBe('5');
    for (const refused of ['1e5', '+1', '', '.', '-', ' 1', '1,000', 'abc', '1'.repeat(200)]) {
      expect(optionalDecimal(refused)).toBeNull();
    }
  });

  it('has nothing for undefined and null, and decimal() falls back', () => {
    expect(optionalDecimal(undefined)).toBeNull();
    expect(optionalDecimal(null)).toBeNull();
    expect(decimal(null)).toBe('0');
    expect(decimal('abc', '1')).toBe('1');
  });
});
