import { and, asc, count, eq, isNull, notExists } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coins, credentials, platforms } from '../db/schema.ts';

export type PlatformRow = typeof platforms.$inferSelect;
/** What an edit may change: the ccxt id stays. */
export type PlatformChanges = Partial<Pick<PlatformRow, 'name' | 'sandbox' | 'apiBaseUrl' | 'wsBaseUrl'>>;
/** What holds a platform: its pairs and the API keys imported for it. */
export interface PlatformUsage {
  pairs: number;
  keys: number;
}
export type NewPlatform = Pick<PlatformRow, 'code' | 'name'> & Partial<Pick<PlatformRow, 'sandbox' | 'apiBaseUrl' | 'wsBaseUrl'>>;

export class PlatformRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<PlatformRow[]> {
    return this.db.select().from(platforms).orderBy(asc(platforms.id));
  }

  async findById(id: number): Promise<PlatformRow | undefined> {
    const [row] = await this.db.select().from(platforms).where(eq(platforms.id, id));
    return row;
  }

  /** The venue itself under this code: not its sandbox, not at another API base. */
  async findByCode(code: string): Promise<PlatformRow | undefined> {
    const [row] = await this.db
      .select()
      .from(platforms)
      .where(and(eq(platforms.code, code), eq(platforms.sandbox, false), isNull(platforms.apiBaseUrl)));
    return row;
  }

  /** Adds the platforms not there yet (same code, sandbox and API base); existing ones are left as they are. */
  async insertMissing(list: NewPlatform[]): Promise<void> {
    if (list.length > 0) await this.db.insert(platforms).values(list).onConflictDoNothing();
  }

  /** The new platform, or undefined when one with the same code, sandbox and API base exists. */
  async insert(platform: NewPlatform): Promise<PlatformRow | undefined> {
    const [row] = await this.db.insert(platforms).values(platform).onConflictDoNothing().returning();
    return row;
  }

  /** The edited platform, or undefined when there is none of that id. */
  async update(id: number, changes: PlatformChanges): Promise<PlatformRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    const [row] = await this.db.update(platforms).set(changes).where(eq(platforms.id, id)).returning();
    return row;
  }

  async usage(id: number): Promise<PlatformUsage> {
    const [[pairs], [keys]] = await Promise.all([
      this.db.select({ n: count() }).from(coins).where(eq(coins.platformId, id)),
      this.db.select({ n: count() }).from(credentials).where(eq(credentials.platformId, id)),
    ]);
    return { pairs: pairs?.n ?? 0, keys: keys?.n ?? 0 };
  }

  /**
   * Deletes the platform in one statement only while no pair and no key refers to it, so a pair
   * added meanwhile keeps it; answers whether it was deleted.
   */
  async deleteUnused(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(platforms)
      .where(
        and(
          eq(platforms.id, id),
          notExists(this.db.select({ one: coins.id }).from(coins).where(eq(coins.platformId, id))),
          notExists(this.db.select({ one: credentials.id }).from(credentials).where(eq(credentials.platformId, id))),
        ),
      )
      .returning({ id: platforms.id });
    return rows.length > 0;
  }
}
