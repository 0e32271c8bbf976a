/**
 * The core against bignumber.js, the library the console computed with before, over generated
 * literals: plain and exponent forms, signs, leading and trailing zeros, tiny and huge magnitudes.
 * bignumber.js is configured the way @makerdesk/format used it (no exponent notation, RANGE 1000),
 * with DECIMAL_PLACES and ROUNDING_MODE set per call where division or rounding needs them.
 */
import BigNumber from 'bignumber.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as decimal from './index.ts';
import { DecimalError, ROUNDINGS, type Rounding } from './index.ts';
import {
  RUNS,
  anyDecimal,
  decimals,
  edgeDecimal,
  moneyDecimal,
  tie,
  tinyDecimal,
} from './test-arbitraries.ts';

const MODES: Record<Rounding, BigNumber.RoundingMode> = {
  down: BigNumber.ROUND_DOWN,
  up: BigNumber.ROUND_UP,
  floor: BigNumber.ROUND_FLOOR,
  ceil: BigNumber.ROUND_CEIL,
  'half-up': BigNumber.ROUND_HALF_UP,
  'half-even': BigNumber.ROUND_HALF_EVEN,
};

const clones = new Map<string, typeof BigNumber>();
/** bignumber.js as @makerdesk/format configured it, dividing at `places` with `rounding`. */
function Big(places = 36, rounding: Rounding = 'half-up'): typeof BigNumber {
  const key = `${places}:${rounding}`;
  let clone = clones.get(key);
  if (!clone) {
    clone = BigNumber.clone({ EXPONENTIAL_AT: 1e9, RANGE: 1000, DECIMAL_PLACES: places, ROUNDING_MODE: MODES[rounding] });
    clones.set(key, clone);
  }
  return clone;
}
const big = (value: string) => new (Big())(value);

/** The core's answer, or the code of the DecimalError it threw. */
function ours(fn: () => string | bigint | number): string {
  try {
    return String(fn());
  } catch (error) {
    if (error instanceof DecimalError) return error.code;
    throw error;
  }
}

/** bignumber's answer in the core's terms: Infinity is an overflow, and zero is never '-0'. */
function theirs(result: BigNumber, text = result.toFixed()): string {
  if (result.isNaN()) return 'NaN';
  if (!result.isFinite()) return 'overflow';
  return text.replace(/^-(?=0(\.0*)?$)/, '');
}

const rounding = fc.constantFrom(...ROUNDINGS);
const nonZero = anyDecimal.filter((x) => !big(x).isZero());

