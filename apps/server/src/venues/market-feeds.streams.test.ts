/**
 * The server's shared market feeds against the simulator's Binance API with ccxt.pro's real `binance`
 * (a platform `binance` at `/sim/binance`, its WebSocket base at the same root): requests counted at
 * the server as they arrive, sockets cut and refused by the server.
 */
import type { IncomingMessage } from 'node:http';
import type { OrderBook } from '@makerdesk/exchange';
import { createCcxtExchange, type CcxtExchange, type CcxtExchangeConfig } from '@makerdesk/exchange/ccxt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { startSimBinanceServer, type SimBinanceServer } from '../testing/sim-binance-fixture.ts';
import { parseAllowList } from '../outbound/allow-list.ts';
import { guardedSocketAgents, type GuardedSocketAgents } from '../outbound/guarded-socket-agent.ts';
import { OutboundGuard } from '../outbound/outbound-guard.ts';
import { ccxtSettingsOf, venueFetchOf } from './live-exchange.ts';
import { MarketFeeds } from './market-feeds.ts';

const SYMBOL = 'BTC/USDT';
const READERS = 10;

let server: SimBinanceServer;
let venue: CcxtExchange;
/** Requests at the simulator's Binance API by `METHOD /path`, WebSocket connections and their SUBSCRIBE params. */
let calls = new Map<string, number>();
let connections = 0;
let subscribed: string[] = [];
/** While set, the server closes every new stream socket as soon as it opens. */
let refusing = false;
/** Calls through the platform's fetch (the server's guarded one in production). */
let viaPlatformFetch: string[] = [];
let feeds: MarketFeeds | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(25);
  }
}

function settings(withStream = true, socketAgents?: GuardedSocketAgents): CcxtExchangeConfig {
  const fetchOf = venueFetchOf(async (url, init) => {
    viaPlatformFetch.push(String(url));
    return fetch(url, init);
  });
  return ccxtSettingsOf({ code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, wsBaseUrl: withStream ? server.wsRoot : null }, fetchOf, socketAgents);
}

const depthCalls = () => calls.get('GET /api/v3/depth') ?? 0;

/** Ten readers reading the pair's book every `everyMs` for `forMs`, the market moving meanwhile. */
async function readTogether(read: () => Promise<OrderBook>, forMs: number, everyMs = 100): Promise<OrderBook[]> {
  const seen: OrderBook[] = [];
  const until = Date.now() + forMs;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (Date.now() < until) {
        seen.push(await read());
        await sleep(everyMs);
      }
    }),
  );
  return seen;
}

beforeAll(async () => {
  // Live platforms through ccxt, allowed to reach this machine (the simulator's Binance API).
  server = await startSimBinanceServer({ liveExchange: 'ccxt', outboundAllow: '127.0.0.1' });
  server.t.app.server.on('request', (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith('/sim/binance')) return;
    const endpoint = `${req.method} ${url.pathname.slice('/sim/binance'.length)}`;
    calls.set(endpoint, (calls.get(endpoint) ?? 0) + 1);
  });
  server.t.app.websocketServer.on('connection', (socket: WebSocket) => {
    connections++;
    if (refusing) return void socket.terminate();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { method?: string; params?: string[] };
      if (message.method === 'SUBSCRIBE') subscribed.push(...(message.params ?? []));
    });
  });
  venue = await createCcxtExchange(settings());
  await venue.loadMarkets();
}, 60_000);
afterEach(async () => {
  await feeds?.close();
  feeds = undefined;
  refusing = false;
});
afterAll(async () => {
  await venue.close();
  await server.t.close();
});

function reset(): void {
  calls = new Map();
  connections = 0;
  subscribed = [];
  viaPlatformFetch = [];
}

