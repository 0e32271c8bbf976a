/**
 * The gateway's live sessions read the book and trades from the server's shared market feeds: every
 * key of a venue, bots and console alike; everything else from the key's own venue.
 */
import type { Exchange, FeedStatus, OrderBook, Trade } from '@makerdesk/exchange';
import type { CcxtExchangeConfig } from '@makerdesk/exchange/ccxt';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import { ExchangeGateway, withLiveMarket, type KeySession } from './exchange-gateway.ts';
import { MarketFeeds, type LiveMarket, type MarketVenue } from './market-feeds.ts';
import type { SimKeyStore } from './sim-key-store.ts';

const SYMBOL = 'BTC/USDT';
const STREAMING: FeedStatus = { mode: 'stream', since: 1, reason: null };

function material(id: number, apiKey: string, platformCode = 'binance'): ApiKeyMaterial {
  return { id, platformCode, apiBaseUrl: 'http://venue.test/api/v3', wsBaseUrl: null, apiKey, secretKey: `${apiKey}-secret`, passphrase: null, hosts: [] };
}

/** A key's own venue: answers from its key, counted. */
function keyedVenue(apiKey: string, counts: Map<string, number>, settings: CcxtExchangeConfig | undefined): Exchange {
  const count = (call: string) => counts.set(`${apiKey} ${call}`, (counts.get(`${apiKey} ${call}`) ?? 0) + 1);
  const venue = {
    id: 'binance',
    settings,
    fetchOrderBook: async () => (count('fetchOrderBook'), { symbol: SYMBOL, bids: [], asks: [], timestamp: 0 }),
    fetchTrades: async () => (count('fetchTrades'), []),
    fetchCandles: async () => (count('fetchCandles'), []),
    fetchBalances: async () => (count('fetchBalances'), [{ asset: apiKey, available: '1', frozen: '0', total: '1' }]),
    feedStatus: () => STREAMING,
    answersLocally: (method: string) => method === 'fetchBalances',
    close: async () => undefined,
    /** Where its own live polls read the market (CcxtExchange.readMarketFrom). */
    marketSource: null as Pick<Exchange, 'fetchOrderBook'> | null,
    readMarketFrom(source: Pick<Exchange, 'fetchOrderBook'>) {
      venue.marketSource = source;
    },
  };
  return venue as unknown as Exchange;
}

/** The venue's public side, shared: polled (no stream here), counted. */
class SharedVenue implements MarketVenue {
  books = 0;
  trades = 0;
  closed = 0;
  pro = null;
  rest = {
    fetchOrderBook: async (): Promise<OrderBook> => ({ symbol: SYMBOL, bids: [['100', '1']], asks: [['101', '1']], timestamp: 5, updateId: ++this.books }),
    fetchTrades: async (): Promise<Trade[]> => (this.trades++, [{ id: '1', symbol: SYMBOL, price: '100', amount: '1', side: 'buy', timestamp: 5 }]),
    close: async () => void this.closed++,
  };
}

const noSim = {} as ConstructorParameters<typeof ExchangeGateway>[0];
let gateway: ExchangeGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

function setUp(withSettings = true) {
  const counts = new Map<string, number>();
  const shared = new SharedVenue();
  const opened: CcxtExchangeConfig[] = [];
  const feeds = new MarketFeeds({
    open: async (settings) => (opened.push(settings), shared),
  });
  gateway = new ExchangeGateway(
    noSim,
    {} as SimKeyStore,
    async (m) => keyedVenue(m.apiKey, counts, withSettings ? { id: m.platformCode, apiBaseUrl: m.apiBaseUrl!, apiKey: m.apiKey, secret: m.secretKey } : undefined),
    undefined,
    {},
    feeds,
  );
  return { counts, shared, opened, feeds, gateway };
}

