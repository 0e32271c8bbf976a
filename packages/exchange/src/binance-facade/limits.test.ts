import { describe, expect, it } from 'vitest';
import {
  BINANCE_LIMITS,
  FIRST_BAN_MS,
  LONGEST_BAN_MS,
  OrderLimiter,
  REFUSALS_BEFORE_BAN,
  RequestWeightLimiter,
  banLength,
  parseBinanceLimits,
  rateLimitsOf,
  requestWeight,
} from './limits.ts';

const params = (values: Record<string, string> = {}) => (name: string) => values[name];
const MINUTE = 60_000;
/** 12:00:00.000 UTC on a day: the start of a minute and of a 10 s window. */
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('request weights (rest-api.md)', () => {
  it('weighs depth by its limit, default 100', () => {
    expect(requestWeight('GET', 'depth', params(), 'api')).toBe(5);
    expect(requestWeight('GET', 'depth', params({ limit: '100' }), 'api')).toBe(5);
    expect(requestWeight('GET', 'depth', params({ limit: '101' }), 'api')).toBe(25);
    expect(requestWeight('GET', 'depth', params({ limit: '500' }), 'api')).toBe(25);
    expect(requestWeight('GET', 'depth', params({ limit: '1000' }), 'api')).toBe(50);
    expect(requestWeight('GET', 'depth', params({ limit: '5000' }), 'api')).toBe(250);
  });

  it('weighs openOrders 6 with a symbol and 80 without; myTrades 5 with an orderId, 20 without', () => {
    expect(requestWeight('GET', 'openOrders', params({ symbol: 'BTCUSDT' }), 'api')).toBe(6);
    expect(requestWeight('GET', 'openOrders', params(), 'api')).toBe(80);
    expect(requestWeight('GET', 'myTrades', params({ symbol: 'BTCUSDT', orderId: '3' }), 'api')).toBe(5);
    expect(requestWeight('GET', 'myTrades', params({ symbol: 'BTCUSDT' }), 'api')).toBe(20);
  });

  it('weighs the tickers by the symbols asked for', () => {
    expect(requestWeight('GET', 'ticker/24hr', params({ symbol: 'BTCUSDT' }), 'api')).toBe(2);
    expect(requestWeight('GET', 'ticker/24hr', params(), 'api')).toBe(80);
    expect(requestWeight('GET', 'ticker/24hr', params({ symbols: JSON.stringify(Array(20).fill('X')) }), 'api')).toBe(2);
    expect(requestWeight('GET', 'ticker/24hr', params({ symbols: JSON.stringify(Array(21).fill('X')) }), 'api')).toBe(40);
    expect(requestWeight('GET', 'ticker/24hr', params({ symbols: JSON.stringify(Array(101).fill('X')) }), 'api')).toBe(80);
    expect(requestWeight('GET', 'ticker/price', params({ symbol: 'BTCUSDT' }), 'api')).toBe(2);
    expect(requestWeight('GET', 'ticker/bookTicker', params(), 'api')).toBe(4);
  });

  it('has DESK.md’s numbers for the calls a bot makes', () => {
    const table: [string, string, number][] = [
      ['GET', 'account', 20],
      ['GET', 'allOrders', 20],
      ['GET', 'order', 4],
      ['POST', 'order', 1],
      ['DELETE', 'order', 1],
      ['GET', 'exchangeInfo', 20],
      ['GET', 'trades', 25],
      ['GET', 'avgPrice', 2],
      ['POST', 'order/cancelReplace', 1],
      ['GET', 'rateLimit/order', 40],
    ];
    for (const [method, path, weight] of table) expect(requestWeight(method, path, params(), 'api'), `${method} ${path}`).toBe(weight);
    expect(requestWeight('post', 'order/test', params({ computeCommissionRates: 'true' }), 'api')).toBe(20);
  });

  it('leaves wallet (sapi) calls to their own limit and weighs an unknown path 1', () => {
    expect(requestWeight('GET', 'capital/config/getall', params(), 'sapi')).toBe(0);
    expect(requestWeight('GET', 'nothing/here', params(), undefined)).toBe(1);
  });
});

