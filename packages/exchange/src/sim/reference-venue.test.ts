import { describe, expect, it } from 'vitest';
import { defaultSimPairs } from './default-pairs.ts';
import { REFERENCE_PROFILE, ReferenceVenue } from './reference-venue.ts';
import { setupPairs } from './sim-pair.ts';
import { SimSnapshotError } from './snapshot-codec.ts';

const { setups } = setupPairs(defaultSimPairs);
const fairs = new Map(setups.map((s) => [s.config.symbol, s.initialPrice]));

describe('ReferenceVenue', () => {
  it('quotes its own ladder around the fair price moved by its basis', () => {
    const venue = new ReferenceVenue(setups, 1, fairs);
    const book = venue.book('ETH/USDT', 100, 5)!;
    expect(book.bids).toHaveLength(REFERENCE_PROFILE.layers);
    expect(book.asks).toHaveLength(REFERENCE_PROFILE.layers);
    // No basis yet: the first layers sit 0.03 % either side of 3200.
    expect(book.bids[0]![0]).toBe('3199.04');
    expect(book.asks[0]![0]).toBe('3200.96');
    expect(venue.midTicks('ETH/USDT')).toBe(320000);
    expect(venue.book('DOGE/USDT', 5, 0)).toBeUndefined();

    for (let i = 0; i < 500; i++) venue.step(fairs);
    const mid = venue.midTicks('ETH/USDT')! / 100;
    expect(Math.abs(mid / 3200 - 1)).toBeLessThan(0.012);
    expect(Math.abs(venue.fairPrice('ETH/USDT', 3200) / 3200 - 1)).toBeLessThanOrEqual(0.01);
    expect(venue.conserves()).toBe(true);
  });

  it('resumes from its JSON and continues identically', () => {
    const venue = new ReferenceVenue(setups, 2, fairs);
    for (let i = 0; i < 50; i++) venue.step(fairs);
    const copy = new ReferenceVenue(setups, 999, fairs, JSON.parse(JSON.stringify(venue.toJSON())));
    expect(copy.toJSON()).toEqual(venue.toJSON());
    for (let i = 0; i < 50; i++) {
      venue.step(fairs);
      copy.step(fairs);
    }
    expect(copy.toJSON()).toEqual(venue.toJSON());
    expect(copy.book('BTC/USDT', 50, 0)).toEqual(venue.book('BTC/USDT', 50, 0));
  });

  it('refuses a snapshot whose balances do not cover its books', () => {
    const json = new ReferenceVenue(setups, 3, fairs).toJSON();
    json.ledger.accounts = [];
    expect(() => new ReferenceVenue(setups, 3, fairs, JSON.parse(JSON.stringify(json)))).toThrow(SimSnapshotError);
  });
});
