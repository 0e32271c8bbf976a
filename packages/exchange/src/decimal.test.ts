import { describe, expect, it } from 'vitest';
import { add, compare, decimalsOf, div, floorToStep, isDecimal, mul, normalize, numberToDecimal, stepOf, sub, toFixed } from './decimal.ts';

describe('decimal strings', () => {
  it('adds, subtracts and multiplies exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('1', '1.0001')).toBe('-0.0001');
    expect(mul('29995.5', '0.25')).toBe('7498.875');
    expect(mul('-2', '0')).toBe('0');
  });

  it('divides truncating at the given places', () => {
    expect(div('100', '2001', 3)).toBe('0.049');
    expect(div('1', '3', 8)).toBe('0.33333333');
    expect(div('995.5', '29000', 3)).toBe('0.034');
    expect(() => div('1', '0', 2)).toThrow(RangeError);
  });

  it('compares across scales', () => {
    expect(compare('1.10', '1.1')).toBe(0);
    expect(compare('-1', '0.5')).toBe(-1);
    expect(compare('30010', '30009.99')).toBe(1);
  });

  it('formats, steps and counts places', () => {
    expect(toFixed('1.239', 2)).toBe('1.23');
    expect(toFixed('5', 8)).toBe('5.00000000');
    expect(toFixed('-0.001', 2)).toBe('0.00');
    expect(floorToStep('1.237', '0.005')).toBe('1.235');
    expect(stepOf(0)).toBe('1');
    expect(stepOf(4)).toBe('0.0001');
    expect(decimalsOf('0.01000000')).toBe(2);
    expect(decimalsOf('0.5')).toBe(1);
    expect(normalize('-0.000')).toBe('0');
  });

  it('recovers the decimal a number was parsed from, exponents included', () => {
    expect(numberToDecimal(0.1)).toBe('0.1');
    expect(numberToDecimal(1e-8)).toBe('0.00000001');
    expect(numberToDecimal(1.5e-7)).toBe('0.00000015');
    expect(numberToDecimal(2.5e21)).toBe('2500000000000000000000');
    expect(numberToDecimal(-0)).toBe('0');
    expect(numberToDecimal(29995.5)).toBe('29995.5');
    expect(() => numberToDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('accepts only plain decimals', () => {
    expect(isDecimal('12.5')).toBe(true);
    expect(isDecimal('-3')).toBe(true);
    expect(isDecimal('1e5')).toBe(false);
    expect(isDecimal('')).toBe(false);
    expect(isDecimal('.')).toBe(false);
    expect(isDecimal('1'.repeat(200))).toBe(false);
  });
});
