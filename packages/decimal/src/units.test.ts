import { describe, expect, it } from 'vitest';
import { DecimalError } from './decimal-error.ts';
import { fromUnits, toUnits } from './units.ts';

describe('toUnits', () => {
  it.each([
    ['1.25', 2, 125n],
    ['1.2', 2, 120n],
    ['.5', 1, 5n],
    ['007.010', 3, 7010n],
    ['1.2500000', 2, 125n],
    ['-3.5', 1, -35n],
    ['1e3', 0, 1000n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
  ] as const)('%j at %i decimals → %s', (value, decimals, expected) => {
    expect(toUnits(value, decimals)).toBe(expected);
  });

  it('is exact unless a rounding mode is given', () => {
    expect(() => toUnits('0.125', 2)).toThrow(new DecimalError('inexact', '"0.125" has more than 2 decimals'));
    expect(() => toUnits('1.05', 1)).toThrow('"1.05" has more than 1 decimal');
    expect(toUnits('0.125', 2, 'down')).toBe(12n);
    expect(toUnits('0.125', 2, 'up')).toBe(13n);
    expect(toUnits('-0.125', 2, 'up')).toBe(-13n);
    expect(toUnits('-0.125', 2, 'ceil')).toBe(-12n);
    expect(toUnits('0.125', 2, 'half-even')).toBe(12n);
  });
});

describe('fromUnits', () => {
  it.each([
    [125n, 2, '1.25'],
    [5, 3, '0.005'],
    [0n, 2, '0.00'],
    [-0, 2, '0.00'],
    [100, 0, '100'],
    [-125n, 2, '-1.25'],
    [-5, 3, '-0.005'],
    [1n, 18, '0.000000000000000001'],
  ] as const)('%s at %i decimals → %s', (units, decimals, expected) => {
    expect(fromUnits(units, decimals)).toBe(expected);
  });

  it('refuses unsafe numbers and bad decimals', () => {
    expect(() => fromUnits(2 ** 53, 2)).toThrow(new DecimalError('invalid_argument', 'fromUnits: 9007199254740992 is not a bigint or a safe integer'));
    expect(() => fromUnits(1.5, 2)).toThrow(DecimalError);
    expect(() => fromUnits(1n, 1001)).toThrow(DecimalError);
  });

  it('round-trips with toUnits', () => {
    for (const units of [0n, 1n, -7n, 10n ** 30n + 1n]) {
      for (const decimals of [0, 1, 8, 18]) expect(toUnits(fromUnits(units, decimals), decimals)).toBe(units);
    }
  });
});
