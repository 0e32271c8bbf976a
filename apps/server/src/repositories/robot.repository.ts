import type { RobotTypeKey, ServerText } from '@makerdesk/contract';
import { FINAL_JOURNAL_STATES, type RobotRecord, type RobotStore } from '@makerdesk/engine';
import { and, asc, eq, exists, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coins, robotOrders, robotRuns, robots } from '../db/schema.ts';
import { WriteBatcher } from './write-batcher.ts';

export type RobotRow = typeof robots.$inferSelect;
/** A bot with the pair name the console shows beside it. */
export type RobotListRow = RobotRow & { coinName: string };
/** A bot as an order's source names it. */
export interface RobotSourceRow {
  id: number;
  adminId: number;
  type: string;
  description: string;
}
export type NewRobot = Pick<
  RobotRow,
  'adminId' | 'coinId' | 'credentialId' | 'type' | 'config' | 'status' | 'stopReason' | 'startMode' | 'startAt' | 'priceMode' | 'description' | 'startedAt'
>;
export type RobotChanges = Partial<Omit<NewRobot, 'adminId'> & Pick<RobotRow, 'state' | 'stopReasonText'>> & { updatedAt: Date };

export interface RobotRun {
  robotId: number;
  startedAt: number;
  stoppedAt: number | null;
}

export function toRobotRecord(row: RobotListRow): RobotRecord {
  return {
    id: row.id,
    adminId: row.adminId,
    coinId: row.coinId,
    symbol: row.coinName,
    type: row.type as RobotTypeKey,
    config: row.config,
    status: row.status,
    startMode: row.startMode,
    startAt: row.startAt?.getTime() ?? null,
    priceMode: row.priceMode,
    state: row.state ?? null,
    startedAt: row.startedAt?.getTime() ?? null,
  };
}

/**
 * Bots as stored, for the robot service, and the engine's robot store. Uptime is kept as runs: one
 * row opened at switch-on (or server start) and closed at switch-off (or shutdown).
 */
export class RobotRepository implements RobotStore {
  constructor(private readonly db: Db) {}

  async insert(robot: NewRobot): Promise<RobotRow> {
    const [row] = await this.db.insert(robots).values(robot).returning();
    if (!row) throw new Error('robot insert returned no row');
    return row;
  }

  /** Undefined when there is no such bot. */
  async update(id: number, changes: RobotChanges): Promise<RobotRow | undefined> {
    const [row] = await this.db.update(robots).set(changes).where(eq(robots.id, id)).returning();
    return row;
  }

  async findById(id: number): Promise<RobotListRow | undefined> {
    const [row] = await this.select(eq(robots.id, id));
    return row;
  }

