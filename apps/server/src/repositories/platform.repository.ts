import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { platforms } from '../db/schema.ts';

export type PlatformRow = typeof platforms.$inferSelect;
export type NewPlatform = Pick<PlatformRow, 'code' | 'name'>;

export class PlatformRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<PlatformRow[]> {
    return this.db.select().from(platforms).orderBy(asc(platforms.id));
  }

  async findById(id: number): Promise<PlatformRow | undefined> {
    const [row] = await this.db.select().from(platforms).where(eq(platforms.id, id));
    return row;
  }

  async findByCode(code: string): Promise<PlatformRow | undefined> {
    const [row] = await this.db.select().from(platforms).where(eq(platforms.code, code));
    return row;
  }

  /** Adds the platforms whose code is not there yet; existing ones are left as they are. */
  async insertMissing(list: NewPlatform[]): Promise<void> {
    if (list.length > 0) await this.db.insert(platforms).values(list).onConflictDoNothing({ target: platforms.code });
  }
}
