/**
 * What must hold between the bots' journal, their fill ledger and the simulator whenever no server
 * runs, after any crash: the crash and several-servers tests read the stopped world with
 * `readStopped` and check it with `checkAgreement`.
 */
import { add, compare } from '@makerdesk/decimal';
import { FINAL_JOURNAL_STATES, type JournalState } from '@makerdesk/engine';
import { isOwnClientOrderId, type Order } from '@makerdesk/exchange';
import { expect } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { robotFills, robotOrders, robots, tradingLogs } from '../db/schema.ts';
import { renderStoredLine } from '../domain/trading-log-line.ts';
import { SimStateRepository } from '../repositories/sim-state.repository.ts';
import { simVenueFactory } from '../venues/sim-factory.ts';
import { SimHost } from '../venues/sim-host.ts';

export interface JournalRow {
  robotId: number;
  clientOrderId: string;
  tag: string;
  state: JournalState;
  orderNo: string | null;
  filledAmount: string;
  updatedAt: Date;
}

/** The database and the simulator as a start would find them, read while no server runs. */
export interface Stopped {
  journal: JournalRow[];
  fills: { robotId: number; clientOrderId: string; filledAfter: string; amount: string }[];
  robots: { id: number; status: string; stopReason: string | null }[];
  logs: { robotId: number | null; message: string }[];
  /** The simulator's open orders of the account, per pair, from its own restored state. */
  venueOpen: Order[];
  /** The simulator's record of each journalled order (open or recently closed), by client order id. */
  venueByClientId: Map<string, Order>;
}

/**
 * The database and the simulator as the next start would find them, read while no server runs.
 * `accounts`: each simulator key with its pairs (their open orders are read); `keyOf`: the key a
 * bot trades with (its journalled orders are looked up on that account).
 */
export async function readStopped(target: DatabaseTarget, dataDir: string, simSeed: number, accounts: { apiKey: string; symbols: string[] }[], keyOf: (robotId: number) => string): Promise<Stopped> {
  return readStoppedDatabase(target, dataDir, async (database, journal) => {
    // The simulator restored exactly as a start restores it (snapshot plus its journal), without its
    // background market, and read only: the next start replays the journal the crash left.
    const host = await SimHost.open(new ReadOnlySimState(database.db), { create: simVenueFactory(simSeed), background: false });
    try {
      const venueOpen: Order[] = [];
      for (const { apiKey, symbols } of accounts) for (const symbol of symbols) venueOpen.push(...(await host.venue.account(apiKey).fetchOpenOrders(symbol)));
      const venueByClientId = new Map<string, Order>();
      for (const row of journal) {
        const order = await host.venue.orderByClientId(keyOf(row.robotId), row.symbol, row.clientOrderId);
        if (order) venueByClientId.set(row.clientOrderId, order);
      }
      return { venueOpen, venueByClientId };
    } finally {
      await host.close();
    }
  });
}

/** A journalled order with its pair, as the database holds it. */
export type StoppedJournalRow = JournalRow & { symbol: string };

/**
 * The bots' side of the stopped world (journal, fill ledger, bots, logs) from the database a start
 * would open, read while no server runs; `readVenue` adds the venue's side, the database still open.
 */
export async function readStoppedDatabase(
  target: DatabaseTarget,
  dataDir: string,
  readVenue: (database: Database, journal: StoppedJournalRow[]) => Promise<Pick<Stopped, 'venueOpen' | 'venueByClientId'>>,
): Promise<Stopped> {
  // Like the server, take the data folder's lock (a killed server's stale lock is taken over).
  const lock = target.kind === 'pglite' ? lockDataDir(dataDir) : null;
  const database = await openDatabase(target);
  try {
    const journal = (await database.db
      .select({
        robotId: robotOrders.robotId,
        clientOrderId: robotOrders.clientOrderId,
        tag: robotOrders.tag,
        symbol: robotOrders.symbol,
        state: robotOrders.state,
        orderNo: robotOrders.orderNo,
        filledAmount: robotOrders.filledAmount,
        updatedAt: robotOrders.updatedAt,
      })
      .from(robotOrders)) as StoppedJournalRow[];
    const fills = await database.db
      .select({ robotId: robotFills.robotId, clientOrderId: robotFills.clientOrderId, filledAfter: robotFills.filledAfter, amount: robotFills.amount })
      .from(robotFills);
    const bots = await database.db.select({ id: robots.id, status: robots.status, stopReason: robots.stopReason }).from(robots);
    const logs = (await database.db.select({ robotId: tradingLogs.robotId, message: tradingLogs.message, textKey: tradingLogs.textKey, textParams: tradingLogs.textParams }).from(tradingLogs)).map(
      (row) => ({ robotId: row.robotId, message: renderStoredLine(row, 'en_US') }),
    );
    return { journal, fills, robots: bots, logs, ...(await readVenue(database, journal)) };
  } finally {
    await database.close();
    lock?.release();
  }
}

/** The simulator's stored state for reading: nothing is written back (no snapshot, no command). */
class ReadOnlySimState extends SimStateRepository {
  override async appendCommands(): Promise<void> {
    throw new Error('the test does not change the simulator');
  }
  override async saveSnapshot(): Promise<void> {}
  override async discard(reason: string): Promise<void> {
    throw new Error(`the simulator's stored state cannot be read: ${reason}`);
  }
}

