import { sign } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, div, minus, mul } from './arithmetic.ts';
import { toDecimalString } from './decimal.ts';
import { anyDecimalString, decimalString, RUNS } from './test-arbitraries.ts';

const PLAIN = /^-?\d+(\.\d*[1-9])?$/;

/** A deliberately naive reference for exactness: a decimal as an integer count of 10^-60. */
function units(x: string): bigint {
  const [int = '', frac = ''] = x.replace(/^-/, '').split('.');
  const magnitude = BigInt(int + frac.padEnd(60, '0'));
  return x.startsWith('-') ? -magnitude : magnitude;
}

describe('add / minus / mul / div', () => {
  it.each([
    [add, '0.1', '0.2', '0.3'],
    [add, 0.1, 0.2, '0.3'],
    [add, '-1.5', '1.5', '0'],
    [add, '1e40', '1', '10000000000000000000000000000000000000001'],
    [add, '1e-30', '1e-30', '0.000000000000000000000000000002'],
    [add, ' 2 ', '3', '5'],
    [add, '1.1', 2.2, '3.3'],
    [minus, '0.3', '0.1', '0.2'],
    [minus, '1', '1.000000000000000000000000000001', '-0.000000000000000000000000000001'],
    [minus, '-0', '0', '0'],
    [minus, 5, 7, '-2'],
    [mul, '1e-9', '1', '0.000000001'],
    [mul, '1.1', '1.1', '1.21'],
    [mul, '-2', '0', '0'],
    [mul, '1e20', '1e20', `1${'0'.repeat(40)}`],
    [mul, '123456789.123456789', '1000', '123456789123.456789'],
    [div, '1', '4', '0.25'],
    [div, '1', '3', '0.333333333333333333333333333333333333'],
    [div, '2', '3', '0.666666666666666666666666666666666667'],
    [div, '-1', '8', '-0.125'],
    [div, '1e-30', '1e5', `0.${'0'.repeat(34)}1`],
    [div, '1e-30', '1e10', '0'], // 1e-40 is below the 36-decimal division precision
    [div, '10', '0.5', '20'],
  ] as const)('%o(%j, %j) → %s', (fn, a, b, expected) => {
    expect(fn(a, b)).toBe(expected);
  });

  it.each([add, minus, mul, div])('%o returns 0 when an input is not a finite number', (fn) => {
    for (const bad of ['', '  ', 'abc', '1,5', NaN, Infinity, -Infinity, null, undefined]) {
      expect(fn(bad, '2')).toBe('0');
      expect(fn('2', bad)).toBe('0');
    }
  });

  it('returns 0 for division by zero (including 0/0)', () => {
    expect(div('1', '0')).toBe('0');
    expect(div('-1', 0)).toBe('0');
    expect(div('0', '0')).toBe('0');
    expect(div('1', '-0')).toBe('0');
  });

  it('returns 0 when the result overflows the supported range', () => {
    expect(mul('1e600', '1e600')).toBe('0');
  });

  it('never produces exponent notation or -0', () => {
    expect(mul('1e-20', '1e-20')).toBe(`0.${'0'.repeat(39)}1`);
    expect(mul('-1e-5', '0')).toBe('0');
    expect(add('-0.1', '0.1')).toBe('0');
  });
});

describe('arithmetic properties', () => {
  it('add(minus(a, b), b) equals a', () => {
    fc.assert(
      fc.property(anyDecimalString, anyDecimalString, (a, b) => {
        expect(add(minus(a, b), b)).toBe(toDecimalString(a));
      }),
      RUNS,
    );
  });

  it('add and mul are commutative and exact', () => {
    fc.assert(
      fc.property(anyDecimalString, anyDecimalString, (a, b) => {
        expect(add(a, b)).toBe(add(b, a));
        expect(mul(a, b)).toBe(mul(b, a));
        expect(units(add(a, b))).toBe(units(a) + units(b));
      }),
      RUNS,
    );
  });

  it('div(mul(a, b), b) equals a when b is not zero and a has at most 36 decimals', () => {
    fc.assert(
      fc.property(decimalString, anyDecimalString, (a, b) => {
        fc.pre(sign(b) !== 0);
        expect(div(mul(a, b), b)).toBe(toDecimalString(a));
      }),
      RUNS,
    );
  });

  it('results are always plain decimals', () => {
    fc.assert(
      fc.property(anyDecimalString, anyDecimalString, (a, b) => {
        for (const r of [add(a, b), minus(a, b), mul(a, b), div(a, b)]) expect(r).toMatch(PLAIN);
      }),
      RUNS,
    );
  });
});
