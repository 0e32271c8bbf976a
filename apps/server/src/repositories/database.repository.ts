import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export class DatabaseRepository {
  constructor(private readonly db: Db) {}

  /** Resolves once the database answers a query. */
  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