describe('ExchangeGateway with shared market feeds', () => {
  it("ten readers over two keys of a venue: one shared poll, none on the keys' own connections", async () => {
    const { counts, shared, opened, gateway } = setUp();
    const sessions: KeySession[] = await Promise.all([gateway.session(material(1, 'key-a'), { budgeted: false }), gateway.session(material(2, 'key-b'))]);
    const books = await Promise.all(Array.from({ length: 10 }, (_, i) => sessions[i % 2]!.exchange.fetchOrderBook(SYMBOL)));
    expect(books.map((b) => b.updateId)).toEqual(Array(10).fill(1));
    const trades = await Promise.all(Array.from({ length: 10 }, (_, i) => gateway.marketData(sessions[i % 2]!).fetchTrades(SYMBOL)));
    expect(trades.every((t) => t.length === 1)).toBe(true);
    expect([shared.books, shared.trades, counts.get('key-a fetchOrderBook'), counts.get('key-b fetchTrades')]).toEqual([1, 1, undefined, undefined]);
    // The shared venue opens without a key.
    expect(opened).toEqual([{ id: 'binance', apiBaseUrl: 'http://venue.test/api/v3' }]);
    // The keys' own live polls (the console's live socket) read the shared feed as well.
    const ownPolls = (sessions[0]!.exchange as unknown as { marketSource: Pick<Exchange, 'fetchOrderBook'> }).marketSource;
    expect((await ownPolls.fetchOrderBook(SYMBOL)).updateId).toBe(1);
    expect(shared.books).toBe(1);
    // Everything else goes to the key's own venue.
    expect((await sessions[1]!.exchange.fetchBalances())[0]!.asset).toBe('key-b');
    await gateway.marketData(sessions[0]!).fetchCandles(SYMBOL, '1m');
    expect([counts.get('key-b fetchBalances'), counts.get('key-a fetchCandles')]).toEqual([1, 1]);
  });

  it("answers the worse of the pair's feed and the key's venue's own feed", () => {
    let pair: FeedStatus | null = null;
    const market: LiveMarket = { fetchOrderBook: async () => ({}) as OrderBook, fetchTrades: async () => [], feedStatus: () => pair, answersLocally: () => false };
    const fed = withLiveMarket(keyedVenue('key-a', new Map(), undefined), market);
    // No one read the pair yet: the key's venue alone.
    expect(fed.feedStatus?.(SYMBOL)).toEqual(STREAMING);
    pair = { mode: 'polling', since: 9, reason: 'down' };
    expect(fed.feedStatus?.(SYMBOL)).toEqual(pair);
    pair = { mode: 'stream', since: 0, reason: null };
    expect(fed.feedStatus?.(SYMBOL)).toEqual({ mode: 'stream', since: 0, reason: null });
  });

  it("tells the key's budget which reads the shared feed answers without a request of their own", async () => {
    let now = 0;
    const shared = new SharedVenue();
    const feeds = new MarketFeeds({ open: async () => shared, now: () => now });
    gateway = new ExchangeGateway(noSim, {} as SimKeyStore, async (m) => keyedVenue(m.apiKey, new Map(), { id: 'binance', apiKey: m.apiKey }), undefined, {}, feeds);
    const { exchange } = await gateway.session(material(1, 'key-a'), { budgeted: false });
    expect(exchange.answersLocally?.('fetchOrderBook', [SYMBOL])).toBe(false);
    await exchange.fetchOrderBook(SYMBOL);
    // Another reader within the shared poll's reuse window is answered by that request.
    expect([exchange.answersLocally?.('fetchOrderBook', [SYMBOL]), exchange.answersLocally?.('fetchOrderBook', [SYMBOL, 5]), exchange.answersLocally?.('fetchTrades', [SYMBOL])]).toEqual([true, false, false]);
    now = 1000;
    expect(exchange.answersLocally?.('fetchOrderBook', [SYMBOL])).toBe(false);
    // The account's reads: as the key's venue says.
    expect([exchange.answersLocally?.('fetchBalances', []), exchange.answersLocally?.('fetchOpenOrders', [SYMBOL])]).toEqual([true, false]);
  });

  it('a venue that does not tell its settings reads as it is', async () => {
    const { counts, shared, gateway } = setUp(false);
    const session = await gateway.session(material(1, 'key-a'));
    await session.exchange.fetchOrderBook(SYMBOL);
    await gateway.marketData(session).fetchOrderBook(SYMBOL);
    expect([counts.get('key-a fetchOrderBook'), shared.books]).toEqual([2, 0]);
  });

  it('closing the gateway closes the shared venues', async () => {
    const { shared, feeds, gateway: opened } = setUp();
    const session = await opened.session(material(1, 'key-a'));
    await session.exchange.fetchOrderBook(SYMBOL);
    expect(feeds.openFeeds()).toBe(1);
    await opened.close();
    gateway = undefined;
    expect([feeds.openFeeds(), shared.closed]).toEqual([0, 1]);
  });
});

describe('MarketFeeds', () => {
  it('closes a feed nobody read for the idle time, and the venue with its last feed; a read opens it again', async () => {
    let now = 0;
    const shared = new SharedVenue();
    const feeds = new MarketFeeds({ open: async () => shared, idleMs: 300_000, now: () => now });
    const market = feeds.reader({ id: 'binance', apiBaseUrl: 'http://venue.test/api/v3' });
    await market.fetchOrderBook(SYMBOL);
    await market.fetchOrderBook('ETH/USDT');
    now = 200_000;
    await market.fetchOrderBook(SYMBOL);
    now = 300_000;
    await feeds.sweep();
    expect([feeds.openFeeds(), market.feedStatus('ETH/USDT'), shared.closed]).toEqual([1, null, 0]);
    now = 500_000;
    await feeds.sweep();
    expect([feeds.openFeeds(), shared.closed]).toEqual([0, 1]);
    await market.fetchOrderBook(SYMBOL);
    expect(feeds.openFeeds()).toBe(1);
    await feeds.close();
    expect(shared.closed).toBe(2);
    await expect(market.fetchOrderBook(SYMBOL)).rejects.toThrow('closed');
  });

  it('one venue per identity: the same platform with another key shares it, another API or WebSocket base does not', async () => {
    const opened: string[] = [];
    const feeds = new MarketFeeds({ open: async (s) => (opened.push(`${s.apiBaseUrl} ${s.wsBaseUrl ?? '-'}`), new SharedVenue()) });
    const base = { id: 'binance', apiBaseUrl: 'http://venue.test/api/v3' };
    await feeds.reader({ ...base, apiKey: 'a' }).fetchOrderBook(SYMBOL);
    await feeds.reader({ ...base, apiKey: 'b' }).fetchOrderBook(SYMBOL);
    await feeds.reader({ ...base, wsBaseUrl: 'ws://venue.test' }).fetchOrderBook(SYMBOL);
    await feeds.reader({ ...base, apiBaseUrl: 'http://other.test/api/v3' }).fetchOrderBook(SYMBOL);
    expect(opened).toEqual(['http://venue.test/api/v3 -', 'http://venue.test/api/v3 ws://venue.test', 'http://other.test/api/v3 -']);
    await feeds.close();
  });
});
