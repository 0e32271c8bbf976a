import { abs, compare, minus, mul } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact, compactForPath, localeForPath } from './compact.ts';
import { anyDecimalString, hugeDecimalString, RUNS } from './test-arbitraries.ts';

const EN_SUFFIXES = [
  [3, 'K'], [6, 'M'], [9, 'B'], [12, 'T'], [15, 'Q'], [18, 'Qn'],
  [21, 'Sx'], [24, 'Sp'], [27, 'Oc'], [30, 'N'], [33, 'Dc'],
] as const;

/** 10^exp − 0.001 as an exact string, e.g. 999.999 for exp 3. */
const justBelow = (exp: number): string => minus(`1e${exp}`, '0.001');

describe('compact (en)', () => {
  it.each([
    [1500, '1.5K'],
    [1000, '1K'],
    [1234567, '1.23M'],
    [999, '999'],
    ['999.999', '999.99'],
    [1e36, '1000Dc'],
    ['1e40', '10000000Dc'],
    [-1500, '-1.5K'],
    [-1239, '-1.23K'],
    ['-999.999', '-999.99'],
    [999999, '999.99K'],
    ['999999.999', '999.99K'],
    [1001, '1K'],
    [1010, '1.01K'],
    [0, '0'],
    ['-0', '0'],
    ['0.5', '0.5'],
    ['0.001', '0'],
    ['-0.001', '0'],
    ['1e-30', '0'],
    ['  2500 ', '2.5K'],
    ['3.333e9', '3.33B'],
  ] as const)('%j → %s', (value, expected) => {
    expect(compact(value)).toBe(expected);
  });

  it.each(EN_SUFFIXES)('exactly 1e%i is 1%s and just below it stays in the tier under', (exp, suffix) => {
    expect(compact(`1e${exp}`)).toBe(`1${suffix}`);
    expect(compact(`-1e${exp}`)).toBe(`-1${suffix}`);
    expect(compact(`1.5e${exp}`)).toBe(`1.5${suffix}`);
    const lower = EN_SUFFIXES.find(([e]) => e === exp - 3)?.[1] ?? '';
    expect(compact(justBelow(exp))).toBe(`999.99${lower}`);
  });

  it('honours the digits option (truncated, trailing zeros dropped)', () => {
    expect(compact(1234567, { digits: 0 })).toBe('1M');
    expect(compact(1234567, { digits: 4 })).toBe('1.2345M');
    expect(compact(1200000, { digits: 4 })).toBe('1.2M');
    expect(compact('999.999', { digits: 0 })).toBe('999');
  });

  it.each(['', 'abc', '1,500', NaN, Infinity, -Infinity, null, undefined])('non-number %j → 0', (value) => {
    expect(compact(value)).toBe('0');
    expect(compact(value, { locale: 'zh' })).toBe('0');
  });

  it('rejects an invalid digit count', () => {
    expect(() => compact(1, { digits: -1 })).toThrow(TypeError);
    expect(() => compact(1, { digits: 1.5 })).toThrow(/compact: the digit count must be an integer/);
  });
});

describe('compact (zh)', () => {
  it.each([
    [12345, '1.23万'],
    [9999, '9999'],
    ['9999.999', '9999.99'],
    [10000, '1万'],
    [15000, '1.5万'],
    [99999999, '9999.99万'],
    [1e8 - 1, '9999.99万'],
    [1e8, '1亿'],
    [123456789, '1.23亿'],
    ['999999999999.99', '9999.99亿'],
    [1e12, '1万亿'],
    [1.5e12, '1.5万亿'],
    [1e16, '10000万亿'],
    ['1e40', `1${'0'.repeat(28)}万亿`],
    [-12345, '-1.23万'],
    [-1e8, '-1亿'],
    [1500, '1500'],
    [0, '0'],
    ['-0.001', '0'],
  ] as const)('%j → %s', (value, expected) => {
    expect(compact(value, { locale: 'zh' })).toBe(expected);
  });
});

describe('localeForPath / compactForPath', () => {
  it.each([
    ['/zh-cn', 'zh'],
    ['/zh-cn/', 'zh'],
    ['/zh-cn/markets/btc', 'zh'],
    ['/', 'en'],
    ['', 'en'],
    ['/markets', 'en'],
    ['/zh-cnx', 'en'],
    ['/en/zh-cn', 'en'],
    ['/zh-tw/markets', 'en'],
  ] as const)('%j → %s', (pathname, locale) => {
    expect(localeForPath(pathname)).toBe(locale);
  });

  it('picks the suffix set from the pathname', () => {
    expect(compactForPath(123456789, '/zh-cn/wallet')).toBe('1.23亿');
    expect(compactForPath(123456789, '/wallet')).toBe('123.45M');
    expect(compactForPath(123456789, '/wallet', { digits: 0 })).toBe('123M');
    expect(compactForPath('abc', '/zh-cn')).toBe('0');
  });
});

describe('compact properties', () => {
  const suffixPower: Record<string, number> = { '': 0, 万: 4, 亿: 8, 万亿: 12 };
  for (const [exp, suffix] of EN_SUFFIXES) suffixPower[suffix] = exp;

  /** Parses '1.23万' back into the number it stands for. */
  const expand = (out: string): string => {
    const [, mantissa = '', suffix = ''] = /^(-?[\d.]+)(\D*)$/.exec(out) ?? [];
    const exp = suffixPower[suffix];
    if (exp === undefined) throw new Error(`unexpected output ${out}`);
    return mul(mantissa, `1e${exp}`);
  };

  it.each(['en', 'zh'] as const)('%s: never larger than the value, and short of it by less than one last digit', (locale) => {
    fc.assert(
      fc.property(fc.oneof(anyDecimalString, hugeDecimalString), fc.integer({ min: 0, max: 6 }), (x, digits) => {
        const out = compact(x, { locale, digits });
        const shown = expand(out);
        const exp = suffixPower[/\D*$/.exec(out)?.[0] ?? ''] ?? 0;
        expect(compare(abs(shown), abs(x))).toBeLessThanOrEqual(0);
        expect(compare(abs(minus(x, shown)), `1e${exp - digits}`)).toBe(-1);
        expect(out).not.toMatch(/^-0(\.0*)?$|\.\d*0\D*$/); // no '-0', no trailing zeros
      }),
      RUNS,
    );
  });
});
