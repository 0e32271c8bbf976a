/**
 * The simulator's Binance facade end to end: the plugin in a Fastify app set up like the server's
 * (zod compilers, the envelope error handler), listening on 127.0.0.1, with ccxt's real `binance`
 * class and our CcxtExchange trading against a SimVenue through it.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { add } from '@makerdesk/decimal';
import { createDefaultSimVenue, ExchangeError, type Market, type SimVenue } from '@makerdesk/exchange';
import { facadeVenueFromSim, type FacadeKey } from '@makerdesk/exchange/binance-facade';
import { createCcxtExchange, makerDeskClientOrderId, type CcxtExchange } from '@makerdesk/exchange/ccxt';
import ccxt, { type binance as Binance } from 'ccxt';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/error-handler.ts';
import { SIM_BINANCE_PREFIX, SIM_BINANCE_ROOT, simBinanceRoutes } from './sim-binance.routes.ts';

const KEY = 'sim-key-ccxt';
const SECRET = 'sim-secret-ccxt';
const OUR_KEY = 'sim-key-connector';
const OUR_SECRET = 'sim-secret-connector';
/** A key whose account may trade BTC/USDT only. */
const BTC_KEY = 'sim-key-btc-only';
const BTC_SECRET = 'sim-secret-btc-only';
const keys = new Map<string, FacadeKey>([
  [KEY, { secret: SECRET }],
  [OUR_KEY, { secret: OUR_SECRET }],
  [BTC_KEY, { secret: BTC_SECRET, permits: (symbol) => symbol === 'BTC/USDT' }],
]);
const options = { fetchMarkets: ['spot'], fetchCurrencies: false };

let venue: SimVenue;
let app: ReturnType<typeof buildApp>;
let base: string;
let binance: Binance;
/** Every URL ccxt fetched: nothing may leave 127.0.0.1. */
const fetched: string[] = [];

function buildApp() {
  const server = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  installErrorHandling(server);
  return server;
}

/** ccxt's binance with every `urls.api` entry on the local facade, recording each request. */
function localBinance(apiKey: string, secret: string): Binance {
  const exchange = new ccxt.binance({ apiKey, secret, options });
  exchange.urls.api = Object.fromEntries(Object.keys(exchange.urls.api).map((key) => [key, base]));
  const send = exchange.fetch.bind(exchange);
  exchange.fetch = (...args: Parameters<typeof send>) => {
    fetched.push(args[0]);
    return send(...args);
  };
  return exchange;
}

