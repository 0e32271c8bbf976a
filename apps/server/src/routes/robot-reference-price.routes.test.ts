/**
 * GET /robot/referencePrice (issue 19): the form's 5 % price-gap check reads a live follow
 * reference's public price through the server, cached briefly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
const tickers: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    publicVenue: async (platform) => {
      if (platform !== 'binance') throw new Error(`ccxt has no exchange "${platform}"`);
      return {
        fetchOrderBook: async () => ({ symbol: 'ETH/BTC', bids: [], asks: [], timestamp: 0 }),
        fetchTicker: async (symbol) => {
          tickers.push(symbol);
          return { symbol, last: '0.05123', bid: '0.0512', ask: '0.0513', open24h: null, high24h: null, low24h: null, baseVolume24h: '0', quoteVolume24h: '0', timestamp: 0 };
        },
        close: async () => undefined,
      };
    },
  });
  token = await t.login();
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
});
afterAll(() => t.close());

const read = (query: string, auth = true) => t.call('GET', `/backend/robot/referencePrice?${query}`, auth ? { token } : {});

describe('GET /robot/referencePrice', () => {
  it('reads a live venue’s ticker without a key, once for several asks in a few seconds', async () => {
    const first = await read('platform=binance&symbol=ETH/BTC');
    expect(first.body).toMatchObject({ code: 200, data: { platform: 'binance', symbol: 'ETH/BTC', price: '0.05123', at: expect.any(Number) } });
    await read('platform=BINANCE&symbol=ETH/BTC');
    expect(tickers).toEqual(['ETH/BTC']);
  });

  it('reads the simulator’s reference venue for sim', async () => {
    const res = await read('platform=sim&symbol=BTC/USDT');
    expect(res.body.code).toBe(200);
    expect(Number(res.body.data.price)).toBeGreaterThan(0);
  });

  it('answers a null price for a venue it cannot open, and refuses malformed input with the field’s message', async () => {
    expect((await read('platform=nosuchvenue&symbol=ETH/BTC')).body).toMatchObject({ code: 200, data: { price: null } });
    const bad = await read('platform=bin%20ance&symbol=ETH/BTC');
    expect(bad.body.code).not.toBe(200);
    expect(bad.body.msg).toContain('Invalid platform code');
    const pair = await read('platform=binance&symbol=ETHBTC');
    expect(pair.body.msg).toContain('BASE/QUOTE');
  });

  it('is for signed-in users only', async () => {
    const res = await read('platform=binance&symbol=ETH/BTC', false);
    expect(res.body.code).not.toBe(200);
  });
});
