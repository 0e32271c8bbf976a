import { describe, expect, it } from 'vitest';
import { compareDecimals, formatFixed, formatPlain, formatSignedPercent, isPositive, percentChange, stepOf, writtenDecimals } from './numbers';

describe('numbers', () => {
  it('formats truncated, padded and grouped', () => {
    expect(formatFixed('65043.529', 2)).toBe('65,043.52');
    expect(formatFixed('2.00000000', 5)).toBe('2.00000');
    expect(formatFixed(null, 2)).toBe('0.00');
    expect(formatPlain('100000.00000000')).toBe('100,000');
    expect(formatPlain('0.50000000')).toBe('0.5');
  });

  it('compares decimal strings exactly', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('100000.00000001', '100000')).toBe(1);
    expect(compareDecimals('0.3', '0.30000000000000004')).toBe(-1);
    expect(isPositive('0.00000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('abc')).toBe(false);
    expect(compareDecimals('abc', '5')).toBe(0);
  });

  it('computes and signs percentage changes', () => {
    expect(percentChange('100', '101.5')).toBe('1.50');
    expect(percentChange('200', '199')).toBe('-0.50');
    expect(percentChange('0', '1')).toBeNull();
    expect(formatSignedPercent('1.5')).toBe('+1.50%');
    expect(formatSignedPercent('-0.456')).toBe('-0.45%');
    expect(formatSignedPercent('0')).toBe('0.00%');
  });

  it('reads decimals and steps', () => {
    expect(writtenDecimals('65043.52')).toBe(2);
    expect(writtenDecimals('0.00323')).toBe(5);
    expect(writtenDecimals('42')).toBe(0);
    expect(writtenDecimals('1200.00')).toBe(2);
    expect(stepOf(2)).toBe('0.01');
    expect(stepOf(5)).toBe('0.00001');
    expect(stepOf(0)).toBe('1');
    expect(stepOf(-1)).toBe('1');
  });
});
