import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnitsError, decimalToSafeUnits, decimalToUnits, unitsToDecimal } from './decimal-units.ts';

function errorOf(fn: () => unknown): UnitsError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UnitsError) return error;
    throw error;
  }
  throw new Error('expected a UnitsError');
}

describe('decimalToUnits', () => {
  it.each([
    ['1.25', 2, 125n],
    ['1.2', 2, 120n],
    ['1', 2, 100n],
    ['0', 8, 0n],
    ['.5', 1, 5n],
    ['7.', 0, 7n],
    ['007.010', 3, 7010n],
    ['1.2500000', 2, 125n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
    ['0.000000000000000001', 18, 1n],
  ] as const)('%j at %i decimals → %s', (value, decimals, expected) => {
    expect(decimalToUnits(value, decimals)).toBe(expected);
  });

  it('refuses more decimals than the precision, naming the limit', () => {
    const error = errorOf(() => decimalToUnits('0.125', 2));
    expect(error.code).toBe('too_many_decimals');
    expect(error.message).toBe('"0.125" has more than 2 decimals');
    expect(errorOf(() => decimalToUnits('1.5', 0)).message).toBe('"1.5" has more than 0 decimals');
    expect(errorOf(() => decimalToUnits('1.05', 1)).message).toBe('"1.05" has more than 1 decimal');
  });

  it('rounds down or up only when asked', () => {
    expect(decimalToUnits('0.125', 2, 'down')).toBe(12n);
    expect(decimalToUnits('0.125', 2, 'up')).toBe(13n);
    expect(decimalToUnits('0.1200', 2, 'up')).toBe(12n);
    expect(decimalToUnits('9.999', 0, 'up')).toBe(10n);
    expect(decimalToUnits('0.0001', 2, 'down')).toBe(0n);
  });

  it.each(['', '.', '-1', '+1', '1e3', '1,000', ' 1', '1 ', 'abc', '0x10', '1.2.3', 'NaN', 'Infinity'])(
    'refuses %j as not a number',
    (value) => {
      const error = errorOf(() => decimalToUnits(value, 2));
      expect(error.code).toBe('not_a_number');
      expect(error.message).toBe(`${JSON.stringify(value)} is not a plain non-negative decimal`);
    },
  );

  it('refuses non-strings, bad precisions and runaway lengths', () => {
    expect(errorOf(() => decimalToUnits(1.5 as unknown as string, 2)).code).toBe('not_a_number');
    expect(errorOf(() => decimalToUnits('1', -1)).code).toBe('invalid_decimals');
    expect(errorOf(() => decimalToUnits('1', 1.5)).code).toBe('invalid_decimals');
    expect(errorOf(() => decimalToUnits('1', 37)).code).toBe('invalid_decimals');
    expect(errorOf(() => decimalToUnits('1'.repeat(129), 0)).code).toBe('out_of_range');
  });
});

describe('decimalToSafeUnits', () => {
  it('returns a number up to MAX_SAFE_INTEGER and refuses beyond', () => {
    expect(decimalToSafeUnits('90071992547.40991', 5)).toBe(Number.MAX_SAFE_INTEGER);
    const error = errorOf(() => decimalToSafeUnits('90071992547.40992', 5));
    expect(error.code).toBe('out_of_range');
    expect(error.message).toBe('"90071992547.40992" at 5 decimals exceeds 9007199254740991 units');
  });
});

describe('unitsToDecimal', () => {
  it.each([
    [125n, 2, '1.25'],
    [5, 3, '0.005'],
    [0n, 2, '0.00'],
    [100, 0, '100'],
    [-125n, 2, '-1.25'],
    [1n, 18, '0.000000000000000001'],
  ] as const)('%s at %i decimals → %s', (units, decimals, expected) => {
    expect(unitsToDecimal(units, decimals)).toBe(expected);
  });

  it('refuses unsafe numbers', () => {
    expect(errorOf(() => unitsToDecimal(2 ** 53, 2)).code).toBe('out_of_range');
    expect(errorOf(() => unitsToDecimal(1.5, 2)).code).toBe('out_of_range');
  });

  it('round-trips with decimalToUnits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (units, decimals) => {
        expect(decimalToUnits(unitsToDecimal(units, decimals), decimals)).toBe(units);
      }),
      { numRuns: 300, seed: 20251123 },
    );
  });
});
