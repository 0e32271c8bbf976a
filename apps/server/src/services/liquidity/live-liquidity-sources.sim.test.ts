/**
 * The liquidity sampler on a live pair (issue 20): a `binance` platform at the simulator's Binance
 * API, its book from the server's shared market feed of the pair (the stream, or the bots' poll),
 * the desk's own depth from the bots' journal, the traded volume from the feed's trade stream and
 * the desk's fills and placements from its ledger; no request of the sampler's own at the venue.
 */
import type { IncomingMessage } from 'node:http';
import type { LiquidityObligation, LiquiditySummary } from '@makerdesk/contract';
import { add, div, mul } from '@makerdesk/decimal';
import { createBotEngine, createRateBudgets, MINUTE_MS, strategyRegistry, type MinuteActivity } from '@makerdesk/engine';
import { and, count as countRows, eq, gt, lte, ne, sum } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admins, robotFills, robotOrders } from '../../db/schema.ts';
import { LiquidityRepository, type LedgerCursor } from '../../repositories/liquidity.repository.ts';
import { startSimBinanceServer, type SimBinanceServer } from '../../testing/sim-binance-fixture.ts';
import { LiquidityService } from './liquidity.service.ts';
import { LiveLiquiditySources } from './live-liquidity-sources.ts';

const SYMBOL = 'BTC/USDT';

let server: SimBinanceServer;
let requests = new Map<string, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (endpoint: string) => requests.get(endpoint) ?? 0;

beforeAll(async () => {
  server = await startSimBinanceServer({ liveExchange: 'ccxt', outboundAllow: '127.0.0.1', engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  server.t.app.server.on('request', (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith('/sim/binance')) return;
    const endpoint = `${req.method} ${url.pathname.slice('/sim/binance'.length)}`;
    requests.set(endpoint, (requests.get(endpoint) ?? 0) + 1);
  });
}, 60_000);

afterAll(async () => {
  await server?.t.close();
});

async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<T> {
  const res = await server.t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

const platforms = new Map<boolean, { id: number }>();

async function livePair(token: string, name: string, streams: boolean, key: string, symbol = SYMBOL): Promise<number> {
  // The simulator's account of the key (imported on its own platform), then the live platform's key.
  await server.importKey(key, `${key}-secret`, symbol);
  // One platform per venue address: a second pair on it is added to the first one's.
  const platform = platforms.get(streams) ?? (await ok<{ id: number }>('POST', '/backend/platform/add', token, { name, code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, ...(streams ? { wsBaseUrl: server.wsRoot } : {}) }));
  platforms.set(streams, platform);
  const { coinId } = await ok<{ coinId: number }>('POST', '/backend/coin/add', token, { platformId: platform.id, coinName: symbol });
  await ok('POST', '/backend/credentials/add', token, { platformId: platform.id, apiKey: key, secretKey: `${key}-secret`, coinId });
  await ok('PUT', '/backend/liquidity/obligation', token, { coinId, maxSpreadBps: '1000', depthWithinPct: '5', minDepthQuote: '0', minUptimePct: '50', period: 'day' });
  return coinId;
}

it('samples a streamed live pair from its feed and the bots’ journal, and drops the own depth when the bots stop', async () => {
  const token = await server.t.login();
  const coinId = await livePair(token, 'Binance (streams)', true, 'live-liq-key');
  const sampler = server.t.services.liquidityJobs.sampler;
  const venue = server.t.services.sim.localHost.venue;
  venue.start();
  try {
    await server.t.services.engine.start();
    const types = await ok<{ type: string; defaults: Record<string, unknown> }[]>('GET', `/backend/robot/init/list?coinId=${coinId}`, token);
    const config = { ...types.find((i) => i.type === 'depth_near')!.defaults, intervalMin: 1, intervalMax: 2 };
    const bot = { coinId, type: 'depth_near', config, startMode: 'now', priceMode: 'safe', confirmExposure: true };
    const { id } = await ok<{ id: number }>('PUT', '/backend/robot/update', token, { ...bot, status: 'running' });
    await sleep(4000);

    requests = new Map();
    sampler.refreshPairs();
    for (let i = 0; i < 4; i++) {
      await sampler.sampleOnce();
      await sleep(500);
    }
    const seconds = sampler.recent(coinId);
    expect(seconds.length).toBeGreaterThanOrEqual(3);
    const last = seconds.at(-1)!;
    expect(last.spreadBps).not.toBeNull();
    expect(Number(last.bidQuote)).toBeGreaterThan(0);
    // The bot's resting orders (its journal) are the desk's own depth.
    expect(Number(last.ownBidQuote) + Number(last.ownAskQuote)).toBeGreaterThan(0);
    // The sampler asked the venue nothing: the book is the stream's, the orders the journal's.
    expect([count('GET /api/v3/depth'), count('GET /api/v3/openOrders')]).toEqual([0, 0]);

    await ok('PUT', '/backend/robot/update', token, { ...bot, id, status: 'stopped' });
    await sleep(1500);
    await sampler.sampleOnce();
    const after = sampler.recent(coinId).at(-1)!;
    expect([after.ownBidQuote, after.ownAskQuote]).toEqual(['0', '0']);
    expect(Number(after.bidQuote)).toBeGreaterThan(0);

    // An order of the desk's account outside the bots' journal (a manual one) counts while the key's
    // account stream holds the pair's open orders, and stops counting once cancelled.
    const price = (await venue.marketData().fetchOrderBook(SYMBOL, 5)).bids[0]![0];
    const manual = await venue.account('live-liq-key').placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price, amount: '0.01', timeInForce: 'GTC', clientOrderId: 'manual-liq-1' });
    await sleep(1000);
    await sampler.sampleOnce();
    const held = sampler.recent(coinId).at(-1)!;
    expect([Number(held.ownBidQuote), held.ownAskQuote]).toEqual([Number(mul(price, '0.01')), '0']);
    await venue.account('live-liq-key').cancelOrder(SYMBOL, manual.orderNo);
    await sleep(1000);
    await sampler.sampleOnce();
    expect(sampler.recent(coinId).at(-1)!.ownBidQuote).toBe('0');
    expect([count('GET /api/v3/openOrders')]).toEqual([0]);
  } finally {
    venue.stop();
  }
}, 60_000);

