/**
 * The simulator's Binance API on its WebSocket side, driven by ccxt.pro's real `binance` (a client
 * no one here wrote) with `urls.api.ws.spot` and `urls.api.ws['ws-api'].spot` at the simulator:
 * books kept by snapshot plus diffs, trades, best bid and ask, the 24-hour ticker, an account's
 * orders, fills and balances, a socket the server cuts mid-fill, a listen key expiring, and keys
 * held to their pairs and addresses on streams as on REST.
 */
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import ccxt, { type binance as Binance } from 'ccxt';

type ProBinance = InstanceType<typeof ccxt.pro.binance>;
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimBinanceServer, type SimBinanceServer } from '../testing/sim-binance-fixture.ts';

const SYMBOL = 'BTC/USDT';
const TRADER = { apiKey: 'streams-trader-key', secret: 'streams-trader-secret' };
const TAKER = { apiKey: 'streams-taker-key', secret: 'streams-taker-secret' };
const ETH_ONLY = { apiKey: 'streams-eth-only-key', secret: 'streams-eth-only-secret' };
const ELSEWHERE = { apiKey: 'streams-elsewhere-key', secret: 'streams-elsewhere-secret' };
const LISTEN_KEY_MS = 4000;

let server: SimBinanceServer;
const clients: ProBinance[] = [];

/** A ccxt.pro binance with every URL at the simulator, as a platform with `wsBaseUrl` configures it. */
async function proClient(key?: { apiKey: string; secret: string }): Promise<ProBinance> {
  const { sim, wsRoot } = server;
  const client = new ccxt.pro.binance({
    ...(key ?? {}),
    urls: { api: { public: `${sim}/api/v3`, private: `${sim}/api/v3`, sapi: `${sim}/sapi/v1`, ws: { spot: `${wsRoot}/ws`, 'ws-api': { spot: `${wsRoot}/ws-api/v3` } } } },
    options: { fetchMarkets: { types: ['spot'] } },
  });
  clients.push(client);
  // ccxt opens ws:// (not wss://) sockets through an HTTP agent it must be told to load first.
  await client.loadHttpProxyAgent();
  await client.loadMarkets();
  return client;
}

function restClient(key: { apiKey: string; secret: string }): Binance {
  const { sim } = server;
  return new ccxt.binance({ ...key, urls: { api: { public: `${sim}/api/v3`, private: `${sim}/api/v3`, sapi: `${sim}/sapi/v1` } }, options: { fetchMarkets: { types: ['spot'] } } });
}

/** What the tests read of the server's JSON messages. */
interface WireMessage {
  [field: string]: unknown;
  id?: number;
  code?: number;
  stream?: string;
  data: { bids: unknown[]; lastUpdateId: number };
  e?: string;
  i?: number;
  B: { a: string }[];
}

/** ccxt.pro's kept balance of the spot account. */
type SpotBalance = Record<string, { free?: number; used?: number }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps calling `watch` until what it answers passes `done` (each call waits for the next update). */
async function watchUntil<T>(watch: () => Promise<T>, done: (value: T) => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.race([watch(), sleep(Math.max(0, deadline - Date.now())).then(() => undefined)]);
    if (value !== undefined && (await done(value))) return value;
    if (Date.now() > deadline) throw new Error('timed out watching');
  }
}

/** Waits until `check` answers something other than undefined (what a client's kept state shows). */
async function eventually<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(25);
  }
}

/** Starts a watch that keeps the subscription open; its answer (or failure) is not waited for. */
function keepWatching(watch: () => Promise<unknown>): void {
  watch().catch(() => undefined);
}

let rest: Binance;
let taker: Binance;

beforeAll(async () => {
  server = await startSimBinanceServer({ simBinanceStreams: { listenKeyValidityMs: LISTEN_KEY_MS, keyCheckMs: 200 } });
  await server.importKey(TRADER.apiKey, TRADER.secret, SYMBOL);
  await server.importKey(TAKER.apiKey, TAKER.secret, SYMBOL, { restrictedTo: [SYMBOL] });
  await server.importKey(ETH_ONLY.apiKey, ETH_ONLY.secret, 'ETH/USDT', { restrictedTo: ['ETH/USDT'] });
  await server.importKey(ELSEWHERE.apiKey, ELSEWHERE.secret, SYMBOL, { hosts: ['10.20.30.40'], restrictedTo: [SYMBOL] });
  rest = restClient(TRADER);
  taker = restClient(TAKER);
  await Promise.all([rest.loadMarkets(), taker.loadMarkets()]);
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await server.t.close();
});

