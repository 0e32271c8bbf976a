import { describe, expect, it } from 'vitest';
import { defaultSimPairs } from './default-pairs.ts';
import { SimConfigError, ppmToFraction, setupPairs } from './sim-pair.ts';
import type { SimPairConfig } from './sim-venue.api.ts';

const btc = defaultSimPairs[0]!;

function refusal(pairs: SimPairConfig[]): string {
  try {
    setupPairs(pairs);
  } catch (err) {
    if (err instanceof SimConfigError) return err.message;
    throw err;
  }
  return 'ok';
}

describe('setupPairs', () => {
  it('derives the scales of each pair and the decimals of each asset', () => {
    const { setups, assetDecimals } = setupPairs(defaultSimPairs);
    expect(setups[0]).toMatchObject({ initialPrice: 65000, minLots: 1, minNotionalUnits: 500_000_000n, grid: { tickScale: 100, lotScale: 100_000 } });
    expect([...assetDecimals]).toEqual([['BTC', 8], ['USDT', 8], ['ETH', 8], ['SOL', 8], ['MDK', 8]]);
  });

  it('refuses what it cannot simulate', () => {
    expect(refusal([])).toMatch(/at least one pair/);
    expect(refusal([btc, btc])).toMatch(/listed twice/);
    expect(refusal([{ ...btc, symbol: 'BTCUSDT' }])).toMatch(/BASE\/QUOTE/);
    expect(refusal([{ ...btc, quoteDecimals: 6 }])).toMatch(/quoteDecimals/);
    expect(refusal([btc, { ...defaultSimPairs[1]!, quoteDecimals: 7 }])).toMatch(/USDT has 7 decimals/);
    expect(refusal([{ ...btc, initialPrice: '0' }])).toMatch(/initialPrice must be positive/);
    expect(refusal([{ ...btc, minAmount: 'abc' }])).toMatch(/minAmount/);
    expect(refusal([{ ...btc, volatility: Number.NaN }])).toMatch(/volatility/);
  });

  it('writes fees as decimal fractions', () => {
    expect(ppmToFraction(1000)).toBe('0.001');
    expect(ppmToFraction(2500)).toBe('0.0025');
    expect(ppmToFraction(0)).toBe('0');
    expect(ppmToFraction(1_000_000)).toBe('1');
  });
});
