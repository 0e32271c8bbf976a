import { amountWithUnit } from '@makerdesk/format';
import { describe, expect, it } from 'vitest';
import { assetAmount, priceOf, quoteDecimals, shown } from './monitor-kit.ts';

const rules = { pricePrecision: 2, amountPrecision: 5, base: 'BTC', quote: 'USDT' };

describe('figures in server texts', () => {
  it('cut toward zero at the pair precision, as the console shows them (one display rule)', () => {
    expect(priceOf('64873.795', rules)).toBe('64,873.79 USDT');
    expect(priceOf('64873.795', rules)).toBe(amountWithUnit('64873.795', 2, 'USDT'));
    expect(shown('-12.349', 2)).toBe('-12.34');
    expect(shown('7', 2)).toBe('7.00');
    expect(assetAmount('0.123456789', 'base', rules)).toBe('0.12345 BTC');
    expect(assetAmount('1234567.899', 'quote', rules)).toBe('1,234,567.89 USDT');
  });

  it('show quote amounts at the price precision, between 2 and 8 decimals', () => {
    expect(quoteDecimals({ pricePrecision: 0 })).toBe(2);
    expect(quoteDecimals({ pricePrecision: 4 })).toBe(4);
    expect(quoteDecimals({ pricePrecision: 12 })).toBe(8);
  });
});
