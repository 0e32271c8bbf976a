import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnitsError } from './decimal-units.ts';
import {
  MarketSpecError,
  amountToLots,
  defineMarket,
  feeUnits,
  feeUnitsOfSafe,
  lotsToAmount,
  lotsToBaseUnits,
  notionalUnits,
  priceToTicks,
  ticksToPrice,
} from './market.ts';
import { BTC_USDT_MARKET } from '../testing/market-specs.ts';

describe('defineMarket', () => {
  it('derives the unit scales', () => {
    const market = defineMarket(BTC_USDT_MARKET);
    expect(market.lotUnits).toBe(100_000n);
    expect(market.tickLotUnits).toBe(1_000n);
    expect(Object.isFrozen(market)).toBe(true);
  });

  it.each([
    [{ symbol: '' }, 'symbol must be a non-empty string'],
    [{ quote: 'BTC' }, 'base and quote must differ'],
    [{ pricePrecision: -1 }, 'pricePrecision must be an integer from 0 to 36, got -1'],
    [{ amountPrecision: 1.5 }, 'amountPrecision must be an integer from 0 to 36, got 1.5'],
    [{ baseDecimals: 2 }, 'baseDecimals must be an integer from 3 to 36, got 2'],
    [{ quoteDecimals: 4 }, 'quoteDecimals must be an integer from 5 to 36, got 4'],
    [{ makerFeePpm: -5 }, 'makerFeePpm must be an integer from 0 to 1000000, got -5'],
    [{ takerFeePpm: 1_000_001 }, 'takerFeePpm must be an integer from 0 to 1000000, got 1000001'],
  ] as const)('refuses %j', (patch, message) => {
    expect(() => defineMarket({ ...BTC_USDT_MARKET, ...patch })).toThrow(new MarketSpecError(message));
  });
});

describe('unit conversions', () => {
  const market = defineMarket(BTC_USDT_MARKET);

  it('turns decimal strings into ticks and lots and back', () => {
    expect(priceToTicks(market, '20000.5')).toBe(2_000_050);
    expect(amountToLots(market, '0.015')).toBe(15);
    expect(ticksToPrice(market, 2_000_050)).toBe('20000.50');
    expect(lotsToAmount(market, 15)).toBe('0.015');
  });

  it('refuses prices and amounts finer than the market precision unless rounding is asked', () => {
    expect(() => priceToTicks(market, '20000.505')).toThrow(UnitsError);
    expect(() => amountToLots(market, '0.0155')).toThrow('"0.0155" has more than 3 decimals');
    expect(priceToTicks(market, '20000.505', 'down')).toBe(2_000_050);
    expect(amountToLots(market, '0.0155', 'up')).toBe(16);
  });

  it('computes base units and exact notionals', () => {
    // 0.015 BTC at 20000.00 USDT = 300 USDT = 30,000,000,000 units of 1e-8.
    expect(lotsToBaseUnits(market, 15)).toBe(1_500_000n);
    expect(notionalUnits(market, 2_000_000, 15)).toBe(30_000_000_000n);
  });

  it('keeps notionals exact beyond 2^53', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(notionalUnits(market, big, big)).toBe(BigInt(big) * BigInt(big) * 1_000n);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (ticks, lots) => {
          expect(notionalUnits(market, ticks, lots)).toBe(BigInt(ticks) * BigInt(lots) * 1_000n);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });
});

describe('feeUnits', () => {
  it.each([
    [1_500_000n, 1000, 1_500n],
    [30_000_000_000n, 200, 6_000_000n],
    [7n, 1000, 1n], // 0.007 rounds up to 1
    [231n, 1500, 1n], // 0.3465 rounds up to 1
    [1_000_001n, 1000, 1_001n], // 1000.001 rounds up
    [1_000_000n, 1000, 1_000n], // exact stays exact
    [0n, 1000, 0n],
    [5n, 0, 0n],
    [5n, 1_000_000, 5n],
  ] as const)('fee on %s at %i ppm is %s', (amount, ppm, expected) => {
    expect(feeUnits(amount, ppm)).toBe(expected);
  });

  it('gives the same fee from a safe-integer amount, across the float/bigint boundary', () => {
    const amounts = fc.oneof(
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: Number.MAX_SAFE_INTEGER - 10_000_000, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 1_000_000 }), (amount, ppm) => {
        expect(feeUnitsOfSafe(amount, ppm)).toBe(feeUnits(BigInt(amount), ppm));
      }),
      { numRuns: 2_000, seed: 13 },
    );
    // ~8.6e9 × 1e6 + 1: a float ceil(x / 1e6) would round this quotient down to an integer.
    expect(feeUnitsOfSafe(8_589_934_593, 1_000_000 - 1)).toBe(feeUnits(8_589_934_593n, 999_999));
    expect(feeUnitsOfSafe(9_007_199_254, 1_000_000)).toBe(9_007_199_254n);
  });

  it('rounds up by less than one unit and never exceeds the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 1_000_000 }), (amount, ppm) => {
        const fee = feeUnits(amount, ppm);
        expect(fee).toBeLessThanOrEqual(amount);
        expect(fee * 1_000_000n).toBeGreaterThanOrEqual(amount * BigInt(ppm));
        expect((fee - 1n) * 1_000_000n).toBeLessThan(amount * BigInt(ppm));
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});
