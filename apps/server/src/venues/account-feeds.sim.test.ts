/**
 * Live keys' accounts by stream (issue 19), end to end: a platform `binance` at this server's
 * simulated Binance API and its WebSocket side, the real ccxt and ccxt.pro clients underneath, every
 * REST request counted at the server. One user-stream subscription per key serves every session;
 * reads come from it between reconciliations; a cut stream falls back to polling, its gap's fills are
 * found by the reconciliation, and it resumes; a platform without streams polls once per key.
 */
import type { IncomingMessage } from 'node:http';
import ccxt, { type binance as Binance } from 'ccxt';
import type { Exchange, ExchangeEvent, Order } from '@makerdesk/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimBinanceServer, type SimBinanceServer } from '../testing/sim-binance-fixture.ts';
import type { ApiKeyMaterial } from '../domain/key-material.ts';

const SYMBOL = 'BTC/USDT';
const TRADER = { apiKey: 'feed-trader-key', secret: 'feed-trader-secret' };
const POLLER = { apiKey: 'feed-poller-key', secret: 'feed-poller-secret' };
const TAKER = { apiKey: 'feed-taker-key', secret: 'feed-taker-secret' };

let server: SimBinanceServer;
let taker: Binance;
let streamed: ApiKeyMaterial;
let polled: ApiKeyMaterial;
let requests = new Map<string, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(everyMs);
  }
}

function count(endpoint: string): number {
  return requests.get(endpoint) ?? 0;
}

async function call<T>(method: 'POST' | 'GET', url: string, token: string, body?: unknown): Promise<T> {
  const res = await server.t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

/** A `binance` platform at this server's API and streams, its pair, and a key of the admin's on it. */
async function livePlatform(token: string, name: string, key: { apiKey: string; secret: string }): Promise<ApiKeyMaterial> {
  const platform = await call<{ id: number }>('POST', '/backend/platform/add', token, { name, code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, wsBaseUrl: server.wsRoot });
  const coin = await call<{ coinId: number }>('POST', '/backend/coin/add', token, { platformId: platform.id, coinName: SYMBOL });
  await call('POST', '/backend/credentials/add', token, { platformId: platform.id, apiKey: key.apiKey, secretKey: key.secret, coinId: coin.coinId });
  const material = await server.t.services.credentials.materialOf(1, coin.coinId);
  if (!material) throw new Error('no key material');
  return material;
}

beforeAll(async () => {
  server = await startSimBinanceServer({ liveExchange: 'ccxt', outboundAllow: '127.0.0.1' });
  server.t.app.server.on('request', (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith('/sim/binance')) return;
    const endpoint = `${req.method} ${url.pathname.slice('/sim/binance'.length)}`;
    requests.set(endpoint, (requests.get(endpoint) ?? 0) + 1);
  });
  // The keys live on the simulator; TRADER and POLLER are used through `binance` platforms at its API.
  await server.importKey(TRADER.apiKey, TRADER.secret, SYMBOL);
  await server.importKey(POLLER.apiKey, POLLER.secret, SYMBOL, { restrictedTo: [SYMBOL] });
  await server.importKey(TAKER.apiKey, TAKER.secret, SYMBOL, { restrictedTo: [SYMBOL] });
  const token = await server.t.login();
  streamed = await livePlatform(token, 'Binance (streams)', TRADER);
  // A platform at the same API without a WebSocket base (the console refuses a second one at the same base): its key's material.
  polled = { ...streamed, id: streamed.id + 1000, apiKey: POLLER.apiKey, secretKey: POLLER.secret, wsBaseUrl: null };
  taker = new ccxt.binance({ ...TAKER, urls: { api: { public: `${server.sim}/api/v3`, private: `${server.sim}/api/v3`, sapi: `${server.sim}/sapi/v1` } }, options: { fetchMarkets: { types: ['spot'] } } });
  await taker.loadMarkets();
}, 60_000);

afterAll(async () => {
  await server?.t.close();
});

