import { describe, expect, it } from 'vitest';
import { createDefaultSimVenue, defaultSimPairs } from './default-pairs.ts';
import { SimConfigError } from './sim-pair.ts';

/** 10:37:20 on a day: not a minute boundary, so the current minute's bucket is partly gone. */
const NOW = Date.parse('2026-11-20T10:37:20Z');
const MINUTE = 60_000;

const venueWithHistory = (seed = 3, historyDays = 3) => createDefaultSimVenue({ seed, now: () => NOW, historyDays });

describe('a new venue made up with days of history', () => {
  it('has one candle a minute up to the current minute, in every interval, ending at the initial price', async () => {
    const venue = venueWithHistory();
    const market = venue.marketData();
    for (const pair of defaultSimPairs) {
      const minutes = await market.fetchCandles(pair.symbol, '1m', { limit: 1500 });
      expect(minutes).toHaveLength(1500);
      const currentMinute = NOW - (NOW % MINUTE);
      expect(minutes.at(-1)!.time).toBe(currentMinute - MINUTE);
      minutes.forEach((c, i) => {
        if (i > 0) expect(c.time - minutes[i - 1]!.time).toBe(MINUTE);
        const [open, high, low, close] = [c.open, c.high, c.low, c.close].map(Number) as [number, number, number, number];
        expect(low).toBeLessThanOrEqual(Math.min(open, close));
        expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
        expect(Number(c.volume)).toBeGreaterThan(0);
        expect(Number(c.quoteVolume)).toBeGreaterThan(0);
      });
      expect(minutes.at(-1)!.close).toBe(Number(pair.initialPrice).toFixed(pair.pricePrecision));
      expect(await market.fetchCandles(pair.symbol, '1h', { limit: 1500 })).toHaveLength(3 * 24 + 1);
      expect((await market.fetchCandles(pair.symbol, '1d', { limit: 1500 })).length).toBeGreaterThanOrEqual(3);

      const ticker = await market.fetchTicker(pair.symbol);
      expect(ticker.last).toBe(Number(pair.initialPrice).toFixed(pair.pricePrecision));
      // About what the noise traders trade in a day (27 trades a minute of ~12 × 5 USDT, fat-tailed).
      expect(Number(ticker.quoteVolume24h)).toBeGreaterThan(1_000_000);
      expect(Number(ticker.quoteVolume24h)).toBeLessThan(10_000_000);
      // A pair's volatility over three days moves its price by percents, not multiples.
      const closes = minutes.map((c) => Number(c.close));
      expect(Math.max(...closes) / Math.min(...closes)).toBeLessThan(1.5);
    }
  });

  it('is the same for the same seed and time, and another path for another seed', async () => {
    const candles = async (seed: number) => (await venueWithHistory(seed).marketData().fetchCandles('BTC/USDT', '5m', { limit: 100 })).map((c) => c.close);
    expect(await candles(3)).toEqual(await candles(3));
    expect(await candles(4)).not.toEqual(await candles(3));
  });

  it('leaves the live market as it would be without it', async () => {
    const plain = createDefaultSimVenue({ seed: 9, now: () => NOW });
    const seeded = venueWithHistory(9);
    for (let i = 0; i < 20; i++) {
      plain.step();
      seeded.step();
    }
    expect(await seeded.marketData().fetchOrderBook('ETH/USDT', 50)).toEqual(await plain.marketData().fetchOrderBook('ETH/USDT', 50));
    expect(seeded.fairPrice('ETH/USDT')).toBe(plain.fairPrice('ETH/USDT'));
  });

  it('is made up only for a new venue, never on a restore', async () => {
    const venue = createDefaultSimVenue({ seed: 2, now: () => NOW });
    expect(await venue.marketData().fetchCandles('SOL/USDT', '1m')).toEqual([]);
    expect(() => createDefaultSimVenue({ seed: 2, historyDays: 31 })).toThrow(SimConfigError);
    expect(() => createDefaultSimVenue({ seed: 2, historyDays: -1 })).toThrow(SimConfigError);
  });
});