/** A signed request built by hand, for what ccxt would not send. */
async function signedGet(path: string, params: string, { timestamp = Date.now(), secret = SECRET } = {}) {
  const query = `${params ? `${params}&` : ''}timestamp=${timestamp}`;
  const signature = createHmac('sha256', secret).update(query).digest('hex');
  const res = await fetch(`${base}/${path}?${query}&signature=${signature}`, { headers: { 'X-MBX-APIKEY': KEY } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function errorOf(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => undefined,
    (err: unknown) => err,
  );
}

beforeAll(async () => {
  venue = createDefaultSimVenue({ seed: 11 });
  for (let i = 0; i < 40; i++) venue.step();
  app = buildApp();
  await app.register(simBinanceRoutes, { prefix: SIM_BINANCE_ROOT, venue: facadeVenueFromSim(venue), keyFor: async (apiKey) => keys.get(apiKey) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${SIM_BINANCE_PREFIX}`;
  binance = localBinance(KEY, SECRET);
});
afterAll(async () => {
  await app.close();
});

describe('ccxt binance against the simulator facade', () => {
  let markets: Market[];
  let bestBid: string;
  let restingId: string;

  it('loads the simulator’s markets', async () => {
    markets = venue.markets();
    const loaded = await binance.loadMarkets();
    expect(Object.keys(loaded).sort()).toEqual(markets.map((m) => m.symbol).sort());
    const btc = loaded['BTC/USDT']!;
    expect(btc).toMatchObject({ id: 'BTCUSDT', spot: true, active: true, precision: { price: 0.01, amount: 0.00001 } });
    expect(btc.limits.amount?.min).toBe(0.00001);
    expect(btc.limits.cost?.min).toBe(5);
  });

  it('reads the book, trades, candles and ticker the simulator shows', async () => {
    const own = await venue.account('observer').fetchOrderBook('BTC/USDT', 5);
    const book = await binance.fetchOrderBook('BTC/USDT', 5);
    expect(book.bids.map(([p, a]) => [p, a])).toEqual(own.bids.map(([p, a]) => [Number(p), Number(a)]));
    expect(book.asks.map(([p, a]) => [p, a])).toEqual(own.asks.map(([p, a]) => [Number(p), Number(a)]));
    expect(book.bids[0]![0]!).toBeLessThan(book.asks[0]![0]!);
    bestBid = own.bids[0]![0];

    const trades = await binance.fetchTrades('BTC/USDT');
    const simTrades = await venue.account('observer').fetchTrades('BTC/USDT', 1000);
    expect(trades.length).toBeGreaterThan(0);
    // ccxt orders trades within one millisecond by id as a string ('11' before '9'): compare as sets.
    expect(trades.map((t) => t.id).sort()).toEqual(simTrades.slice(0, trades.length).map((t) => t.id).sort());
    expect(trades.every((t, i) => i === 0 || trades[i - 1]!.timestamp! <= t.timestamp!)).toBe(true);
    expect(trades.every((t) => (t.side === 'buy' || t.side === 'sell') && t.price! > 0 && t.amount! > 0)).toBe(true);

    const candles = await binance.fetchOHLCV('BTC/USDT', '1m');
    expect(candles.length).toBeGreaterThan(0);
    const [time, open, high, low, close, volume] = candles.at(-1)!;
    expect(time! % 60_000).toBe(0);
    expect(high!).toBeGreaterThanOrEqual(Math.max(open!, close!));
    expect(low!).toBeLessThanOrEqual(Math.min(open!, close!));
    expect(volume!).toBeGreaterThanOrEqual(0);

    const ticker = await binance.fetchTicker('BTC/USDT');
    expect(ticker.bid).toBe(Number(own.bids[0]![0]));
    expect(ticker.ask).toBe(Number(own.asks[0]![0]));
    expect(ticker.last).toBe(Number(simTrades[0]!.price));
  });

  it('ticker/24hr counts every trade of the day and names the first and last', async () => {
    const all = await venue.account('observer').fetchTrades('BTC/USDT', 1000);
    expect(all.length).toBeGreaterThan(3);
    const ids = all.map((trade) => Number(trade.id));
    const info = (await binance.fetchTicker('BTC/USDT')).info as { count: number; firstId: number; lastId: number };
    expect(info).toMatchObject({ count: all.length, firstId: Math.min(...ids), lastId: Math.max(...ids) });
  });

  it('shows the demo funds of a new account', async () => {
    const balance = await binance.fetchBalance();
    expect(balance.USDT).toEqual({ free: 100000, used: 0, total: 100000 });
    expect(balance.BTC).toEqual({ free: 2, used: 0, total: 2 });
  });

  it('places a resting limit buy that freezes exactly its notional, lists it open, cancels it', async () => {
    const price = (Number(bestBid) - 500).toFixed(2);
    const order = await binance.createOrder('BTC/USDT', 'limit', 'buy', 0.01, Number(price), { clientOrderId: 'MDccxtZresting0001' });
    restingId = order.id!;
    expect(order).toMatchObject({ status: 'open', clientOrderId: 'MDccxtZresting0001', price: Number(price), amount: 0.01, filled: 0 });

    const balance = await binance.fetchBalance();
    const usdt = (balance.info as { balances: { asset: string; free: string; locked: string }[] }).balances.find((b) => b.asset === 'USDT')!;
    // price × 0.01 exactly, as the facade writes it (8 decimals).
    const cents = BigInt(price.replace('.', ''));
    const notional = `${cents / 10_000n}.${(cents % 10_000n).toString().padStart(4, '0')}0000`;
    expect(usdt.locked).toBe(notional);
    expect(Number(usdt.free) + Number(usdt.locked)).toBe(100000);

    expect((await binance.fetchOrder(restingId, 'BTC/USDT')).status).toBe('open');
    expect((await binance.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toEqual([restingId]);

    const canceled = await binance.cancelOrder(restingId, 'BTC/USDT');
    expect(canceled).toMatchObject({ id: restingId, status: 'canceled', filled: 0 });
    expect((await binance.fetchOrder(restingId, 'BTC/USDT')).status).toBe('canceled');
    expect(await binance.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect((await binance.fetchBalance()).USDT).toEqual({ free: 100000, used: 0, total: 100000 });
  });

  it('fills a market buy, then lists its trades and closed orders', async () => {
    const order = await binance.createOrder('BTC/USDT', 'market', 'buy', 0.01, undefined, { clientOrderId: 'MDccxtZmarket00001' });
    expect(order).toMatchObject({ status: 'closed', filled: 0.01, remaining: 0 });
    expect(order.cost!).toBeGreaterThan(0);
    expect(order.trades.length).toBeGreaterThan(0);

    const mine = await binance.fetchMyTrades('BTC/USDT');
    const fills = mine.filter((t) => t.order === order.id);
    expect(fills.length).toBe(order.trades.length);
    expect(fills.every((t) => t.side === 'buy' && t.takerOrMaker === 'taker' && t.fee?.currency === 'BTC')).toBe(true);
    const bought = fills.reduce((sum, t) => sum + Math.round(t.amount! * 1e5), 0);
    expect(bought).toBe(1000);

    const balance = await binance.fetchBalance();
    const fee = fills.reduce((sum, t) => sum + Math.round(t.fee!.cost! * 1e8), 0);
    expect(Math.round(balance.BTC!.total! * 1e8)).toBe(2e8 + 1e6 - fee);

    const closed = await binance.fetchClosedOrders('BTC/USDT');
    expect(closed.map((o) => o.id)).toContain(order.id);
    expect(closed.every((o) => o.status === 'closed')).toBe(true);
    expect((await binance.fetchOrders('BTC/USDT')).map((o) => [o.id, o.status])).toEqual(
      expect.arrayContaining([
        [restingId, 'canceled'],
        [order.id, 'closed'],
      ]),
    );
  });

  it('refuses with Binance’s errors, typed by ccxt', async () => {
    expect(await errorOf(binance.createOrder('BTC/USDT', 'limit', 'buy', 2, Number(bestBid) - 500))).toBeInstanceOf(ccxt.InsufficientFunds);
    expect(await errorOf(localBinance(KEY, 'wrong-secret').fetchBalance())).toBeInstanceOf(ccxt.AuthenticationError);
    expect(await errorOf(localBinance('never-registered', 'x').fetchBalance())).toBeInstanceOf(ccxt.AuthenticationError);
    const late = localBinance(KEY, SECRET);
    late.options.timeDifference = 70_000;
    expect(await errorOf(late.fetchBalance())).toBeInstanceOf(ccxt.InvalidNonce);
    expect(await errorOf(binance.cancelOrder('999999999', 'BTC/USDT'))).toBeInstanceOf(ccxt.OrderNotFound);
    expect(await errorOf(binance.createOrder('BTC/USDT', 'limit', 'buy', 0.01, Number(bestBid) + 1000, { postOnly: true }))).toBeInstanceOf(ccxt.OrderImmediatelyFillable);
  });

  it('refuses a symbol the key’s account may not trade: ccxt reads PermissionDenied, our connector permission_denied', async () => {
    const btcOnly = localBinance(BTC_KEY, BTC_SECRET);
    expect(await errorOf(btcOnly.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 1000))).toBeInstanceOf(ccxt.PermissionDenied);
    expect(await errorOf(btcOnly.fetchOpenOrders('ETH/USDT'))).toBeInstanceOf(ccxt.PermissionDenied);
    expect(await btcOnly.fetchOpenOrders('BTC/USDT')).toEqual([]);
    const connector = await createCcxtExchange({ id: 'binance', apiKey: BTC_KEY, secret: BTC_SECRET, apiBaseUrl: base, options });
    try {
      const refused = await errorOf(connector.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price: '1000', amount: '0.1', clientOrderId: makerDeskClientOrderId('perm') }));
      expect(refused).toMatchObject({ kind: 'permission_denied' });
    } finally {
      await connector.close();
    }
    expect(await venue.account(BTC_KEY).fetchOpenOrders('ETH/USDT')).toEqual([]);
  });

  it('sent nothing beyond the local facade', () => {
    expect(fetched.length).toBeGreaterThan(10);
    expect(fetched.every((url) => url.startsWith(`${base}/`))).toBe(true);
  });
});

describe('Binance answers, not MakerDesk envelopes', () => {
  it('answers a stale timestamp with -1021 and a bad signature with -1022', async () => {
    expect(await signedGet('account', '', { timestamp: Date.now() - 6000 })).toEqual({ status: 400, body: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' } });
    expect((await signedGet('account', 'recvWindow=10000', { timestamp: Date.now() - 6000 })).status).toBe(200);
    expect(await signedGet('account', '', { secret: 'nope' })).toEqual({ status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } });
  });

  it('answers key errors with 401, unknown paths with 404, bad parameters with 400', async () => {
    const noKey = await fetch(`${base}/account?timestamp=1&signature=00`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ code: -2014, msg: 'API-key format invalid.' });
    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: -1000, msg: 'Not found.' });
    const bad = await fetch(`${base}/depth?symbol=NOPE`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });

  it('reads a signed form body whatever its content type says', async () => {
    const body = `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=1000&timestamp=${Date.now()}`;
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await fetch(`${base}/order/test`, { method: 'POST', headers: { 'X-MBX-APIKEY': KEY, 'content-type': contentType }, body: `${body}&signature=${signature}` });
      expect(await res.json()).toEqual({});
      expect(res.status).toBe(200);
    }
  });
});

describe('CcxtExchange against the simulator facade', () => {
  let exchange: CcxtExchange;
  beforeAll(async () => {
    exchange = await createCcxtExchange({ id: 'binance', apiKey: OUR_KEY, secret: OUR_SECRET, apiBaseUrl: base, options });
  });
  afterAll(() => exchange.close());

  it('loads the simulator’s markets as Market records', async () => {
    const loaded = await exchange.loadMarkets();
    const pick = (m: Market) => [m.symbol, m.base, m.quote, m.pricePrecision, m.amountPrecision, m.minAmount, m.minNotional, m.makerFee, m.takerFee, m.active];
    expect(loaded.map(pick)).toEqual(venue.markets().map(pick));
  });

  it('reads the same book as the simulator, as decimal strings', async () => {
    const own = await venue.account('observer').fetchOrderBook('ETH/USDT', 10);
    const book = await exchange.fetchOrderBook('ETH/USDT', 10);
    const plain = (levels: [string, string][]) => levels.map(([p, a]) => [String(Number(p)), String(Number(a))]);
    expect(book.bids).toEqual(plain(own.bids));
    expect(book.asks).toEqual(plain(own.asks));
  });

  it('places, refuses a self-trade, cancels, fills a market order and lists history', async () => {
    const book = await exchange.fetchOrderBook('ETH/USDT', 1);
    const price = (Number(book.bids[0]![0]) - 40).toFixed(2);
    const clientOrderId = makerDeskClientOrderId('itest');
    const order = await exchange.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price, amount: '0.1', clientOrderId });
    expect(order).toMatchObject({ clientOrderId, status: 'pending', filledAmount: '0', direction: 'buy', tradeType: 'limit' });
    const usdt = (await exchange.fetchBalances()).find((b) => b.asset === 'USDT')!;
    expect(Number(usdt.frozen)).toBeCloseTo(Number(price) * 0.1, 8);
    expect(Number(usdt.available) + Number(usdt.frozen)).toBe(100000);

    const crossing = errorOf(exchange.placeOrder({ symbol: 'ETH/USDT', direction: 'sell', tradeType: 'limit', price, amount: '0.1', clientOrderId: makerDeskClientOrderId('other') }));
    expect(await crossing).toMatchObject({ kind: 'self_trade_prevented' });

    expect(await exchange.cancelOrder('ETH/USDT', order.orderNo)).toMatchObject({ orderNo: order.orderNo, clientOrderId, status: 'canceled' });
    expect(await exchange.fetchOpenOrders('ETH/USDT')).toEqual([]);

    const market = await exchange.placeOrder({ symbol: 'ETH/USDT', direction: 'sell', tradeType: 'market', amount: '0.2', clientOrderId: makerDeskClientOrderId('itest') });
    expect(market).toMatchObject({ status: 'filled', filledAmount: '0.2', price: null });
    const trades = await exchange.fetchMyTrades('ETH/USDT');
    expect(trades.filter((t) => t.orderNo === market.orderNo).every((t) => t.side === 'sell' && t.feeAsset === 'USDT')).toBe(true);
    const history = await exchange.fetchClosedOrders('ETH/USDT');
    expect(history.map((o) => [o.orderNo, o.status])).toEqual(
      expect.arrayContaining([
        [order.orderNo, 'canceled'],
        [market.orderNo, 'filled'],
      ]),
    );

    const refused = await errorOf(exchange.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price, amount: '100', clientOrderId: makerDeskClientOrderId('itest') }));
    expect(refused).toBeInstanceOf(ExchangeError);
    expect(refused).toMatchObject({ kind: 'insufficient_balance' });
  });

  it('places fill-or-kill orders: filled entirely, or expired having filled nothing', async () => {
    const asks = (await exchange.fetchOrderBook('ETH/USDT', 1)).asks;
    const [bestAsk, size] = asks[0]!;
    const fok = (amount: string) => exchange.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price: bestAsk, amount, timeInForce: 'FOK', clientOrderId: makerDeskClientOrderId('fok') });
    const killed = await fok(add(size, '0.0001'));
    expect(killed).toMatchObject({ timeInForce: 'FOK', status: 'canceled', filledAmount: '0' });
    const filled = await fok(size);
    expect(filled).toMatchObject({ timeInForce: 'FOK', status: 'filled', filledAmount: String(Number(size)) });
  });
});
