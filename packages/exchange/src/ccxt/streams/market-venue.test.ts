import { describe, expect, it } from 'vitest';
import { marketStreamOptions } from './market-venue.ts';
import { guardSends } from './pro-venue.ts';
import type { ProVenue } from './pro-venue.ts';

describe('marketStreamOptions', () => {
  it("turns ccxt's reconnect back-off off, keeps the platform's options, and puts Binance's streams on one connection", () => {
    expect(marketStreamOptions('binance', { fetchCurrencies: false, ws: { cost: 2 } })).toEqual({ fetchCurrencies: false, ws: { cost: 2, backoff: { max: 0 } }, streamLimits: { spot: 1 } });
    expect(marketStreamOptions('okx')).toEqual({ ws: { backoff: { max: 0 } } });
  });
  it("ccxt.pro's binance takes them over its defaults", async () => {
    const ccxt = (await import('ccxt')).default;
    const venue = new ccxt.pro.binance({ options: marketStreamOptions('binance') });
    const options = venue.options as { streamLimits: Record<string, number>; ws: { backoff: { max: number } } };
    expect([options.streamLimits.spot, options.streamLimits.future, options.ws.backoff.max]).toEqual([1, 50, 0]);
  });
});

describe('guardSends', () => {
  it('a failed send is handled, and still fails for whoever waits on it', async () => {
    const failing = { send: () => Promise.reject(new Error('socket closed')) };
    const venue = { client: () => failing } as unknown as ProVenue;
    guardSends(venue);
    const client = (venue as unknown as { client(url: string): { send(m: unknown): Promise<unknown> } }).client('ws://x');
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', onUnhandled);
    try {
      void client.send({});
      await expect(client.send({})).rejects.toThrow('socket closed');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
