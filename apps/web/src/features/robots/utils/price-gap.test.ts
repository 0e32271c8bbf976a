import { describe, expect, it } from 'vitest';
import { mappedPrice, priceGap, referenceLegs, referencePrice } from './price-gap';

describe('the 5 % price gap (spec §5)', () => {
  it('asks only past 5 %, exactly, in decimals', () => {
    expect(priceGap('105', '100')?.needsConfirmation).toBe(false);
    expect(priceGap('95', '100')?.needsConfirmation).toBe(false);
    expect(priceGap('105.000000001', '100')?.needsConfirmation).toBe(true);
    expect(priceGap('94.99', '100')?.needsConfirmation).toBe(true);
    // 0.1 + 0.2 style floats would drift here; decimals do not.
    expect(priceGap('0.315', '0.3')?.needsConfirmation).toBe(false);
    expect(priceGap('0.315', '0.3')?.gap).toMatch(/^0\.050*$/);
    expect(priceGap('1', '0')).toBeNull();
  });

  it('maps the reference with the ratio', () => {
    expect(mappedPrice('65000', '1.05')).toBe('68250');
    expect(mappedPrice('65000', 2)).toBe('130000');
    expect(mappedPrice('65000', 'x')).toBeNull();
  });

  it('builds the reference of each follow kind: one pair, a combo’s product, a basket’s weighted sum', () => {
    const prices: Record<string, string> = { 'TOKEN/USDT': '2', 'BTC/USDT': '50000', 'ETH/USDT': '2500' };
    const priceOf = (leg: { symbol: string }) => prices[leg.symbol] ?? null;
    expect(referencePrice(referenceLegs({ source: { platform: 'sim', symbol: 'BTC/USDT' } }), priceOf)).toBe('50000');
    const combo = { legs: [{ platform: 'sim', symbol: 'TOKEN/USDT', use: 'price' }, { platform: 'sim', symbol: 'BTC/USDT', use: 'inverse' }, { platform: 'sim', symbol: 'BTC/USDT', use: 'price' }] };
    expect(Number(referencePrice(referenceLegs(combo), priceOf))).toBe(2);
    const etf = { components: [{ platform: 'sim', symbol: 'BTC/USDT', weight: '0.5' }, { platform: 'sim', symbol: 'ETH/USDT', weight: '0.5' }] };
    expect(referencePrice(referenceLegs(etf), priceOf)).toBe('26250');
    expect(referencePrice(referenceLegs({ source: { platform: 'binance', symbol: 'SOL/USDT' } }), priceOf)).toBeNull();
  });
});
