import { and, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coins, incidentReads, incidents } from '../db/schema.ts';

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncident = Pick<IncidentRow, 'coinId' | 'robotId' | 'adminId' | 'actorAdminId' | 'level' | 'kind' | 'title' | 'text' | 'details'>;
/** An incident as one reader sees it: its pair's name and when the reader read it. */
export type IncidentView = IncidentRow & { coinName: string; readAt: Date | null };

/**
 * Whose incidents a reader sees: those of `coinIds`; all of them (the main account), or the
 * reader's own and the pair-wide ones (a restricted account).
 */
export interface IncidentViewer {
  adminId: number;
  coinIds: number[];
  everyAccount: boolean;
}

function visible(viewer: IncidentViewer): SQL | undefined {
  const pairs = inArray(incidents.coinId, viewer.coinIds);
  return viewer.everyAccount ? pairs : and(pairs, or(isNull(incidents.adminId), eq(incidents.adminId, viewer.adminId)));
}

/**
 * The advisory lock (with the pair's id) under which an incident told once per event is checked
 * against the pair's latest and written: two servers telling the same event write it once.
 */
const TELL_ONCE_LOCK = 0x4d44_0020;

/** The pair's latest pair-wide incident of one of `kinds`, read on `db` (a transaction too). */
async function latestOfKinds(db: Pick<Db, 'select'>, coinId: number, kinds: readonly IncidentRow['kind'][]): Promise<IncidentRow | undefined> {
  const [row] = await db
    .select()
    .from(incidents)
    .where(and(eq(incidents.coinId, coinId), inArray(incidents.kind, [...kinds]), isNull(incidents.adminId)))
    .orderBy(desc(incidents.id))
    .limit(1);
  return row;
}

/** The incident centre's rows and who read them (all its SQL). */
export class IncidentRepository {
  constructor(private readonly db: Db) {}

  async insert(incident: NewIncident): Promise<IncidentRow> {
    const [row] = await this.db.insert(incidents).values(incident).returning();
    if (!row) throw new Error('incident insert returned no row');
    return row;
  }

  /** Newest first, at most `limit`, each with the reader's read time. */
  async list(viewer: IncidentViewer, limit: number): Promise<IncidentView[]> {
    if (viewer.coinIds.length === 0) return [];
    const rows = await this.db
      .select({ incident: incidents, coinName: coins.coinName, readAt: incidentReads.readAt })
      .from(incidents)
      .innerJoin(coins, eq(coins.id, incidents.coinId))
      .leftJoin(incidentReads, and(eq(incidentReads.incidentId, incidents.id), eq(incidentReads.adminId, viewer.adminId)))
      .where(visible(viewer))
      .orderBy(desc(incidents.id))
      .limit(limit);
    return rows.map(({ incident, coinName, readAt }) => ({ ...incident, coinName, readAt }));
  }

  async unreadCount(viewer: IncidentViewer): Promise<number> {
    if (viewer.coinIds.length === 0) return 0;
    const [row] = await this.db
      .select({ n: count() })
      .from(incidents)
      .leftJoin(incidentReads, and(eq(incidentReads.incidentId, incidents.id), eq(incidentReads.adminId, viewer.adminId)))
      .where(and(visible(viewer), isNull(incidentReads.incidentId)));
    return row?.n ?? 0;
  }

  /**
   * Marks read, for the reader, the unread incidents it may see: `ids` among them, or all of them.
   * Answers how many were marked now (already read ones are left as they were).
   */
  async markRead(viewer: IncidentViewer, ids?: number[]): Promise<number> {
    if (viewer.coinIds.length === 0 || (ids && ids.length === 0)) return 0;
    const unread = await this.db
      .select({ id: incidents.id })
      .from(incidents)
      .leftJoin(incidentReads, and(eq(incidentReads.incidentId, incidents.id), eq(incidentReads.adminId, viewer.adminId)))
      .where(and(visible(viewer), isNull(incidentReads.incidentId), ids ? inArray(incidents.id, ids) : undefined));
    if (unread.length === 0) return 0;
    const marked = await this.db
      .insert(incidentReads)
      .values(unread.map((r) => ({ incidentId: r.id, adminId: viewer.adminId })))
      .onConflictDoNothing()
      .returning({ id: incidentReads.incidentId });
    return marked.length;
  }

  /** The latest emergency stop of each pair still halted (no bot switched on since), among those the viewer sees. */
  async halted(viewer: IncidentViewer): Promise<(IncidentRow & { coinName: string })[]> {
    if (viewer.coinIds.length === 0) return [];
    const rows = await this.db
      .select({ incident: incidents, coinName: coins.coinName })
      .from(incidents)
      .innerJoin(coins, eq(coins.id, incidents.coinId))
      .where(and(visible(viewer), eq(incidents.kind, 'emergency_stop'), isNull(incidents.clearedAt)))
      .orderBy(desc(incidents.id));
    const seen = new Set<number>();
    return rows
      .filter(({ incident }) => {
        if (seen.has(incident.coinId)) return false;
        seen.add(incident.coinId);
        return true;
      })
      .map(({ incident, coinName }) => ({ ...incident, coinName }));
  }

  /** A bot of the pair runs again: the pair's stops no longer halt it. Answers how many were cleared. */
  async clearHalts(coinId: number, at: Date): Promise<number> {
    const cleared = await this.db
      .update(incidents)
      .set({ clearedAt: at })
      .where(and(eq(incidents.coinId, coinId), eq(incidents.kind, 'emergency_stop'), isNull(incidents.clearedAt)))
      .returning({ id: incidents.id });
    return cleared.length;
  }

  /** The account's latest "key refused by the venue" incident of the pair since `since`, if any. */
  async latestKeyRefusal(adminId: number, coinId: number, since: Date): Promise<IncidentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(incidents)
      .where(and(eq(incidents.adminId, adminId), eq(incidents.coinId, coinId), eq(incidents.kind, 'key_refused'), isNull(incidents.robotId), gte(incidents.createdAt, since)))
      .orderBy(desc(incidents.id))
      .limit(1);
    return row;
  }

  /** The pair's latest pair-wide incident of one of `kinds` (the obligation monitor's memory), if any. */
  latestOfKinds(coinId: number, kinds: readonly IncidentRow['kind'][]): Promise<IncidentRow | undefined> {
    return latestOfKinds(this.db, coinId, kinds);
  }

  /**
   * Writes the incident unless `told` says the pair's latest pair-wide incident of `kinds` already
   * tells it; the check and the write hold the pair's lock, so two servers never both write it.
   * Answers the row written, or null.
   */
  async insertUnlessTold(incident: NewIncident, kinds: readonly IncidentRow['kind'][], told: (latest: IncidentRow | undefined) => boolean): Promise<IncidentRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TELL_ONCE_LOCK}, ${incident.coinId})`);
      if (told(await latestOfKinds(tx, incident.coinId, kinds))) return null;
      const [row] = await tx.insert(incidents).values(incident).returning();
      if (!row) throw new Error('incident insert returned no row');
      return row;
    });
  }

  /** Rewrites an incident's text and details (what it says grew: the bots a refused key stopped). */
  async amend(id: number, change: Pick<IncidentRow, 'text' | 'details'>): Promise<void> {
    await this.db.update(incidents).set(change).where(eq(incidents.id, id));
  }

  async coinName(coinId: number): Promise<string | undefined> {
    const [row] = await this.db.select({ coinName: coins.coinName }).from(coins).where(eq(coins.id, coinId));
    return row?.coinName;
  }
}
