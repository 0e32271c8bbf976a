import { describe, expect, it } from 'vitest';
import * as exchange from '../index.ts';
import type { SimVenueApi } from '../index.ts';

describe('the simulator exports of @makerdesk/exchange', () => {
  it('exports the venue, its defaults and its errors flat', async () => {
    const venue: SimVenueApi = exchange.createDefaultSimVenue({ seed: 1 });
    expect(venue).toBeInstanceOf(exchange.SimVenue);
    expect(exchange.defaultSimPairs).toHaveLength(4);
    expect(exchange.defaultDemoFunds.USDT).toBe('100000');
    const options = exchange.defaultSimVenueOptions({ seed: 1 });
    expect(() => exchange.SimVenue.restore(options, { version: 1 })).toThrow(exchange.SimSnapshotError);
    expect(() => new exchange.SimVenue({ ...options, tickMs: 0 })).toThrow(exchange.SimConfigError);
    expect(typeof exchange.matching.SpotMarket).toBe('function');
  });
});
