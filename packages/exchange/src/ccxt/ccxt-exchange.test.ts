/**
 * CcxtExchange end to end: ccxt's real `binance` class against the Binance facade over a fake venue,
 * served on 127.0.0.1 (the server's own route test does the same through Fastify and the simulator).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangeEvent } from '../exchange.ts';
import { ExchangeError } from '../errors.ts';
import { BinanceFacade } from '../binance-facade/binance-facade.ts';
import { FakeVenue } from '../binance-facade/testing/fake-venue.ts';
import { serveFacade, type FacadeServer } from '../binance-facade/testing/http-server.ts';
import { CcxtExchange, createCcxtExchange } from './ccxt-exchange.ts';
import { isOwnClientOrderId, makerDeskClientOrderId } from '../client-order-id.ts';

const KEY = 'ccxt-test-key';
const SECRET = 'ccxt-test-secret';
const options = { fetchMarkets: ['spot'], fetchCurrencies: false };

let server: FacadeServer;
let exchange: CcxtExchange;

function connect(secret = SECRET) {
  return createCcxtExchange({ id: 'binance', apiKey: KEY, secret, apiBaseUrl: server.baseUrl, options, pollIntervalMs: 20 });
}

async function kindOf(run: Promise<unknown>): Promise<string> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  return err instanceof ExchangeError ? err.kind : `not an ExchangeError: ${String(err)}`;
}

beforeAll(async () => {
  const venue = new FakeVenue({ now: Date.now() });
  server = await serveFacade(new BinanceFacade({ venue, keyFor: async (key) => (key === KEY ? { secret: SECRET } : undefined) }));
  exchange = await connect();
});
afterAll(async () => {
  await exchange.close();
  await server.close();
});

describe('CcxtExchange over ccxt binance → Binance facade', () => {
  it('maps the capability map from ccxt’s `has`', () => {
    expect(exchange.id).toBe('binance');
    expect(exchange.capabilities).toEqual({ selfTradePrevention: true, postOnly: true, ioc: true, stream: false });
    expect(exchange.has.fetchOHLCV).toBe(true);
  });

  it('loads markets with decimal places, limits and fees as decimal strings', async () => {
    const markets = await exchange.loadMarkets();
    expect(markets.map((m) => m.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(markets[1]).toEqual({
      symbol: 'ETH/USDT',
      base: 'ETH',
      quote: 'USDT',
      pricePrecision: 2,
      amountPrecision: 3,
      minAmount: '0.001',
      maxAmount: '1000',
      maxPrice: '1000000',
      minNotional: '5',
      maxNotional: '9000000000',
      makerFee: '0.001',
      takerFee: '0.001',
      active: true,
    });
  });

  it('reads book, trades, candles and ticker', async () => {
    const book = await exchange.fetchOrderBook('BTC/USDT', 5);
    expect(book.bids[0]).toEqual(['29990', '0.5']);
    expect(book.asks).toEqual([
      ['30010', '0.4'],
      ['30020', '1.2'],
    ]);
    const trades = await exchange.fetchTrades('BTC/USDT');
    expect(trades.map((t) => [t.id, t.side, t.price, t.amount])).toEqual([
      ['102', 'sell', '29995.5', '0.25'],
      ['101', 'buy', '30000', '0.01'],
    ]);
    const candles = await exchange.fetchCandles('BTC/USDT', '1m');
    expect(candles.at(-1)).toMatchObject({ open: '30000', high: '30010', low: '29990', close: '29995.5', volume: '0.26' });
    const ticker = await exchange.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ last: '29995.5', bid: '29990', ask: '30010', open24h: '29000', baseVolume24h: '12.5', quoteVolume24h: '368750' });
  });

  it('places a resting limit order with our client order id, freezing exactly its notional, then cancels it', async () => {
    const before = await exchange.fetchBalances();
    expect(before.find((b) => b.asset === 'USDT')).toEqual({ asset: 'USDT', available: '100000', frozen: '0', total: '100000' });
    const clientOrderId = makerDeskClientOrderId('bot1');
    const order = await exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '29000.00', amount: '0.0100', clientOrderId });
    expect(order).toMatchObject({ clientOrderId, status: 'pending', price: '29000', amount: '0.01', filledAmount: '0', timeInForce: 'GTC' });
    expect(isOwnClientOrderId(order.clientOrderId, 'bot1')).toBe(true);
    expect((await exchange.fetchBalances()).find((b) => b.asset === 'USDT')).toEqual({ asset: 'USDT', available: '99710', frozen: '290', total: '100000' });
    expect((await exchange.fetchOpenOrders('BTC/USDT')).map((o) => o.orderNo)).toEqual([order.orderNo]);
    expect(await exchange.fetchOrder('BTC/USDT', order.orderNo)).toMatchObject({ orderNo: order.orderNo, clientOrderId, status: 'pending' });

    const canceled = await exchange.cancelOrder('BTC/USDT', order.orderNo);
    expect(canceled).toMatchObject({ orderNo: order.orderNo, clientOrderId, status: 'canceled' });
    expect(await exchange.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect((await exchange.fetchBalances()).find((b) => b.asset === 'USDT')?.frozen).toBe('0');
    expect(await kindOf(exchange.cancelOrder('BTC/USDT', order.orderNo))).toBe('order_not_found');
  });

  it('finds an order by its client order id, open or finished, and answers null for an id the venue does not know', async () => {
    const clientOrderId = makerDeskClientOrderId('b42');
    const order = await exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '28500', amount: '0.01', clientOrderId });
    expect(await exchange.fetchOrderByClientId('BTC/USDT', clientOrderId)).toMatchObject({ orderNo: order.orderNo, clientOrderId, status: 'pending' });
    await exchange.cancelOrder('BTC/USDT', order.orderNo);
    expect(await exchange.fetchOrderByClientId('BTC/USDT', clientOrderId)).toMatchObject({ orderNo: order.orderNo, clientOrderId, status: 'canceled' });
    expect(await exchange.fetchOrderByClientId('BTC/USDT', makerDeskClientOrderId('b42'))).toBeNull();
  });

  it('refuses an order that would trade with the account’s own resting order', async () => {
    const resting = await exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '29000', amount: '0.01', clientOrderId: makerDeskClientOrderId('bot1') });
    const sell = (price: string | undefined, amount: string, tradeType: 'limit' | 'market' = 'limit') =>
      exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'sell', tradeType, ...(price ? { price } : {}), amount, clientOrderId: makerDeskClientOrderId('bot2') });
    expect(await kindOf(sell('28900', '0.01'))).toBe('self_trade_prevented');
    expect(await kindOf(sell('29000', '0.01'))).toBe('self_trade_prevented');
    // A live venue never honours the simulator's self-trade opt-in (DESIGN §8).
    const optIn = exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'sell', tradeType: 'limit', price: '29000', amount: '0.01', clientOrderId: makerDeskClientOrderId('bot2'), allowSelfTrade: true });
    expect(await kindOf(optIn)).toBe('self_trade_prevented');
    // A market sell deep enough to reach 29000 would hit it too; a small one stops at 29990.
    expect(await kindOf(sell(undefined, '2', 'market'))).toBe('self_trade_prevented');
    expect((await sell(undefined, '0.01', 'market')).status).toBe('filled');
    expect((await sell('29500', '0.01')).status).toBe('filled');
    await exchange.cancelOrder('BTC/USDT', resting.orderNo);
  });

  it('on Binance (its own EXPIRE_TAKER prevention) checks the caller’s read of the tick instead of reading the open orders per order', async () => {
    const read = vi.spyOn(exchange, 'fetchOpenOrders');
    try {
      const sell = (price: string, knownResting: { direction: 'buy' | 'sell'; price: string | null }[]) =>
        exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'sell', tradeType: 'limit', price, amount: '0.01', clientOrderId: makerDeskClientOrderId('bot2'), knownResting });
      // A resting bid at 29000 the tick read: a sell at 28900 would trade with it.
      expect(await kindOf(sell('28900', [{ direction: 'buy', price: '29000' }]))).toBe('self_trade_prevented');
      const placed = await sell('31000', [{ direction: 'buy', price: '29000' }]);
      expect(placed.status).toBe('pending');
      expect(read, 'no read of the open orders while the caller hands its own').not.toHaveBeenCalled();
      await exchange.cancelOrder('BTC/USDT', placed.orderNo);
      // Without it, the facade reads them before placing, as before.
      const again = await exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'sell', tradeType: 'limit', price: '31000', amount: '0.01', clientOrderId: makerDeskClientOrderId('bot2') });
      expect(read).toHaveBeenCalledTimes(1);
      await exchange.cancelOrder('BTC/USDT', again.orderNo);
    } finally {
      read.mockRestore();
    }
  });

  it('fills a market order, then lists own trades and finished orders', async () => {
    const order = await exchange.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'market', amount: '0.5', clientOrderId: makerDeskClientOrderId('bot1') });
    expect(order).toMatchObject({ tradeType: 'market', status: 'filled', price: null, filledAmount: '0.5', filledValue: '1000.5' });
    const trades = await exchange.fetchMyTrades('ETH/USDT');
    expect(trades).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, side: 'buy', price: '2001', amount: '0.5', fee: '0.001', feeAsset: 'ETH', liquidity: 'taker' }),
    ]);
    const closed = await exchange.fetchClosedOrders('BTC/USDT');
    expect(closed.map((o) => o.status)).toEqual(expect.arrayContaining(['canceled', 'filled']));
    expect(closed.every((o, i) => i === 0 || closed[i - 1]!.updatedAt >= o.updatedAt)).toBe(true);
  });

  it('maps the venue’s refusals to ExchangeError kinds', async () => {
    const limit = (price: string, amount: string, timeInForce?: 'POST_ONLY') =>
      exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price, amount, ...(timeInForce ? { timeInForce } : {}), clientOrderId: makerDeskClientOrderId('bot3') });
    expect(await kindOf(limit('29000', '10'))).toBe('insufficient_balance');
    expect(await kindOf(limit('30100', '0.01', 'POST_ONLY'))).toBe('post_only_would_cross');
    expect(await kindOf(limit('29000', '0.0001'))).toBe('min_notional');
    expect(await kindOf(exchange.fetchOrder('BTC/USDT', '424242'))).toBe('order_not_found');
    const wrong = await connect('not-the-secret');
    expect(await kindOf(wrong.fetchBalances())).toBe('invalid_key');
    await wrong.close();
    expect(await kindOf(createCcxtExchange({ id: 'no-such-venue' }))).toBe('venue_error');
  });

  it('subscribe polls the book, trades, the account’s orders and balances', async () => {
    const events: ExchangeEvent[] = [];
    const polls: unknown[] = [];
    const unsubscribe = exchange.subscribe('BTC/USDT', (event) => events.push(event), { onPoll: (error) => polls.push(error) });
    await until(() => events.some((e) => e.type === 'balances'));
    // Each poll that answered is told, book changed or not.
    await until(() => polls.length >= 1);
    expect(polls.every((p) => p === null)).toBe(true);
    const order = await exchange.placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '28000', amount: '0.01', clientOrderId: makerDeskClientOrderId('bot4') });
    await until(() => events.some((e) => e.type === 'order' && e.order.orderNo === order.orderNo));
    await exchange.cancelOrder('BTC/USDT', order.orderNo);
    await until(() => events.some((e) => e.type === 'order' && e.order.orderNo === order.orderNo && e.order.status === 'canceled'));
    unsubscribe();
    expect(events.find((e) => e.type === 'book')).toMatchObject({ symbol: 'BTC/USDT' });
    const trades = events.filter((e) => e.type === 'trades');
    expect(trades.flatMap((e) => (e.type === 'trades' ? e.trades.map((t) => t.id) : []))).toEqual(expect.arrayContaining(['101', '102']));
    expect(new Set(trades.flatMap((e) => (e.type === 'trades' ? e.trades.map((t) => t.id) : []))).size).toBe(trades.flatMap((e) => (e.type === 'trades' ? e.trades : [])).length);
  });
});

describe('CcxtExchange.subscribe with a shared market source', () => {
  it('polls the book and trades from the source it was given, the account from the venue', async () => {
    const source = {
      fetchOrderBook: async (symbol: string) => ({ symbol, bids: [['1', '2']] as [string, string][], asks: [], timestamp: 1, updateId: 77 }),
      fetchTrades: async (symbol: string) => [{ id: 'shared-1', symbol, price: '1', amount: '2', side: 'buy' as const, timestamp: 5 }],
    };
    exchange.readMarketFrom(source);
    const events: ExchangeEvent[] = [];
    const unsubscribe = exchange.subscribe('BTC/USDT', (event) => events.push(event));
    try {
      await until(() => events.some((e) => e.type === 'balances'));
    } finally {
      unsubscribe();
      exchange.readMarketFrom(exchange);
    }
    expect(events.find((e) => e.type === 'book')).toMatchObject({ book: { updateId: 77, bids: [['1', '2']] } });
    expect(events.find((e) => e.type === 'trades')).toMatchObject({ trades: [{ id: 'shared-1' }] });
  });
});

describe('CcxtExchange.subscribe on a venue out of reach', () => {
  it('tells each failed poll to onPoll as a network error, and nothing after unsubscribing', async () => {
    // ccxt's classes are recognised by name along the prototype chain.
    class BaseError extends Error {}
    class NetworkError extends BaseError {}
    const venue = {
      id: 'downvenue',
      has: {},
      fetchOrderBook: async () => {
        throw new NetworkError('ETIMEDOUT');
      },
    };
    const down = new CcxtExchange(venue as unknown as ConstructorParameters<typeof CcxtExchange>[0], { pollIntervalMs: 5, onPollError: () => undefined });
    const polls: unknown[] = [];
    const unsubscribe = down.subscribe('BTC/USDT', () => undefined, { onPoll: (error) => polls.push(error) });
    await until(() => polls.length >= 2);
    unsubscribe();
    const told = polls.length;
    expect(polls.every((e) => e instanceof ExchangeError && e.kind === 'network')).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(polls.length).toBe(told);
  });
});

describe('CcxtExchange.fetchOrderByClientId on a venue without a client-id lookup', () => {
  const order = (id: string, clientOrderId: string, status: string) => ({
    id,
    clientOrderId,
    symbol: 'BTC/USDT',
    type: 'limit',
    side: 'buy',
    status,
    price: 100,
    amount: 1,
    filled: status === 'closed' ? 1 : 0,
    cost: status === 'closed' ? 100 : 0,
    timestamp: 1,
    info: {},
  });
  const venue = {
    id: 'othervenue',
    has: { fetchOrders: true },
    fetchOpenOrders: async () => [order('1', 'open-one', 'open')],
    fetchOrders: async () => [order('1', 'open-one', 'open'), order('2', 'done-one', 'closed')],
  };
  const generic = new CcxtExchange(venue as unknown as ConstructorParameters<typeof CcxtExchange>[0]);

  it('searches the open orders, then the finished ones', async () => {
    expect(await generic.fetchOrderByClientId('BTC/USDT', 'open-one')).toMatchObject({ orderNo: '1', status: 'pending' });
    expect(await generic.fetchOrderByClientId('BTC/USDT', 'done-one')).toMatchObject({ orderNo: '2', status: 'filled' });
    expect(await generic.fetchOrderByClientId('BTC/USDT', 'nobody')).toBeNull();
  });
});

function until(condition: () => boolean): Promise<void> {
  return vi.waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5000, interval: 10 },
  );
}

describe('a platform’s WebSocket base', () => {
  it('puts every ccxt.pro stream URL below it, each keeping its path', async () => {
    const { wsUrlsAt, createCcxtExchange } = await import('./ccxt-exchange.ts');
    expect(wsUrlsAt({ spot: 'wss://stream.binance.com:9443/ws', 'ws-api': { spot: 'wss://ws-api.binance.com:443/ws-api/v3' } }, 'ws://127.0.0.1:8080/sim/binance/')).toEqual({
      spot: 'ws://127.0.0.1:8080/sim/binance/ws',
      'ws-api': { spot: 'ws://127.0.0.1:8080/sim/binance/ws-api/v3' },
    });
    const venue = await createCcxtExchange({ id: 'binance', apiBaseUrl: 'http://127.0.0.1:8080/sim/binance/api/v3', wsBaseUrl: 'ws://127.0.0.1:8080/sim/binance' });
    const urls = venue.streamUrls as { spot: string; 'ws-api': { spot: string } };
    expect([urls.spot, urls['ws-api'].spot]).toEqual(['ws://127.0.0.1:8080/sim/binance/ws', 'ws://127.0.0.1:8080/sim/binance/ws-api/v3']);
    expect((await createCcxtExchange({ id: 'binance' })).streamUrls).toBeUndefined();
  });
});
