/**
 * The bot engine at scale: 10,000 bots of mixed types over 50 simulated pairs, each ticking every
 * 1-5 s, in this one process, against the in-process simulator (its background market running).
 * Prints the tick-to-order latency (from a tick's start to the venue's answer to its first
 * placement), tick durations, ticks a second and the memory each bot costs. Targets:
 * p99 tick-to-order under 50 ms, under 1 MB a bot. The ports are in memory, so this measures the
 * engine and the venue, not the database.
 */
import { parseRobotConfig, robotTypes, type PairDefaults, type RobotTypeKey } from '@makerdesk/contract';
import { fromNumber, round } from '@makerdesk/decimal';
import { createBotEngine, createRateBudgets, strategyRegistry, type EngineObserver, type RobotRecord } from '@makerdesk/engine';
import { MemoryOrderJournal, MemoryRobotStore, MemoryTradingLog } from '@makerdesk/engine/testing';
import { SimVenue, type SimPairConfig } from '@makerdesk/exchange';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { printTable, quantile, rate } from './report.ts';

const PAIRS = 50;
const BOTS_PER_KEY = 20;
const WARM_UP_S = Number(process.env.ENGINE_BENCH_WARM_UP_S ?? 20);
const MEASURE_S = Number(process.env.ENGINE_BENCH_MEASURE_S ?? 30);
const SCALES = (process.env.ENGINE_BENCH_BOTS ?? '1000,10000').split(',').map(Number);
/** Quoting and grid types a market maker runs for hours; smart sell/buy finish and stop, so they are left out of a steady-state load. */
const MIX: RobotTypeKey[] = ['depth_near', 'depth_spread', 'depth_far', 'amm', 'range_oscillation', 'follow_exchange', 'follow_strict', 'follow_etf', 'follow_combo'];

function pairs(): SimPairConfig[] {
  return Array.from({ length: PAIRS }, (_, i) => {
    const price = round(fromNumber(1 + ((i * 7919) % 997) * 1.37), 2, 'half-up');
    return {
      symbol: `P${i}/USDT`,
      base: `P${i}`,
      quote: 'USDT',
      pricePrecision: 2,
      amountPrecision: 3,
      baseDecimals: 8,
      quoteDecimals: 8,
      initialPrice: price,
      minAmount: '0.001',
      minNotional: '5',
      makerFeePpm: 1000,
      takerFeePpm: 1000,
      volatility: 0.0003,
    };
  });
}

function robotsFor(count: number, venue: SimVenue, now: number): RobotRecord[] {
  const list = venue.pairs;
  return Array.from({ length: count }, (_, i) => {
    const pair = list[i % list.length] as SimPairConfig;
    const type = MIX[Math.floor(i / list.length) % MIX.length] as RobotTypeKey;
    const context: PairDefaults = {
      symbol: pair.symbol,
      price: venue.referencePrice(pair.symbol),
      pricePrecision: pair.pricePrecision,
      amountPrecision: pair.amountPrecision,
      minAmount: pair.minAmount,
      minNotional: pair.minNotional,
    };
    const defaults = robotTypes[type].defaults(context, now) as Record<string, unknown>;
    // Follow bots read the pair's own reference on the simulator's reference venue.
    if ('source' in defaults) defaults.source = { platform: 'sim', symbol: pair.symbol };
    if ('components' in defaults) defaults.components = [{ platform: 'sim', symbol: pair.symbol, weight: '1' }, { platform: 'sim', symbol: pair.symbol, weight: '0.0001' }];
    if ('legs' in defaults) defaults.legs = [{ platform: 'sim', symbol: pair.symbol, use: 'price' }, { platform: 'sim', symbol: 'P0/USDT', use: 'inverse' }, { platform: 'sim', symbol: 'P0/USDT', use: 'price' }];
    const parsed = parseRobotConfig(type, { ...defaults, intervalMin: 1, intervalMax: 5 });
    if (!parsed.ok) throw new Error(`bench config of ${type} is invalid: ${JSON.stringify(parsed.issues)}`);
    return {
      id: i + 1,
      adminId: 1,
      coinId: 1 + (i % list.length),
      symbol: pair.symbol,
      type,
      config: parsed.config,
      status: 'running',
      startMode: 'now',
      startAt: null,
      priceMode: 'normal',
      state: null,
      startedAt: now,
    };
  });
}

