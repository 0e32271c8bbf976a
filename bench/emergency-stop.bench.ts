/**
 * The emergency stop: 50 and 500 quoting bots on one simulated pair and one key, each with
 * four resting orders; the time from the call to the last acknowledged cancel. Beside it, in the same
 * run on a fresh copy of the same setup, the peer: the same bots stopped one after the other through
 * the normal stop path (what switching each off in the console does). The ports are in memory and the
 * simulator runs in process, so this measures the engine and the venue; the server's integration test
 * (apps/server/src/routes/emergency-stop.routes.test.ts) measures 50 bots through HTTP and the database.
 */
import { createBotEngine, createRateBudgets, type BotEngineApi, type RobotRecord } from '@makerdesk/engine';
import { MemoryOrderJournal, MemoryRobotStore, MemoryTradingLog, testLadderStrategy, testRobotRecord } from '@makerdesk/engine/testing';
import { defaultSimVenueOptions, SimVenue } from '@makerdesk/exchange';
import { printTable } from './report.ts';

const SCALES = (process.env.ESTOP_BENCH_BOTS ?? '50,500').split(',').map(Number);
const SYMBOL = 'ETH/USDT';
const KEY = 'sim-estop-bench';
const ORDERS_A_BOT = 4;

interface Setup {
  engine: BotEngineApi;
  store: MemoryRobotStore;
  venue: SimVenue;
  robots: RobotRecord[];
  requests: Map<string, number>;
}

/** `bots` ladder bots quoting on one pair and key, every one with its four orders resting. */
async function quoting(bots: number): Promise<Setup> {
  const options = defaultSimVenueOptions({ seed: 11 });
  const venue = new SimVenue({ ...options, demoFunds: { ...options.demoFunds, USDT: '100000000', ETH: '100000' } });
  await venue.openAccount(KEY);
  const robots = Array.from({ length: bots }, (_, i) => testRobotRecord(i + 1, { symbol: SYMBOL, config: { ...testRobotRecord(0).config, intervalMin: 60, intervalMax: 120 } }));
  const store = new MemoryRobotStore(robots);
  const journal = new MemoryOrderJournal();
  const requests = new Map<string, number>();
  const account = venue.account(KEY);
  const counted = new Proxy(account, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || prop === 'subscribe' || prop === 'close') return value;
      return (...args: unknown[]) => {
        requests.set(String(prop), (requests.get(String(prop)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const engine = createBotEngine({
    robots: store,
    journal,
    logs: new MemoryTradingLog(),
    venues: { open: async () => ({ exchange: counted, budgetKey: KEY, simulated: true }) },
    references: { book: async (source, depth) => venue.referenceBook(source.symbol, depth) },
    strategies: () => testLadderStrategy(),
    budgets: createRateBudgets(),
  });
  await engine.start();
  const expected = bots * ORDERS_A_BOT;
  for (let waited = 0; ; waited += 20) {
    const open = (await account.fetchOpenOrders(SYMBOL)).length;
    if (open >= expected) break;
    if (waited > 120_000) throw new Error(`only ${open} of ${expected} orders rest after 120 s`);
    await sleep(20);
  }
  // The start-up ticks end with a reconciliation after their placements: let them finish, so the stop is measured alone.
  await sleep(1_000 + bots * 2);
  requests.clear();
  return { engine, store, venue, robots, requests };
}

async function emergency(bots: number): Promise<{ ms: number; cancelled: number; requests: number }> {
  const s = await quoting(bots);
  const started = performance.now();
  const result = await s.engine.emergencyStop({ robots: s.robots, reason: 'bench' });
  const ms = performance.now() - started;
  await check(s, result.failed.length);
  return { ms, cancelled: result.ordersCancelled, requests: total(s.requests) };
}

/** The peer: each bot switched off and its orders cancelled through the normal path, one bot after the other. */
async function oneByOne(bots: number): Promise<{ ms: number; requests: number }> {
  const s = await quoting(bots);
  const started = performance.now();
  for (const robot of s.robots) {
    await s.store.markStopped(robot.id, 'bench');
    await s.engine.apply(robot.id);
  }
  const ms = performance.now() - started;
  await check(s, 0);
  return { ms, requests: total(s.requests) };
}

async function check(s: Setup, failed: number): Promise<void> {
  const left = (await s.venue.account(KEY).fetchOpenOrders(SYMBOL)).length;
  await s.engine.shutdown();
  if (left !== 0 || failed !== 0) throw new Error(`the stop left ${left} order(s) open, ${failed} failed`);
}

const total = (requests: Map<string, number>) => [...requests.values()].reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  console.log(`\nEmergency stop: N ladder bots (${ORDERS_A_BOT} resting orders each) on ${SYMBOL}, one simulator key, in-memory ports; peer: the same bots stopped one by one through the normal stop`);
  const rows: string[][] = [];
  for (const bots of SCALES) {
    const stop = await emergency(bots);
    const peer = await oneByOne(bots);
    rows.push([String(bots), String(stop.cancelled), stop.ms.toFixed(1), String(stop.requests), peer.ms.toFixed(1), String(peer.requests), (peer.ms / stop.ms).toFixed(1)]);
  }
  printTable(['bots', 'orders cancelled', 'emergency stop ms', 'venue requests', 'one by one ms', 'venue requests', 'one by one / stop'], rows);
  console.log('  target: under 1 s to the last acknowledged cancel on the simulator');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
