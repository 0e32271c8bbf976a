import { describe, expect, it } from 'vitest';
import { compare, max, min, sign } from './compare.ts';

describe('compare / sign / min / max', () => {
  it('compares across scales and signs', () => {
    expect(compare('1.10', '1.1')).toBe(0);
    expect(compare('-1', '0.5')).toBe(-1);
    expect(compare('30010', '30009.99')).toBe(1);
    expect(compare('0.3', '0.30000000000000004')).toBe(-1);
    expect(compare('-0', '0.000')).toBe(0);
    expect(compare('1e3', '999.9999')).toBe(1);
  });

  it('gives the sign', () => {
    expect(sign('-0.0001')).toBe(-1);
    expect(sign('-0.00')).toBe(0);
    expect(sign('1e-30')).toBe(1);
  });

  it('picks the smaller or larger value in canonical form', () => {
    expect(min('2.50', '3')).toBe('2.5');
    expect(min('-1', '-1.5')).toBe('-1.5');
    expect(max('2.50', '3')).toBe('3');
    expect(max('1.0', '1.00')).toBe('1');
  });
});
