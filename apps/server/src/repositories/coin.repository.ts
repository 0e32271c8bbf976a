import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountPermissions, coins } from '../db/schema.ts';

export type CoinRow = typeof coins.$inferSelect;
export type NewCoin = Pick<CoinRow, 'platformId' | 'coinName'> & Partial<Pick<CoinRow, 'endTimeStamp' | 'status' | 'priceBand'>>;
export type CoinChanges = Partial<Pick<CoinRow, 'endTimeStamp' | 'status' | 'priceBand'>>;
export type PermissionRow = typeof accountPermissions.$inferSelect;
export type PermissionWithCoin = PermissionRow & { coinName: string };

/** Trading pairs and their bindings to restricted accounts (account permissions). */
export class CoinRepository {
  constructor(private readonly db: Db) {}

  async listAll(): Promise<CoinRow[]> {
    return this.db.select().from(coins).orderBy(asc(coins.id));
  }

  async listBoundTo(adminId: number): Promise<CoinRow[]> {
    const rows = await this.db
      .select({ coin: coins })
      .from(accountPermissions)
      .innerJoin(coins, eq(accountPermissions.coinId, coins.id))
      .where(eq(accountPermissions.adminId, adminId))
      .orderBy(asc(coins.id));
    return rows.map((r) => r.coin);
  }

  async findById(id: number): Promise<CoinRow | undefined> {
    const [row] = await this.db.select().from(coins).where(eq(coins.id, id));
    return row;
  }

  async listOnPlatform(platformId: number): Promise<CoinRow[]> {
    return this.db.select().from(coins).where(eq(coins.platformId, platformId)).orderBy(asc(coins.id));
  }

  async findByName(platformId: number, coinName: string): Promise<CoinRow | undefined> {
    const [row] = await this.db
      .select()
      .from(coins)
      .where(and(eq(coins.platformId, platformId), eq(coins.coinName, coinName)));
    return row;
  }

  /** The new pair, or undefined when the platform already has one of that name. */
  async insert(coin: NewCoin): Promise<CoinRow | undefined> {
    const [row] = await this.db.insert(coins).values(coin).onConflictDoNothing().returning();
    return row;
  }

  async update(id: number, changes: CoinChanges): Promise<CoinRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    const [row] = await this.db.update(coins).set(changes).where(eq(coins.id, id)).returning();
    return row;
  }

  /** Adds the platform's pairs that are not there yet. */
  async insertMissing(platformId: number, coinNames: string[]): Promise<void> {
    if (coinNames.length > 0) {
      await this.db
        .insert(coins)
        .values(coinNames.map((coinName) => ({ coinName, platformId })))
        .onConflictDoNothing();
    }
  }

  async isBound(adminId: number, coinId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: accountPermissions.id })
      .from(accountPermissions)
      .where(and(eq(accountPermissions.adminId, adminId), eq(accountPermissions.coinId, coinId)));
    return row !== undefined;
  }

  /** Idempotent: binding twice answers the first binding. */
  async bind(adminId: number, coinId: number): Promise<PermissionRow> {
    await this.db.insert(accountPermissions).values({ adminId, coinId }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(accountPermissions)
      .where(and(eq(accountPermissions.adminId, adminId), eq(accountPermissions.coinId, coinId)));
    if (!row) throw new Error(`binding of pair ${coinId} to account ${adminId} vanished`);
    return row;
  }

  /** Every binding, or one account's, oldest first. */
  async listPermissions(adminId?: number): Promise<PermissionWithCoin[]> {
    const rows = await this.db
      .select({ permission: accountPermissions, coinName: coins.coinName })
      .from(accountPermissions)
      .innerJoin(coins, eq(accountPermissions.coinId, coins.id))
      .where(adminId ? eq(accountPermissions.adminId, adminId) : undefined)
      .orderBy(asc(accountPermissions.id));
    return rows.map(({ permission, coinName }) => ({ ...permission, coinName }));
  }
}
