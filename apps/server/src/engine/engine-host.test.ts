import { EMPTY_LIVE_FIGURES, verbatim } from '@makerdesk/contract';
import type { OrderBook } from '@makerdesk/exchange';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepositories } from '../repositories/repositories.ts';
import { recordingWiring } from '../testing/recording-engine.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { budgetKeyOf } from '../venues/exchange-gateway.ts';

let t: TestApp;
let rec: ReturnType<typeof recordingWiring>;
let token: string;
let botId: number;
const opened: string[] = [];
const METRICS_TOKEN = 'scrape-token-0123456789';

beforeAll(async () => {
  rec = recordingWiring();
  t = await createTestApp({
    engine: rec.wiring,
    metricsToken: METRICS_TOKEN,
    publicVenue: async (platform) => {
      opened.push(platform);
      if (platform !== 'binance') throw new Error(`ccxt has no exchange "${platform}"`);
      return { fetchOrderBook: async (symbol: string): Promise<OrderBook> => ({ symbol, bids: [['100', '1']], asks: [['101', '2']], timestamp: 1 }), close: async () => undefined };
    },
  });
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'host-sim-key', secretKey: 'host-sim-secret', coinId: 1 } });
  const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
  botId = (await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type: 'depth_near', config: defaults, status: 'running', startMode: 'now', priceMode: 'safe' } })).body.data.id;
});
afterAll(() => t.close());

