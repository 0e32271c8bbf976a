import { describe, expect, it } from 'vitest';
import { DecimalError } from './decimal-error.ts';
import type { Rounding } from './fixed-point.ts';
import { ceil, floor, round, roundToStep, toFixed, truncate } from './rounding.ts';

describe('round / floor / ceil / truncate', () => {
  it.each([
    ['1.005', 2, 'half-up', '1.01'],
    ['1.005', 2, 'half-even', '1'],
    ['1.015', 2, 'half-even', '1.02'],
    ['-2.5', 0, 'half-up', '-3'],
    ['-2.5', 0, 'half-even', '-2'],
    ['9.99', 1, 'up', '10'],
    ['1.20', 5, 'up', '1.2'],
  ] as const)('round(%j, %i, %s) → %s', (value, decimals, rounding, expected) => {
    expect(round(value, decimals, rounding)).toBe(expected);
  });

  it('floors, ceils and truncates', () => {
    expect(floor('-1.231', 2)).toBe('-1.24');
    expect(floor('1.239', 2)).toBe('1.23');
    expect(ceil('1.231', 2)).toBe('1.24');
    expect(ceil('-0.001', 2)).toBe('0');
    expect(truncate('-1.239', 2)).toBe('-1.23');
    expect(truncate('-0.009', 2)).toBe('0');
    expect(truncate('1e-30', 30)).toBe(`0.${'0'.repeat(29)}1`);
  });

  it('validates decimals and the rounding mode even when nothing needs rounding', () => {
    expect(() => floor('1', -1)).toThrow(DecimalError);
    expect(() => round('1', 2, 'nearest' as Rounding)).toThrow(/round: unknown rounding mode/);
  });
});

describe('roundToStep', () => {
  it('rounds to a multiple of the step', () => {
    expect(roundToStep('1.237', '0.005', 'down')).toBe('1.235');
    expect(roundToStep('1.237', '0.005', 'up')).toBe('1.24');
    expect(roundToStep('-1.237', '0.005', 'floor')).toBe('-1.24');
    expect(roundToStep('-1.237', '0.005', 'down')).toBe('-1.235');
    expect(roundToStep('1237', '50', 'half-up')).toBe('1250');
    expect(roundToStep('1.2', '0.5', 'down')).toBe('1');
  });

  it('needs a positive step', () => {
    expect(() => roundToStep('1', '0', 'down')).toThrow(new DecimalError('invalid_argument', 'roundToStep: the step must be positive, got "0"'));
    expect(() => roundToStep('1', '-0.1', 'down')).toThrow(DecimalError);
  });
});

describe('toFixed', () => {
  it('writes exactly the decimals asked for, never -0', () => {
    expect(toFixed('1.239', 2, 'down')).toBe('1.23');
    expect(toFixed('5', 8, 'down')).toBe('5.00000000');
    expect(toFixed('-0.001', 2, 'down')).toBe('0.00');
    expect(toFixed('-0.001', 2, 'floor')).toBe('-0.01');
    expect(toFixed('0.5', 0, 'half-even')).toBe('0');
    expect(toFixed('1e-3', 4, 'down')).toBe('0.0010');
  });
});