  /** What an order's source needs of these bots (owner, type, description): one query for any number. */
  async sourcesOf(ids: number[]): Promise<RobotSourceRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: robots.id, adminId: robots.adminId, type: robots.type, description: robots.description })
      .from(robots)
      .where(inArray(robots.id, ids));
  }

  /** An account's bots on a pair, oldest first. */
  async listFor(adminId: number, coinId: number): Promise<RobotListRow[]> {
    return this.select(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId)));
  }

  /** Every bot of an account, on every pair, oldest first: whom deleting or suspending the account stops. */
  async listOwnedBy(adminId: number): Promise<RobotListRow[]> {
    return this.select(eq(robots.adminId, adminId));
  }

  /** Every bot on a pair, or one account's (`adminId`), oldest first: whom an emergency stop reaches. */
  async listOnPair(coinId: number, adminId?: number): Promise<RobotListRow[]> {
    return this.select(adminId === undefined ? eq(robots.coinId, coinId) : and(eq(robots.coinId, coinId), eq(robots.adminId, adminId)));
  }

  /** The pairs some bot runs on (switched on, any account). */
  async runningCoinIds(): Promise<Set<number>> {
    const rows = await this.db.selectDistinct({ coinId: robots.coinId }).from(robots).where(eq(robots.status, 'running'));
    return new Set(rows.map((r) => r.coinId));
  }

  async listRunning(): Promise<RobotRecord[]> {
    return (await this.select(eq(robots.status, 'running'))).map(toRobotRecord);
  }

  /** Bots switched off with journal orders not final (a stop cut short by the server going down). */
  async listStoppedWithLiveOrders(): Promise<RobotRecord[]> {
    const live = this.db
      .select({ one: sql`1` })
      .from(robotOrders)
      .where(and(eq(robotOrders.robotId, robots.id), notInArray(robotOrders.state, [...FINAL_JOURNAL_STATES])));
    return (await this.select(and(ne(robots.status, 'running'), exists(live)))).map(toRobotRecord);
  }

  async get(id: number): Promise<RobotRecord | null> {
    const row = await this.findById(id);
    return row ? toRobotRecord(row) : null;
  }

  /** Every bot's state after its tick, written together (group commit): one statement for the bots of the moment. */
  private readonly states = new WriteBatcher<{ id: number; state: unknown }>((batch) => this.saveStatesNow(batch));

  async saveState(id: number, state: unknown): Promise<void> {
    await this.states.add({ id, state });
  }

  private async saveStatesNow(batch: { id: number; state: unknown }[]): Promise<void> {
    // A bot saved twice in one batch keeps the later state, as two writes one after the other would.
    const latest = new Map(batch.map((b) => [b.id, b.state]));
    const rows = [...latest].map(([id, state]) => sql`(${id}::integer, ${state === undefined || state === null ? null : JSON.stringify(state)}::jsonb)`);
    await this.db.execute(sql`update robots as r set state = v.state from (values ${sql.join(rows, sql`, `)}) as v(id, state) where r.id = v.id`);
  }

  /** The engine stopped the bot by itself: switched off with the reason, its run closed. */
  async markStopped(id: number, reason: string, text?: ServerText): Promise<void> {
    const at = new Date();
    await this.db.transaction(async (tx) => {
      await tx.update(robots).set({ status: 'stopped', stopReason: reason, stopReasonText: text ?? null, updatedAt: at }).where(eq(robots.id, id));
      await tx.update(robotRuns).set({ stoppedAt: at }).where(and(eq(robotRuns.robotId, id), isNull(robotRuns.stoppedAt)));
    });
  }

  /** An emergency stop: many bots switched off with one reason, their runs closed, in one transaction. */
  async markManyStopped(ids: number[], reason: string, text?: ServerText): Promise<void> {
    if (ids.length === 0) return;
    const at = new Date();
    await this.db.transaction(async (tx) => {
      await tx.update(robots).set({ status: 'stopped', stopReason: reason, stopReasonText: text ?? null, updatedAt: at }).where(inArray(robots.id, ids));
      await tx.update(robotRuns).set({ stoppedAt: at }).where(and(inArray(robotRuns.robotId, ids), isNull(robotRuns.stoppedAt)));
    });
  }

  /** Opens a run unless one is open already. */
  async openRun(robotId: number, at: Date): Promise<void> {
    await this.db.execute(
      sql`insert into ${robotRuns} (robot_id, started_at) select ${robotId}, ${at.toISOString()}::timestamptz
          where not exists (select 1 from ${robotRuns} where robot_id = ${robotId} and stopped_at is null)`,
    );
  }

  async closeRun(robotId: number, at: Date): Promise<void> {
    await this.db.update(robotRuns).set({ stoppedAt: at }).where(and(eq(robotRuns.robotId, robotId), isNull(robotRuns.stoppedAt)));
  }

  /** At shutdown: every open run ends now (a crash leaves them open, and the downtime counts as up). */
  async closeAllRuns(at: Date): Promise<void> {
    await this.db.update(robotRuns).set({ stoppedAt: at }).where(isNull(robotRuns.stoppedAt));
  }

  /** At start: a run for every bot switched on that has none open. */
  async openRunsForRunning(at: Date): Promise<void> {
    await this.db.execute(
      sql`insert into ${robotRuns} (robot_id, started_at) select r.id, ${at.toISOString()}::timestamptz from ${robots} r
          where r.status = 'running' and not exists (select 1 from ${robotRuns} u where u.robot_id = r.id and u.stopped_at is null)`,
    );
  }

  async runsOf(robotIds: number[]): Promise<RobotRun[]> {
    if (robotIds.length === 0) return [];
    const rows = await this.db.select().from(robotRuns).where(inArray(robotRuns.robotId, robotIds)).orderBy(asc(robotRuns.id));
    return rows.map((r) => ({ robotId: r.robotId, startedAt: r.startedAt.getTime(), stoppedAt: r.stoppedAt?.getTime() ?? null }));
  }

  private async select(where: SQL | undefined): Promise<RobotListRow[]> {
    const rows = await this.db
      .select({ robot: robots, coinName: coins.coinName })
      .from(robots)
      .innerJoin(coins, eq(coins.id, robots.coinId))
      .where(where)
      .orderBy(asc(robots.id));
    return rows.map((r) => ({ ...r.robot, coinName: r.coinName }));
  }
}
