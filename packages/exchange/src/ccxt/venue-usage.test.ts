import { describe, expect, it } from 'vitest';
import { limitsFromExchangeInfo, publishedLimits, usageFromHeaders } from './venue-usage.ts';

const LIMITS = { weight1m: 6000, orders10s: 100, orders1d: 200_000 };
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('Binance’s limit headers as VenueUsage', () => {
  it('reads the weight and order counts in any case ccxt gives the names', () => {
    const headers = { 'X-Mbx-Used-Weight-1m': '126', 'X-Mbx-Order-Count-10s': '3', 'X-Mbx-Order-Count-1d': '41', 'Content-Type': 'application/json' };
    expect(usageFromHeaders('binance', headers, LIMITS, null, T0)).toEqual({ usedWeight1m: 126, orderCount10s: 3, orderCount1d: 41, limits: LIMITS, at: T0 });
  });

  it('keeps the last order counts while in their window on answers without them; none for other venues', () => {
    const first = usageFromHeaders('binance', { 'x-mbx-used-weight-1m': '10', 'x-mbx-order-count-10s': '4', 'x-mbx-order-count-1d': '9' }, LIMITS, null, T0 + 1000)!;
    expect(usageFromHeaders('binance', { 'x-mbx-used-weight-1m': '16' }, LIMITS, first, T0 + 2000)).toMatchObject({ usedWeight1m: 16, orderCount10s: 4, orderCount1d: 9 });
    expect(usageFromHeaders('binance', { 'x-mbx-used-weight-1m': '16' }, LIMITS, first, T0 + 10_000)).toMatchObject({ orderCount10s: null, orderCount1d: 9 });
    expect(usageFromHeaders('binance', {}, LIMITS, first, T0)).toBeNull();
    expect(usageFromHeaders('okx', { 'x-mbx-used-weight-1m': '16' }, LIMITS, null, T0)).toBeNull();
    expect(publishedLimits('binance')).toEqual(LIMITS);
    expect(publishedLimits('okx')).toBeNull();
  });

  it('takes the limits exchangeInfo states; one it leaves out is not enforced', () => {
    const info = { rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 600 }, { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 5 }] };
    expect(limitsFromExchangeInfo(info)).toEqual({ weight1m: 600, orders10s: 5, orders1d: null });
    expect(limitsFromExchangeInfo({ symbols: [] })).toBeNull();
  });
});
