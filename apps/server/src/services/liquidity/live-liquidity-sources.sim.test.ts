/**
 * The liquidity sampler on a live pair (issue 20): a `binance` platform at the simulator's Binance
 * API, its book from the server's shared market feed of the pair (the stream, or the bots' poll),
 * the desk's own depth from the bots' journal; no request of the sampler's own at the venue.
 */
import type { IncomingMessage } from 'node:http';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimBinanceServer, type SimBinanceServer } from '../../testing/sim-binance-fixture.ts';

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

async function livePair(token: string, name: string, streams: boolean, key: string): Promise<number> {
  // The simulator's account of the key (imported on its own platform), then the live platform's key.
  await server.importKey(key, `${key}-secret`, SYMBOL);
  const platform = await ok<{ id: number }>('POST', '/backend/platform/add', token, { name, code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, ...(streams ? { wsBaseUrl: server.wsRoot } : {}) });
  const { coinId } = await ok<{ coinId: number }>('POST', '/backend/coin/add', token, { platformId: platform.id, coinName: SYMBOL });
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
  } finally {
    venue.stop();
  }
}, 60_000);
