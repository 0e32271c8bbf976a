/**
 * Issue 19's fleet target, on the live path: fifty depth near bots over five pairs on ONE key, with
 * their defaults, through a platform `binance` whose API base and WebSocket base are this server's
 * simulated Binance API with Binance's published limits on (6,000 weight a minute, 100 orders in
 * 10 s, 200,000 a day). Counts every REST answer at the API by status (a 429 or 418 is a failure of
 * the pacing), the highest used weight and order counts the API reported, and projects the day's
 * order count from the run's placements.
 *
 * Alone: `npm run bench -- live-fleet`. LIVE_FLEET_SECONDS (120; the issue's figure is 600),
 * LIVE_FLEET_BOTS (50) and LIVE_FLEET_PAIRS (5) change the run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { binanceWeight } from './live-binance.bench.ts';
import { sampleQuotes, toleranceText, type QuoteRow } from './live-quotes.ts';
import { printTable } from './report.ts';

const SECONDS = Number(process.env.LIVE_FLEET_SECONDS ?? 120);
const BOTS = Number(process.env.LIVE_FLEET_BOTS ?? 50);
const PAIRS = Number(process.env.LIVE_FLEET_PAIRS ?? 5);
const KEY = 'bench-fleet-key';
/** The simulator's four default pairs, and one opened for the run. */
const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'MDK/USDT', 'FLT/USDT'].slice(0, PAIRS);

async function ok<T = Record<string, unknown>>(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

interface ApiCount {
  statuses: Map<number, number>;
  placements: number;
  cancels: number;
  weight: number;
  maxUsedWeight: number;
  maxOrders10s: number;
}

/** Every answer of the simulated Binance API, counted as it leaves the server. */
function countAnswers(t: TestApp): { now: () => ApiCount; reset: () => void } {
  let count: ApiCount = { statuses: new Map(), placements: 0, cancels: 0, weight: 0, maxUsedWeight: 0, maxOrders10s: 0 };
  t.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (!url.pathname.startsWith('/sim/binance/')) return;
    const path = url.pathname.slice('/sim/binance'.length);
    const seen = count;
    seen.weight += binanceWeight(request.method ?? 'GET', path, url.searchParams);
    if (request.method === 'POST' && path === '/api/v3/order') seen.placements++;
    if (request.method === 'DELETE' && path === '/api/v3/order') seen.cancels++;
    // Fastify hands its headers to writeHead: read the venue's limit headers there.
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
    (response as unknown as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = (...args: unknown[]) => {
      const headers = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as Record<string, unknown> | undefined;
      seen.maxUsedWeight = Math.max(seen.maxUsedWeight, Number(headers?.['x-mbx-used-weight-1m'] ?? 0));
      seen.maxOrders10s = Math.max(seen.maxOrders10s, Number(headers?.['x-mbx-order-count-10s'] ?? 0));
      return writeHead(...args);
    };
    response.on('finish', () => seen.statuses.set(response.statusCode, (seen.statuses.get(response.statusCode) ?? 0) + 1));
  });
  return { now: () => count, reset: () => (count = { statuses: new Map(), placements: 0, cancels: 0, weight: 0, maxUsedWeight: 0, maxOrders10s: 0 }) };
}

