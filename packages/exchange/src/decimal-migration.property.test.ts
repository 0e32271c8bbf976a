/**
 * Migration check: @makerdesk/decimal against the exchange's own decimal helpers and the matching
 * engine's unit conversions it replaces, over the inputs those accepted (plain decimals, '-' sign,
 * '.5' and '5.', at most 128 characters).
 */
import * as core from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as old from './decimal.ts';
import { decimalToUnits, unitsToDecimal } from './sim/matching/decimal-units.ts';

const RUNS = { numRuns: 500, seed: 20251123 } as const;
const digits = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength });

/** What the exchange's helpers parsed: /^-?\d*(\.\d*)?$/ with at least one digit. */
const exchangeDecimal = fc
  .record({ negative: fc.boolean(), int: digits(30), point: fc.boolean(), frac: digits(30) })
  .filter(({ int, frac }) => int + frac !== '')
  .map(({ negative, int, point, frac }) => `${negative ? '-' : ''}${int}${point || frac ? '.' : ''}${frac}`);
const nonNegative = exchangeDecimal.map((x) => x.replace(/^-/, ''));
const places = fc.nat(36);

describe('@makerdesk/decimal agrees with packages/exchange/src/decimal.ts', () => {
  it('add, sub, mul, negate, normalize', () => {
    fc.assert(
      fc.property(exchangeDecimal, exchangeDecimal, (a, b) => {
        expect(core.add(a, b)).toBe(old.add(a, b));
        expect(core.minus(a, b)).toBe(old.sub(a, b));
        expect(core.mul(a, b)).toBe(old.mul(a, b));
        expect(core.negate(a)).toBe(old.negate(a));
        expect(core.parse(a)).toBe(old.normalize(a));
      }),
      RUNS,
    );
  });

  it('compare, isZero, isPositive, min (which kept the input as written)', () => {
    fc.assert(
      fc.property(exchangeDecimal, exchangeDecimal, (a, b) => {
        expect(core.compare(a, b)).toBe(old.compare(a, b));
        expect(core.sign(a) === 0).toBe(old.isZero(a));
        expect(core.sign(a) > 0).toBe(old.isPositive(a));
        expect(core.min(a, b)).toBe(old.normalize(old.min(a, b)));
      }),
      RUNS,
    );
  });

  it('div truncating, toFixed, floorToStep, stepOf, decimalsOf', () => {
    fc.assert(
      fc.property(exchangeDecimal, exchangeDecimal, places, nonNegative, (a, b, d, step) => {
        if (!old.isZero(b)) expect(core.div(a, b, { decimals: d, rounding: 'down' })).toBe(old.div(a, b, d));
        expect(core.toFixed(a, d, 'down')).toBe(old.toFixed(a, d));
        if (old.isPositive(step)) expect(core.roundToStep(a, step, 'down')).toBe(old.floorToStep(a, step));
        expect(core.stepOf(d)).toBe(old.stepOf(d));
        expect(core.decimalsOf(a)).toBe(old.decimalsOf(a));
      }),
      RUNS,
    );
  });

  it('numberToDecimal, which refused results longer than 128 characters (5e-324) where fromNumber answers', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const ours = core.fromNumber(n);
        if (ours.replace('-', '').length > 128) expect(() => old.numberToDecimal(n)).toThrow(RangeError);
        else expect(ours).toBe(old.numberToDecimal(n));
      }),
      RUNS,
    );
  });

  it('isDecimal: the core plus the exchange\'s plain-notation and length rule', () => {
    const plain = (x: string) => x.length <= 128 && /^-?[\d.]*$/.test(x) && core.isDecimal(x);
    fc.assert(
      fc.property(fc.oneof(exchangeDecimal, fc.string({ maxLength: 8 }), fc.constantFrom('1e5', '+1', '1'.repeat(129), '.', '-')), (x) => {
        expect(plain(x)).toBe(old.isDecimal(x));
      }),
      RUNS,
    );
  });
});

describe('@makerdesk/decimal agrees with the engine\'s decimal-units', () => {
  it('toUnits / decimalToUnits on plain non-negative decimals', () => {
    fc.assert(
      fc.property(nonNegative, places, fc.constantFrom('exact', 'down', 'up'), (value, d, rounding) => {
        const outcome = (fn: () => bigint) => {
          try {
            return fn();
          } catch {
            return 'refused';
          }
        };
        expect(outcome(() => core.toUnits(value, d, rounding === 'exact' ? undefined : rounding))).toBe(
          outcome(() => decimalToUnits(value, d, rounding)),
        );
      }),
      RUNS,
    );
  });

  it('fromUnits / unitsToDecimal', () => {
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.maxSafeInteger()), places, (units, d) => {
        expect(core.fromUnits(units, d)).toBe(unitsToDecimal(units, d));
      }),
      RUNS,
    );
  });
});
