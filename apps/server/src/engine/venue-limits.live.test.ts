/**
 * The engine keeps within a venue's limits before the venue refuses: depth bots on one live key,
 * through CcxtExchange to the simulator's Binance API on this server, with that API's limits set
 * tight (MAKERDESK_SIM_BINANCE_LIMITS). The key's budget reads the venue's used-weight and
 * order-count headers and paces its calls; every answer of the API is counted at the server, and
 * none is a 429 or a 418, while the load does reach the pacing range.
 */
import type { ServerResponse } from 'node:http';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { createCcxtExchange } from '@makerdesk/exchange/ccxt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { SIM_BINANCE_PREFIX, SIM_BINANCE_ROOT } from '../routes/sim-binance.routes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const WEIGHT_PER_MINUTE = 200;
const ORDERS_PER_10S = 8;
const KEY = 'paced-live-key';
const BOTS = 4;
/** The bots run at least this long, and on until the venue's used weight reached the pacing range (or the deadline). */
const MIN_RUN_MS = 65_000;
const MAX_RUN_MS = 150_000;

let t: TestApp;
let token: string;
let liveCoinId: number;
let base = '';
const statuses = new Map<number, number>();
let maxUsedWeight = 0;
let maxOrders10s = 0;
const refusals: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    simBinanceLimits: `weight1m=${WEIGHT_PER_MINUTE},orders10s=${ORDERS_PER_10S},orders1d=0`,
    engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() },
    liveExchange: (material) =>
      createCcxtExchange({
        id: material.platformCode,
        apiKey: material.apiKey,
        secret: material.secretKey,
        apiBaseUrl: base,
        options: { fetchMarkets: ['spot'], fetchCurrencies: false },
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${SIM_BINANCE_PREFIX}`;
  // Every answer of the simulator's Binance API, counted as it leaves the server.
  t.app.server.on('request', (request: { url?: string; method?: string }, response: ServerResponse) => {
    if (!request.url?.startsWith(SIM_BINANCE_ROOT)) return;
    // Fastify hands its headers to writeHead: read them there.
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
    (response as unknown as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = (...args: unknown[]) => {
      const headers = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as Record<string, unknown> | undefined;
      maxUsedWeight = Math.max(maxUsedWeight, Number(headers?.['x-mbx-used-weight-1m'] ?? 0));
      maxOrders10s = Math.max(maxOrders10s, Number(headers?.['x-mbx-order-count-10s'] ?? 0));
      return writeHead(...args);
    };
    response.on('finish', () => {
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 400) refusals.push(`${response.statusCode} ${request.method} ${(request.url ?? '').split('?')[0]}`);
    });
  });
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();

  token = await t.login();
  // The key lives on the simulator (BTC/USDT) and is used as a binance key on the live pair.
  expect((await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: 1 } })).body.code).toBe(200);
  const [binance] = await t.database.db.select().from(platforms).where(eq(platforms.code, 'binance'));
  const [coin] = await t.database.db.insert(coins).values({ coinName: 'BTC/USDT', platformId: binance!.id }).returning();
  liveCoinId = coin!.id;
  const live = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: binance!.id, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: liveCoinId, hosts: ['203.0.113.9'] } });
  expect(live.body.data.platformCode).toBe('binance');
  await t.services.engine.start();
}, 60_000);
afterAll(() => t.close());

describe('pacing a live key by the venue’s limits', () => {
  it(`${BOTS} depth bots on one key for a minute: the venue never answers 429 or 418, and its limits were approached`, async () => {
    const list = (await t.call('GET', `/backend/robot/init/list?coinId=${liveCoinId}`, { token })).body.data as { type: string; defaults: Record<string, unknown> }[];
    const defaults = list.find((i) => i.type === 'depth_near')!.defaults;
    const ids: number[] = [];
    for (let i = 0; i < BOTS; i++) {
      const saved = await t.call('PUT', '/backend/robot/update', { token, body: { coinId: liveCoinId, type: 'depth_near', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal', description: `paced ${i}` } });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
      ids.push(saved.body.data.id as number);
    }
    const stepping = setInterval(() => t.services.sim.localHost.venue.step(), 500);
    // A loaded machine (CI runs many files at once on two cores) makes fewer calls a minute: the run
    // goes on past the first minute until the load reached the pacing range, so what is checked is
    // the pacing under load, not the machine's speed.
    const started = Date.now();
    while (Date.now() - started < MAX_RUN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (Date.now() - started >= MIN_RUN_MS && maxUsedWeight >= WEIGHT_PER_MINUTE * 0.75) break;
    }
    clearInterval(stepping);

    const answers = Object.fromEntries(statuses);
    console.log(`answers by status ${JSON.stringify(answers)}; highest used weight ${maxUsedWeight}/${WEIGHT_PER_MINUTE}, orders per 10 s ${maxOrders10s}/${ORDERS_PER_10S}; refusals ${JSON.stringify(refusals)}`);
    // Answered calls: the bots traded through the API all along. Before the placement budget (issue 19)
    // a minute of four bots on a loaded CI machine answered 42 to 46; the budget keeps them from
    // churning, and one CI run answered exactly 30. At least 5 a bot: each bot's first ladder alone.
    expect(statuses.get(200) ?? 0).toBeGreaterThanOrEqual(BOTS * 5);
    expect(statuses.get(429) ?? 0).toBe(0);
    expect(statuses.get(418) ?? 0).toBe(0);
    // The load was there: past the point where the budget starts pacing.
    expect(maxUsedWeight).toBeGreaterThanOrEqual(WEIGHT_PER_MINUTE / 2);
    expect(maxUsedWeight).toBeLessThanOrEqual(WEIGHT_PER_MINUTE);
    // The bots were quoting all along.
    for (const id of ids) expect((await t.call('GET', `/backend/robot/${id}`, { token })).body.data.status).toBe('running');
  }, 200_000);
});
