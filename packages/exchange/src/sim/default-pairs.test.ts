import { describe, expect, it } from 'vitest';
import { createDefaultSimVenue, defaultDemoFunds, defaultSimPairs, defaultSimVenueOptions } from './default-pairs.ts';

describe('the default simulator', () => {
  it('trades the coins the server seeds, at 0.1 % fees', () => {
    expect(defaultSimPairs.map((p) => [p.symbol, p.initialPrice, p.pricePrecision, p.amountPrecision])).toEqual([
      ['BTC/USDT', '65000', 2, 5],
      ['ETH/USDT', '3200', 2, 4],
      ['SOL/USDT', '150', 3, 3],
      ['MDK/USDT', '0.85', 4, 2],
    ]);
    for (const pair of defaultSimPairs) expect([pair.makerFeePpm, pair.takerFeePpm, pair.minNotional]).toEqual([1000, 1000, '5']);
    expect(defaultDemoFunds).toEqual({ USDT: '100000', BTC: '2', ETH: '40', SOL: '800', MDK: '200000' });
  });

  it('builds a venue with a tick a second unless told otherwise', () => {
    expect(defaultSimVenueOptions({ seed: 1 }).tickMs).toBe(1000);
    const venue = createDefaultSimVenue({ seed: 1, tickMs: 250 });
    expect(venue.tickMs).toBe(250);
    expect(venue.markets().map((m) => m.symbol)).toEqual(defaultSimPairs.map((p) => p.symbol));
    expect(venue.pairs).toEqual(defaultSimPairs);
  });
});