describe('request weight per IP', () => {
  it('counts per IP in minute windows and refuses past the limit with 429, -1003 and the seconds to the next window', () => {
    const limiter = new RequestWeightLimiter(() => 100);
    expect(limiter.charge('1.1.1.1', 60, T0)).toEqual({ ok: true, usedWeight: 60 });
    expect(limiter.charge('1.1.1.1', 40, T0 + 1000)).toEqual({ ok: true, usedWeight: 100 });
    // Another address has its own count.
    expect(limiter.charge('2.2.2.2', 5, T0 + 1000)).toEqual({ ok: true, usedWeight: 5 });
    const refused = limiter.charge('1.1.1.1', 1, T0 + 45_500);
    expect(refused).toEqual({
      ok: false,
      status: 429,
      code: -1003,
      msg: 'Too much request weight used; current limit is 100 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.',
      retryAfterSeconds: 15,
      usedWeight: 100,
    });
    // The refused request is not counted; the next minute starts from zero.
    expect(limiter.used('1.1.1.1', T0 + 59_999)).toBe(100);
    expect(limiter.charge('1.1.1.1', 7, T0 + MINUTE)).toEqual({ ok: true, usedWeight: 7 });
  });

  it('bans an address that keeps sending after its 429s (418), for longer each time it does it again', () => {
    const limiter = new RequestWeightLimiter(() => 10);
    const ip = '3.3.3.3';
    expect(limiter.charge(ip, 10, T0).ok).toBe(true);
    for (let i = 0; i < REFUSALS_BEFORE_BAN; i++) expect(limiter.charge(ip, 1, T0 + 100 + i)).toMatchObject({ ok: false, status: 429 });
    const banned = limiter.charge(ip, 1, T0 + 1000);
    expect(banned).toMatchObject({ ok: false, status: 418, code: -1003, retryAfterSeconds: 120 });
    if (banned.ok) throw new Error('unreachable');
    expect(banned.msg).toBe(`Way too much request weight used; IP banned until ${T0 + 1000 + FIRST_BAN_MS}. Please use WebSocket Streams for live updates to avoid bans.`);
    // Banned across windows, even for a request that would fit; the time left goes down.
    expect(limiter.charge(ip, 1, T0 + 61_000)).toMatchObject({ ok: false, status: 418, retryAfterSeconds: 60 });
    // After the ban the address is served again.
    const after = T0 + 1000 + FIRST_BAN_MS;
    expect(limiter.charge(ip, 1, after)).toMatchObject({ ok: true });
    // A second offence soon after: twice as long.
    expect(limiter.charge(ip, 9, after + 1).ok).toBe(true);
    for (let i = 0; i < REFUSALS_BEFORE_BAN; i++) limiter.charge(ip, 1, after + 2 + i);
    expect(limiter.charge(ip, 1, after + 100)).toMatchObject({ ok: false, status: 418, retryAfterSeconds: (2 * FIRST_BAN_MS) / 1000 });
  });

  it('grows bans from 2 minutes to at most 3 days', () => {
    expect(banLength(1)).toBe(2 * MINUTE);
    expect(banLength(2)).toBe(4 * MINUTE);
    expect(banLength(5)).toBe(32 * MINUTE);
    expect(banLength(12)).toBe(4096 * MINUTE);
    expect(banLength(13)).toBe(LONGEST_BAN_MS);
    expect(banLength(100)).toBe(3 * 24 * 60 * MINUTE);
  });

  it('counts but never refuses when the limit is off', () => {
    const limiter = new RequestWeightLimiter(() => 0);
    for (let i = 0; i < 100; i++) expect(limiter.charge('4.4.4.4', 1000, T0 + i).ok).toBe(true);
    expect(limiter.used('4.4.4.4', T0 + 100)).toBe(100_000);
  });
});

describe('orders per account', () => {
  it('refuses the order past the 10 s limit with -1015 and Binance’s text, until the next window', () => {
    const limiter = new OrderLimiter(() => ({ ...BINANCE_LIMITS, ordersPer10s: 3 }));
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('key-a', T0 + i)).toEqual({ ok: true });
      limiter.record('key-a', T0 + i);
    }
    expect(limiter.headers('key-a', T0 + 3)).toEqual({ 'x-mbx-order-count-10s': '3', 'x-mbx-order-count-1d': '3' });
    expect(limiter.check('key-a', T0 + 2500)).toEqual({ ok: false, status: 429, code: -1015, msg: 'Too many new orders; current limit is 3 orders per 10 SECOND.', retryAfterSeconds: 8 });
    // Another key is not affected; the next 10 s window is open again, the day's count goes on.
    expect(limiter.check('key-b', T0 + 2500)).toEqual({ ok: true });
    expect(limiter.check('key-a', T0 + 10_000)).toEqual({ ok: true });
    limiter.record('key-a', T0 + 10_000);
    expect(limiter.headers('key-a', T0 + 10_001)).toEqual({ 'x-mbx-order-count-10s': '1', 'x-mbx-order-count-1d': '4' });
  });

  it('refuses past the daily limit until UTC midnight', () => {
    const limiter = new OrderLimiter(() => ({ ...BINANCE_LIMITS, ordersPerDay: 2 }));
    limiter.record('k', T0);
    limiter.record('k', T0 + 60_000);
    expect(limiter.check('k', T0 + 120_000)).toEqual({ ok: false, status: 429, code: -1015, msg: 'Too many new orders; current limit is 2 orders per 1 DAY.', retryAfterSeconds: 12 * 3600 - 120 });
    expect(limiter.check('k', Date.UTC(2026, 10, 28))).toEqual({ ok: true });
  });

  it('reports the enforced intervals in rateLimit/order', () => {
    const limiter = new OrderLimiter(() => ({ ...BINANCE_LIMITS, ordersPerDay: 0 }));
    limiter.record('k', T0);
    expect(limiter.of('k', T0)).toEqual([{ rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100, count: 1 }]);
  });
});

describe('the setting', () => {
  it('is Binance’s numbers when on, nothing when off, and partial overrides over Binance’s', () => {
    expect(parseBinanceLimits('on')).toEqual({ weightPerMinute: 6000, ordersPer10s: 100, ordersPerDay: 200_000 });
    expect(parseBinanceLimits('')).toEqual(BINANCE_LIMITS);
    expect(parseBinanceLimits('off')).toEqual({ weightPerMinute: 0, ordersPer10s: 0, ordersPerDay: 0 });
    expect(parseBinanceLimits('weight1m=1200, orders10s=0')).toEqual({ weightPerMinute: 1200, ordersPer10s: 0, ordersPerDay: 200_000 });
    expect(() => parseBinanceLimits('weight=5')).toThrow(/not "weight=5"/);
    expect(() => parseBinanceLimits('orders1d=-1')).toThrow(/weight1m=<n>/);
  });

  it('lists in exchangeInfo the limits enforced, and only those', () => {
    expect(rateLimitsOf(BINANCE_LIMITS)).toEqual([
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
    ]);
    expect(rateLimitsOf(parseBinanceLimits('weight1m=0,orders1d=0'))).toEqual([{ rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 }]);
    expect(rateLimitsOf(parseBinanceLimits('off'))).toEqual([]);
  });
});
