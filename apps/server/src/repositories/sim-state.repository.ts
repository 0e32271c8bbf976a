import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import { asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { simDiscarded, simJournal, simState } from '../db/schema.ts';

const ROW_ID = 1;
const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);
/** zlib streams start with 0x78; a snapshot from before the journal is plain JSON, starting with '{'. */
const PLAIN_JSON = 0x7b;

/**
 * Deflated in the thread pool, off the event loop the venue runs on, and sent as base64 for the
 * database to decode: PGlite turns a byte array parameter into hex one byte at a time, which cost
 * a busy venue more than the write itself.
 */
async function pack(json: string): Promise<SQL> {
  const bytes = await deflateAsync(Buffer.from(json, 'utf8'), { level: 1 });
  return sql`decode(${bytes.toString('base64')}, 'base64')`;
}

/** A bytea column read back as base64 text, for the same reason. */
function packed(column: PgColumn): SQL<string> {
  return sql<string>`encode(${column}, 'base64')`;
}

async function unpack(base64: string): Promise<string> {
  const stored = Buffer.from(base64, 'base64');
  if (stored[0] === PLAIN_JSON) return stored.toString('utf8');
  return (await inflateAsync(stored)).toString('utf8');
}

/** One group commit: the JSON text of the array of the commands numbered firstSeq..lastSeq. */
export interface JournalRow {
  firstSeq: number;
  lastSeq: number;
  commands: string;
}

export interface StoredSimState {
  /** JSON text of the last snapshot; null before the simulator first started. */
  snapshot: string | null;
  /** The last journal sequence number the snapshot includes. */
  journalSeq: number;
  /** The journal after the snapshot, oldest first. */
  tail: JournalRow[];
}

/**
 * The simulator's snapshot and command journal (DESIGN §6). The simulator host uses it before any
 * service exists (the venue is restored first), so it stands apart from the services' Repositories.
 */
export class SimStateRepository {
  constructor(private readonly db: Db) {}

  async load(): Promise<StoredSimState> {
    const [state] = await this.db
      .select({ snapshot: packed(simState.snapshot), journalSeq: simState.journalSeq })
      .from(simState)
      .where(eq(simState.id, ROW_ID));
    const journalSeq = state?.journalSeq ?? 0;
    const rows = await this.db
      .select({ firstSeq: simJournal.firstSeq, lastSeq: simJournal.lastSeq, commands: packed(simJournal.commands) })
      .from(simJournal)
      .where(gt(simJournal.lastSeq, journalSeq))
      .orderBy(asc(simJournal.firstSeq));
    const tail = await Promise.all(rows.map(async (row) => ({ ...row, commands: await unpack(row.commands) })));
    return { snapshot: state ? await unpack(state.snapshot) : null, journalSeq, tail };
  }

  /** Idempotent: a retry after a lost answer finds the group written and leaves it. */
  async appendCommands(row: JournalRow): Promise<void> {
    const commands = await pack(row.commands);
    await this.db.insert(simJournal).values({ ...row, commands }).onConflictDoNothing({ target: simJournal.firstSeq });
  }

  /** Replaces the snapshot and drops the journal it includes, atomically. */
  async saveSnapshot(json: string, journalSeq: number): Promise<void> {
    const snapshot = await pack(json);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(simState)
        .values({ id: ROW_ID, snapshot, journalSeq, updatedAt: new Date() })
        .onConflictDoUpdate({ target: simState.id, set: { snapshot, journalSeq, updatedAt: new Date() } });
      await tx.delete(simJournal).where(lte(simJournal.lastSeq, journalSeq));
    });
  }

  /** Moves the whole stored state aside (kept for inspection), leaving none. */
  async discard(reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [state] = await tx.select({ snapshot: packed(simState.snapshot) }).from(simState).where(eq(simState.id, ROW_ID));
      const journal = await tx
        .select({ firstSeq: simJournal.firstSeq, lastSeq: simJournal.lastSeq, commands: packed(simJournal.commands) })
        .from(simJournal)
        .orderBy(asc(simJournal.firstSeq));
      // Kept readable where it can be, as stored (base64) where it cannot.
      const readable = (base64: string) => unpack(base64).catch(() => base64);
      const rows = await Promise.all(journal.map(async (row) => ({ ...row, commands: await readable(row.commands) })));
      await tx.insert(simDiscarded).values({
        reason,
        snapshot: state ? await readable(state.snapshot) : null,
        journal: JSON.stringify(rows),
      });
      await tx.delete(simState).where(eq(simState.id, ROW_ID));
      await tx.delete(simJournal);
    });
  }
}
