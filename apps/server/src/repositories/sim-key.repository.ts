import { and, eq, inArray, sql } from 'drizzle-orm';
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

  /**
   * A registered key's sealed secret and the credentials on a platform of `platformCode` that hold
   * it today, in one query (the facade asks on every call); undefined when the key is not registered.
   */
  async findAccess(apiKeyHash: string, platformCode: string): Promise<{ secretSealed: string; holders: SimKeyHolderRow[] } | undefined> {
    const onPlatform = this.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.code, platformCode));
    const pairs = sql<string[]>`array(
      select ${coins.coinName} from ${accountPermissions} inner join ${coins} on ${coins.id} = ${accountPermissions.coinId}
      where ${accountPermissions.adminId} = ${admins.id} and ${coins.platformId} = ${credentials.platformId} order by 1)`;
    const rows = await this.db
      .select({ secretSealed: simApiKeys.secretSealed, status: admins.status, mainAccountId: admins.mainAccountId, hosts: credentials.hosts, pairs })
      .from(simApiKeys)
      .leftJoin(credentials, and(eq(credentials.apiKeyHash, simApiKeys.apiKeyHash), inArray(credentials.platformId, onPlatform)))
      .leftJoin(admins, eq(admins.id, credentials.adminId))
      .where(eq(simApiKeys.apiKeyHash, apiKeyHash))
      .orderBy(credentials.id);
    const [first] = rows;
    if (!first) return undefined;
    const holders = rows.flatMap(({ status, mainAccountId, hosts, pairs }) => (status === null || mainAccountId === null || hosts === null ? [] : [{ status, mainAccountId, hosts, pairs }]));
    return { secretSealed: first.secretSealed, holders };
  }
}