export async function run(): Promise<void> {
  const scratch = await scratchDatabase(undefined, { inMemory: true });
  const database = await openDatabase(scratch.target);
  const t = await createTestApp({
    database,
    liveExchange: 'ccxt',
    outboundAllow: '127.0.0.1',
    engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() },
  });
  const venue = t.services.sim.localHost.venue;
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const counter = countAnswers(t);
    const port = (t.app.server.address() as AddressInfo).port;
    const token = await t.login();
    if (SYMBOLS.includes('FLT/USDT')) await ok(t, 'POST', '/backend/coin/add', token, { platformId: 1, coinName: 'FLT/USDT', openingPrice: '0.85' });
    for (let i = 0; i < 20; i++) venue.step();
    venue.start();
    await ok(t, 'POST', '/backend/credentials/add', token, { platformId: 1, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: 1 });
    const platform = await ok<{ id: number }>(t, 'POST', '/backend/platform/add', token, {
      name: 'Binance streams (this server)',
      code: 'binance',
      apiBaseUrl: `http://127.0.0.1:${port}/sim/binance/api/v3`,
      wsBaseUrl: `ws://127.0.0.1:${port}/sim/binance`,
    });
    const coinIds: number[] = [];
    for (const symbol of SYMBOLS) {
      const coin = await ok<{ coinId: number }>(t, 'POST', '/backend/coin/add', token, { platformId: platform.id, coinName: symbol });
      await ok(t, 'POST', '/backend/credentials/add', token, { platformId: platform.id, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: coin.coinId });
      coinIds.push(coin.coinId);
    }
    await t.services.engine.start();

    const savingFrom = Date.now();
    const ids: { id: number; coinId: number; config: Record<string, unknown> }[] = [];
    for (let i = 0; i < BOTS; i++) {
      const coinId = coinIds[i % coinIds.length]!;
      const list = await ok<{ type: string; defaults: Record<string, unknown> }[]>(t, 'GET', `/backend/robot/init/list?coinId=${coinId}`, token);
      const config = list.find((item) => item.type === 'depth_near')!.defaults;
      const saved = await ok<{ id: number }>(t, 'PUT', '/backend/robot/update', token, { coinId, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'safe', confirmExposure: true });
      ids.push({ id: saved.id, coinId, config });
    }
    // Saving a bot reads the venue through the same key (its checks): on a busy key that takes a while.
    const savingMs = Date.now() - savingFrom;
    // The run is counted from the last bot on: every bot quoting.
    counter.reset();
    const started = Date.now();
    const sampler = sampleQuotes(async () => {
      const rows: QuoteRow[] = [];
      for (const coinId of coinIds) rows.push(...(await ok<QuoteRow[]>(t, 'GET', `/backend/robot/list?coinId=${coinId}`, token)).filter((r) => ids.some((b) => b.id === r.id)));
      return rows;
    }, 10_000);
    // Placements of the run's first minute and of the rest: the budgets widen tolerances after a minute.
    let firstMinute: ApiCount | null = null;
    const minuteTimer = setTimeout(() => (firstMinute = structuredClone(counter.now())), 60_000);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    clearTimeout(minuteTimer);
    const counted = counter.now();
    const quotes = await sampler.stop();
    const minutes = (Date.now() - started) / 60_000;
    let running = 0;
    for (const coinId of coinIds) {
      const rows = await ok<{ id: number; status: string }[]>(t, 'GET', `/backend/robot/list?coinId=${coinId}`, token);
      running += rows.filter((r) => r.status === 'running' && ids.some((b) => b.id === r.id)).length;
    }
    for (const bot of ids) await ok(t, 'PUT', '/backend/robot/update', token, { id: bot.id, coinId: bot.coinId, type: 'depth_near', config: bot.config, status: 'stopped', startMode: 'now', priceMode: 'safe', confirmExposure: true });

    const refused = (counted.statuses.get(429) ?? 0) + (counted.statuses.get(418) ?? 0);
    const perDay = (counted.placements / minutes) * 1440;
    console.log(`\nlive fleet (ccxt + ccxt.pro to /sim/binance, Binance's limits on): ${BOTS} depth near bots over ${SYMBOLS.length} pairs, one key, ${SECONDS} s`);
    printTable(
      ['saving the bots (s)', 'bots running at the end', 'answers 200', '429 + 418', 'weight / min', 'highest used weight (of 6000)', 'highest orders / 10 s (of 100)', 'placements / min', 'placements / bot-min', 'projected orders / day (of 200,000)'],
      [[(savingMs / 1000).toFixed(1), `${running} of ${BOTS}`, String(counted.statuses.get(200) ?? 0), String(refused), (counted.weight / minutes).toFixed(0), String(counted.maxUsedWeight), String(counted.maxOrders10s), (counted.placements / minutes).toFixed(1), (counted.placements / minutes / BOTS).toFixed(2), perDay.toFixed(0)]],
    );
    // The projection is the run's demand: the key's day pacing (venue-pacing.ts) holds a UTC day to 85 %
    // of the limit, evenly from the day's start, but a run of minutes late in a day never reaches its line.
    const line = (0.85 * 200_000 * ((Date.now() % 86_400_000) + 3_600_000)) / 86_400_000;
    console.log(`day pacing: at this time of day the key may have placed ${line.toFixed(0)} orders today before it is slowed to an even ${((0.85 * 200_000) / 1440).toFixed(0)} a minute; a demand of ${(counted.placements / minutes).toFixed(0)} a minute all day would be held to 170,000`);
    const early = firstMinute as ApiCount | null;
    const laterPerMin = early === null || minutes <= 1 ? null : (counted.placements - early.placements) / (minutes - 1);
    console.log(`\nchurn and quotes (the bots' own figures sampled every 10 s)`);
    printTable(
      ['cancels / bot-min', 'placements / bot-min after the first minute', 'projected orders / day after the first minute', 'two-sided (of bot-samples)', 'own spread, median (bps)', 'effective tolerance at the end (lowest / median / highest)', 'budget (placements / min)', 'deferred / bot-min (bots\' figures)', 'fills / bot-min'],
      [[
        (counted.cancels / minutes / BOTS).toFixed(2),
        laterPerMin === null ? '–' : (laterPerMin / BOTS).toFixed(2),
        laterPerMin === null ? '–' : (laterPerMin * 1440).toFixed(0),
        `${(quotes.twoSided * 100).toFixed(1)} %`,
        quotes.spreadBps === null ? '–' : quotes.spreadBps.toFixed(1),
        toleranceText(quotes),
        quotes.budget ?? '–',
        quotes.deferredPerBotMin === null ? '–' : quotes.deferredPerBotMin.toFixed(2),
        (quotes.fillsPerBot / ((Date.now() - savingFrom) / 60_000)).toFixed(2),
      ]],
    );
    console.log('targets (issue 19): no 429 or 418; projected orders a day under 200,000');
  } finally {
    venue.stop();
    await t.close();
    await database.close();
    await scratch.drop();
  }
}
