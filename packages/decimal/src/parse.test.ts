import { describe, expect, it } from 'vitest';
import { DecimalError } from './decimal-error.ts';
import { decimalsOf, fromNumber, isDecimal, parse, stepOf } from './parse.ts';

describe('parse', () => {
  it.each([
    ['1.500', '1.5'],
    ['00012.340', '12.34'],
    ['+7', '7'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['5.', '5'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['1E3', '1000'],
    ['1e-9', '0.000000001'],
    ['-1.5e+2', '-150'],
    ['12345e-3', '12.345'],
    ['0e999999999', '0'],
    ['1e1000', `1${'0'.repeat(1000)}`],
    ['1e-1000', `0.${'0'.repeat(999)}1`],
    ['1.e5', '100000'],
    ['-.5E-1', '-0.05'],
    ['1e-0', '1'],
    ['123456789012345.6', '123456789012345.6'],
    ['-1234567890123456.78', '-1234567890123456.78'],
  ] as const)('%j → canonical', (value, expected) => {
    expect(parse(value)).toBe(expected);
  });

  it.each(['', ' 1', '1 ', '.', '-', '+-1', '1,000', '0x10', 'e5', '1e', '1e1.5', 'NaN', 'Infinity', '1.2.3', '１', '1e+', '1e-', '.e5', '1-', '1e--5', '-+1', '1e5 '])(
    'refuses %j as not a decimal',
    (value) => {
      expect(() => parse(value)).toThrow(new DecimalError('not_a_number', `${JSON.stringify(value)} is not a decimal`));
      expect(isDecimal(value)).toBe(false);
    },
  );

  it('refuses non-strings', () => {
    for (const value of [1, null, undefined, 1n, {}]) {
      expect(() => parse(value as unknown as string)).toThrow(DecimalError);
      expect(isDecimal(value)).toBe(false);
    }
  });

  it('overflows at 1e1001 and underflows below 1e-1000, without building the digits', () => {
    const codeOf = (value: string) => {
      try {
        parse(value);
      } catch (error) {
        return (error as DecimalError).code;
      }
      return 'parsed';
    };
    expect(codeOf('1e1001')).toBe('overflow');
    expect(codeOf('10e1000')).toBe('overflow');
    expect(codeOf('-1e999999999')).toBe('overflow');
    expect(codeOf('1e99999999999999999999999')).toBe('overflow');
    expect(codeOf('1e-1001')).toBe('underflow');
    expect(codeOf('0.1e-1000')).toBe('underflow');
    expect(codeOf('1e-999999999')).toBe('underflow');
    expect(codeOf('0.0001e1003')).toBe('parsed');
    expect(codeOf(`0.${'0'.repeat(1000)}1`)).toBe('underflow');
    expect(codeOf(`${'9'.repeat(1001)}.5`)).toBe('parsed');
    expect(codeOf(`1${'0'.repeat(1001)}`)).toBe('overflow');
  });
});

describe('fromNumber', () => {
  it('recovers the decimal a number was written as, exponents included', () => {
    expect(fromNumber(0.1)).toBe('0.1');
    expect(fromNumber(1e-8)).toBe('0.00000001');
    expect(fromNumber(1.5e-7)).toBe('0.00000015');
    expect(fromNumber(2.5e21)).toBe('2500000000000000000000');
    expect(fromNumber(-0)).toBe('0');
    expect(fromNumber(29995.5)).toBe('29995.5');
    expect(fromNumber(0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('refuses non-finite numbers', () => {
    for (const value of [NaN, Infinity, -Infinity, '1' as unknown as number]) {
      expect(() => fromNumber(value)).toThrow(DecimalError);
    }
    expect(() => fromNumber(NaN)).toThrow(RangeError);
  });
});

describe('decimalsOf / stepOf', () => {
  it('counts the decimals of the canonical form', () => {
    expect(decimalsOf('0.01000000')).toBe(2);
    expect(decimalsOf('0.5')).toBe(1);
    expect(decimalsOf('10')).toBe(0);
    expect(decimalsOf('1e-8')).toBe(8);
  });

  it('writes the smallest step at a number of decimals', () => {
    expect(stepOf(0)).toBe('1');
    expect(stepOf(2)).toBe('0.01');
    expect(stepOf(4)).toBe('0.0001');
    expect(stepOf(8)).toBe('0.00000001');
    expect(() => stepOf(-1)).toThrow(DecimalError);
  });
});