/** A price inside the spread, so a resting order there is first in line. */
async function insideSpread(side: 'buy' | 'sell'): Promise<number> {
  const book = await rest.fetchOrderBook(SYMBOL, 5);
  const bid = book.bids[0]![0]!;
  const ask = book.asks[0]![0]!;
  expect(ask - bid).toBeGreaterThan(0.02);
  return Number((side === 'sell' ? ask - 0.01 : bid + 0.01).toFixed(2));
}

describe('market streams', () => {
  it('watchOrderBook keeps the book REST depth answers, by snapshot and diffs', async () => {
    const client = await proClient();
    let book = await client.watchOrderBook(SYMBOL);
    const first = book.nonce!;
    for (let i = 0; i < 8; i++) {
      server.step();
      await sleep(120);
    }
    // The market rests; the client's book catches up with REST depth at the same update id.
    await sleep(300);
    const snapshot = await rest.fetchOrderBook(SYMBOL, 5000);
    expect(snapshot.nonce!).toBeGreaterThan(first);
    book = await eventually(() => (client.orderbooks[SYMBOL]?.nonce === snapshot.nonce ? client.orderbooks[SYMBOL] : undefined));
    expect(book.bids).toEqual(snapshot.bids);
    expect(book.asks).toEqual(snapshot.asks);
    expect(book.bids.length).toBeGreaterThan(10);
  }, 30_000);

  it('watchTrades hears the trades of an order placed through REST', async () => {
    const client = await proClient();
    const watching = watchUntil(
      () => client.watchTrades(SYMBOL),
      async (trades) => trades.some((t) => t.side === 'buy'),
    );
    await sleep(100);
    const order = await taker.createOrder(SYMBOL, 'market', 'buy', 0.001);
    const mine = await taker.fetchMyTrades(SYMBOL, undefined, 50, { orderId: order.id });
    expect(mine.length).toBeGreaterThan(0);
    const heard = await watching;
    const last = mine[mine.length - 1]!;
    expect(heard.map((t) => t.id)).toContain(last.id);
    const same = heard.find((t) => t.id === last.id)!;
    expect([same.price, same.amount, same.side, same.symbol]).toEqual([last.price, last.amount, 'buy', SYMBOL]);
  }, 30_000);

  it('watchBidsAsks (bookTicker) tells the best bid and ask REST shows', async () => {
    const client = await proClient();
    const watching = client.watchBidsAsks([SYMBOL]);
    await sleep(300);
    // A bid inside the spread changes the best bid.
    const order = await taker.createOrder(SYMBOL, 'limit', 'buy', 0.001, await insideSpread('buy'));
    const heard = await watching;
    const book = await rest.fetchOrderBook(SYMBOL, 1);
    const ticker = heard[SYMBOL]!;
    expect([ticker.bid, ticker.bidVolume, ticker.ask, ticker.askVolume]).toEqual([book.bids[0]![0], book.bids[0]![1], book.asks[0]![0], book.asks[0]![1]]);
    expect(ticker.bid).toBe(order.price);
    await taker.cancelOrder(order.id!, SYMBOL);
  }, 30_000);

  it('watchTicker tells the 24-hour figures REST has', async () => {
    const client = await proClient();
    const ticker = await client.watchTicker(SYMBOL);
    const fromRest = await rest.fetchTicker(SYMBOL);
    expect(ticker.symbol).toBe(SYMBOL);
    expect([ticker.last, ticker.open, ticker.high, ticker.low, ticker.baseVolume]).toEqual([fromRest.last, fromRest.open, fromRest.high, fromRest.low, fromRest.baseVolume]);
    // The full 24-hour ticker stream too, with the best bid and ask.
    const full = await client.watchTicker(SYMBOL, { name: 'ticker' });
    const book = await rest.fetchOrderBook(SYMBOL, 1);
    expect([full.last, full.bid, full.ask, full.percentage]).toEqual([fromRest.last, book.bids[0]![0], book.asks[0]![0], fromRest.percentage]);
  }, 30_000);

  it('answers SUBSCRIBE, LIST_SUBSCRIPTIONS and UNSUBSCRIBE by id, and wraps combined streams', async () => {
    const socket = new WebSocket(`${server.wsRoot}/stream?streams=btcusdt@depth5@100ms`);
    const messages: WireMessage[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['ethusdt@trade', 'btcusdt@bookTicker'], id: 7 }));
    socket.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 8 }));
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['nosuchusdt@trade'], id: 9 }));
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: -1 }));
    socket.send('{nope');
    server.step(3);
    await sleep(600);
    socket.send(JSON.stringify({ method: 'UNSUBSCRIBE', params: ['btcusdt@depth5@100ms'], id: 10 }));
    socket.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 11 }));
    await sleep(300);
    socket.close();
    expect(messages).toContainEqual({ result: null, id: 7 });
    expect(messages).toContainEqual({ result: ['btcusdt@depth5@100ms', 'ethusdt@trade', 'btcusdt@bookTicker'], id: 8 });
    expect(messages.find((m) => m.id === 9)).toMatchObject({ code: 2 });
    expect(messages).toContainEqual({ code: 2, msg: 'Invalid request: request ID must be an unsigned integer' });
    expect(messages.find((m) => m.code === 3)).toBeDefined();
    expect(messages).toContainEqual({ result: ['ethusdt@trade', 'btcusdt@bookTicker'], id: 11 });
    const partial = messages.find((m) => m.stream === 'btcusdt@depth5@100ms');
    const rest5 = await rest.publicGetDepth({ symbol: 'BTCUSDT', limit: 5 });
    expect(partial!.data.bids).toHaveLength(5);
    expect(typeof partial!.data.lastUpdateId).toBe('number');
    expect(partial!.data.lastUpdateId).toBeLessThanOrEqual(rest5.lastUpdateId);
  }, 30_000);
});

