import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attemptThrottles } from '../db/schema.ts';

export type ThrottleRow = typeof attemptThrottles.$inferSelect;

/** Attempt counts per throttle key, shared by every server on the database. */
export class ThrottleRepository {
  constructor(private readonly db: Db) {}

  /**
   * The rows of `keys`, locked until the transaction ends (call it inside one), so that servers
   * counting the same key take turns. A key without a row gets an empty one first (count 0,
   * forgotten at `now`). Keys are taken in one order, so two callers never wait on each other.
   */
  async lock(keys: string[], now: Date): Promise<ThrottleRow[]> {
    const sorted = [...new Set(keys)].sort();
    if (sorted.length === 0) return [];
    await this.db
      .insert(attemptThrottles)
      .values(sorted.map((key) => ({ key, count: 0, lastAt: new Date(0), forgetAt: now })))
      .onConflictDoNothing();
    return this.db.select().from(attemptThrottles).where(inArray(attemptThrottles.key, sorted)).orderBy(attemptThrottles.key).for('update');
  }

  async save(row: ThrottleRow): Promise<void> {
    await this.db
      .insert(attemptThrottles)
      .values(row)
      .onConflictDoUpdate({ target: attemptThrottles.key, set: { count: row.count, lastAt: row.lastAt, forgetAt: row.forgetAt } });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(attemptThrottles).where(eq(attemptThrottles.key, key));
  }

  /** Takes one attempt off the key's count (an attempt counted up front that turned out right). */
  async giveBack(key: string): Promise<void> {
    await this.db
      .update(attemptThrottles)
      .set({ count: sql`greatest(${attemptThrottles.count} - 1, 0)` })
      .where(eq(attemptThrottles.key, key));
  }

  /** Deletes the rows that no longer count at `now`; answers how many. */
  async prune(now: Date): Promise<number> {
    const gone = await this.db.delete(attemptThrottles).where(lte(attemptThrottles.forgetAt, now)).returning({ key: attemptThrottles.key });
    return gone.length;
  }
}
