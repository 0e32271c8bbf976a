import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountPermissions, admins, coins, credentials, platforms, simApiKeys } from '../db/schema.ts';

/** A credential on the simulator that holds a key, with its account's standing and pairs. */
export interface SimKeyHolderRow {
  status: 'active' | 'suspended';
  mainAccountId: number;
  hosts: string[];
  /** The pairs of the credential's platform bound to the account, by name. */
  pairs: string[];
}

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

  /** The credentials on a platform of `platformCode` that hold the key today (one query). */
  async holders(apiKeyHash: string, platformCode: string): Promise<SimKeyHolderRow[]> {
    const pairs = sql<string[]>`array(
      select ${coins.coinName} from ${accountPermissions} inner join ${coins} on ${coins.id} = ${accountPermissions.coinId}
      where ${accountPermissions.adminId} = ${admins.id} and ${coins.platformId} = ${credentials.platformId} order by 1)`;
    return this.db
      .select({ status: admins.status, mainAccountId: admins.mainAccountId, hosts: credentials.hosts, pairs })
      .from(credentials)
      .innerJoin(platforms, eq(platforms.id, credentials.platformId))
      .innerJoin(admins, eq(admins.id, credentials.adminId))
      .where(and(eq(credentials.apiKeyHash, apiKeyHash), eq(platforms.code, platformCode)))
      .orderBy(credentials.id);
  }
}