describe('the core agrees with bignumber.js', () => {
  it('parse', () => {
    fc.assert(
      fc.property(anyDecimal, (x) => {
        expect(ours(() => decimal.parse(x))).toBe(theirs(big(x)));
        expect(decimal.isDecimal(x)).toBe(true);
      }),
      RUNS,
    );
  });

  it('add, minus, mul', () => {
    fc.assert(
      fc.property(anyDecimal, anyDecimal, (a, b) => {
        expect(ours(() => decimal.add(a, b))).toBe(theirs(big(a).plus(b)));
        expect(ours(() => decimal.minus(a, b))).toBe(theirs(big(a).minus(b)));
        expect(ours(() => decimal.mul(a, b))).toBe(theirs(big(a).times(b)));
      }),
      RUNS,
    );
  });

  it('div at any decimals in every rounding mode', () => {
    fc.assert(
      fc.property(anyDecimal, nonZero, decimals, rounding, (a, b, places, mode) => {
        const Clone = Big(places, mode);
        expect(ours(() => decimal.div(a, b, { decimals: places, rounding: mode }))).toBe(theirs(new Clone(a).div(b)));
      }),
      RUNS,
    );
  });

  it('div as @makerdesk/format divides: 36 decimals, half-up', () => {
    fc.assert(
      fc.property(moneyDecimal, moneyDecimal.filter((x) => !big(x).isZero()), (a, b) => {
        expect(decimal.div(a, b, { decimals: 36, rounding: 'half-up' })).toBe(theirs(big(a).div(b)));
      }),
      RUNS,
    );
  });

  it('compare, sign, min, max, abs, negate', () => {
    fc.assert(
      fc.property(anyDecimal, anyDecimal, (a, b) => {
        const x = big(a);
        expect(decimal.compare(a, b)).toBe(x.comparedTo(b));
        expect(decimal.sign(a)).toBe(x.isZero() ? 0 : x.isNegative() ? -1 : 1);
        expect(decimal.min(a, b)).toBe(theirs(BigNumber.minimum(a, b)));
        expect(decimal.max(a, b)).toBe(theirs(BigNumber.maximum(a, b)));
        expect(decimal.abs(a)).toBe(theirs(x.abs()));
        expect(decimal.negate(a)).toBe(theirs(x.negated()));
      }),
      RUNS,
    );
  });

  it('round, floor, ceil, truncate, toFixed', () => {
    fc.assert(
      fc.property(anyDecimal, decimals, rounding, (x, places, mode) => {
        const n = big(x);
        expect(decimal.round(x, places, mode)).toBe(theirs(n.decimalPlaces(places, MODES[mode])));
        expect(decimal.floor(x, places)).toBe(theirs(n.decimalPlaces(places, BigNumber.ROUND_FLOOR)));
        expect(decimal.ceil(x, places)).toBe(theirs(n.decimalPlaces(places, BigNumber.ROUND_CEIL)));
        expect(decimal.truncate(x, places)).toBe(theirs(n.decimalPlaces(places, BigNumber.ROUND_DOWN)));
        expect(decimal.toFixed(x, places, mode)).toBe(theirs(n, n.toFixed(places, MODES[mode])));
      }),
      RUNS,
    );
  });

  it('ties: round, div and roundToStep on values exactly halfway', () => {
    fc.assert(
      fc.property(tie, rounding, fc.constantFrom('1', '-1', '0.1', '10'), ({ value, decimals: places }, mode, by) => {
        const n = big(value);
        expect(decimal.round(value, places, mode)).toBe(theirs(n.decimalPlaces(places, MODES[mode])));
        expect(decimal.div(value, by, { decimals: places, rounding: mode })).toBe(theirs(new (Big(places, mode))(value).div(by)));
        const step = decimal.stepOf(places);
        expect(decimal.roundToStep(value, step, mode)).toBe(theirs(new (Big(0, mode))(value).div(step).times(step)));
      }),
      RUNS,
    );
  });

  it('roundToStep', () => {
    const step = fc.oneof(moneyDecimal, tinyDecimal).filter((s) => big(s).isPositive() && !big(s).isZero());
    fc.assert(
      fc.property(anyDecimal, step, rounding, (x, s, mode) => {
        const Clone = Big(0, mode);
        expect(ours(() => decimal.roundToStep(x, s, mode))).toBe(theirs(new Clone(x).div(s).times(s)));
      }),
      RUNS,
    );
  });

  it('toUnits and fromUnits', () => {
    fc.assert(
      fc.property(anyDecimal, decimals, rounding, (x, places, mode) => {
        const shifted = big(x).shiftedBy(places);
        expect(ours(() => decimal.toUnits(x, places, mode))).toBe(shifted.integerValue(MODES[mode]).toFixed());
        expect(ours(() => decimal.toUnits(x, places))).toBe(shifted.isInteger() ? shifted.toFixed() : 'inexact');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), decimals, (units, places) => {
        expect(decimal.fromUnits(units, places)).toBe(theirs(big(units.toString()).shiftedBy(-places), big(units.toString()).shiftedBy(-places).toFixed(places)));
      }),
      RUNS,
    );
  });

  it('fromNumber reads a number as bignumber.js does', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(decimal.fromNumber(n)).toBe(theirs(new (Big())(n)));
      }),
      RUNS,
    );
  });

  it('decimalsOf', () => {
    fc.assert(
      fc.property(anyDecimal, (x) => {
        expect(decimal.decimalsOf(x)).toBe(big(x).decimalPlaces());
      }),
      RUNS,
    );
  });

  it('overflow and underflow where bignumber.js (RANGE 1000) goes to Infinity and to zero', () => {
    /** bignumber.js silently underflows to zero where the core refuses the magnitude. */
    const agrees = (got: string, expected: string) => (got === 'underflow' ? expected === '0' : got === expected);
    fc.assert(
      fc.property(edgeDecimal, edgeDecimal, (a, b) => {
        const parsed = [a, b].map((x) => ours(() => decimal.parse(x)));
        expect(agrees(parsed[0] as string, theirs(big(a)))).toBe(true);
        expect(agrees(parsed[1] as string, theirs(big(b)))).toBe(true);
        fc.pre(parsed.every((p) => p !== 'overflow' && p !== 'underflow'));
        expect(agrees(ours(() => decimal.mul(a, b)), theirs(big(a).times(b)))).toBe(true);
        expect(agrees(ours(() => decimal.add(a, b)), theirs(big(a).plus(b)))).toBe(true);
      }),
      RUNS,
    );
  });

  it('accepts exactly the plain and exponent literals in range', () => {
    const LITERAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
    const inRange = (text: string) => {
      const n = big(text);
      return n.isFinite() && (!n.isZero() || !/[1-9]/.test(text.split(/e/i)[0] as string));
    };
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(LITERAL), edgeDecimal), (text) => {
        expect(decimal.isDecimal(text)).toBe(LITERAL.test(text) && inRange(text));
      }),
      RUNS,
    );
  });
});
