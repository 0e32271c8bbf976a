import type { LiquidityObligation } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { RestingQuote } from '@makerdesk/engine';
import type { Order, Trade } from '@makerdesk/exchange';
import type { HeardCursor, HeardTrades } from '@makerdesk/exchange/ccxt';
import type { LedgerBatch, LedgerCursor } from '../../repositories/liquidity.repository.ts';
import type { LiveMarket } from '../../venues/market-feeds.ts';
import type { LiquiditySources } from './liquidity-sampler.ts';
import { CombinedLiquiditySources, LIVE_BOOK_STALE_MS, LiveLiquiditySources, streamedOrders, type LiveAccount } from './live-liquidity-sources.ts';

const obligation: LiquidityObligation = { coinId: 7, maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '100', minUptimePct: '90', period: 'day', updatedAt: 1 };
const book = { symbol: 'ABC/USDT', bids: [['99', '1']] as [string, string][], asks: [['101', '1']] as [string, string][], timestamp: 0 };

const noLedger = async () => ({ batch: { botFills: [], manualFills: [], placed: [] }, cursor: { fillId: 0, orderId: 0, manualId: 0 } });

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
      ledgerSince: noLedger,
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

  it('measures a live pair a bot runs on without an obligation too (no uptime owed), and none with neither', async () => {
    const peeks: string[] = [];
    const s = new LiveLiquiditySources({
      livePairs: async () => [
        { id: 7, symbol: 'ABC/USDT', botsRunning: false },
        { id: 8, symbol: 'XYZ/USDT', botsRunning: true },
        { id: 9, symbol: 'QRS/USDT', botsRunning: false },
      ],
      obligations: async () => [obligation],
      marketOf: async () => market({ at: 0, streamed: true }, peeks),
      restingOrders: async () => [],
      ledgerSince: noLedger,
      now: () => 60_000,
    });
    expect(await s.pairs()).toEqual([
      { coinId: 7, obligation: { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '100', minUptimePct: '90', period: 'day' } },
      { coinId: 8, obligation: null },
    ]);
    expect(await s.book(8)).toEqual({ bids: book.bids, asks: book.asks });
    expect(await s.book(9)).toBeNull();
    expect(peeks).toEqual(['XYZ/USDT']);
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
    const s = new LiveLiquiditySources({ livePairs: async () => [{ id: 7, symbol: 'ABC/USDT' }], obligations: async () => [obligation], marketOf: async () => undefined, restingOrders: async () => [], ledgerSince: noLedger });
    expect(await s.pairs()).toHaveLength(1);
    expect(await s.book(7)).toBeNull();
  });
});

describe('LiveLiquiditySources own orders', () => {
  const order = (orderNo: string, direction: 'buy' | 'sell', price: string | null, amount: string, filledAmount: string) => ({ orderNo, direction, price, amount, filledAmount }) as Order;
  const journal: RestingQuote[] = [{ side: 'buy', price: '1', remaining: '1' }];
  const sources = (accounts: LiveAccount[]) =>
    new LiveLiquiditySources({ livePairs: async () => [{ id: 7, symbol: 'ABC/USDT' }], obligations: async () => [obligation], marketOf: async () => undefined, restingOrders: async () => journal, accountsOf: async () => accounts, ledgerSince: noLedger });

  it('takes the open orders every account stream holds (manual ones too, each once), else the bots’ journal', async () => {
    const a: LiveAccount = { peekOpenOrders: () => [order('1', 'buy', '99', '2', '0.5'), order('2', 'sell', '101', '1', '0'), order('3', 'buy', null, '1', '0')] };
    const sameKey: LiveAccount = { peekOpenOrders: () => [order('2', 'sell', '101', '1', '0')] };
    const blind: LiveAccount = { peekOpenOrders: () => null };
    const both = sources([a, sameKey]);
    await both.pairs();
    expect(await both.ownOrders(7)).toEqual([
      { side: 'buy', price: '99', remaining: '1.5' },
      { side: 'sell', price: '101', remaining: '1' },
    ]);
    // One stream that cannot tell (down, or not complete for the pair), or no stream: the journal.
    for (const accounts of [[a, blind], []]) {
      const s = sources(accounts);
      await s.pairs();
      expect(await s.ownOrders(7)).toEqual(journal);
    }
    expect(streamedOrders({ symbol: 'ABC/USDT', accounts: [] })).toBeNull();
  });
});