describe('shared market feeds of a live venue', () => {
  it('ten readers of a pair: one stream subscription, no REST depth while it is up, and the book the venue has', async () => {
    reset();
    feeds = new MarketFeeds();
    const market = feeds.reader(settings());
    const first = await market.fetchOrderBook(SYMBOL);
    expect(first.bids.length).toBeGreaterThan(0);
    const feed = feeds.feedOf(settings(), SYMBOL)!;
    await eventually(() => feed.streaming());
    // ccxt.pro's own snapshot went through the platform's fetch, as every REST call of the venue does.
    expect(viaPlatformFetch.some((url) => url.includes('/depth'))).toBe(true);
    const opened = { connections, depthSubscriptions: subscribed.filter((p) => p.startsWith('btcusdt@depth')).length };

    calls = new Map();
    const stepping = setInterval(() => server.step(), 100);
    const seen = await readTogether(() => market.fetchOrderBook(SYMBOL), 2000).finally(() => clearInterval(stepping));
    expect([depthCalls(), connections, subscribed.filter((p) => p.startsWith('btcusdt@depth')).length]).toEqual([0, opened.connections, opened.depthSubscriptions]);
    expect(opened).toEqual({ connections: 1, depthSubscriptions: 1 });
    expect(seen.length).toBeGreaterThanOrEqual(READERS * 10);
    // The market moved while they read: the stream's update ids grew.
    expect(Math.max(...seen.map((b) => b.updateId!))).toBeGreaterThan(first.updateId!);
    expect(market.feedStatus(SYMBOL)).toMatchObject({ mode: 'stream', reason: null });

    // At rest, the streamed book is the venue's book at the same update id.
    const rest = await eventually(async () => {
      const fromRest = await venue.fetchOrderBook(SYMBOL, 100);
      const streamed = await market.fetchOrderBook(SYMBOL, 100);
      return streamed.updateId === fromRest.updateId ? { fromRest, streamed } : undefined;
    });
    expect(rest.streamed.bids).toEqual(rest.fromRest.bids);
    expect(rest.streamed.asks).toEqual(rest.fromRest.asks);

    // Trades from the stream too, seeded once.
    const trades = await Promise.all(Array.from({ length: READERS }, () => market.fetchTrades(SYMBOL, 20)));
    expect(trades[0]!.length).toBeGreaterThan(0);
    expect(calls.get('GET /api/v3/trades') ?? 0).toBeLessThanOrEqual(1);
  }, 30_000);

  it('a stream the server cuts: polling (down) with one depth request a second for all readers, resumed within 5 s with a book consistent with /depth', async () => {
    feeds = new MarketFeeds();
    const market = feeds.reader(settings());
    await market.fetchOrderBook(SYMBOL);
    const feed = feeds.feedOf(settings(), SYMBOL)!;
    await eventually(() => feed.streaming());

    // The server drops every stream socket and refuses new ones for 1.5 s.
    reset();
    refusing = true;
    const cutAt = Date.now();
    for (const socket of server.t.app.websocketServer.clients) socket.terminate();
    await eventually(() => market.feedStatus(SYMBOL)?.mode === 'polling');
    expect(market.feedStatus(SYMBOL)).toMatchObject({ mode: 'polling', reason: 'down' });
    const stepping = setInterval(() => server.step(), 100);
    try {
      const downFor = 1500 - (Date.now() - cutAt);
      const started = Date.now();
      await readTogether(() => market.fetchOrderBook(SYMBOL), downFor);
      const seconds = (Date.now() - started) / 1000;
      // One request per reuse window (1 s) for the ten readers, not one per reader.
      expect(depthCalls()).toBeGreaterThanOrEqual(1);
      expect(depthCalls()).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      expect(connections).toBeGreaterThanOrEqual(1);
      refusing = false;
      await eventually(() => feed.streaming() && market.feedStatus(SYMBOL)?.mode === 'stream', 8000);
      expect(Date.now() - cutAt).toBeLessThan(5000);
    } finally {
      clearInterval(stepping);
    }
    // Resumed by a new snapshot plus the diffs after it: the same book as /depth at the same update id.
    const rest = await eventually(async () => {
      const fromRest = await venue.fetchOrderBook(SYMBOL, 100);
      const streamed = await market.fetchOrderBook(SYMBOL, 100);
      return streamed.updateId === fromRest.updateId ? { fromRest, streamed } : undefined;
    });
    expect(rest.streamed.bids).toEqual(rest.fromRest.bids);
    expect(rest.streamed.asks).toEqual(rest.fromRest.asks);
    expect(market.feedStatus(SYMBOL)).toMatchObject({ mode: 'stream', reason: null });
  }, 30_000);

  it('the WebSocket base is held to the outbound guard as each socket connects: allowed, it streams; refused, no socket reaches it and the pair polls', async () => {
    const guarded = (allow: string) => {
      const parsed = parseAllowList(allow);
      if (!parsed.ok) throw new Error(parsed.bad.join());
      const pinned: string[] = [];
      const guard = new OutboundGuard({ allow: parsed.list });
      return { agents: guardedSocketAgents({ pin: (host) => (pinned.push(host), guard.pin(host)) }), pinned };
    };
    const allowed = guarded('127.0.0.1/32');
    reset();
    feeds = new MarketFeeds();
    const market = feeds.reader(settings(true, allowed.agents));
    await market.fetchOrderBook(SYMBOL);
    await eventually(() => market.feedStatus(SYMBOL)?.mode === 'stream');
    expect(connections).toBe(1);
    expect(allowed.pinned).toContain('127.0.0.1');
    await feeds.close();

    // The operator no longer allows this machine: the saved base is refused at the connect, REST keeps its own guard.
    const refused = guarded('');
    reset();
    feeds = new MarketFeeds();
    const cut = feeds.reader(settings(true, refused.agents));
    await cut.fetchOrderBook(SYMBOL);
    await eventually(() => refused.pinned.length > 0);
    await sleep(500);
    expect(cut.feedStatus(SYMBOL)).toMatchObject({ mode: 'polling' });
    expect(connections).toBe(0);
  }, 30_000);

  it('a venue without a stream polls (unsupported): one depth request for ten readers', async () => {
    feeds = new MarketFeeds();
    const market = feeds.reader(settings(false));
    await market.fetchOrderBook(SYMBOL);
    expect(market.feedStatus(SYMBOL)).toMatchObject({ mode: 'polling', reason: 'unsupported' });
    reset();
    await sleep(1000);
    const books = await Promise.all(Array.from({ length: READERS }, () => market.fetchOrderBook(SYMBOL)));
    expect([depthCalls(), connections, new Set(books.map((b) => b.updateId)).size]).toEqual([1, 0, 1]);
  }, 30_000);

  it("a platform `binance` at the simulator: a key's sessions (bots', the console's) read the pair's book from one stream", async () => {
    const { t } = server;
    const token = await t.login();
    const post = async <T>(url: string, body: unknown): Promise<T> => {
      const res = await t.call('POST', url, { token, body });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as T;
    };
    const platform = await post<{ id: number }>('/backend/platform/add', { name: 'Binance (streams)', code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, wsBaseUrl: server.wsRoot });
    const coin = await post<{ coinId: number }>('/backend/coin/add', { platformId: platform.id, coinName: SYMBOL });
    const keys = ['feeds-key-a'];
    for (const key of keys) {
      await server.importKey(key, `${key}-secret`, SYMBOL);
      await post('/backend/credentials/add', { platformId: platform.id, apiKey: key, secretKey: `${key}-secret`, coinId: coin.coinId });
    }
    const material = (await t.services.credentials.materialOf(1, coin.coinId))!;
    expect(material.wsBaseUrl).toBe(server.wsRoot);
    const session = await t.services.gateway.session(material, { budgeted: false });
    const consoleReader = t.services.gateway.marketData(await t.services.gateway.session(material));
    await session.exchange.fetchOrderBook(SYMBOL);
    await eventually(() => session.exchange.feedStatus?.(SYMBOL)?.mode === 'stream' && consoleReader.fetchOrderBook(SYMBOL).then((b) => b.updateId !== undefined));
    await sleep(500);
    reset();
    const stepping = setInterval(() => server.step(), 100);
    const seen = await readTogether((i = Math.random()) => (i < 0.5 ? session.exchange.fetchOrderBook(SYMBOL) : consoleReader.fetchOrderBook(SYMBOL, 20)), 1500).finally(() => clearInterval(stepping));
    expect(seen.length).toBeGreaterThanOrEqual(READERS * 5);
    expect([depthCalls(), connections, subscribed.length]).toEqual([0, 0, 0]);
    expect(session.exchange.feedStatus?.(SYMBOL)).toMatchObject({ mode: 'stream', reason: null });
    // So the key's rate budget lets the bots' book reads pass without a token.
    expect(session.exchange.answersLocally?.('fetchOrderBook', [SYMBOL])).toBe(true);
  }, 30_000);
});
