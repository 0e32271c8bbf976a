import { compare } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, thousands } from './separators.ts';
import { anyDecimalString, RUNS } from './test-arbitraries.ts';

describe('thousands', () => {
  it.each([
    ['1234567.891', '1,234,567.891'],
    ['-1000', '-1,000'],
    ['999', '999'],
    ['1000', '1,000'],
    ['100000', '100,000'],
    ['1000000', '1,000,000'],
    ['-999.5', '-999.5'],
    ['0', '0'],
    ['-0', '0'],
    ['-0.00', '0.00'],
    ['0.000001', '0.000001'],
    ['1234.50', '1,234.50'],
    ['1234.', '1,234'],
    ['.5', '0.5'],
    ['+1234', '1,234'],
    ['0001234', '1,234'],
    ['  1234567 ', '1,234,567'],
    ['1,234,567.5', '1,234,567.5'],
    ['-12,345', '-12,345'],
    ['1e6', '1,000,000'],
    ['1e-7', '0.0000001'],
    ['1e40', `10${',000'.repeat(13)}`],
    [1234567.891, '1,234,567.891'],
    [-1e21, '-1,000,000,000,000,000,000,000'],
    [9876543.21, '9,876,543.21'],
  ] as const)('%j → %s', (input, expected) => {
    expect(thousands(input)).toBe(expected);
  });

  it.each(['', 'abc', '12,34', '1,2345', '1234,567', '0x10', NaN, Infinity, null, undefined])(
    'non-number %j → 0',
    (input) => {
      expect(thousands(input)).toBe('0');
    },
  );

  it('property: well-formed groups, idempotent, and the same value once commas are removed', () => {
    fc.assert(
      fc.property(anyDecimalString, (x) => {
        const out = thousands(x);
        expect(out).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
        expect(thousands(out)).toBe(out);
        expect(compare(out.replaceAll(',', ''), x)).toBe(0);
      }),
      RUNS,
    );
  });

  it('keeps the fractional digits of a written decimal untouched', () => {
    fc.assert(
      fc.property(anyDecimalString, (x) => {
        expect(thousands(x).split('.')[1]).toBe(x.split('.')[1]);
      }),
      RUNS,
    );
  });
});

describe('groupDigits', () => {
  it.each([['', ''], ['1', '1'], ['123', '123'], ['1234', '1,234'], ['123456', '123,456'], ['1234567', '1,234,567']])(
    '%j → %j',
    (input, expected) => {
      expect(groupDigits(input)).toBe(expected);
    },
  );
});