const PAIR = 'ETH/USDT';

it('measures a live pair’s traded volume from the feed’s trade stream and the desk’s fills and placements from its ledger, as the venue and the ledger have them', async () => {
  const token = await server.t.login();
  // Another pair than the first test's (a main account holds one key per pair).
  const coinId = await livePair(token, 'Binance (volume)', true, 'live-vol-key', PAIR);
  const { sampler } = server.t.services.liquidityJobs;
  const venue = server.t.services.sim.localHost.venue;
  const db = server.t.database.db;
  venue.start();
  await server.t.services.engine.start();
  const types = await ok<{ type: string; defaults: Record<string, unknown> }[]>('GET', `/backend/robot/init/list?coinId=${coinId}`, token);
  const config = { ...types.find((i) => i.type === 'depth_near')!.defaults, intervalMin: 1, intervalMax: 2 };
  const bot = { coinId, type: 'depth_near', config, startMode: 'now', priceMode: 'safe', confirmExposure: true };
  const { id: robotId } = await ok<{ id: number }>('PUT', '/backend/robot/update', token, { ...bot, status: 'running' });
  await sleep(4000);
  // From here the only trades are the taker's: the background market stands still.
  venue.stop();
  await venue.openAccount('vol-taker');
  await venue.deposit('vol-taker', 'ETH', '10000');
  await venue.deposit('vol-taker', 'USDT', '10000000');

  // A measuring source of its own (the server's sampler has counted since the other test), on the
  // server's feed and ledger: each read of the ledger recorded, to know the rows it counted.
  const [admin] = await db.select({ id: admins.id }).from(admins).limit(1);
  const material = (await server.t.services.credentials.materialOf(admin!.id, coinId))!;
  const repo = new LiquidityRepository(db);
  const reads: LedgerCursor[] = [];
  const source = new LiveLiquiditySources({
    livePairs: async () => [{ id: coinId, symbol: PAIR }],
    obligations: async () => [{ coinId, maxSpreadBps: '1000', depthWithinPct: '5', minDepthQuote: '0', minUptimePct: '50', period: 'day', updatedAt: 0 } as LiquidityObligation],
    marketOf: () => server.t.services.gateway.liveMarketOf(material),
    restingOrders: (id) => repo.restingBotOrders(id),
    ledgerSince: async (ids, cursor, from) => {
      const read = await repo.ledgerSince(ids, cursor, from);
      reads.push(read.cursor);
      return read;
    },
    ledgerReadMs: 1000,
  });
  await source.pairs();
  const counted: MinuteActivity = { volumeQuote: '0', ownVolumeQuote: '0', ordersPlaced: 0, fills: 0 };
  let uncounted = 0;
  const round = async () => {
    const a = await source.activity(coinId);
    if (a.volumeQuote === undefined) uncounted++;
    counted.volumeQuote = add(counted.volumeQuote, a.volumeQuote ?? '0');
    counted.ownVolumeQuote = add(counted.ownVolumeQuote, a.ownVolumeQuote ?? '0');
    counted.ordersPlaced += a.ordersPlaced ?? 0;
    counted.fills += a.fills ?? 0;
    await sampler.sampleOnce();
  };
  // The first round sets where both start counting.
  requests = new Map();
  sampler.refreshPairs();
  const started = Date.now();
  await round();
  const firstCursor = reads[0]!;
  await sleep(1100);
  await round();

  // The taker sells down to the bot's best bid and buys up to its best ask: every level in the way.
  const take = async (side: 'buy' | 'sell', n: number) => {
    const own = (await venue.account('live-vol-key').fetchOpenOrders(PAIR)).filter((o) => o.direction === (side === 'sell' ? 'buy' : 'sell') && o.price !== null);
    expect(own.length).toBeGreaterThan(0);
    const book = await venue.marketData().fetchOrderBook(PAIR, 1000);
    const prices = own.map((o) => Number(o.price));
    const limit = side === 'sell' ? Math.max(...prices) : Math.min(...prices);
    const levels = side === 'sell' ? book.bids.filter(([p]) => Number(p) >= limit) : book.asks.filter(([p]) => Number(p) <= limit);
    const amount = levels.reduce((total, [, a]) => add(total, a), '0');
    await venue.account('vol-taker').placeOrder({ symbol: PAIR, direction: side, tradeType: 'limit', price: own.find((o) => Number(o.price) === limit)!.price!, amount, timeInForce: 'IOC', clientOrderId: `vol-take-${n}` });
  };
  await take('sell', 1);
  for (let i = 0; i < 3; i++) {
    await sleep(600);
    await round();
  }
  await take('buy', 2);
  for (let i = 0; i < 3; i++) {
    await sleep(600);
    await round();
  }
  // Switched off and on: the bot quotes again (placements).
  await ok('PUT', '/backend/robot/update', token, { ...bot, id: robotId, status: 'stopped' });
  await ok('PUT', '/backend/robot/update', token, { ...bot, id: robotId, status: 'running' });
  for (let i = 0; i < 5; i++) {
    await sleep(600);
    await round();
  }
  await ok('PUT', '/backend/robot/update', token, { ...bot, id: robotId, status: 'stopped' });
  // Quiet: the fills noticed and journalled, the ledger read after them.
  for (let i = 0; i < 5; i++) {
    await sleep(600);
    await round();
  }
  const lastCursor = reads.at(-1)!;

  // Counted without a request of the sampler's: the trades are the stream's (no REST seed either).
  expect([count('GET /api/v3/trades'), count('GET /api/v3/depth')]).toEqual([0, 0]);
  // The market's volume: exactly the taker's trades (no second left uncounted after the first).
  const takerTrades = await venue.account('vol-taker').fetchMyTrades(PAIR, { limit: 1000 });
  const takerQuote = takerTrades.reduce((total, t) => add(total, mul(t.price, t.amount)), '0');
  expect(uncounted).toBe(1);
  expect(takerTrades.length).toBeGreaterThan(0);
  expect(counted.volumeQuote).toBe(takerQuote);
  // The desk's part: the bot's fills in the ledger over the rows read, the same as the desk's venue account traded.
  const [fills] = await db
    .select({ n: countRows(), quote: sum(robotFills.quoteAmount) })
    .from(robotFills)
    .where(and(eq(robotFills.robotId, robotId), gt(robotFills.id, firstCursor.fillId), lte(robotFills.id, lastCursor.fillId)));
  const [placed] = await db
    .select({ n: countRows() })
    .from(robotOrders)
    .where(and(eq(robotOrders.robotId, robotId), gt(robotOrders.id, firstCursor.orderId), lte(robotOrders.id, lastCursor.orderId), ne(robotOrders.state, 'rejected')));
  const deskTrades = (await venue.account('live-vol-key').fetchMyTrades(PAIR, { limit: 1000 })).filter((t) => t.timestamp >= started);
  expect(fills!.n).toBeGreaterThanOrEqual(2);
  expect([counted.fills, counted.ordersPlaced]).toEqual([fills!.n, placed!.n]);
  expect(counted.ownVolumeQuote).toBe(add(fills!.quote!, '0'));
  expect(counted.ownVolumeQuote).toBe(deskTrades.reduce((total, t) => add(total, mul(t.price, t.amount)), '0'));
  expect(Number(counted.ownVolumeQuote)).toBeLessThan(Number(counted.volumeQuote));
  expect(counted.ordersPlaced).toBeGreaterThan(0);

  // The server's own sampler wrote the same market volume into its minutes, and the summary has both figures.
  await sampler.stop();
  const from = Math.floor(started / MINUTE_MS) * MINUTE_MS;
  const to = Math.ceil((Date.now() + 1) / MINUTE_MS) * MINUTE_MS;
  const rows = await repo.minutes(coinId, from, to);
  const total = (k: 'volumeQuote' | 'ownVolumeQuote') => rows.reduce((t, r) => add(t, r[k]), '0');
  expect(total('volumeQuote')).toBe(takerQuote);
  expect(Number(total('ownVolumeQuote'))).toBeGreaterThan(0);
  // The summary of these minutes as the route answers it once they ended (the service on a clock past them).
  const [adminRow] = await db.select().from(admins).where(eq(admins.id, admin!.id));
  const later = new LiquidityService({ repo, coins: server.t.services.coins, now: () => to + MINUTE_MS });
  const summary: LiquiditySummary = await later.summary(adminRow!, { coinId, from, to });
  expect(summary.ownShareOfVolumePct).toBe(div(mul(total('ownVolumeQuote'), '100'), total('volumeQuote'), { decimals: 2, rounding: 'floor' }));
  const ordersPlaced = rows.reduce((t, r) => t + r.ordersPlaced, 0);
  const rowFills = rows.reduce((t, r) => t + r.fills, 0);
  expect(rowFills).toBeGreaterThan(0);
  expect(summary.orderToTrade).toBe(div(String(ordersPlaced), String(rowFills), { decimals: 2, rounding: 'half-even' }));
}, 90_000);
