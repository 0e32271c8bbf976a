import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount.ts';

describe('formatAmount', () => {
  it.each([
    ['1234567.899', { digits: 2 }, '1,234,567.89'],
    ['-1234567.899', { digits: 2 }, '-1,234,567.89'],
    ['1234.5', { digits: 4, padZeros: true }, '1,234.5000'],
    ['1234.5', { digits: 4 }, '1,234.5'],
    ['1234.5', { digits: 2, thousands: false, padZeros: true }, '1234.50'],
    ['1234.999', { digits: 0 }, '1,234'],
    ['-0.001', { digits: 2, padZeros: true }, '0.00'],
    ['1e40', { digits: 2 }, `10${',000'.repeat(13)}`],
    ['1e-30', { digits: 8 }, '0'],
    ['abc', { digits: 2 }, '0'],
    ['abc', { digits: 2, padZeros: true }, '0.00'],
    [null, { digits: 2 }, '0'],
    ['1234567', { digits: 2, compact: true }, '1.23M'],
    ['1234567', { digits: 2, compact: true, locale: 'zh' }, '123.45万'],
    ['-1500', { digits: 1, compact: true }, '-1.5K'],
    ['999.999', { digits: 2, compact: true, padZeros: true }, '999.99'],
  ] as const)('formatAmount(%j, %j) → %s', (value, options, expected) => {
    expect(formatAmount(value, options)).toBe(expected);
  });

  it('requires a valid digit count', () => {
    expect(() => formatAmount('1', { digits: -1 })).toThrow(TypeError);
    expect(() => formatAmount('1', { digits: 1.5, compact: true })).toThrow(TypeError);
  });
});
