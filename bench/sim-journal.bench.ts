/**
 * The simulator's journal: how many orders a second the venue acknowledges with every command
 * made durable first (group commit into PGlite, and PostgreSQL when DATABASE_URL is set), beside
 * the same venue with no journal in the same run; then a day of activity, and what a restart after
 * it costs.
 */
import {
  createDefaultSimVenue,
  defaultSimVenueOptions,
  SimVenue,
  type SimCommand,
  type SimJournal,
  type SimSnapshot,
  type SimVenueApi,
} from '@makerdesk/exchange';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { SimStateRepository } from '../apps/server/src/repositories/sim-state.repository.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { simVenueFactory } from '../apps/server/src/venues/sim-factory.ts';
import { SimHost } from '../apps/server/src/venues/sim-host.ts';
import { SimJournalWriter } from '../apps/server/src/venues/sim-journal-writer.ts';
import { printTable, quantile, rate } from './report.ts';

const SYMBOL = 'ETH/USDT';
const SECONDS = 4;
const CLIENT_COUNTS = [100, 1_000, 10_000];
/** Each client keeps this many orders resting and cancels its oldest before placing another. */
const RESTING_PER_CLIENT = 3;
/** A day, plus 4 min 59 s: the crash then comes as late after a compaction as the policy allows, the worst restart. */
const DAY_SECONDS = 86_400 + 299;
const DAY_BOTS = 20;
/** Every bot re-quotes (cancels one order, places one) this often, in venue seconds. */
const DAY_REQUOTE_SECONDS = 30;

interface Load {
  orders: number;
  commands: number;
  latenciesMs: number[];
  seconds: number;
}

/**
 * `clients` bots place resting orders (never crossing, so the book only grows by what they keep)
 * and cancel their oldest, as fast as the venue acknowledges; every acknowledgement is counted.
 */
async function drive(venue: SimVenueApi, clients: number): Promise<Load> {
  const account = venue.account('bench');
  await venue.deposit('bench', 'USDT', '1000000000');
  await venue.deposit('bench', 'ETH', '1000000');
  const mid = Number(venue.referencePrice(SYMBOL));
  const load: Load = { orders: 0, commands: 0, latenciesMs: [], seconds: SECONDS };
  let next = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const resting: string[] = [];
      const buy = c % 2 === 0;
      while (performance.now() < until) {
        next += 1;
        // 5 % to 15 % away from the mid: they rest, and the background market never reaches them.
        const price = (mid * (buy ? 0.85 + (next % 1000) / 10_000 : 1.05 + (next % 1000) / 10_000)).toFixed(2);
        const sent = performance.now();
        const order = await account.placeOrder({ symbol: SYMBOL, direction: buy ? 'buy' : 'sell', tradeType: 'limit', price, amount: '0.01', clientOrderId: `b${next}` });
        if (load.latenciesMs.length < 200_000) load.latenciesMs.push(performance.now() - sent);
        load.orders += 1;
        load.commands += 1;
        resting.push(order.orderNo);
        if (resting.length > RESTING_PER_CLIENT) {
          await account.cancelOrder(SYMBOL, resting.shift() as string);
          load.commands += 1;
        }
      }
    }),
  );
  load.seconds = (performance.now() - started) / 1000;
  return load;
}

