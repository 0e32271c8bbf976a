import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import { averagePrice, checkPercentPriceBySide, percentPriceBounds } from './percent-price.ts';

const trade = (price: number, qty: number, time: number) => ({ id: String(time), price, qty, side: 'buy' as const, time });
const pair = { pricePrecision: 2, quote: 'USDT' };

describe('PERCENT_PRICE_BY_SIDE', () => {
  it('averages the trades within 5 minutes of the last one, weighted by amount', () => {
    const trades = [trade(1_000_000, 1, 0), trade(100, 1, 400_000), trade(200, 3, 600_000)];
    // The first trade is more than 5 minutes before the last: out of the window.
    expect(averagePrice(trades, 200)).toEqual({ num: 100n + 600n, den: 4n });
    expect(averagePrice([], 150)).toEqual({ num: 150n, den: 1n });
    expect(averagePrice([], null)).toBeNull();
  });

  it('a buy up to exactly 5× and down to exactly 0.2× the average passes; one tick beyond is refused', () => {
    const avg = { num: 10_000n, den: 1n }; // 100.00
    expect(percentPriceBounds('buy', avg)).toEqual({ min: 2000n, max: 50_000n });
    expect(() => checkPercentPriceBySide('buy', 50_000, avg, pair)).not.toThrow();
    expect(() => checkPercentPriceBySide('buy', 2000, avg, pair)).not.toThrow();
    expect(() => checkPercentPriceBySide('sell', 50_000, avg, pair)).not.toThrow();
    const err = (() => {
      try {
        checkPercentPriceBySide('buy', 50_001, avg, pair);
      } catch (e) {
        return e;
      }
      return undefined;
    })() as ExchangeError;
    expect(err).toBeInstanceOf(ExchangeError);
    expect(err.kind).toBe('price_protection');
    expect(err.params).toEqual({ filter: 'PERCENT_PRICE_BY_SIDE', price: '500.01', min: '20.00', max: '500.00', avgPrice: '100.00', mins: 5, quote: 'USDT' });
    expect(() => checkPercentPriceBySide('sell', 1999, avg, pair)).toThrow(ExchangeError);
  });

  it('no trade ever: nothing to measure against, every price passes', () => {
    expect(() => checkPercentPriceBySide('buy', 1, null, pair)).not.toThrow();
  });
});
