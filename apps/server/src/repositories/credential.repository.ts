import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coins, credentials, platforms } from '../db/schema.ts';

export type CredentialRow = typeof credentials.$inferSelect;
/** A stored key with the names the console shows beside it. */
export type CredentialRecord = CredentialRow & { coinName: string; platformCode: string; platformSandbox: boolean; platformApiBaseUrl: string | null; platformWsBaseUrl: string | null };
export type NewCredential = Pick<
  CredentialRow,
  'adminId' | 'platformId' | 'coinId' | 'apiKeySealed' | 'secretKeySealed' | 'passphraseSealed' | 'memberId' | 'hosts'
> & { apiKeyHash: string };
export type CredentialChanges = Partial<
  Pick<CredentialRow, 'coinId' | 'apiKeySealed' | 'secretKeySealed' | 'passphraseSealed' | 'memberId' | 'hosts' | 'updatedAt'> & { apiKeyHash: string }
>;

/** The account already holds a key for the pair (the database keeps one per account and pair). */
export class PairKeyTakenError extends Error {
  constructor() {
    super('the account already holds a key for this pair');
  }
}

const PAIR_KEY_INDEX = 'credentials_admin_coin_idx';

/** A write the unique index on (account, pair) refused, as PostgreSQL and PGlite report it under drizzle's error. */
function refusedAsTaken(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown; constraint?: unknown } } | null)?.cause;
  return cause?.code === '23505' && cause.constraint === PAIR_KEY_INDEX;
}

async function keepingOnePerPair<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (refusedAsTaken(err)) throw new PairKeyTakenError();
    throw err;
  }
}

/** Exchange API keys as stored: the secrets arrive and leave sealed; sealing is the service's job. */
export class CredentialRepository {
  constructor(private readonly db: Db) {}

  async listByAdmin(adminId: number): Promise<CredentialRecord[]> {
    return records(await this.select(eq(credentials.adminId, adminId)).orderBy(asc(credentials.id)));
  }

  /** The key only when `adminId` owns it. */
  async findOwned(id: number, adminId: number): Promise<CredentialRecord | undefined> {
    const [row] = records(await this.select(and(eq(credentials.id, id), eq(credentials.adminId, adminId))));
    return row;
  }

  /** The account's key for a pair. */
  async findFor(adminId: number, coinId: number): Promise<CredentialRecord | undefined> {
    const [row] = records(await this.select(and(eq(credentials.adminId, adminId), eq(credentials.coinId, coinId))));
    return row;
  }

  /** The accounts holding a key for the pair (the liquidity sampler reads their open orders as the desk's own). */
  async holdersOf(coinId: number): Promise<number[]> {
    const rows = await this.db.select({ adminId: credentials.adminId }).from(credentials).where(eq(credentials.coinId, coinId)).orderBy(asc(credentials.adminId));
    return rows.map((r) => r.adminId);
  }

  /** Throws PairKeyTakenError when the account holds a key for the pair already. */
  async insert(credential: NewCredential): Promise<CredentialRecord> {
    const [inserted] = await keepingOnePerPair(() => this.db.insert(credentials).values(credential).returning({ id: credentials.id }));
    const row = inserted ? await this.findById(inserted.id) : undefined;
    if (!row) throw new Error('credential insert returned no row');
    return row;
  }

  /** Undefined when there is no such key; throws PairKeyTakenError when it moves to a pair the account holds another key for. */
  async update(id: number, changes: CredentialChanges): Promise<CredentialRecord | undefined> {
    const [updated] = await keepingOnePerPair(() => this.db.update(credentials).set(changes).where(eq(credentials.id, id)).returning({ id: credentials.id }));
    return updated ? this.findById(updated.id) : undefined;
  }

  /** Keys stored before their hash was (the start-up indexing fills it in). */
  async listUnhashed(): Promise<Pick<CredentialRow, 'id' | 'adminId' | 'apiKeySealed'>[]> {
    return this.db
      .select({ id: credentials.id, adminId: credentials.adminId, apiKeySealed: credentials.apiKeySealed })
      .from(credentials)
      .where(isNull(credentials.apiKeyHash))
      .orderBy(asc(credentials.id));
  }

  private async findById(id: number): Promise<CredentialRecord | undefined> {
    const [row] = records(await this.select(eq(credentials.id, id)));
    return row;
  }

  private select(where: SQL | undefined) {
    return this.db
      .select({ credential: credentials, coinName: coins.coinName, platformCode: platforms.code, platformSandbox: platforms.sandbox, platformApiBaseUrl: platforms.apiBaseUrl, platformWsBaseUrl: platforms.wsBaseUrl })
      .from(credentials)
      .innerJoin(coins, eq(credentials.coinId, coins.id))
      .innerJoin(platforms, eq(credentials.platformId, platforms.id))
      .where(where)
      .$dynamic();
  }
}

function records(rows: ({ credential: CredentialRow } & Omit<CredentialRecord, keyof CredentialRow>)[]): CredentialRecord[] {
  return rows.map(({ credential, ...platform }) => ({ ...credential, ...platform }));
}