interface Result {
  bots: number;
  ticks: number;
  failed: number;
  tickToOrder: number[];
  tickMs: number[];
  lateness: number[];
  bytesPerBot: number;
  placed: number;
  /** Share of one core the process used while measured (1 = a core saturated: the one JS thread is the limit). */
  cpu: number;
  loopDelayP99Ms: number;
}

async function measure(bots: number): Promise<Result> {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const funds: Record<string, string> = { USDT: '100000000' };
  for (let i = 0; i < PAIRS; i++) funds[`P${i}`] = '1000000';
  const venue = new SimVenue({ pairs: pairs(), seed: 7, demoFunds: funds, tickMs: 1000 });
  venue.start();
  const robots = robotsFor(bots, venue, Date.now());
  const keys = Math.ceil(bots / BOTS_PER_KEY);
  for (let k = 0; k < keys; k++) await venue.openAccount(`sim-bench-${k}`);

  let measuring = false;
  const result: Result = { bots, ticks: 0, failed: 0, tickToOrder: [], tickMs: [], lateness: [], bytesPerBot: 0, placed: 0, cpu: 0, loopDelayP99Ms: 0 };
  const observer: EngineObserver = {
    tick: (_id, ms, ok) => {
      if (!measuring) return;
      result.ticks += 1;
      if (!ok) result.failed += 1;
      result.tickMs.push(ms);
    },
    tickLateness: (ms) => {
      if (measuring) result.lateness.push(ms);
    },
    tickToOrder: (ms) => {
      if (measuring) result.tickToOrder.push(ms);
    },
    order: (_id, event) => {
      if (measuring && event === 'placed') result.placed += 1;
    },
  };
  const journal = new MemoryOrderJournal();
  const engine = createBotEngine({
    robots: new MemoryRobotStore(robots),
    journal,
    logs: new MemoryTradingLog(),
    venues: { open: async (robot) => ({ exchange: venue.account(`sim-bench-${Math.floor((robot.id - 1) / BOTS_PER_KEY)}`), budgetKey: `sim-bench-${Math.floor((robot.id - 1) / BOTS_PER_KEY)}`, simulated: true }) },
    references: { book: async (source, depth) => venue.referenceBook(source.symbol, depth) },
    strategies: strategyRegistry,
    budgets: createRateBudgets(),
    observer,
  });
  await engine.start();
  await sleep(WARM_UP_S * 1000);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  measuring = true;
  await sleep(MEASURE_S * 1000);
  measuring = false;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  result.cpu = (cpu.user + cpu.system) / 1e6 / MEASURE_S;
  result.loopDelayP99Ms = loop.percentile(99) / 1e6;
  globalThis.gc?.();
  result.bytesPerBot = (process.memoryUsage().heapUsed - heapBefore) / bots;
  await engine.shutdown();
  venue.stop();
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  console.log(`\nBot engine: mixed types (${MIX.join(', ')}) over ${PAIRS} simulated pairs, ticks every 1-5 s, ${BOTS_PER_KEY} bots a venue key, in-memory ports, ${WARM_UP_S} s warm-up then ${MEASURE_S} s measured`);
  const rows: string[][] = [];
  for (const bots of SCALES) {
    const r = await measure(bots);
    rows.push([
      rate(bots),
      rate(r.ticks / MEASURE_S),
      rate(r.placed / MEASURE_S),
      quantile(r.tickToOrder, 0.5).toFixed(1),
      quantile(r.tickToOrder, 0.99).toFixed(1),
      quantile(r.tickMs, 0.5).toFixed(1),
      quantile(r.tickMs, 0.99).toFixed(1),
      quantile(r.lateness, 0.99).toFixed(0),
      String(r.failed),
      (r.bytesPerBot / 1024).toFixed(0),
      r.cpu.toFixed(2),
      r.loopDelayP99Ms.toFixed(0),
    ]);
  }
  printTable(['bots', 'ticks/s', 'orders/s', 'tick→order p50 ms', 'p99 ms', 'tick p50 ms', 'tick p99 ms', 'late start p99 ms', 'failed ticks', 'heap KiB/bot', 'CPU (cores)', 'loop delay p99 ms'], rows);
  console.log('  targets: p99 tick→order < 50 ms; < 1024 KiB a bot (one Hummingbot bot process is ~280 MB)');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
