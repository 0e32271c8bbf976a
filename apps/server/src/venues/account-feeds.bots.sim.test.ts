/**
 * Bots of the engine on a live key with a user stream (issue 19): after the first ticks read the
 * pair once, their every-tick reads of the balances and open orders come from the key's account
 * feed: no `GET /api/v3/account` nor `GET /api/v3/openOrders` while the stream is up; and their book
 * reads from the server's shared market stream of the pair: no `GET /api/v3/depth`.
 */
import type { IncomingMessage } from 'node:http';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimBinanceServer, type SimBinanceServer } from '../testing/sim-binance-fixture.ts';

const SYMBOL = 'BTC/USDT';
const KEY = { apiKey: 'feed-bots-key', secret: 'feed-bots-secret' };
const BOTS = 3;

let server: SimBinanceServer;
let requests = new Map<string, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await startSimBinanceServer({ liveExchange: 'ccxt', outboundAllow: '127.0.0.1', engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  server.t.app.server.on('request', (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith('/sim/binance')) return;
    const endpoint = `${req.method} ${url.pathname.slice('/sim/binance'.length)}`;
    requests.set(endpoint, (requests.get(endpoint) ?? 0) + 1);
  });
  await server.importKey(KEY.apiKey, KEY.secret, SYMBOL);
}, 60_000);

afterAll(async () => {
  await server?.t.close();
});

async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<T> {
  const res = await server.t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

it('depth bots read their account from the stream: no account or open-order reads once the pair is read', async () => {
  const token = await server.t.login();
  const platform = await ok<{ id: number }>('POST', '/backend/platform/add', token, { name: 'Binance (streams)', code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, wsBaseUrl: server.wsRoot });
  const { coinId } = await ok<{ coinId: number }>('POST', '/backend/coin/add', token, { platformId: platform.id, coinName: SYMBOL });
  await ok('POST', '/backend/credentials/add', token, { platformId: platform.id, apiKey: KEY.apiKey, secretKey: KEY.secret, coinId });
  const venue = server.t.services.sim.localHost.venue;
  venue.start();
  try {
    await server.t.services.engine.start();
    const types = await ok<{ type: string; defaults: Record<string, unknown> }[]>('GET', `/backend/robot/init/list?coinId=${coinId}`, token);
    // Ticks every 1-2 s, so the window below holds several of each bot.
    const config = { ...types.find((i) => i.type === 'depth_near')!.defaults, intervalMin: 1, intervalMax: 2 };
    const ids: number[] = [];
    for (let i = 0; i < BOTS; i++) ids.push((await ok<{ id: number }>('PUT', '/backend/robot/update', token, { coinId, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'safe', confirmExposure: true })).id);
    // The first ticks read the pair (the reconciliation of a pair put in use).
    await sleep(3000);
    const bots = async () => (await ok<{ id: number; status: string; runtime: { lastTickAt: number | null } }[]>('GET', `/backend/robot/list?coinId=${coinId}`, token)).filter((r) => ids.includes(r.id));
    const ticked = (await bots()).map((r) => r.runtime.lastTickAt ?? 0);
    requests = new Map();
    await sleep(6000);
    const count = (endpoint: string) => requests.get(endpoint) ?? 0;
    const rows = await bots();
    expect(rows.map((r) => r.status)).toEqual(Array(BOTS).fill('running'));
    // The bots ticked meanwhile (each tick reads the book and the account), their account reads went
    // nowhere; nor did their book reads: the pair's book comes by the server's shared market stream.
    expect(rows.every((r, i) => (r.runtime.lastTickAt ?? 0) > ticked[i]!)).toBe(true);
    expect([count('GET /api/v3/account'), count('GET /api/v3/openOrders'), count('GET /api/v3/depth')]).toEqual([0, 0, 0]);
    for (const id of ids) await ok('PUT', '/backend/robot/update', token, { id, coinId, type: 'depth_near', config, status: 'stopped', startMode: 'now', priceMode: 'safe', confirmExposure: true });
  } finally {
    venue.stop();
  }
}, 60_000);