export const LIVE = (state: JournalState) => !FINAL_JOURNAL_STATES.has(state);
export const scopeOf = (robotId: number) => `b${robotId}`;

/**
 * What must hold whenever no server runs, crash or not: the journal, the fill ledger and the
 * simulator agree. Answers the states of the journal rows caught between writes (not final, not open).
 */
export function checkAgreement(s: Stopped, ids: number[], label: string): { inFlight: string[] } {
  const journal = new Map(s.journal.map((r) => [r.clientOrderId, r]));
  expect(journal.size, `${label}: a client order id journalled twice`).toBe(s.journal.length);

  // Nothing untracked or doubled on the venue: every open order of the account is a bot's, journalled
  // under that bot, not final there, and no two of a bot's open orders fill one slot (tag).
  const venueIds = s.venueOpen.map((o) => o.clientOrderId);
  expect(new Set(venueIds).size, `${label}: the venue shows a client order id twice`).toBe(venueIds.length);
  const slots = new Set<string>();
  for (const order of s.venueOpen) {
    const row = order.clientOrderId ? journal.get(order.clientOrderId) : undefined;
    const what = `${label}: venue order ${order.orderNo} (${order.clientOrderId}, ${order.direction} ${order.amount} at ${order.price})`;
    expect(row, `${what} is in no bot's journal`).toBeDefined();
    expect(isOwnClientOrderId(order.clientOrderId, scopeOf(row!.robotId)), `${what} is journalled under bot ${row!.robotId}, not its scope`).toBe(true);
    expect(LIVE(row!.state), `${what} rests on the venue but the journal says ${row!.state}`).toBe(true);
    const slot = `${row!.robotId}/${row!.tag}`;
    expect(slots.has(slot), `${what}: bot ${row!.robotId} has two open orders in slot ${row!.tag}`).toBe(false);
    slots.add(slot);
  }

  // The journal: at most one live order per slot, and what it says agrees with the venue's record.
  const liveSlots = new Set<string>();
  const inFlight: string[] = [];
  for (const row of s.journal) {
    const what = `${label}: journal order ${row.clientOrderId} of bot ${row.robotId} (${row.tag}, ${row.state}, filled ${row.filledAmount})`;
    const venue = s.venueByClientId.get(row.clientOrderId);
    if (LIVE(row.state)) {
      const slot = `${row.robotId}/${row.tag}`;
      expect(liveSlots.has(slot), `${what}: a second live order in its slot`).toBe(false);
      liveSlots.add(slot);
      if (row.state !== 'open') inFlight.push(row.state);
    }
    if (row.state === 'open' || row.state === 'canceling') {
      // Placed and acknowledged: the venue knows it (open, or closed since the last reconcile).
      expect(venue, `${what}: unknown to the venue`).toBeDefined();
      expect(venue!.orderNo).toBe(row.orderNo);
      expect(compare(venue!.filledAmount, row.filledAmount), `${what}: the journal has more filled than the venue (${venue!.filledAmount})`).toBeGreaterThanOrEqual(0);
    }
    if (row.state === 'filled') {
      if (venue) expect(venue.status, `${what}: the venue says`).toBe('filled');
      if (venue) expect(compare(venue.filledAmount, row.filledAmount), `${what}: the venue filled ${venue.filledAmount}`).toBe(0);
    }
    if (row.state === 'canceled' && venue) {
      expect(['canceled', 'partial_canceled'], `${what}: the venue says ${venue.status}`).toContain(venue.status);
      expect(compare(venue.filledAmount, row.filledAmount), `${what}: the venue filled ${venue.filledAmount}`).toBe(0);
    }
    if (row.state === 'rejected') expect(venue, `${what}: taken as never placed, but the venue has it (${venue?.status})`).toBeUndefined();
  }

  // Fills recorded once and none lost: one fill per (order, filled amount after it), each of a
  // journalled order of the same bot, and an order's fills add up to its journalled filled amount.
  const fillKeys = new Set(s.fills.map((f) => `${f.clientOrderId}@${f.filledAfter}`));
  expect(fillKeys.size, `${label}: a fill recorded twice`).toBe(s.fills.length);
  const filled = new Map<string, string>();
  for (const fill of s.fills) {
    const row = journal.get(fill.clientOrderId);
    expect(row?.robotId, `${label}: fill of ${fill.clientOrderId} belongs to no journalled order of bot ${fill.robotId}`).toBe(fill.robotId);
    filled.set(fill.clientOrderId, add(filled.get(fill.clientOrderId) ?? '0', fill.amount));
  }
  for (const row of s.journal) {
    expect(compare(filled.get(row.clientOrderId) ?? '0', row.filledAmount), `${label}: fills of ${row.clientOrderId} do not add up to its filled amount ${row.filledAmount}`).toBe(0);
  }

  // Every bot is still switched on: a crash or a restart switches none off.
  for (const id of ids) expect(s.robots.find((r) => r.id === id), `${label}: bot ${id}`).toMatchObject({ status: 'running', stopReason: null });
  return { inFlight };
}
