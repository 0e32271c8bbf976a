import { describe, expect, it } from 'vitest';
import { decimalParts, isNumeric, MAX_DIGITS, assertDigits, toDecimalString } from './decimal.ts';

describe('toDecimalString', () => {
  it.each([
    ['1e-9', '0.000000001'],
    ['1e-30', '0.000000000000000000000000000001'],
    ['1e40', '10000000000000000000000000000000000000000'],
    [1e21, '1000000000000000000000'],
    [1e-7, '0.0000001'],
    [0.1, '0.1'],
    ['1.500', '1.5'],
    ['00012.340', '12.34'],
    ['  42  ', '42'],
    ['\t-3.5\n', '-3.5'],
    ['+7', '7'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1E3', '1000'],
    ['0', '0'],
    ['-0', '0'],
    [-0, '0'],
    ['-0.000', '0'],
    [123.456, '123.456'],
    [-1e-20, '-0.00000000000000000001'],
  ] as const)('%j → %s', (input, expected) => {
    expect(toDecimalString(input)).toBe(expected);
  });

  it.each([
    '', '   ', 'abc', '1a', '1.2.3', '1,000', '0x10', '0b101', '0o17', '--1', '-', '.', 'e5', 'Infinity', '-Infinity', 'NaN',
  ])('non-numeric string %j → 0', (input) => {
    expect(toDecimalString(input)).toBe('0');
  });

  it.each([NaN, Infinity, -Infinity, null, undefined])(
    'non-finite %s → 0',
    (input) => {
      expect(toDecimalString(input)).toBe('0');
    },
  );

  it('treats exponents beyond ±1000 as overflow (→ 0) or underflow (→ 0) instead of building huge strings', () => {
    expect(toDecimalString('1e1001')).toBe('0');
    expect(toDecimalString('1e-1001')).toBe('0');
    expect(toDecimalString('1e999999999')).toBe('0');
    expect(toDecimalString('1e1000')).toBe(`1${'0'.repeat(1000)}`);
  });
});

describe('isNumeric', () => {
  it.each([
    ['1', true], [' 1 ', true], ['-1.5', true], ['1e-30', true], [0, true], [-0, true], [2.5e-8, true],
    ['', false], ['abc', false], ['1,000', false], ['0x1f', false], [NaN, false], [Infinity, false],
    [null, false], [undefined, false],
  ] as const)('%j → %s', (input, expected) => {
    expect(isNumeric(input)).toBe(expected);
  });
});

describe('assertDigits', () => {
  it('accepts integers from 0 to MAX_DIGITS', () => {
    expect(() => assertDigits(0, 'f')).not.toThrow();
    expect(() => assertDigits(MAX_DIGITS, 'f')).not.toThrow();
  });

  it('says the digit count is required when omitted', () => {
    expect(() => assertDigits(undefined, 'f')).toThrow(new TypeError('f: the digit count is required'));
  });

  it.each([-1, 1.5, NaN, Infinity, MAX_DIGITS + 1, '2', null])('rejects %j', (digits) => {
    expect(() => assertDigits(digits, 'f')).toThrow(TypeError);
    expect(() => assertDigits(digits, 'f')).toThrow(/f: the digit count must be an integer from 0 to 100/);
  });
});

describe('decimalParts', () => {
  it.each([
    ['1234.50', { negative: false, int: '1234', frac: '50', grouped: false }],
    ['-1,234.5', { negative: true, int: '1234', frac: '5', grouped: true }],
    [' 007.10 ', { negative: false, int: '7', frac: '10', grouped: false }],
    ['-0.00', { negative: false, int: '0', frac: '00', grouped: false }],
    ['.5', { negative: false, int: '0', frac: '5', grouped: false }],
    ['5.', { negative: false, int: '5', frac: '', grouped: false }],
    ['1e-7', { negative: false, int: '0', frac: '0000001', grouped: false }],
    [-12.5, { negative: true, int: '12', frac: '5', grouped: false }],
    ['1234,567', { negative: false, int: '0', frac: '', grouped: false }],
    ['0,123', { negative: false, int: '0', frac: '', grouped: false }],
    ['abc', { negative: false, int: '0', frac: '', grouped: false }],
    [null, { negative: false, int: '0', frac: '', grouped: false }],
  ] as const)('%j', (input, expected) => {
    expect(decimalParts(input)).toEqual(expected);
  });
});
