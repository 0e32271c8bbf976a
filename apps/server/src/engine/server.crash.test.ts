/**
 * The whole server killed with SIGKILL while bots tick, then restarted on the same database: every
 * bot switched on runs again, no order is lost, left untracked or placed twice, fills are recorded
 * once and the figures never go backwards. Then a graceful restart (SIGTERM): the quoting bots'
 * orders are cancelled before the process ends, the bots stay switched on and quote again.
 *
 * The real server (apps/server/src/main.ts) runs as a child process on PGlite in a temp folder, or
 * on a throwaway PostgreSQL database in the suite's PostgreSQL pass. It is driven over HTTP only,
 * the way a user would: sign in, import a simulator key for each pair, deploy bots of several
 * quoting types with the defaults the API offers. While it is down, the test opens the same
 * database and the simulator's own state (as the next start would) and checks them against each
 * other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOT_SHUTDOWN_CANCEL_MS, robotTypes, type RobotTypeKey } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { FINAL_JOURNAL_STATES, type JournalState } from '@makerdesk/engine';
import type { Order } from '@makerdesk/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../db/client.ts';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { ServerProcess, sleep, until } from '../testing/server-process.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { checkAgreement, LIVE, readStopped as readStoppedWorld, type JournalRow, type Stopped } from '../testing/venue-agreement.ts';

const PASSWORD = 'Crash-admin-123';
const SIM_KEY = 'crash-bots-key';
/** The simulator's seed (main.ts's default); the venue itself is restored from its snapshot. */
const SIM_SEED = 20261123;
/** How long a restarted server may take to have every bot ticking and quoting again (a loaded 2-core CI machine). */
const RESUME_WITHIN_MS = 45_000;
/** The executor's `notFoundAfterMs`: a placement still unknown to the venue this long after it was sent never arrived. */
const NOT_FOUND_AFTER_MS = 5_000;
const KILL_ROUNDS = 3;

const PAIRS: Record<number, string> = { 1: 'BTC/USDT', 2: 'ETH/USDT', 3: 'SOL/USDT', 4: 'MDK/USDT' };
/** Quoting bots of five types; two share a pair (and the account) to show their scopes kept apart. */
const BOTS: { coinId: number; type: RobotTypeKey }[] = [
  { coinId: 1, type: 'depth_near' },
  { coinId: 1, type: 'depth_far' },
  { coinId: 2, type: 'amm' },
  { coinId: 3, type: 'range_oscillation' },
  { coinId: 4, type: 'follow_exchange' },
];

interface Runtime {
  activity: string;
  lastTickAt: number | null;
  nextTickAt: number | null;
  consecutiveFailures: number;
  openOrders: number;
}
interface Figures {
  ordersPlaced: number;
  ordersFilled: number;
  ordersCanceled: number;
  tradeCount: number;
  baseVolume: string;
  quoteVolume: string;
  fees: string;
  uptimeMs: number;
}
interface RobotView {
  id: number;
  coinId: number;
  type: RobotTypeKey;
  status: 'running' | 'stopped';
  stopReason: string | null;
  runtime: Runtime;
  figures: { allTime: Figures };
}
interface RobotDetailView extends RobotView {
  openOrders: { orderNo: string; clientOrderId: string | null; status: string }[];
}

let target: DatabaseTarget;
let dropDatabase: () => Promise<void>;
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  ({ target, drop: dropDatabase } = await scratchDatabase(suiteDatabaseUrl()));
  // The master key (and, on PGlite, the database) live here; the same folder at every start.
  dataDir = target.kind === 'pglite' ? (target.dataDir as string) : mkdtempSync(join(tmpdir(), 'makerdesk-crash-'));
});

/** The stopped world: one simulator key trades on every pair. */
const readStopped = (): Promise<Stopped> =>
  readStoppedWorld(target, dataDir, SIM_SEED, [{ apiKey: SIM_KEY, symbols: [...new Set(BOTS.map((b) => PAIRS[b.coinId]!))] }], () => SIM_KEY);

