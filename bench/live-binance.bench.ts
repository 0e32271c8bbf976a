/**
 * Issue 19's headline, measured as a new user meets it: a platform `binance` whose API base is this
 * server's own simulated Binance API (`/sim/binance/api/v3`, so every call takes the real ccxt client
 * path over HTTP), ten depth near bots with their defaults on BTC/USDT on one key, one minute, every
 * REST call counted at the API by endpoint with Binance's published weights (DESK.md). Twice in the
 * same run: first with the refresh tolerance at 0 (every move of the ideal price replaces the order,
 * as before issue 19), then with the type's defaults, then with the defaults on a second platform
 * that also names the API's WebSocket base (`wsBaseUrl`: the market and the account by stream).
 * Prints request weight and placements per bot-minute (placements also counted from the 20th second
 * on: the start-up ladders, 2 to 4 orders a side per bot, are placed in the first seconds and a
 * one-minute run otherwise counts them as churn), and where the weight goes.
 *
 * Alone: `npm run bench -- live-binance`. LIVE_BENCH_SECONDS (60), LIVE_BENCH_BOTS (10) and
 * LIVE_BENCH_PHASES (before,after,streams) change the run.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { requestWeight } from '@makerdesk/exchange/binance-facade';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { sampleQuotes, toleranceText, type QuoteRow, type QuoteSummary } from './live-quotes.ts';
import { printTable } from './report.ts';

const SECONDS = Number(process.env.LIVE_BENCH_SECONDS ?? 60);
const SETTLE_SECONDS = Math.min(20, SECONDS / 3);
const BOTS = Number(process.env.LIVE_BENCH_BOTS ?? 10);
/** Which runs: `before,after,streams` (all, the default) or a subset (LIVE_BENCH_PHASES=streams). */
const PHASES = new Set((process.env.LIVE_BENCH_PHASES ?? 'before,after,streams').split(','));
const SYMBOL = 'BTC/USDT';
const KEY = 'bench-live-key';

/**
 * Binance spot's request weight of a call (DESK.md "Venue limits"), by the facade's own weight table
 * (the one the simulator's Binance API charges): `path` is the whole path, `/api/v3/...`.
 */
