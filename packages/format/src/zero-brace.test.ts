import { compare } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandZeroBrace, trimZeros, zeroBrace } from './zero-brace.ts';
import { anyDecimalString, RUNS, tinyDecimalString } from './test-arbitraries.ts';

describe('zeroBrace (5 or more zeros)', () => {
  it.each([
    ['0.0000012345', '0.0{5}12345'],
    ['0.0000123', '0.0000123'],
    ['0.00001', '0.00001'],
    ['0.000001', '0.0{5}1'],
    ['-0.00000067', '-0.0{6}67'],
    ['12.0000001', '12.0{6}1'],
    ['-1,234.00000050', '-1,234.0{6}50'],
    ['0.0000012300', '0.0{5}12300'],
    ['0.00000000', '0.00000000'],
    ['1.000000', '1.000000'],
    ['0.1000001', '0.1000001'],
    ['0', '0'],
    ['-0', '0'],
    ['123', '123'],
    ['1e-30', '0.0{29}1'],
    ['-1.5e-7', '-0.0{6}15'],
    [1.2e-7, '0.0{6}12'],
    [4.2e-7, '0.0{6}42'],
    ['  0.0000009 ', '0.0{6}9'],
  ] as const)('%j → %s', (input, expected) => {
    expect(zeroBrace(input)).toBe(expected);
  });

  it('takes a custom threshold', () => {
    expect(zeroBrace('0.0123', 1)).toBe('0.0{1}123');
    expect(zeroBrace('0.0000012345', 7)).toBe('0.0000012345');
    expect(zeroBrace('0.0000000123', 7)).toBe('0.0{7}123');
  });

  it.each([0, -1, 2.5, NaN])('rejects minZeros %j', (minZeros) => {
    expect(() => zeroBrace('0.1', minZeros)).toThrow(TypeError);
  });

  it.each(['', 'abc', NaN, Infinity, null, undefined])('non-number %j → 0', (input) => {
    expect(zeroBrace(input)).toBe('0');
    expect(trimZeros(input)).toBe('0');
  });
});

describe('trimZeros (3 or more zeros)', () => {
  it.each([
    ['0.000123', '0.0{3}123'],
    ['0.00123', '0.00123'],
    ['0.0001', '0.0{3}1'],
    ['-0.0000012345', '-0.0{5}12345'],
    ['5.0005', '5.0{3}5'],
    ['0.123', '0.123'],
    ['1000', '1000'],
  ] as const)('%j → %s', (input, expected) => {
    expect(trimZeros(input)).toBe(expected);
  });
});

describe('expandZeroBrace', () => {
  it.each([
    ['0.0{5}12345', '0.0000012345'],
    ['-0.0{6}67', '-0.00000067'],
    ['1,234.0{3}5', '1,234.0005'],
    ['0.0{12}1', '0.0000000000001'],
    ['0.00123', '0.00123'],
    ['42', '42'],
  ])('%j → %j', (input, expected) => {
    expect(expandZeroBrace(input)).toBe(expected);
  });

  it('property: the brace form parses back to exactly the input value', () => {
    fc.assert(
      fc.property(fc.oneof(tinyDecimalString, anyDecimalString), fc.integer({ min: 1, max: 8 }), (x, minZeros) => {
        const braced = zeroBrace(x, minZeros);
        const expanded = expandZeroBrace(braced);
        expect(compare(expanded.replaceAll(',', ''), x)).toBe(0);
        // Unambiguous: the digit after the brace is never a zero, and N is the full zero count.
        const m = /\.0\{(\d+)\}(\d)/.exec(braced);
        if (m) {
          expect(m[2]).not.toBe('0');
          expect(Number(m[1])).toBeGreaterThanOrEqual(minZeros);
        }
      }),
      RUNS,
    );
  });

  it('trimZeros round-trips random tiny values', () => {
    fc.assert(
      fc.property(tinyDecimalString, (x) => {
        expect(expandZeroBrace(trimZeros(x))).toBe(x);
      }),
      RUNS,
    );
  });
});