describe('LiveLiquiditySources.activity', () => {
  const trade = (id: string, price: string, amount: string): Trade => ({ id, symbol: 'ABC/USDT', price, amount, side: 'buy', timestamp: 0 });

  /** A pair whose feed answers `heard` in turn, and a ledger whose reads answer `batches` in turn (after a first read that only sets the cursor). */
  function setup(heard: (HeardTrades | null)[], batches: LedgerBatch[], clock: { now: number }) {
    const cursors: (HeardCursor | undefined)[] = [];
    const reads: { coinIds: readonly number[]; cursor: LedgerCursor | undefined; manualFrom: number }[] = [];
    const m: LiveMarket = { ...market({ at: 0, streamed: true }, []), peekTradesSince: async (_symbol, cursor) => (cursors.push(cursor), heard.shift() ?? null) };
    const s = new LiveLiquiditySources({
      livePairs: async () => [
        { id: 7, symbol: 'ABC/USDT' },
        { id: 9, symbol: 'DEF/USDT' },
      ],
      obligations: async () => [obligation, { ...obligation, coinId: 9 }],
      marketOf: async () => m,
      restingOrders: async () => [],
      ledgerSince: async (coinIds, cursor, manualFrom) => {
        reads.push({ coinIds, cursor, manualFrom });
        const n = reads.length;
        return { batch: cursor === undefined ? { botFills: [], manualFills: [], placed: [] } : (batches.shift() ?? { botFills: [], manualFills: [], placed: [] }), cursor: { fillId: n, orderId: n, manualId: n } };
      },
      now: () => clock.now,
      ledgerReadMs: 5000,
    });
    return { s, cursors, reads };
  }
  const cursor = (seq: number): HeardCursor => ({ feed: 1, seq, breaks: 0 });

  it('counts the trades the feed heard since the previous second, and the ledger’s fills and placements once, in the next second after each read', async () => {
    const clock = { now: 1_000_000 };
    const { s, cursors, reads } = setup(
      [
        { trades: [], cursor: cursor(3), complete: false },
        { trades: [trade('4', '100', '2'), trade('5', '101', '0.5')], cursor: cursor(5), complete: true },
        { trades: [], cursor: cursor(5), complete: true },
      ],
      [
        {
          botFills: [
            { coinId: 7, side: 'buy', amount: '1', quoteAmount: '100', at: 1_000_500 },
            { coinId: 9, side: 'sell', amount: '3', quoteAmount: '30', at: 1_000_600 },
          ],
          manualFills: [{ coinId: 7, side: 'sell', amount: '0.1', quoteAmount: '10.1', at: 1_000_700, tradeId: 'm1' }],
          placed: [{ coinId: 7, count: 4 }],
        },
      ],
      clock,
    );
    await s.pairs();
    // The first second: where the counting starts (no volume figure, nothing of the ledger).
    expect(await s.activity(7)).toEqual({ fills: 0, ordersPlaced: 0 });
    clock.now += 5000;
    expect(await s.activity(7)).toEqual({ volumeQuote: '250.5', ownVolumeQuote: '110.1', fills: 1, ordersPlaced: 4 });
    // Handed out once; pair 9's part waits for its own second (its feed streams no trades here: no
    // volume, so its own volume is left out too). The ledger is read once for both pairs.
    clock.now += 1000;
    expect(await s.activity(7)).toEqual({ volumeQuote: '0', ownVolumeQuote: '0', fills: 0, ordersPlaced: 0 });
    expect(await s.activity(9)).toEqual({ fills: 1, ordersPlaced: 0 });
    expect(reads.map((r) => [r.coinIds, r.cursor?.fillId, r.manualFrom])).toEqual([
      [[7, 9], undefined, 1_000_000],
      [[7, 9], 1, 1_000_000],
    ]);
    expect(cursors.slice(0, 3)).toEqual([undefined, cursor(3), cursor(5)]);
  });

  it('gives no volume, and leaves the own volume out, in a second whose trades may be incomplete or where the venue streams none', async () => {
    const clock = { now: 1_000_000 };
    const { s } = setup(
      [{ trades: [], cursor: cursor(0), complete: false }, { trades: [trade('1', '10', '1')], cursor: cursor(1), complete: false }, null],
      [{ botFills: [{ coinId: 7, side: 'buy', amount: '1', quoteAmount: '100', at: 1 }], manualFills: [], placed: [{ coinId: 7, count: 2 }] }],
      clock,
    );
    await s.pairs();
    await s.activity(7);
    clock.now += 5000;
    // The stream failed since (incomplete): fills and placements still count, the volumes do not.
    expect(await s.activity(7)).toEqual({ fills: 1, ordersPlaced: 2 });
    // No trade stream (null): no volume figure.
    expect(await s.activity(7)).toEqual({ fills: 0, ordersPlaced: 0 });
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