async function streamingSession(): Promise<Exchange> {
  const { exchange } = await server.t.services.gateway.session(streamed, { budgeted: false });
  await eventually(() => (exchange.feedStatus?.(SYMBOL)?.mode === 'stream' ? true : undefined));
  return exchange;
}

/** A sell resting first in line (inside the spread). */
async function restingSell(exchange: Exchange, amount: string, clientOrderId: string): Promise<Order> {
  const book = await taker.fetchOrderBook(SYMBOL, 5);
  const price = (book.asks[0]![0]! - 0.01).toFixed(2);
  expect(book.asks[0]![0]! - book.bids[0]![0]!).toBeGreaterThan(0.02);
  return exchange.placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', price, amount, timeInForce: 'GTC', clientOrderId });
}

describe('a key with a user stream', () => {
  it('serves every session from one subscription: no account or open-order reads between reconciliations', async () => {
    const exchange = await streamingSession();
    const console = (await server.t.services.gateway.session(streamed)).exchange;
    // The first reads of the pair complete the state (the reconciliation of a pair put in use).
    await Promise.all([exchange.fetchOpenOrders(SYMBOL), exchange.fetchBalances()]);
    requests = new Map();
    const readers = [exchange, console];
    const read = () => Promise.all(readers.flatMap((r) => Array.from({ length: 5 }, () => Promise.all([r.fetchOpenOrders(SYMBOL), r.fetchBalances()]))));
    for (let i = 0; i < 10; i++) await read();
    const placed = await restingSell(exchange, '0.002', 'md-feed-rest-1');
    // The placement's answer is in the state at once.
    expect((await console.fetchOpenOrders(SYMBOL)).map((o) => o.orderNo)).toContain(placed.orderNo);
    // The stream tells the balance it froze.
    await eventually(async () => ((await console.fetchBalances()).find((b) => b.asset === 'BTC')?.frozen === '0.002' ? true : undefined));
    for (let i = 0; i < 10; i++) await read();
    await exchange.cancelOrder(SYMBOL, placed.orderNo);
    expect((await console.fetchOpenOrders(SYMBOL)).map((o) => o.orderNo)).not.toContain(placed.orderNo);
    expect(await console.fetchOrder(SYMBOL, placed.orderNo)).toMatchObject({ status: 'canceled', clientOrderId: 'md-feed-rest-1' });
    for (let i = 0; i < 10; i++) await read();
    expect([count('GET /api/v3/account'), count('GET /api/v3/openOrders'), count('GET /api/v3/order')]).toEqual([0, 0, 0]);
    expect([count('POST /api/v3/order'), count('DELETE /api/v3/order')]).toEqual([1, 1]);
    // One user-stream socket for the key, however many sessions and readers.
    const sockets = [...server.t.app.websocketServer.clients];
    expect(sockets).toHaveLength(1);
  }, 30_000);

  it("an order filled by another account's taker shows filled from the stream within a second", async () => {
    const exchange = await streamingSession();
    await exchange.fetchOpenOrders(SYMBOL);
    const placed = await restingSell(exchange, '0.003', 'md-feed-fill-1');
    requests = new Map();
    // The console's live updates of the pair: the account's half from the feed, the market's polled by the venue.
    const events: ExchangeEvent[] = [];
    const stop = (await server.t.services.gateway.session(streamed)).exchange.subscribe(SYMBOL, (e) => events.push(e));
    await taker.createOrder(SYMBOL, 'market', 'buy', 0.003);
    const answered = Date.now();
    const filled = await eventually(async () => {
      const order = await exchange.fetchOrder(SYMBOL, placed.orderNo);
      return order.status === 'filled' ? order : undefined;
    }, 1000, 5);
    expect(Date.now() - answered).toBeLessThan(1000);
    expect([filled.filledAmount, filled.clientOrderId]).toEqual(['0.003', 'md-feed-fill-1']);
    expect((await exchange.fetchOpenOrders(SYMBOL)).map((o) => o.orderNo)).not.toContain(placed.orderNo);
    expect(await exchange.fetchOrderByClientId(SYMBOL, 'md-feed-fill-1')).toMatchObject({ status: 'filled', filledAmount: '0.003' });
    const told = await eventually(() => events.find((e) => e.type === 'order' && e.order.orderNo === placed.orderNo && e.order.status === 'filled'));
    expect(told).toMatchObject({ order: { filledAmount: '0.003' } });
    await eventually(() => (events.some((e) => e.type === 'book') ? true : undefined));
    stop();
    expect([count('GET /api/v3/order'), count('GET /api/v3/openOrders'), count('GET /api/v3/account')]).toEqual([0, 0, 0]);
  }, 30_000);

  it('a stream cut mid-fill: polling (down), the fill of the gap found by the reconciliation, the stream back within 5 s', async () => {
    const exchange = await streamingSession();
    await exchange.fetchOpenOrders(SYMBOL);
    const placed = await restingSell(exchange, '0.002', 'md-feed-gap-1');
    await taker.createOrder(SYMBOL, 'market', 'buy', 0.001);
    await eventually(async () => ((await exchange.fetchOpenOrders(SYMBOL)).find((o) => o.orderNo === placed.orderNo)?.filledAmount === '0.001' ? true : undefined));

    requests = new Map();
    const cut = Date.now();
    for (const socket of server.t.app.websocketServer.clients) socket.terminate();
    const down = await eventually(() => {
      const status = exchange.feedStatus?.(SYMBOL);
      return status?.mode === 'polling' ? status : undefined;
    });
    expect(down.reason).toBe('down');
    // The rest of the order fills while the stream is away: it leaves the book unseen.
    await taker.createOrder(SYMBOL, 'market', 'buy', 0.001);
    await eventually(() => (exchange.feedStatus?.(SYMBOL)?.mode === 'stream' ? true : undefined), 5000);
    expect(Date.now() - cut).toBeLessThan(5000);
    // The reconciliation read the open orders and the order that left them, once.
    await eventually(async () => ((await exchange.fetchOpenOrders(SYMBOL)).some((o) => o.orderNo === placed.orderNo) ? undefined : true));
    expect(await exchange.fetchOrder(SYMBOL, placed.orderNo)).toMatchObject({ status: 'filled', filledAmount: '0.002' });
    expect(await exchange.fetchOrderByClientId(SYMBOL, 'md-feed-gap-1')).toMatchObject({ status: 'filled' });
    expect(count('GET /api/v3/order')).toBe(1);
    expect(count('GET /api/v3/account')).toBe(1);
    expect(count('GET /api/v3/openOrders')).toBe(1);

    // Streaming again: the next fill comes by the stream.
    const next = await restingSell(exchange, '0.001', 'md-feed-gap-2');
    await taker.createOrder(SYMBOL, 'market', 'buy', 0.001);
    await eventually(async () => ((await exchange.fetchOrder(SYMBOL, next.orderNo)).status === 'filled' ? true : undefined), 2000);
    expect(count('GET /api/v3/order')).toBe(1);
  }, 30_000);
});

describe('a key without a stream', () => {
  it('polls: status polling (unsupported), one read per key for many readers', async () => {
    const bot = (await server.t.services.gateway.session(polled, { budgeted: false })).exchange;
    const console = (await server.t.services.gateway.session(polled)).exchange;
    expect(bot.feedStatus?.(SYMBOL)).toMatchObject({ mode: 'polling', reason: 'unsupported' });
    requests = new Map();
    const answers = await Promise.all([bot, console].flatMap((r) => Array.from({ length: 10 }, () => Promise.all([r.fetchOpenOrders(SYMBOL), r.fetchBalances()]))));
    expect(answers).toHaveLength(20);
    expect(answers[0]![1].find((b) => b.asset === 'USDT')).toBeDefined();
    expect([count('GET /api/v3/openOrders'), count('GET /api/v3/account')]).toEqual([1, 1]);
  }, 30_000);
});
