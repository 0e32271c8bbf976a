import { abs, compare, mul } from '@makerdesk/decimal';
import { assertDigits, toDecimal, type NumericInput } from './decimal.ts';
import { truncate } from './rounding.ts';

export type Locale = 'en' | 'zh';

export interface CompactOptions {
  locale?: Locale;
  /** Decimals kept after truncation (trailing zeros dropped); default 2. */
  digits?: number;
}

/** [power of ten, suffix], largest first. */
type Tier = readonly [exponent: number, suffix: string];

const EN_TIERS: readonly Tier[] = [
  [33, 'Dc'], [30, 'N'], [27, 'Oc'], [24, 'Sp'], [21, 'Sx'], [18, 'Qn'],
  [15, 'Q'], [12, 'T'], [9, 'B'], [6, 'M'], [3, 'K'],
];

const ZH_TIERS: readonly Tier[] = [[12, '万亿'], [8, '亿'], [4, '万']];

/**
 * Compact notation ('1.5K', '1.23亿'). The mantissa is truncated, not rounded, so 999999 is '999.99K'
 * rather than '1M': a balance must never look larger than it is. Non-numbers → '0'.
 */
export function compact(value: NumericInput, options: CompactOptions = {}): string {
  const { locale = 'en', digits = 2 } = options;
  assertDigits(digits, 'compact');
  const n = toDecimal(value);
  if (n === null) return '0';
  const magnitude = abs(n);
  const tier = (locale === 'zh' ? ZH_TIERS : EN_TIERS).find(([exp]) => compare(magnitude, `1e${exp}`) >= 0);
  if (!tier) return truncate(n, digits);
  const [exp, suffix] = tier;
  return truncate(mul(n, `1e-${exp}`), digits) + suffix;
}

/** The Chinese site lives under the '/zh-cn' path prefix; everything else is English. */
export function localeForPath(pathname: string): Locale {
  return pathname === '/zh-cn' || pathname.startsWith('/zh-cn/') ? 'zh' : 'en';
}

/** `compact` with the locale picked from the current pathname. */
export function compactForPath(
  value: NumericInput,
  pathname: string,
  options: Omit<CompactOptions, 'locale'> = {},
): string {
  return compact(value, { ...options, locale: localeForPath(pathname) });
}