afterAll(async () => {
  for (const server of servers) if (server.running) await server.kill('SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});


interface BotsView {
  at: number;
  bots: Map<number, RobotDetailView>;
  /** The account's open orders on each pair as the server reports them (GET /order/getOrders). */
  accountOpen: { clientOrderId: string | null; orderNo: string }[];
}

async function viewBots(server: ServerProcess, token: string, ids: number[]): Promise<BotsView> {
  const at = Date.now();
  const bots = new Map<number, RobotDetailView>();
  for (const id of ids) bots.set(id, await server.call<RobotDetailView>('GET', `/robot/detail/${id}`, token));
  const accountOpen = [];
  for (const coinId of new Set(BOTS.map((b) => b.coinId))) accountOpen.push(...(await server.call<BotsView['accountOpen']>('GET', `/order/getOrders?coinId=${coinId}`, token)));
  return { at, bots, accountOpen };
}

/** Every bot switched on, ticking since `since` and quoting; answers the bots as shown then. */
async function waitAllQuoting(server: ServerProcess, token: string, ids: number[], since: number, withinMs = RESUME_WITHIN_MS): Promise<BotsView> {
  return until('every bot ticking and quoting', withinMs, async () => {
    const view = await viewBots(server, token, ids);
    for (const bot of view.bots.values()) {
      const where = `bot #${bot.id} (${bot.type}): ${JSON.stringify({ status: bot.status, stopReason: bot.stopReason, runtime: bot.runtime, open: bot.openOrders.length })}`;
      if (bot.status !== 'running') throw new Error(`switched off: ${where}`);
      if (bot.runtime.activity !== 'active' || (bot.runtime.lastTickAt ?? 0) < since) throw new Error(`not ticking: ${where}`);
      if (bot.openOrders.length === 0) throw new Error(`no open order: ${where}`);
    }
    return view;
  });
}

/** The bot list of each pair still has every bot, switched on, and no other. */
async function checkBotList(server: ServerProcess, token: string, ids: number[], label: string): Promise<void> {
  for (const coinId of new Set(BOTS.map((b) => b.coinId))) {
    const listed = await server.call<RobotView[]>('GET', `/robot/list?coinId=${coinId}`, token);
    const expected = ids.filter((_, i) => BOTS[i]!.coinId === coinId);
    expect(listed.map((r) => [r.id, r.status]), `${label}: the bots of pair ${coinId}`).toEqual(expected.map((id) => [id, 'running']));
  }
}


const COUNTERS = ['ordersPlaced', 'ordersFilled', 'ordersCanceled', 'tradeCount', 'uptimeMs'] as const;
const AMOUNTS = ['baseVolume', 'quoteVolume', 'fees'] as const;

/**
 * The all-time figures only grow: nothing the journal or the fill ledger had is lost by a restart.
 * One exception, bounded: "orders placed" counts a journalled order that is not yet answered, and
 * stops counting it if it turns out never to have reached the venue (rejected); `stopped` (the
 * journal when the server stopped) tells which of the bot's orders could have done so since `before`.
 */
function checkNotBackwards(before: BotsView, after: BotsView, stopped: Stopped, label: string): void {
  for (const [id, was] of before.bots) {
    const now = after.bots.get(id)!.figures.allTime;
    const unplaced = stopped.journal.filter(
      (r) => r.robotId === id && (r.state === 'sending' || r.state === 'unknown' || (r.state === 'rejected' && r.updatedAt.getTime() >= before.at - 1000)),
    ).length;
    expect(now.ordersPlaced, `${label}: bot ${id} ordersPlaced (${unplaced} may have been taken back)`).toBeGreaterThanOrEqual(was.figures.allTime.ordersPlaced - unplaced);
    for (const key of COUNTERS) if (key !== 'ordersPlaced') expect(now[key], `${label}: bot ${id} ${key}`).toBeGreaterThanOrEqual(was.figures.allTime[key]);
    for (const key of AMOUNTS) expect(compare(now[key], was.figures.allTime[key]), `${label}: bot ${id} ${key} ${now[key]} < ${was.figures.allTime[key]}`).toBeGreaterThanOrEqual(0);
  }
}

describe('the server killed with SIGKILL while bots run', () => {
  it('resumes every bot with nothing lost, untracked or placed twice; a graceful restart cancels and re-quotes', { timeout: 360_000 }, async () => {
    const startedAt = Date.now();
    const timings: string[] = [];
    let server = await ServerProcess.start({ target, dataDir, password: PASSWORD, simSeed: SIM_SEED, started: servers });
    timings.push(`first start ${Date.now() - startedAt} ms`);
    let token = await server.signIn();

    // One simulator key (one account) imported for each pair, and the bots deployed with the defaults the API offers.
    const ids: number[] = [];
    for (const coinId of new Set(BOTS.map((b) => b.coinId))) {
      await server.call('POST', '/credentials/add', token, { platformId: 1, apiKey: SIM_KEY, secretKey: `${SIM_KEY}-secret`, coinId });
    }
    for (const { coinId, type } of BOTS) {
      const offered = await server.call<{ type: RobotTypeKey; defaults: Record<string, unknown>; schema: { properties: object }; quoting: boolean }[]>('GET', `/robot/init/list?coinId=${coinId}`, token);
      const item = offered.find((i) => i.type === type)!;
      expect(item.quoting).toBe(true);
      // Ticks every 1-2 s instead of the default, so a kill finds bots mid-tick and the test stays
      // short; the depth bots also replace every order older than 2 s (a professional option, off
      // by default), so their ticks are busy placing and cancelling when the kill comes.
      const churn = 'options' in item.schema.properties ? { options: { maxOrderAgeSec: 2 } } : {};
      const config = { ...item.defaults, intervalMin: 1, intervalMax: 2, ...churn };
      expect(robotTypes[type].config.safeParse(config).success).toBe(true);
      const saved = await server.call<{ id: number }>('PUT', '/robot/update', token, { coinId, type, config, status: 'running', startMode: 'now', priceMode: 'normal', description: `crash ${type}` });
      ids.push(saved.id);
    }
    let view = await waitAllQuoting(server, token, ids, startedAt);
    timings.push(`bots quoting ${Date.now() - startedAt} ms`);

    let unresolved: JournalRow[] = [];
    for (let round = 1; round <= KILL_ROUNDS; round++) {
      const label = `kill ${round}`;
      // Let the bots trade on for a moment and note what the server reports; then kill it as soon
      // as its metrics show a bot placing or cancelling, so it dies in the middle of a tick's orders.
      await sleep(500 + Math.random() * 2000);
      const before = await viewBots(server, token, ids);
      await server.busyPlacing(5_000);
      await sleep(Math.random() * 20);
      await server.kill('SIGKILL');
      const killedAt = Date.now();

      const stopped = await readStopped();
      const { inFlight } = checkAgreement(stopped, ids, label);
      // Orders in flight at the last kill have been resolved by the reconciliation of the restarted server.
      for (const row of unresolved) {
        const now = stopped.journal.find((r) => r.clientOrderId === row.clientOrderId)!;
        const resolved = FINAL_JOURNAL_STATES.has(now.state) || now.updatedAt.getTime() > row.updatedAt.getTime();
        expect(resolved, `${label}: ${row.clientOrderId} left ${row.state} by the last kill is still ${now.state}, untouched`).toBe(true);
      }
      unresolved = stopped.journal.filter((r) => ['sending', 'unknown', 'canceling'].includes(r.state));
      // What the server showed open a moment before the kill is still known: journalled, and on the venue open or since closed.
      const journalled = new Map(stopped.journal.map((r) => [r.clientOrderId, r]));
      for (const [id, bot] of before.bots) {
        for (const order of bot.openOrders) {
          expect(journalled.get(order.clientOrderId!)?.robotId, `${label}: bot ${id}'s open order ${order.clientOrderId}`).toBe(id);
        }
      }
      for (const order of before.accountOpen) expect(journalled.has(order.clientOrderId!), `${label}: account order ${order.clientOrderId} untracked`).toBe(true);

      const restartAt = Date.now();
      server = await ServerProcess.start({ target, dataDir, password: PASSWORD, simSeed: SIM_SEED, started: servers });
      const listening = Date.now();
      token = await server.signIn();
      const after = await waitAllQuoting(server, token, ids, restartAt);
      timings.push(
        `${label}: ${stopped.journal.length} journalled, ${stopped.venueOpen.length} open on the venue, ${inFlight.length} in flight (${inFlight.join(', ')}); ` +
          `read ${restartAt - killedAt} ms, start ${listening - restartAt} ms, quoting ${Date.now() - listening} ms later`,
      );
      checkNotBackwards(before, after, stopped, label);
      await checkBotList(server, token, ids, label);
      view = after;
      // Make sure each bot reconciled after the lookup window, so the next round can ask for the in-flight ones resolved.
      await until('a tick past the lookup window', RESUME_WITHIN_MS, async () => {
        const bots = await viewBots(server, token, ids);
        for (const bot of bots.bots.values()) if ((bot.runtime.lastTickAt ?? 0) < killedAt + NOT_FOUND_AFTER_MS + 1000) throw new Error(`bot ${bot.id} last ticked at ${bot.runtime.lastTickAt}`);
      });
    }

    // A graceful restart: SIGTERM cancels the quoting bots' orders before the process ends; they stay switched on.
    const before = await viewBots(server, token, ids);
    const termAt = Date.now();
    const termMs = await server.kill('SIGTERM');
    const stopped = await readStopped();
    checkAgreement(stopped, ids, 'SIGTERM');
    expect(stopped.venueOpen.map((o) => o.clientOrderId), 'orders left on the venue after a graceful shutdown').toEqual([]);
    expect(stopped.journal.filter((r) => LIVE(r.state)).map((r) => `${r.clientOrderId} ${r.state}`), 'journal orders not final after a graceful shutdown').toEqual([]);
    for (const id of ids) {
      expect(stopped.logs.some((l) => l.robotId === id && l.message.startsWith('Server shutting down: own orders cancelled')), `bot ${id} logged its shutdown cancel`).toBe(true);
    }
    // Cancelled within the engine's limit, as the journal timed each cancel (orders it could not
    // cancel in time would have been left open above); the process ended soon after.
    const cancelled = stopped.journal.filter((r) => r.state === 'canceled' && r.updatedAt.getTime() >= termAt).map((r) => r.updatedAt.getTime());
    expect(cancelled.length, 'orders cancelled by the graceful shutdown').toBeGreaterThan(0);
    expect(Math.max(...cancelled) - termAt).toBeLessThan(BOT_SHUTDOWN_CANCEL_MS);
    expect(termMs).toBeLessThan(BOT_SHUTDOWN_CANCEL_MS + 10_000);
    const restartAt = Date.now();
    server = await ServerProcess.start({ target, dataDir, password: PASSWORD, simSeed: SIM_SEED, started: servers });
    token = await server.signIn();
    const after = await waitAllQuoting(server, token, ids, restartAt);
    checkNotBackwards(before, after, stopped, 'SIGTERM');
    await checkBotList(server, token, ids, 'SIGTERM');
    timings.push(`SIGTERM: ${cancelled.length} orders cancelled within ${Math.max(...cancelled) - termAt} ms, exited in ${termMs} ms, quoting again ${Date.now() - restartAt} ms after the restart`);
    await server.kill('SIGTERM');
    console.log(`server crash test (${target.kind}), ${Date.now() - startedAt} ms:\n  ${timings.join('\n  ')}\n  figures: ${[...view.bots.values()].map((b) => `${b.type} ${b.figures.allTime.ordersPlaced} placed/${b.figures.allTime.tradeCount} trades`).join(', ')}`);
  });
});

describe('the crash checks themselves', () => {
  // A consistent world of one bot, then the faults the checks are there to catch, one at a time.
  const id = (n: number) => `MDb1Z${String(n).padStart(16, '0')}`;
  const row = (n: number, tag: string, state: JournalState, filledAmount = '0'): JournalRow => ({ robotId: 1, clientOrderId: id(n), tag, state, orderNo: `o${n}`, filledAmount, updatedAt: new Date(1000) });
  const order = (n: number, status: Order['status'], filledAmount = '0'): Order => ({
    orderNo: `o${n}`, clientOrderId: id(n), symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', timeInForce: 'GTC', price: '100', amount: '1', filledAmount, filledValue: '0', status, createdAt: 0, updatedAt: 0,
  });
  const world = (): Stopped => {
    const venue = [order(1, 'pending'), order(2, 'filled', '1'), order(3, 'partial_canceled', '0.4')];
    return {
      journal: [row(1, 'bid-0', 'open'), row(2, 'bid-1', 'filled', '1'), row(3, 'bid-1', 'canceled', '0.4'), row(4, 'bid-2', 'rejected')],
      fills: [
        { robotId: 1, clientOrderId: id(2), filledAfter: '0.5', amount: '0.5' },
        { robotId: 1, clientOrderId: id(2), filledAfter: '1', amount: '0.5' },
        { robotId: 1, clientOrderId: id(3), filledAfter: '0.4', amount: '0.4' },
      ],
      robots: [{ id: 1, status: 'running', stopReason: null }],
      logs: [],
      venueOpen: [venue[0]!],
      venueByClientId: new Map(venue.map((o) => [o.clientOrderId!, o])),
    };
  };

  it('pass a consistent world and catch each fault', () => {
    expect(checkAgreement(world(), [1], 'ok').inFlight).toEqual([]);
    const faults: [string, (w: Stopped) => void, RegExp][] = [
      ['an order placed twice in one slot', (w) => {
        w.journal.push(row(5, 'bid-0', 'open'));
        w.venueOpen.push(order(5, 'pending'));
        w.venueByClientId.set(id(5), order(5, 'pending'));
      }, /two open orders in slot bid-0/],
      ['a second live journal order in a slot, in flight', (w) => void w.journal.push(row(5, 'bid-0', 'sending')), /a second live order in its slot/],
      ['an order on the venue that no journal tracks', (w) => void w.venueOpen.push(order(6, 'pending')), /is in no bot's journal/],
      ['an order resting on the venue that the journal took as cancelled', (w) => void (w.journal[0]!.state = 'canceled'), /rests on the venue but the journal says canceled/],
      ['an open journal order the venue never had', (w) => void w.venueByClientId.delete(id(1)), /unknown to the venue/],
      ['a placement given up that the venue has', (w) => void w.venueByClientId.set(id(4), order(4, 'pending')), /taken as never placed/],
      ['a fill the journal has not recorded', (w) => void (w.venueByClientId.get(id(3))!.filledAmount = '0.6'), /the venue filled 0.6/],
      ['a fill recorded twice', (w) => void w.fills.push({ ...w.fills[0]! }), /a fill recorded twice/],
      ['a fill lost', (w) => void w.fills.pop(), /do not add up/],
      ['a bot switched off', (w) => void (w.robots[0]!.status = 'stopped'), /bot 1/],
      ['a client order id journalled twice', (w) => void w.journal.push({ ...w.journal[1]! }), /journalled twice/],
    ];
    for (const [what, fault, message] of faults) {
      const w = world();
      fault(w);
      expect(() => checkAgreement(w, [1], what), what).toThrow(message);
    }
  });
});