async function withDatabase<T>(kind: 'pglite' | 'postgres', body: (database: Database) => Promise<T>): Promise<T> {
  const scratch = await scratchDatabase(kind === 'postgres' ? process.env.DATABASE_URL : undefined);
  const database = await openDatabase(scratch.target);
  try {
    await database.migrate();
    return await body(database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** Counts the writes a store makes, to show how many commands each group commit carries. */
function countingRepository(database: Database) {
  const repository = new SimStateRepository(database.db);
  const counts = { groups: 0 };
  const append = repository.appendCommands.bind(repository);
  repository.appendCommands = async (row) => {
    counts.groups += 1;
    await append(row);
  };
  return { repository, counts };
}

async function throughput(): Promise<void> {
  const targets: ('memory' | 'pglite' | 'postgres')[] = ['memory', 'pglite'];
  if (process.env.DATABASE_URL) targets.push('postgres');
  const rows: string[][] = [];
  const ordersPerSecond = new Map<string, number>();
  for (const clients of CLIENT_COUNTS) {
    for (const target of targets) {
      let load: Load;
      let groups = 0;
      if (target === 'memory') {
        load = await drive(createDefaultSimVenue({ seed: 1 }), clients);
      } else {
        load = await withDatabase(target, async (database) => {
          const { repository, counts } = countingRepository(database);
          const host = await SimHost.open(repository, { create: simVenueFactory(1), background: false });
          const result = await drive(host.venue, clients);
          groups = counts.groups;
          await host.close();
          return result;
        });
      }
      const perSecond = load.orders / load.seconds;
      ordersPerSecond.set(`${clients}:${target}`, perSecond);
      const peer = ordersPerSecond.get(`${clients}:memory`) as number;
      rows.push([
        `${clients.toLocaleString('en-US')} bots, ${target === 'memory' ? 'no journal' : `journal on ${target}`}`,
        rate(perSecond),
        rate(load.commands / load.seconds),
        `${(perSecond / peer).toFixed(2)}×`,
        groups > 0 ? rate(load.commands / groups) : '-',
        quantile(load.latenciesMs, 0.5).toFixed(1),
        quantile(load.latenciesMs, 0.99).toFixed(1),
      ]);
    }
  }
  printTable(['venue', 'acked orders/s', 'commands/s', 'vs no journal', 'commands/write', 'ack p50 ms', 'ack p99 ms'], rows);
  const best = Math.max(...CLIENT_COUNTS.map((c) => ordersPerSecond.get(`${c}:pglite`) as number));
  console.log(`  journal on PGlite: ${rate(best)} acknowledged orders/s at best (target ≥ 20,000)`);
}

/**
 * A day of a busy simulator, in venue time: a background tick every second and DAY_BOTS bots
 * re-quoting every DAY_REQUOTE_SECONDS, journalled on PGlite with the server's compaction, then a
 * restart as after `kill -9`. Beside it, the whole day replayed from its first snapshot, which is
 * what a restart would cost with no compaction at all.
 */
async function dayOfActivity(): Promise<void> {
  await withDatabase('pglite', async (database) => {
    const clock = { t: Date.parse('2026-11-23T00:00:00Z') };
    const options = defaultSimVenueOptions({ seed: 3, now: () => clock.t });
    const create = (snapshot: SimSnapshot | undefined) => (snapshot ? SimVenue.restore(options, snapshot) : new SimVenue(options));
    const repository = new SimStateRepository(database.db);
    const venue = create(undefined);
    const first = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot;
    await repository.saveSnapshot(JSON.stringify(first), 0);
    const writer = new SimJournalWriter(repository, { lastSeq: 0, snapshotTime: clock.t, snapshot: () => JSON.stringify(venue.snapshot()) });
    const day: SimCommand[] = [];
    const tee: SimJournal = { append: (command) => (day.push(command), writer.append(command)) };
    venue.journalTo(tee);

    const started = performance.now();
    const bots = Array.from({ length: DAY_BOTS }, (_, i) => ({ account: venue.account(`bot${i}`), resting: [] as string[] }));
    let id = 0;
    let pending: Promise<unknown>[] = [];
    for (let second = 1; second <= DAY_SECONDS; second++) {
      clock.t += 1000;
      venue.step();
      if (second % DAY_REQUOTE_SECONDS === 0) {
        const fair = Number((venue as SimVenue).fairPrice(SYMBOL));
        bots.forEach((bot, i) => {
          if (bot.resting.length > 0) pending.push(bot.account.cancelOrder(SYMBOL, bot.resting.shift() as string).catch(() => undefined));
          const buy = i % 2 === 0;
          const price = (fair * (buy ? 0.995 - i / 10_000 : 1.005 + i / 10_000)).toFixed(2);
          const placed = bot.account.placeOrder({ symbol: SYMBOL, direction: buy ? 'buy' : 'sell', tradeType: 'limit', price, amount: '0.05', clientOrderId: `d${(id += 1)}` });
          pending.push(placed.then((order) => bot.resting.push(order.orderNo)).catch(() => undefined));
        });
      }
      // The clients wait for their acknowledgements a venue minute at a time, so writes stay grouped.
      if (second % 60 === 0) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
    await writer.idle();
    const daySeconds = (performance.now() - started) / 1000;
    const placements = day.filter((c) => c.k === 'place').length;
    console.log(
      `sim journal, a day of activity: ${rate(day.length)} commands (${rate(DAY_SECONDS)} background ticks, ${rate(placements)} orders and their cancels ` +
        `by ${DAY_BOTS} bots) journalled on PGlite in ${daySeconds.toFixed(1)} s; then kill -9, 4 min 59 s after the day's last whole 5 minutes`,
    );

    // kill -9 now: nothing closed, the next start replays what the last compaction left (the longest tail the policy allows).
    const restart = performance.now();
    const host = await SimHost.open(new SimStateRepository(database.db), { create, background: false, now: () => clock.t });
    const restartMs = performance.now() - restart;
    host.venue.stop();

    const fullReplay = performance.now();
    const rebuilt = SimVenue.restore(options, first);
    rebuilt.replay(day);
    const fullReplayMs = performance.now() - fullReplay;
    const same = JSON.stringify({ ...rebuilt.snapshot(), takenAt: 0 }) === JSON.stringify({ ...(venue as SimVenue).snapshot(), takenAt: 0 });
    if (!same) throw new Error('the replayed day does not rebuild the state the venue had: the figures are void');
    printTable(
      ['restart after the day', 'commands replayed', 'time'],
      [
        ['with compaction (every 5 min or 50,000 commands)', rate(host.startup.replayed), `${restartMs.toFixed(0)} ms (load, replay, fold up)`],
        ['without compaction (the whole day from its first snapshot)', rate(day.length), `${(fullReplayMs / 1000).toFixed(1)} s (replay alone)`],
      ],
    );
    console.log('  the whole day replayed rebuilds exactly the state the venue had: ok');
  });
}

export async function run(): Promise<void> {
  console.log(`sim journal: ${SECONDS} s per row, resting orders ${RESTING_PER_CLIENT} per bot (place, then cancel the oldest)`);
  await throughput();
  await dayOfActivity();
}
