import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { platforms } from '../db/schema.ts';

export type PlatformRow = typeof platforms.$inferSelect;
export type NewPlatform = Pick<PlatformRow, 'code' | 'name'> & Partial<Pick<PlatformRow, 'sandbox' | 'apiBaseUrl'>>;

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
}
