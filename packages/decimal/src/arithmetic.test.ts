import { describe, expect, it } from 'vitest';
import { abs, add, div, minus, mul, negate } from './arithmetic.ts';
import { DecimalError } from './decimal-error.ts';
import type { Rounding } from './fixed-point.ts';

describe('add / minus / mul', () => {
  it.each([
    [add, '0.1', '0.2', '0.3'],
    [add, '-1.5', '1.5', '0'],
    [add, '1e40', '1', `1${'0'.repeat(39)}1`],
    [add, '1.10', '2.20', '3.3'],
    [add, '+.5', '5.', '5.5'],
    [minus, '1', '1.0001', '-0.0001'],
    [minus, '-0', '0', '0'],
    [minus, '100', '0.000000000000000000000000000001', `99.${'9'.repeat(30)}`],
    [mul, '29995.5', '0.25', '7498.875'],
    [mul, '-2', '0', '0'],
    [mul, '1.1', '1.1', '1.21'],
    [mul, '-1e-20', '1e-20', `-0.${'0'.repeat(39)}1`],
    [mul, '1e20', '1e20', `1${'0'.repeat(40)}`],
  ] as const)('%o(%j, %j) → %s', (fn, a, b, expected) => {
    expect(fn(a, b)).toBe(expected);
  });

  it('negates and takes absolute values, never writing -0', () => {
    expect(negate('1.50')).toBe('-1.5');
    expect(negate('-0.001')).toBe('0.001');
    expect(negate('0')).toBe('0');
    expect(abs('-12.30')).toBe('12.3');
    expect(abs('-0')).toBe('0');
  });
});

describe('div', () => {
  const at = (decimals: number, rounding: Rounding) => ({ decimals, rounding });

  it('rounds the exact quotient at the asked decimals', () => {
    expect(div('1', '3', at(8, 'down'))).toBe('0.33333333');
    expect(div('2', '3', at(4, 'half-up'))).toBe('0.6667');
    expect(div('2', '3', at(4, 'down'))).toBe('0.6666');
    expect(div('100', '2001', at(3, 'down'))).toBe('0.049');
    expect(div('995.5', '29000', at(3, 'down'))).toBe('0.034');
    expect(div('10', '0.5', at(0, 'down'))).toBe('20');
    expect(div('1', '4', at(36, 'half-up'))).toBe('0.25');
    expect(div('1e-30', '1e10', at(36, 'half-up'))).toBe('0');
  });

  it.each([
    ['down', '0.12', '-0.12'],
    ['up', '0.13', '-0.13'],
    ['floor', '0.12', '-0.13'],
    ['ceil', '0.13', '-0.12'],
    ['half-up', '0.13', '-0.13'],
    ['half-even', '0.12', '-0.12'],
  ] as const)('%s: ±0.125 at 2 decimals → %s / %s', (rounding, positive, negative) => {
    expect(div('0.125', '1', at(2, rounding))).toBe(positive);
    expect(div('0.125', '-1', at(2, rounding))).toBe(negative);
    expect(div('-0.125', '1', at(2, rounding))).toBe(negative);
  });

  it('half-even sends ties to the even neighbour and everything else to the nearest', () => {
    expect(div('0.135', '1', at(2, 'half-even'))).toBe('0.14');
    expect(div('0.1251', '1', at(2, 'half-even'))).toBe('0.13');
    expect(div('5', '2', at(0, 'half-even'))).toBe('2');
    expect(div('7', '2', at(0, 'half-even'))).toBe('4');
  });

  it('refuses division by zero, bad decimals and unknown rounding modes', () => {
    expect(() => div('1', '0', at(2, 'down'))).toThrow(new DecimalError('division_by_zero', 'div: "1" / "0" divides by zero'));
    expect(() => div('0', '-0.00', at(2, 'down'))).toThrow(DecimalError);
    for (const decimals of [-1, 1.5, NaN, 1001]) {
      expect(() => div('1', '3', at(decimals, 'down'))).toThrow(/div: decimals must be an integer from 0 to 1000/);
    }
    expect(() => div('1', '2', at(2, 'nearest' as Rounding))).toThrow(/div: unknown rounding mode "nearest"/);
  });

  it('is a RangeError, as the old exchange helpers threw', () => {
    expect(() => div('1', '0', at(2, 'down'))).toThrow(RangeError);
  });
});
