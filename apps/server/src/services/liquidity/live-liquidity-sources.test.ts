import type { LiquidityObligation } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { LiveMarket } from '../../venues/market-feeds.ts';
import type { LiquiditySources } from './liquidity-sampler.ts';
import { CombinedLiquiditySources, LIVE_BOOK_STALE_MS, LiveLiquiditySources } from './live-liquidity-sources.ts';

const obligation: LiquidityObligation = { coinId: 7, maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '100', minUptimePct: '90', period: 'day', updatedAt: 1 };
const book = { symbol: 'ABC/USDT', bids: [['99', '1']] as [string, string][], asks: [['101', '1']] as [string, string][], timestamp: 0 };

function market(held: { at: number; streamed: boolean } | null, peeks: string[]): LiveMarket {
  return {
    fetchOrderBook: () => Promise.reject(new Error('the sampler never asks the venue')),
    fetchTrades: () => Promise.reject(new Error('the sampler never asks the venue')),
    feedStatus: () => null,
    answersLocally: () => false,
    peekBook: async (symbol) => {
      peeks.push(symbol);
      return held && { book, ...held };
    },
  };
}

describe('LiveLiquiditySources', () => {
  const sources = (held: { at: number; streamed: boolean } | null, now: number, peeks: string[] = []) =>
    new LiveLiquiditySources({
      livePairs: async () => [
        { id: 7, symbol: 'ABC/USDT' },
        { id: 8, symbol: 'XYZ/USDT' },
      ],
      obligations: async () => [obligation],
      marketOf: async () => market(held, peeks),
      restingOrders: async (coinId) => [{ side: 'buy', price: '99', remaining: String(coinId) }],
      now: () => now,
    });

  it('measures the live pairs with an obligation, their book from the feed and their own orders from the journal', async () => {
    const peeks: string[] = [];
    const s = sources({ at: 0, streamed: true }, 60_000, peeks);
    expect(await s.pairs()).toEqual([{ coinId: 7, obligation: { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '100', minUptimePct: '90', period: 'day' } }]);
    // A streamed book is the stream's now, however long ago it last changed.
    expect(await s.book(7)).toEqual({ bids: book.bids, asks: book.asks });
    expect(await s.ownOrders(7)).toEqual([{ side: 'buy', price: '99', remaining: '7' }]);
    expect([await s.book(8), await s.ownOrders(8)]).toEqual([null, []]);
    expect(peeks).toEqual(['ABC/USDT']);
  });

  it('takes a polled book while it is fresh, a gap once it is older than a few seconds or when the feed holds none', async () => {
    const at = 100_000;
    const fresh = sources({ at, streamed: false }, at + LIVE_BOOK_STALE_MS);
    await fresh.pairs();
    expect(await fresh.book(7)).not.toBeNull();
    const stale = sources({ at, streamed: false }, at + LIVE_BOOK_STALE_MS + 1);
    await stale.pairs();
    expect(await stale.book(7)).toBeNull();
    const none = sources(null, at);
    await none.pairs();
    expect(await none.book(7)).toBeNull();
  });

  it('is a gap without a key on the pair (no market)', async () => {
    const s = new LiveLiquiditySources({ livePairs: async () => [{ id: 7, symbol: 'ABC/USDT' }], obligations: async () => [obligation], marketOf: async () => undefined, restingOrders: async () => [] });
    expect(await s.pairs()).toHaveLength(1);
    expect(await s.book(7)).toBeNull();
  });
});

describe('CombinedLiquiditySources', () => {
  it('answers each pair from the source that listed it', async () => {
    const one = (coinId: number, price: string): LiquiditySources => ({
      pairs: async () => [{ coinId, obligation: null }],
      book: async () => ({ bids: [[price, '1']], asks: [] }),
      ownOrders: async () => [{ side: 'sell', price, remaining: '1' }],
    });
    const both = new CombinedLiquiditySources([one(1, '10'), one(2, '20')]);
    expect((await both.pairs()).map((p) => p.coinId)).toEqual([1, 2]);
    expect([(await both.book(2))?.bids, (await both.ownOrders(1))[0]?.price, await both.book(3), await both.activity(2)]).toEqual([[['20', '1']], '10', null, {}]);
  });
});
