import { add, compare, div, max, min, minus, mul, parse, round, sign } from '@makerdesk/decimal';
import { nthRoot, ROOT_DECIMALS, sqrt } from './decimal-roots.ts';

/**
 * A constant-product pool with its liquidity concentrated on [pa, pb] (Uniswap v3's formulas): at a
 * price p inside the range it holds x(p) = L(1/√p − 1/√pb) base and y(p) = L(√p − √pa) quote, and
 * (x + L/√pb)(y + L√pa) = L² (x·y = k on the virtual reserves). All maths is exact decimal at
 * ROOT_DECIMALS decimals, rounded down.
 */
export interface PoolRange {
  lower: string;
  upper: string;
}

const AT = { decimals: ROOT_DECIMALS, rounding: 'down' as const };

export function inverseSqrt(price: string): string {
  return div('1', sqrt(price), AT);
}

function clampPrice(range: PoolRange, price: string): string {
  return max(range.lower, min(range.upper, price));
}

/** Base the pool holds at `price` (clamped to the range). */
export function poolBase(range: PoolRange, liquidity: string, price: string): string {
  return round(mul(liquidity, minus(inverseSqrt(clampPrice(range, price)), inverseSqrt(range.upper))), ROOT_DECIMALS, 'down');
}

/**
 * The largest liquidity whose holdings at `price` fit both investments: min(base / (1/√p − 1/√pb),
 * quote / (√p − √pa)), a side that is empty at that price (p at an edge) not counting.
 */
export function liquidityFor(range: PoolRange, price: string, baseInvestment: string, quoteInvestment: string): string {
  const p = clampPrice(range, price);
  const perBase = minus(inverseSqrt(p), inverseSqrt(range.upper));
  const perQuote = minus(sqrt(p), sqrt(range.lower));
  const candidates: string[] = [];
  if (sign(perBase) > 0) candidates.push(div(baseInvestment, perBase, AT));
  if (sign(perQuote) > 0) candidates.push(div(quoteInvestment, perQuote, AT));
  return candidates.length === 0 ? '0' : candidates.reduce((a, b) => min(a, b));
}

/** The pool's price when it holds `base`: √p = L / (base + L/√pb), clamped to the range. */
export function poolPrice(range: PoolRange, liquidity: string, base: string): string {
  if (sign(liquidity) <= 0) return range.lower;
  const sqrtPrice = div(liquidity, add(max(base, '0'), mul(liquidity, inverseSqrt(range.upper))), AT);
  return clampPrice(range, round(mul(sqrtPrice, sqrtPrice), ROOT_DECIMALS, 'down'));
}

/**
 * gridCount + 1 level prices from lower to upper on the price grid: equal steps (arithmetic) or equal
 * ratios (geometric, ratio = (upper/lower)^(1/gridCount)); both ends are the bounds, each level rounded
 * half-up to the pair's precision; levels that round onto one price count once.
 */
export function levelPrices(lower: string, upper: string, gridCount: number, spacing: 'arithmetic' | 'geometric', pricePrecision: number): string[] {
  const prices: string[] = [];
  const ratio = spacing === 'geometric' ? nthRoot(div(upper, lower, AT), gridCount) : '1';
  let exact = lower;
  for (let i = 0; i <= gridCount; i++) {
    if (i === gridCount) exact = upper;
    else if (i > 0) exact = spacing === 'geometric' ? round(mul(exact, ratio), ROOT_DECIMALS, 'down') : add(lower, div(mul(minus(upper, lower), String(i)), String(gridCount), AT));
    const level = parse(round(exact, pricePrecision, 'half-up'));
    if (sign(level) > 0 && (prices.length === 0 || compare(level, prices[prices.length - 1] as string) > 0)) prices.push(level);
  }
  return prices;
}