export function binanceWeight(method: string, path: string, query: URLSearchParams): number {
  return requestWeight(method, path.replace(/^\/api\/v3\//, ''), (name) => query.get(name) ?? undefined, 'api');
}

interface Tally {
  calls: Map<string, { count: number; weight: number }>;
}

/** Counts the simulated Binance API's requests by endpoint, at the server's socket. */
function countAtTheApi(t: TestApp): { tally: () => Tally; reset: () => void } {
  let calls = new Map<string, { count: number; weight: number }>();
  t.app.server.on('request', (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const prefix = '/sim/binance';
    if (!url.pathname.startsWith(prefix)) return;
    const path = url.pathname.slice(prefix.length);
    const endpoint = `${req.method} ${path}`;
    const row = calls.get(endpoint) ?? { count: 0, weight: 0 };
    row.count++;
    row.weight += binanceWeight(req.method ?? 'GET', path, url.searchParams);
    calls.set(endpoint, row);
  });
  return { tally: () => ({ calls }), reset: () => (calls = new Map()) };
}

async function ok<T = Record<string, unknown>>(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

interface Phase {
  label: string;
  tolerance: string;
  tally: Tally;
  botMinutes: number;
  /** Placements per bot-minute after the first SETTLE_SECONDS (the start-up ladders left out). */
  steadyPlacements: number;
  /** The bots' own figure (runtime.perMinute.placements on /robot/list), averaged. */
  figurePlacements: number;
  figureCancels: number;
  /** The bots' own quotes sampled from SETTLE_SECONDS on, and the tolerance and budget they show at the end. */
  quotes: QuoteSummary;
}

async function runPhase(t: TestApp, token: string, coinId: number, counter: ReturnType<typeof countAtTheApi>, label: string, tolerance: string | null): Promise<Phase> {
  const list = await ok<{ type: string; defaults: Record<string, unknown> }[]>(t, 'GET', `/backend/robot/init/list?coinId=${coinId}`, token);
  const defaults = list.find((i) => i.type === 'depth_near')!.defaults;
  const options = (defaults.options ?? {}) as Record<string, unknown>;
  const config = tolerance === null ? defaults : { ...defaults, options: { ...options, refreshTolerance: tolerance } };
  const ids: number[] = [];
  counter.reset();
  const started = Date.now();
  for (let i = 0; i < BOTS; i++) {
    const saved = await ok<{ id: number }>(t, 'PUT', '/backend/robot/update', token, { coinId, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'safe', confirmExposure: true });
    ids.push(saved.id);
  }
  // The start-up ladders (2 to 4 orders a side per bot with the defaults) are placed in the first
  // seconds: a one-minute run counts them as churn. The steady figure counts from SETTLE_SECONDS on.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000 - (Date.now() - started)));
  const settled = structuredClone(counter.tally());
  const settledAt = Date.now();
  const sampler = sampleQuotes(async () => (await ok<QuoteRow[]>(t, 'GET', `/backend/robot/list?coinId=${coinId}`, token)).filter((r) => ids.includes(r.id)));
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000 - (Date.now() - started)));
  const tally = structuredClone(counter.tally());
  const quotes = await sampler.stop();
  const elapsedMin = (Date.now() - started) / 60_000;
  const steadyPlacements = countOf(tally, 'POST /api/v3/order') - countOf(settled, 'POST /api/v3/order');
  const steadyBotMinutes = (BOTS * (Date.now() - settledAt)) / 60_000;
  const rows = await ok<{ id: number; runtime: { perMinute: { placements: string | null; cancels: string | null } } | null }[]>(t, 'GET', `/backend/robot/list?coinId=${coinId}`, token);
  const mine = rows.filter((r) => ids.includes(r.id));
  const mean = (pick: (r: (typeof mine)[number]) => string | null | undefined) => mine.reduce((s, r) => s + Number(pick(r) ?? 0), 0) / Math.max(1, mine.length);
  const figurePlacements = mean((r) => r.runtime?.perMinute.placements);
  const figureCancels = mean((r) => r.runtime?.perMinute.cancels);
  for (const id of ids) await ok(t, 'PUT', '/backend/robot/update', token, { id, coinId, type: 'depth_near', config, status: 'stopped', startMode: 'now', priceMode: 'safe', confirmExposure: true });
  // Let the stops cancel their orders before the next phase counts.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { label, tolerance: tolerance ?? String(options.refreshTolerance ?? '0'), tally, botMinutes: BOTS * elapsedMin, steadyPlacements: steadyPlacements / steadyBotMinutes, figurePlacements, figureCancels, quotes };
}

function weightOf(tally: Tally): number {
  let w = 0;
  for (const row of tally.calls.values()) w += row.weight;
  return w;
}

function countOf(tally: Tally, endpoint: string): number {
  return tally.calls.get(endpoint)?.count ?? 0;
}

export async function run(): Promise<void> {
  // PGlite in memory: the bench counts venue calls, not database time.
  const scratch = await scratchDatabase(undefined, { inMemory: true });
  const database = await openDatabase(scratch.target);
  const t = await createTestApp({
    database,
    liveExchange: 'ccxt',
    outboundAllow: '127.0.0.1,::1',
    engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() },
  });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const counter = countAtTheApi(t);
    const port = (t.app.server.address() as AddressInfo).port;
    const venue = t.services.sim.localHost.venue;
    for (let i = 0; i < 20; i++) venue.step();
    venue.start();
    const token = await t.login();
    // The key lives on the simulator (its Binance API answers a key a simulator credential holds)...
    await ok(t, 'POST', '/backend/credentials/add', token, { platformId: 1, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: 1 });
    // ...and is used through a platform `binance` whose API base is that API: the real ccxt path.
    const platform = await ok<{ id: number }>(t, 'POST', '/backend/platform/add', token, { name: 'Binance (this server)', code: 'binance', apiBaseUrl: `http://127.0.0.1:${port}/sim/binance/api/v3` });
    const coin = await ok<{ coinId: number }>(t, 'POST', '/backend/coin/add', token, { platformId: platform.id, coinName: SYMBOL });
    await ok(t, 'POST', '/backend/credentials/add', token, { platformId: platform.id, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: coin.coinId });
    // The same API with its WebSocket side named: the market and the account by stream. Another
    // platform of the same kind needs another API base: the same server by its name.
    const streamed = await ok<{ id: number }>(t, 'POST', '/backend/platform/add', token, {
      name: 'Binance streams (this server)',
      code: 'binance',
      apiBaseUrl: `http://localhost:${port}/sim/binance/api/v3`,
      wsBaseUrl: `ws://localhost:${port}/sim/binance`,
    });
    const streamedCoin = await ok<{ coinId: number }>(t, 'POST', '/backend/coin/add', token, { platformId: streamed.id, coinName: SYMBOL });
    await ok(t, 'POST', '/backend/credentials/add', token, { platformId: streamed.id, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: streamedCoin.coinId });
    await t.services.engine.start();

    const phases: Phase[] = [];
    if (PHASES.has('before')) phases.push(await runPhase(t, token, coin.coinId, counter, 'tolerance 0 (before)', '0'));
    if (PHASES.has('after')) phases.push(await runPhase(t, token, coin.coinId, counter, 'type defaults (after)', null));
    if (PHASES.has('streams')) phases.push(await runPhase(t, token, streamedCoin.coinId, counter, 'defaults + streams', null));

    console.log(`\nlive binance (ccxt over HTTP to /sim/binance/api/v3): ${BOTS} depth near bots, ${SYMBOL}, one key, ${SECONDS} s each`);
    printTable(
      ['run', 'refresh tolerance', 'weight / bot-min', 'placements / bot-min', `placements / bot-min after ${SETTLE_SECONDS.toFixed(0)} s`, 'cancels / bot-min', 'bot figure: placements / min', 'bot figure: cancels / min'],
      phases.map((p) => [
        p.label,
        p.tolerance,
        (weightOf(p.tally) / p.botMinutes).toFixed(1),
        (countOf(p.tally, 'POST /api/v3/order') / p.botMinutes).toFixed(1),
        p.steadyPlacements.toFixed(1),
        (countOf(p.tally, 'DELETE /api/v3/order') / p.botMinutes).toFixed(1),
        p.figurePlacements.toFixed(1),
        p.figureCancels.toFixed(1),
      ]),
    );
    console.log(`\nthe bots' quotes from ${SETTLE_SECONDS.toFixed(0)} s on (sampled every 5 s), and the refresh tolerance and placement budget they show at the end`);
    printTable(
      ['run', 'two-sided (of bot-samples)', 'own spread, median (bps)', 'effective tolerance (lowest / median / highest)', 'budget (placements / min)', 'fills / bot-min'],
      phases.map((p) => [
        p.label,
        `${(p.quotes.twoSided * 100).toFixed(1)} %`,
        p.quotes.spreadBps === null ? '–' : p.quotes.spreadBps.toFixed(1),
        toleranceText(p.quotes),
        p.quotes.budget ?? '–',
        (p.quotes.fillsPerBot / (p.botMinutes / BOTS)).toFixed(2),
      ]),
    );
    const endpoints = [...new Set(phases.flatMap((p) => [...p.tally.calls.keys()]))].sort();
    console.log('\nwhere the weight goes (per bot-minute: calls × weight each = weight)');
    printTable(
      ['endpoint', ...phases.flatMap((p) => [`${p.label}: calls`, 'weight'])],
      endpoints.map((e) => [
        e,
        ...phases.flatMap((p) => {
          const row = p.tally.calls.get(e);
          return [((row?.count ?? 0) / p.botMinutes).toFixed(1), ((row?.weight ?? 0) / p.botMinutes).toFixed(1)];
        }),
      ]),
    );
    console.log('targets (issue 19): 40 weight and 5 placements per bot-minute');
  } finally {
    t.services.sim.localHost.venue.stop();
    await t.close();
    await database.close();
    await scratch.drop();
  }
}
