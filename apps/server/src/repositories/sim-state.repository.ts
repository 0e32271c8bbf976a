import { asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { simDiscarded, simJournal, simState } from '../db/schema.ts';

const ROW_ID = 1;

/** One group commit: the JSON array of the commands numbered firstSeq..lastSeq. */
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

/** The simulator's snapshot and command journal (DESIGN §6). */
export class SimStateRepository {
  constructor(private readonly db: Db) {}

  async load(): Promise<StoredSimState> {
    const [state] = await this.db.select().from(simState).where(eq(simState.id, ROW_ID));
    const journalSeq = state?.journalSeq ?? 0;
    const tail = await this.db
      .select({ firstSeq: simJournal.firstSeq, lastSeq: simJournal.lastSeq, commands: simJournal.commands })
      .from(simJournal)
      .where(gt(simJournal.lastSeq, journalSeq))
      .orderBy(asc(simJournal.firstSeq));
    return { snapshot: state?.snapshot ?? null, journalSeq, tail };
  }

  /** Idempotent: a retry after a lost answer finds the group written and leaves it. */
  async appendCommands(row: JournalRow): Promise<void> {
    await this.db.insert(simJournal).values(row).onConflictDoNothing({ target: simJournal.firstSeq });
  }

  /** Replaces the snapshot and drops the journal it includes, atomically. */
  async saveSnapshot(snapshot: string, journalSeq: number): Promise<void> {
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
      const [state] = await tx.select().from(simState).where(eq(simState.id, ROW_ID));
      const journal = await tx.select().from(simJournal).orderBy(asc(simJournal.firstSeq));
      await tx.insert(simDiscarded).values({
        reason,
        snapshot: state?.snapshot ?? null,
        journal: JSON.stringify(journal.map(({ firstSeq, lastSeq, commands }) => ({ firstSeq, lastSeq, commands }))),
      });
      await tx.delete(simState).where(eq(simState.id, ROW_ID));
      await tx.delete(simJournal);
    });
  }
}
