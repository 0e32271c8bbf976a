import type { OrderBook, Ticker } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { PublicReferencePrices, REFERENCE_PRICE_CACHE_MS, type PublicVenueFactory } from './reference-prices.ts';

const book = (bid: string | null, ask: string | null): OrderBook => ({ symbol: 'BTC/USDT', bids: bid ? [[bid, '1']] : [], asks: ask ? [[ask, '1']] : [], timestamp: 0 });
const ticker = (last: string | null, bid: string | null, ask: string | null): Ticker => ({
  symbol: 'BTC/USDT',
  last,
  bid,
  ask,
  open24h: null,
  high24h: null,
  low24h: null,
  baseVolume24h: '0',
  quoteVolume24h: '0',
  timestamp: 0,
});

function setup(answer: () => Promise<Ticker>, withTicker = true) {
  let now = 1_000_000;
  const reads: string[] = [];
  const opened: string[] = [];
  const open: PublicVenueFactory = async (platform) => {
    opened.push(platform);
    return {
      fetchOrderBook: async (symbol) => (reads.push(`book ${platform} ${symbol}`), book('99', '101')),
      ...(withTicker ? { fetchTicker: async (symbol: string) => (reads.push(`ticker ${platform} ${symbol}`), answer()) } : {}),
      close: async () => undefined,
    };
  };
  const prices = new PublicReferencePrices(async () => book('64990', '65010'), open, () => now);
  return { prices, reads, opened, advance: (ms: number) => (now += ms) };
}

describe('a followed pair’s public price for the form (issue 19)', () => {
  it('reads the venue’s ticker: last trade, else the mid of bid and ask; the simulator’s reference mid for sim', async () => {
    let answer = ticker('65000.5', '64999', '65001');
    const s = setup(async () => answer);
    expect(await s.prices.price({ platform: 'Binance', symbol: 'BTC/USDT' })).toEqual({ price: '65000.5', at: 1_000_000 });
    s.advance(REFERENCE_PRICE_CACHE_MS);
    answer = ticker(null, '64999', '65002');
    expect((await s.prices.price({ platform: 'binance', symbol: 'BTC/USDT' })).price).toBe('65000.5');
    expect(s.opened).toEqual(['binance']);
    expect((await s.prices.price({ platform: 'sim', symbol: 'BTC/USDT' })).price).toBe('65000');
  });

  it('serves a read from memory for a few seconds, shared by concurrent callers; then reads again', async () => {
    const s = setup(async () => ticker('100', null, null));
    const [a, b] = await Promise.all([s.prices.price({ platform: 'okx', symbol: 'BTC/USDT' }), s.prices.price({ platform: 'okx', symbol: 'BTC/USDT' })]);
    expect(a).toEqual(b);
    s.advance(REFERENCE_PRICE_CACHE_MS - 1);
    await s.prices.price({ platform: 'okx', symbol: 'BTC/USDT' });
    expect(s.reads).toEqual(['ticker okx BTC/USDT']);
    s.advance(1);
    await s.prices.price({ platform: 'okx', symbol: 'BTC/USDT' });
    expect(s.reads).toEqual(['ticker okx BTC/USDT', 'ticker okx BTC/USDT']);
  });

  it('answers null when the venue cannot be read or the platform is unknown, and caches that too', async () => {
    const s = setup(async () => {
      throw new Error('ECONNREFUSED');
    });
    expect((await s.prices.price({ platform: 'binance', symbol: 'BTC/USDT' })).price).toBeNull();
    expect((await s.prices.price({ platform: 'binance', symbol: 'BTC/USDT' })).price).toBeNull();
    expect(s.reads).toHaveLength(1);
    expect((await s.prices.price({ platform: 'no such!', symbol: 'BTC/USDT' })).price).toBeNull();
  });

  it('a venue without a ticker: the mid of its book', async () => {
    const s = setup(async () => ticker('1', null, null), false);
    expect((await s.prices.price({ platform: 'kraken', symbol: 'BTC/USDT' })).price).toBe('100');
  });
});
