import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import { PERCENT_PRICE_BY_SIDE } from '../percent-price-filter.ts';
import { isBarePercentPriceRefusal, percentPriceFilterOf, withPercentPriceBand } from './percent-price.ts';

const bare = new ExchangeError('price_protection', 'binance {"code":-1013,"msg":"Filter failure: PERCENT_PRICE_BY_SIDE"}', { ccxt: 'InvalidOrder', filter: 'PERCENT_PRICE_BY_SIDE' });

describe("a live venue's PERCENT_PRICE_BY_SIDE refusal with its band", () => {
  it("finds the filter in the market's listing, and only a well-formed one", () => {
    expect(percentPriceFilterOf({ filters: [{ filterType: 'PRICE_FILTER' }, PERCENT_PRICE_BY_SIDE] })).toEqual(PERCENT_PRICE_BY_SIDE);
    expect(percentPriceFilterOf({ filters: [{ ...PERCENT_PRICE_BY_SIDE, bidMultiplierUp: 5 }] })).toBeNull();
    expect(percentPriceFilterOf({})).toBeNull();
    expect(percentPriceFilterOf(undefined)).toBeNull();
  });

  it('works out the side’s bounds around the average price at the pair’s precision (lower rounded up, upper down)', () => {
    const buy = withPercentPriceBand(bare, { side: 'buy', price: '1000000' }, { filter: { ...PERCENT_PRICE_BY_SIDE, bidMultiplierDown: '0.21' }, avgPrice: '64766.6789', pricePrecision: 2, quote: 'USDT' });
    expect(buy.kind).toBe('price_protection');
    expect(buy.cause).toBe(bare);
    expect(buy.params).toEqual({ ccxt: 'InvalidOrder', filter: 'PERCENT_PRICE_BY_SIDE', price: '1000000', min: '13601.01', max: '323833.39', avgPrice: '64766.68', mins: 5, quote: 'USDT' });
    const sell = withPercentPriceBand(bare, { side: 'sell', price: '1' }, { filter: { ...PERCENT_PRICE_BY_SIDE, askMultiplierUp: '2' }, avgPrice: '100', avgPriceMins: 3, pricePrecision: 2, quote: 'USDT' });
    expect(sell.params).toMatchObject({ min: '20.00', max: '200.00', mins: 3 });
    expect(isBarePercentPriceRefusal(bare)).toBe(true);
    expect(isBarePercentPriceRefusal(buy)).toBe(false);
    expect(isBarePercentPriceRefusal(new ExchangeError('price_protection', 'x'))).toBe(false);
  });
});
