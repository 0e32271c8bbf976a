import { abs, compare, decimalsOf, minus, sign } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilAt, truncate } from './rounding.ts';
import { anyDecimalString, digitCount, RUNS } from './test-arbitraries.ts';

describe('ceilAt', () => {
  it.each([
    ['1.231', 2, '1.24'],
    ['1.2300001', 2, '1.24'],
    ['1.23', 2, '1.23'],
    ['-1.239', 2, '-1.23'],
    ['-0.001', 2, '0'],
    ['0.001', 2, '0.01'],
    ['5', 2, '5'],
    ['5.000', 2, '5'],
    ['1.1', 0, '2'],
    ['-1.9', 0, '-1'],
    ['0', 0, '0'],
    ['-0', 3, '0'],
    [1.005, 2, '1.01'],
    ['1e-30', 8, '0.00000001'],
    ['1e40', 2, `1${'0'.repeat(40)}`],
    ['  2.001 ', 1, '2.1'],
    ['9.99', 1, '10'],
  ] as const)('ceilAt(%j, %i) → %s', (value, digits, expected) => {
    expect(ceilAt(value, digits)).toBe(expected);
  });

  it.each(['', 'abc', NaN, Infinity, null, undefined])('non-number %j → 0', (value) => {
    expect(ceilAt(value, 2)).toBe('0');
  });

  it('throws a TypeError when the digit count is omitted', () => {
    // @ts-expect-error: exercising a JavaScript caller that forgets the digit count
    expect(() => ceilAt('1.5')).toThrow(new TypeError('ceilAt: the digit count is required'));
    // @ts-expect-error: explicit undefined
    expect(() => ceilAt('1.5', undefined)).toThrow(TypeError);
  });

  it.each([-1, 1.5, NaN, Infinity, 101])('throws a TypeError for digits %j, even for a non-number value', (digits) => {
    expect(() => ceilAt('1.5', digits)).toThrow(/ceilAt: the digit count must be an integer/);
    expect(() => ceilAt('abc', digits)).toThrow(TypeError);
  });

  it('property: x <= ceilAt(x, d) < x + 10^-d', () => {
    fc.assert(
      fc.property(anyDecimalString, digitCount, (x, d) => {
        const c = ceilAt(x, d);
        expect(compare(c, x)).toBeGreaterThanOrEqual(0);
        expect(compare(minus(c, x), `1e-${d}`)).toBe(-1);
        expect(decimalsOf(c)).toBeLessThanOrEqual(d);
      }),
      RUNS,
    );
  });
});

describe('truncate', () => {
  it.each([
    ['1.999', 2, '1.99'],
    ['-1.999', 2, '-1.99'],
    ['1.5', 4, '1.5'],
    ['1.50', 4, '1.5'],
    ['0.0099', 2, '0'],
    ['-0.0099', 2, '0'],
    ['-0', 2, '0'],
    ['9.99999', 0, '9'],
    ['-9.99999', 0, '-9'],
    ['123', 2, '123'],
    [0.1 + 0.2, 2, '0.3'],
    [1.005, 2, '1'],
    ['1e-30', 30, `0.${'0'.repeat(29)}1`],
    ['1e-30', 29, '0'],
    ['1e40', 2, `1${'0'.repeat(40)}`],
    [' 3.14159 ', 3, '3.141'],
  ] as const)('truncate(%j, %i) → %s', (value, digits, expected) => {
    expect(truncate(value, digits)).toBe(expected);
  });

  it.each([
    ['1.5', 4, '1.5000'],
    ['1.999', 2, '1.99'],
    ['-1.999', 2, '-1.99'],
    ['7', 2, '7.00'],
    ['7', 0, '7'],
    ['-0.001', 2, '0.00'],
    ['-0', 2, '0.00'],
    ['0', 3, '0.000'],
    ['1e-30', 4, '0.0000'],
    ['abc', 2, '0.00'],
    [null, 2, '0.00'],
    [NaN, 0, '0'],
  ] as const)('truncate(%j, %i, { padZeros }) → %s', (value, digits, expected) => {
    expect(truncate(value, digits, { padZeros: true })).toBe(expected);
  });

  it.each(['', '  ', 'abc', NaN, Infinity, -Infinity, null, undefined])('non-number %j → 0', (value) => {
    expect(truncate(value, 2)).toBe('0');
  });

  it('validates digits like ceilAt', () => {
    // @ts-expect-error: missing digit count
    expect(() => truncate('1.5')).toThrow(new TypeError('truncate: the digit count is required'));
    expect(() => truncate('1.5', -2)).toThrow(TypeError);
    expect(() => truncate('1.5', 2.5, { padZeros: true })).toThrow(TypeError);
  });

  it('property: |truncate(x, d)| <= |x|, differs by less than 10^-d, keeps the sign', () => {
    fc.assert(
      fc.property(anyDecimalString, digitCount, (x, d) => {
        const t = truncate(x, d);
        expect(compare(abs(t), abs(x))).toBeLessThanOrEqual(0);
        expect(compare(abs(minus(x, t)), `1e-${d}`)).toBe(-1);
        expect(sign(t) === 0 || sign(t) === sign(x)).toBe(true);
      }),
      RUNS,
    );
  });

  it('property: padded output has exactly d decimals and the same value as the unpadded one', () => {
    fc.assert(
      fc.property(anyDecimalString, digitCount, (x, d) => {
        const padded = truncate(x, d, { padZeros: true });
        expect(padded.split('.')[1]?.length ?? 0).toBe(d);
        expect(padded.startsWith('-0.') && /^-0\.0*$/.test(padded)).toBe(false);
        expect(compare(padded, truncate(x, d))).toBe(0);
      }),
      RUNS,
    );
  });
});
