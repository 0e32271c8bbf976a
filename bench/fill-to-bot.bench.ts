/**
 * Issue 19's fill target on the live path: a fill reaches its bot (from the venue's stream to the
 * bot's journal) in p99 < 100 ms. A platform `binance` whose API and WebSocket bases are this
 * server's simulated Binance API (ccxt.pro's binance on the user stream), one depth near bot with
 * its defaults; another account of the simulator sells into the bot's best bid again and
 * again. Measured by the engine's own report (`streamedFill`, also the metric
 * makerdesk_bot_streamed_fill_seconds): from the venue's time of the fill (its execution report) to the
 * fill written in the bot's journal. Beside it, how long the same fills would have waited for the
 * bot's next tick (the time from each fill to that bot's next tick start).
 *
 * Alone: `npm run bench -- fill-to-bot`. FILL_BENCH_FILLS (60) changes the run; DATABASE_URL runs it
 * on PostgreSQL (a scratch database on that server) instead of PGlite in memory.
 */
import type { AddressInfo } from 'node:net';
import { add, compare } from '@makerdesk/decimal';
import { createBotEngine, createRateBudgets, strategyRegistry, type EngineObserver } from '@makerdesk/engine';
import { makerDeskClientOrderId } from '@makerdesk/exchange';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { printTable } from './report.ts';

const FILLS = Number(process.env.FILL_BENCH_FILLS ?? 60);
const BOTS = 1;
const SYMBOL = 'BTC/USDT';
const KEY = 'bench-fill-key';
const TAKER = 'bench-fill-taker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function run(): Promise<void> {
  // PGlite in memory, or with DATABASE_URL a scratch database on that PostgreSQL server.
  const scratch = await scratchDatabase(process.env.DATABASE_URL, { inMemory: true });
  const database = await openDatabase(scratch.target);
  const streamed: number[] = [];
  const tickStarts: number[] = [];
  const listen: EngineObserver = {
    streamedFill: (ms) => streamed.push(ms),
    // Told at a tick's end with its duration: when it started.
    tick: (_id, ms) => tickStarts.push(Date.now() - ms),
  };
  const t = await createTestApp({
    database,
    liveExchange: 'ccxt',
    outboundAllow: '127.0.0.1,::1',
    engine: {
      // The server's own observer (metrics, live view) and the bench's.
      create: (deps) =>
        createBotEngine(
          {
            ...deps,
            observer: {
              ...deps.observer,
              streamedFill: (ms: number) => {
                deps.observer?.streamedFill?.(ms);
                listen.streamedFill?.(ms);
              },
              tick: (id: number, ms: number, ok: boolean) => {
                deps.observer?.tick?.(id, ms, ok);
                listen.tick?.(id, ms, ok);
              },
            },
          },
        ),
      strategies: strategyRegistry,
      budgets: createRateBudgets(),
    },
  });
  const venue = t.services.sim.localHost.venue;
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    for (let i = 0; i < 20; i++) venue.step();
    venue.start();
    const token = await t.login();
    const ok = async <T>(method: 'POST' | 'PUT', url: string, body: unknown): Promise<T> => {
      const res = await t.call(method, url, { token, body });
      if (res.body.code !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
      return res.body.data as T;
    };
    await ok('POST', '/backend/credentials/add', { platformId: 1, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: 1 });
    const platform = await ok<{ id: number }>('POST', '/backend/platform/add', {
      name: 'Binance streams (this server)',
      code: 'binance',
      apiBaseUrl: `http://localhost:${port}/sim/binance/api/v3`,
      wsBaseUrl: `ws://localhost:${port}/sim/binance`,
    });
    const coin = await ok<{ coinId: number }>('POST', '/backend/coin/add', { platformId: platform.id, coinName: SYMBOL });
    await ok('POST', '/backend/credentials/add', { platformId: platform.id, apiKey: KEY, secretKey: `${KEY}-secret`, coinId: coin.coinId });
    await t.services.engine.start();
    const init = await t.call('GET', `/backend/robot/init/list?coinId=${coin.coinId}`, { token });
    const defaults = (init.body.data as { type: string; defaults: Record<string, unknown> }[]).find((i) => i.type === 'depth_near')!.defaults;
    for (let i = 0; i < BOTS; i++) {
      await ok('PUT', '/backend/robot/update', { coinId: coin.coinId, type: 'depth_near', config: defaults, status: 'running', startMode: 'now', priceMode: 'safe', confirmExposure: true });
    }
    await venue.deposit(TAKER, 'BTC', '1000');
    const taker = venue.account(TAKER);
    const maker = venue.account(KEY);
    await sleep(3000);

    const fillTimes: number[] = [];
    let attempts = 0;
    while (streamed.length < FILLS && attempts < FILLS * 20) {
      attempts++;
      const bids = (await maker.fetchOpenOrders(SYMBOL)).filter((o) => o.direction === 'buy' && o.price !== null);
      const best = bids.sort((a, b) => compare(b.price!, a.price!))[0];
      if (!best) {
        await sleep(500);
        continue;
      }
      // Everything bid at or above the bots' best bid, so the sell reaches it behind the market's better bids.
      const book = await taker.fetchOrderBook(SYMBOL, 1000);
      const amount = book.bids.filter(([price]) => compare(price, best.price!) >= 0).reduce((sum, [, size]) => add(sum, size), '0');
      const before = streamed.length;
      await taker.placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', timeInForce: 'IOC', price: best.price!, amount, clientOrderId: makerDeskClientOrderId('taker') });
      fillTimes.push(Date.now());
      const deadline = Date.now() + 2000;
      while (streamed.length === before && Date.now() < deadline) await sleep(2);
      // Let the bots quote again (their next tick) and the market settle.
      await sleep(700);
    }
    tickStarts.sort((a, b) => a - b);
    const waitsForTick = fillTimes.map((at) => (tickStarts.find((s) => s > at) ?? Number.NaN) - at).filter((ms) => Number.isFinite(ms));
    const sorted = [...streamed].sort((a, b) => a - b);
    const ticks = [...waitsForTick].sort((a, b) => a - b);
    const on = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite in memory';
    console.log(`\nfill to bot (ccxt.pro binance on /sim/binance's user stream, ${on}): ${BOTS} depth near bot, ${streamed.length} fills of its best bid by another account`);
    printTable(
      ['', 'fills', 'p50 (ms)', 'p90 (ms)', 'p99 (ms)', 'max (ms)'],
      [
        ['venue fill → bot journal (stream)', String(sorted.length), percentile(sorted, 50).toFixed(1), percentile(sorted, 90).toFixed(1), percentile(sorted, 99).toFixed(1), (sorted.at(-1) ?? Number.NaN).toFixed(1)],
        ["fill → the bot's next tick (before: the fill waited for it)", String(ticks.length), percentile(ticks, 50).toFixed(0), percentile(ticks, 90).toFixed(0), percentile(ticks, 99).toFixed(0), (ticks.at(-1) ?? Number.NaN).toFixed(0)],
      ],
    );
    console.log('target (issue 19): a fill reaches its bot in p99 < 100 ms');
  } finally {
    venue.stop();
    await t.close();
    await database.close();
    await scratch.drop();
  }
}