describe('the user data stream', () => {
  it('watchOrders and watchMyTrades see a fill of an order placed through REST, watchBalance the balance after it', async () => {
    const client = await proClient(TRADER);
    const subscribed = client.watchOrders(SYMBOL);
    keepWatching(() => client.watchMyTrades(SYMBOL));
    keepWatching(() => client.watchBalance());
    await sleep(300);
    const book = await rest.fetchOrderBook(SYMBOL, 5);
    const order = await rest.createOrder(SYMBOL, 'limit', 'buy', 0.002, Number((book.asks[0]![0]! * 1.01).toFixed(2)));
    const fills = await rest.fetchMyTrades(SYMBOL, undefined, 50, { orderId: order.id });
    expect(fills.length).toBeGreaterThan(0);

    expect((await subscribed).map((o) => o.id)).toContain(order.id);
    const final = await eventually(() => client.orders?.find((o) => o.id === order.id && o.status === 'closed'));
    expect([final.filled, final.clientOrderId, final.side, final.type]).toEqual([0.002, order.clientOrderId, 'buy', 'limit']);

    const streamedFills = await eventually(() => {
      const mine = (client.myTrades ?? []).filter((t) => t.order === order.id);
      return mine.length === fills.length ? mine : undefined;
    });
    expect(streamedFills.map((t) => [t.id, t.price, t.amount, t.side, t.fee?.cost, t.fee?.currency, t.takerOrMaker])).toEqual(
      fills.map((t) => [t.id, t.price, t.amount, 'buy', t.fee?.cost, t.fee?.currency, 'taker']),
    );

    const restBalance = await rest.fetchBalance();
    const streamed = await eventually(() => {
      const balance = (client.balance as unknown as Record<string, SpotBalance | undefined>).spot;
      return balance?.BTC?.free === restBalance.BTC!.free ? balance : undefined;
    });
    expect([streamed.BTC!.free, streamed.BTC!.used, streamed.USDT!.free, streamed.USDT!.used]).toEqual([restBalance.BTC!.free, restBalance.BTC!.used, restBalance.USDT!.free, restBalance.USDT!.used]);
  }, 40_000);

  it('a socket the server cuts mid-fill is resumed by ccxt, and the order reads the same on the stream as on REST', async () => {
    const client = await proClient(TRADER);
    const price = await insideSpread('sell');
    const lot = 0.001;
    const order = await rest.createOrder(SYMBOL, 'limit', 'sell', lot * 3, price);
    keepWatching(() => client.watchOrders(SYMBOL));
    keepWatching(() => client.watchBalance());
    await sleep(300);
    await taker.createOrder(SYMBOL, 'market', 'buy', lot);
    const filledOnce = () => client.orders?.find((o) => o.id === order.id && o.filled !== undefined && Math.abs(o.filled - lot) < 1e-12);
    await eventually(filledOnce);

    // The server drops every stream socket; a fill happens while the client is away.
    const dropped = client.watchOrders(SYMBOL).then(
      () => 'answered',
      (err: unknown) => err,
    );
    for (const socket of server.t.app.websocketServer.clients) socket.terminate();
    expect(await dropped).toBeInstanceOf(ccxt.NetworkError);
    await taker.createOrder(SYMBOL, 'market', 'buy', lot);

    // Watching again reconnects and subscribes again; the last fill comes on the new socket.
    keepWatching(() => client.watchOrders(SYMBOL));
    keepWatching(() => client.watchBalance());
    await sleep(500);
    await taker.createOrder(SYMBOL, 'market', 'buy', lot);
    const streamed = await eventually(() => client.orders?.find((o) => o.id === order.id && o.status === 'closed'));
    const fromRest = await rest.fetchOrder(order.id!, SYMBOL);
    expect([streamed.status, streamed.filled, streamed.remaining, streamed.cost]).toEqual([fromRest.status, fromRest.filled, fromRest.remaining, fromRest.cost]);
    expect(streamed.filled).toBeCloseTo(lot * 3, 9);
    const restBalance = await rest.fetchBalance();
    const balance = await eventually(() => {
      const spot = (client.balance as unknown as Record<string, SpotBalance | undefined>).spot;
      return spot?.BTC?.free === restBalance.BTC!.free ? spot : undefined;
    });
    expect([balance.BTC!.free, balance.BTC!.used]).toEqual([restBalance.BTC!.free, restBalance.BTC!.used]);
  }, 40_000);

  it('a listen key streams its account until it expires: listenKeyExpired, then the socket closes; keepalive extends it', async () => {
    const { listenKey } = (await rest.publicPostUserDataStream()) as { listenKey: string };
    expect(listenKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(((await rest.publicPostUserDataStream()) as { listenKey: string }).listenKey).toBe(listenKey);
    const socket = new WebSocket(`${server.wsRoot}/ws/${listenKey}`);
    const events: WireMessage[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    await sleep(300);
    const price = await insideSpread('buy');
    const order = await rest.createOrder(SYMBOL, 'limit', 'buy', 0.001, price);
    await rest.cancelOrder(order.id!, SYMBOL);
    await sleep(LISTEN_KEY_MS / 2);
    expect(await rest.publicPutUserDataStream({ listenKey })).toEqual({});
    await sleep(LISTEN_KEY_MS / 2 + 200);
    // Extended: still open.
    expect(socket.readyState).toBe(WebSocket.OPEN);
    expect(await closed).toBe(1000);
    const reports = events.filter((e) => e.e === 'executionReport' && e.i === Number(order.id));
    expect(reports.map((e) => [e.x, e.X, e.c, e.s, e.S, e.o, e.f])).toEqual([
      ['NEW', 'NEW', order.clientOrderId, 'BTCUSDT', 'BUY', 'LIMIT', 'GTC'],
      ['CANCELED', 'CANCELED', order.clientOrderId, 'BTCUSDT', 'BUY', 'LIMIT', 'GTC'],
    ]);
    expect(events.some((e) => e.e === 'outboundAccountPosition' && e.B.some((b: { a: string }) => b.a === 'USDT'))).toBe(true);
    expect(events.at(-1)).toMatchObject({ e: 'listenKeyExpired', listenKey });
    const refused = await rest.publicPutUserDataStream({ listenKey }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(String(refused)).toContain('-1125');
  }, 30_000);
});

describe('keys on streams as on REST', () => {
  it('a key without the pair hears nothing of it on its user stream', async () => {
    const venue = server.t.services.sim.localHost.venue;
    const client = await proClient(ETH_ONLY);
    const watching = client.watchOrders();
    await sleep(300);
    // The key's account holds a BTC/USDT order it may not see (placed on the venue directly), then an ETH/USDT one.
    const account = venue.account(ETH_ONLY.apiKey);
    const btc = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: String(await insideSpread('buy')), amount: '0.001', timeInForce: 'GTC', clientOrderId: 'hidden-btc' });
    const eth = (await rest.fetchOrderBook('ETH/USDT', 1)).bids[0]![0]!;
    const own = restClient(ETH_ONLY);
    const order = await own.createOrder('ETH/USDT', 'limit', 'buy', 0.01, Number((eth * 0.98).toFixed(2)));
    const seen = await watching;
    expect(seen.map((o) => o.id)).toEqual([order.id]);
    await sleep(300);
    const later = await Promise.race([client.watchOrders(), sleep(500).then(() => [])]);
    expect(later.map((o) => o.id)).not.toContain(btc.orderNo);
    const refused = await own.createOrder(SYMBOL, 'limit', 'buy', 0.001, 10).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ccxt.PermissionDenied);
  }, 30_000);

  it('a key bound to another address is refused the user stream and listen keys (-2015)', async () => {
    // As ccxt.pro's binance subscribes (userDataStream.subscribe.signature), from an address the key is not bound to.
    const socket = new WebSocket(`${server.wsRoot}/ws-api/v3`);
    await new Promise((resolve) => socket.once('open', resolve));
    const params: Record<string, string | number> = { apiKey: ELSEWHERE.apiKey, timestamp: Date.now() };
    const payload = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const answer = new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
    socket.send(JSON.stringify({ id: 'sub-1', method: 'userDataStream.subscribe.signature', params: { ...params, signature: createHmac('sha256', ELSEWHERE.secret).update(payload).digest('hex') } }));
    expect(await answer).toEqual({ id: 'sub-1', status: 401, error: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
    socket.close();
    const listen = await restClient(ELSEWHERE)
      .publicPostUserDataStream()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(String(listen)).toContain('-2015');
  }, 30_000);
});
