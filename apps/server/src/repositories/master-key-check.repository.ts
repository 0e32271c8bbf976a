import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { masterKeyCheck } from '../db/schema.ts';

/** The digest of the master key the database was set up with (`master_key_check`, one row). */
export class MasterKeyCheckRepository {
  constructor(private readonly db: Db) {}

  /** Records `digest` when the database has none yet, and returns the one it has (the first recorded wins). */
  async recordOrRead(digest: string): Promise<string> {
    await this.db.insert(masterKeyCheck).values({ id: 1, digest }).onConflictDoNothing({ target: masterKeyCheck.id });
    const [row] = await this.db.select({ digest: masterKeyCheck.digest }).from(masterKeyCheck).where(eq(masterKeyCheck.id, 1));
    return row!.digest;
  }
}