describe('engine host', () => {
  it("gives the engine the repositories as its ports, and starts it after resuming the running bots' uptime", async () => {
    const deps = rec.engine().deps;
    const repos = createRepositories(t.database.db);
    expect((await deps.robots.listRunning()).map((r) => [r.id, r.symbol, r.type, r.priceMode])).toEqual([[botId, 'BTC/USDT', 'depth_near', 'safe']]);
    await repos.robots.closeRun(botId, new Date());
    await t.services.engine.start();
    await t.services.engine.start();
    expect(rec.engine().calls.filter((c) => c === 'start')).toHaveLength(1);
    const runs = await repos.robots.runsOf([botId]);
    expect(runs).toHaveLength(2);
    expect(runs[1]?.stoppedAt).toBeNull();
  });

  it("venue sessions: the bot owner's key for the pair, simulated, with the key's budget that manual calls share (the engine wraps it once)", async () => {
    const robot = (await rec.engine().deps.robots.get(botId))!;
    rec.budgets.wrapped.length = 0;
    const session = await rec.engine().deps.venues.open(robot);
    // The venue itself: the engine puts it behind the budget once (bot-runner), not a second time here.
    expect(rec.budgets.wrapped).toEqual([]);
    const key = budgetKeyOf({ platformCode: 'sim', apiKey: 'host-sim-key' });
    expect(session).toMatchObject({ budgetKey: key, simulated: true, venue: 'sim' });
    expect(key).not.toContain('host-sim-key');
    expect((await session.exchange.fetchTicker('BTC/USDT')).symbol).toBe('BTC/USDT');
    rec.budgets.wrapped.length = 0;
    // A manual call opens its session once per key and keeps it: drop the one an earlier call opened.
    t.services.caches.materials.clear();
    await t.call('GET', '/backend/order/getOrders?coinId=1', { token });
    expect(rec.budgets.wrapped).toEqual([key]);
    await expect(rec.engine().deps.venues.open({ ...robot, adminId: 999 })).rejects.toThrow(/has no API key for BTC\/USDT/);
  });

  it('reference prices: the simulator reference venue for sim, a public venue opened once for another platform, a clear error otherwise', async () => {
    const refs = rec.engine().deps.references;
    const sim = await refs.book({ platform: 'sim', symbol: 'BTC/USDT' }, 5);
    expect(sim.bids.length).toBeGreaterThan(0);
    expect(sim.bids.length).toBeLessThanOrEqual(5);
    expect((await refs.book({ platform: 'Binance', symbol: 'ETH/BTC' }, 5)).bids).toEqual([['100', '1']]);
    await refs.book({ platform: 'binance', symbol: 'ETH/BTC' }, 5);
    expect(opened).toEqual(['binance']);
    await expect(refs.book({ platform: 'nosuchvenue', symbol: 'ETH/BTC' }, 5)).rejects.toThrow('Unknown reference platform "nosuchvenue": ccxt has no exchange "nosuchvenue"');
    await expect(refs.book({ platform: '', symbol: 'ETH/BTC' }, 5)).rejects.toThrow('Unknown reference platform ""');
  });

  it('trading-log sink: writes never throw nor wait; batches land in the log, readable with the bot filter', async () => {
    const sink = rec.engine().deps.logs;
    for (let i = 0; i < 3; i++) expect(sink.write({ robotId: botId, coinId: 1, adminId: 1, level: 'warn', message: `tick ${i} slow`, text: verbatim(`tick ${i} slow`), at: Date.now() })).toBeUndefined();
    await t.services.engine.logs.flush();
    const { body } = await t.call('GET', `/backend/tradingLog/list?coinId=1&robotId=${botId}&level=warn`, { token });
    expect(body.data.list.map((l: { message: string }) => l.message)).toEqual(['tick 2 slow', 'tick 1 slow', 'tick 0 slow']);
  });

  it('/backend/metrics: Prometheus text fed by the engine observer', async () => {
    const observer = rec.engine().deps.observer!;
    observer.activity?.(botId, 'active');
    observer.activity?.(botId + 100, 'throttled');
    observer.activity?.(botId + 200, 'idle');
    observer.tick?.(botId, 120, true);
    observer.tick?.(botId, 40, false);
    observer.tickToOrder?.(12);
    observer.order?.(botId, 'placed');
    observer.order?.(botId, 'placed');
    observer.order?.(botId, 'canceled');
    observer.venueError?.('rate_limited');
    observer.venueError?.('Weird Kind!');
    observer.streamedFill?.(30);
    const res = await t.app.inject({ method: 'GET', url: '/backend/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('makerdesk_bots_running 2');
    expect(text).toContain('makerdesk_bots_throttled 1');
    expect(text).toContain('makerdesk_bot_orders_total{event="placed"} 2');
    expect(text).toContain('makerdesk_bot_orders_total{event="canceled"} 1');
    expect(text).toContain('makerdesk_bot_orders_total{event="filled"} 0');
    expect(text).toContain('makerdesk_venue_errors_total{kind="rate_limited"} 1');
    expect(text).toContain('makerdesk_venue_errors_total{kind="other"} 1');
    expect(text).toContain('makerdesk_bot_tick_duration_seconds_count{outcome="ok"} 1');
    expect(text).toContain('makerdesk_bot_tick_duration_seconds_bucket{le="0.25",outcome="ok"} 1');
    expect(text).toContain('makerdesk_bot_tick_duration_seconds_bucket{le="0.1",outcome="ok"} 0');
    expect(text).toContain('makerdesk_bot_tick_to_order_seconds_count 1');
    expect(text).toContain('makerdesk_bot_streamed_fill_seconds_bucket{le="0.025"} 0');
    expect(text).toContain('makerdesk_bot_streamed_fill_seconds_bucket{le="0.05"} 1');
  });

  it('/backend/metrics: other hosts only with the metrics token', async () => {
    const remote = { method: 'GET' as const, url: '/backend/metrics', remoteAddress: '198.51.100.7' };
    expect((await t.app.inject(remote)).statusCode).toBe(403);
    expect((await t.app.inject({ ...remote, headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(403);
    expect((await t.app.inject({ ...remote, headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
  });

  it("live hub: the engine's reports reach the pair's listeners with the bot's owner and runtime", async () => {
    const got: { id: number; adminId: number; activity: string; openOrders: number }[][] = [];
    const stop = t.services.engine.live.subscribe(1, (updates) => got.push(updates.map((u) => ({ id: u.id, adminId: u.adminId, activity: u.runtime.activity, openOrders: u.runtime.openOrders }))));
    rec.engine().runtimes.set(botId, { ...EMPTY_LIVE_FIGURES, activity: 'active', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: 4 });
    rec.engine().deps.observer!.activity?.(botId, 'active');
    await vi.waitFor(() => expect(got).toEqual([[{ id: botId, adminId: 1, activity: 'active', openOrders: 4 }]]), { timeout: 3000 });
    stop();
  });

  it('shutdown: the engine first, then uptime closed and logs flushed', async () => {
    const sink = rec.engine().deps.logs;
    sink.write({ robotId: botId, coinId: 1, adminId: 1, level: 'info', message: 'last words', text: verbatim('last words'), at: Date.now() });
    await t.services.engine.shutdown();
    expect(rec.engine().calls.at(-1)).toBe('shutdown');
    const runs = await createRepositories(t.database.db).robots.runsOf([botId]);
    expect(runs.every((r) => r.stoppedAt !== null)).toBe(true);
    const { body } = await t.call('GET', `/backend/tradingLog/list?coinId=1&robotId=${botId}&pageSize=1`, { token });
    expect(body.data.list[0].message).toBe('last words');
  });
});
