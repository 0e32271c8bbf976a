import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { simApiKeys } from '../db/schema.ts';

/** Simulator keys by the hash of the API key, each with its sealed secret. */
export class SimKeyRepository {
  constructor(private readonly db: Db) {}

  /** False when the key is already registered (its secret is left as it was). */
  async insertIfAbsent(apiKeyHash: string, secretSealed: string): Promise<boolean> {
    const inserted = await this.db
      .insert(simApiKeys)
      .values({ apiKeyHash, secretSealed })
      .onConflictDoNothing()
      .returning({ hash: simApiKeys.apiKeyHash });
    return inserted.length > 0;
  }

  async upsert(apiKeyHash: string, secretSealed: string): Promise<void> {
    await this.db
      .insert(simApiKeys)
      .values({ apiKeyHash, secretSealed })
      .onConflictDoUpdate({ target: simApiKeys.apiKeyHash, set: { secretSealed } });
  }

  async findSealedSecret(apiKeyHash: string): Promise<string | undefined> {
    const [row] = await this.db.select({ secretSealed: simApiKeys.secretSealed }).from(simApiKeys).where(eq(simApiKeys.apiKeyHash, apiKeyHash));
    return row?.secretSealed;
  }
}
