import { ErrorCode, MAIN_ACCOUNT, type AccountPermission, type Coin, type Platform } from '@makerdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountPermissions, coins, platforms } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AdminRow } from './admin-mapper.ts';

type CoinRow = typeof coins.$inferSelect;

function toCoin(row: CoinRow): Coin {
  return {
    coinId: row.id,
    coinName: row.coinName,
    platformId: row.platformId,
    marketKind: row.marketKind,
    endTimeStamp: row.endTimeStamp ?? null,
    status: row.status,
  };
}

export class CoinService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Main accounts see every pair; restricted accounts only those bound to them. */
  async listFor(admin: AdminRow): Promise<Coin[]> {
    if (admin.mainAccountId === MAIN_ACCOUNT) {
      return (await this.db.select().from(coins).orderBy(asc(coins.id))).map(toCoin);
    }
    const rows = await this.db
      .select({ coin: coins })
      .from(accountPermissions)
      .innerJoin(coins, eq(accountPermissions.coinId, coins.id))
      .where(eq(accountPermissions.adminId, admin.id))
      .orderBy(asc(coins.id));
    return rows.map((r) => toCoin(r.coin));
  }

  async platforms(): Promise<Platform[]> {
    return this.db.select().from(platforms).orderBy(asc(platforms.id));
  }

  /**
   * The gate of every pair-scoped call: the pair exists, the caller may use it,
   * it is enabled (else 3000401) and its service has not expired (else 4000401).
   */
  async requireUsablePair(admin: AdminRow, coinId: number): Promise<Coin> {
    const [row] = await this.db.select().from(coins).where(eq(coins.id, coinId));
    if (!row) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    if (admin.mainAccountId !== MAIN_ACCOUNT) {
      const [bound] = await this.db
        .select({ id: accountPermissions.id })
        .from(accountPermissions)
        .where(and(eq(accountPermissions.adminId, admin.id), eq(accountPermissions.coinId, coinId)));
      if (!bound) throw new AppError(ErrorCode.FORBIDDEN);
    }
    if (row.status === 'disabled') throw new AppError(ErrorCode.PAIR_UNAVAILABLE);
    if (row.endTimeStamp !== null && row.endTimeStamp <= this.now()) throw new AppError(ErrorCode.PAIR_EXPIRED);
    return toCoin(row);
  }

  async bind(adminId: number, coinId: number): Promise<AccountPermission> {
    const [coin] = await this.db.select().from(coins).where(eq(coins.id, coinId));
    if (!coin) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    await this.db.insert(accountPermissions).values({ adminId, coinId }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(accountPermissions)
      .where(and(eq(accountPermissions.adminId, adminId), eq(accountPermissions.coinId, coinId)));
    if (!row) throw new AppError(ErrorCode.INTERNAL_ERROR);
    return { id: row.id, adminId, coinId, coinName: coin.coinName, createdAt: row.createdAt.getTime() };
  }

  async permissions(adminId?: number): Promise<AccountPermission[]> {
    const rows = await this.db
      .select({ p: accountPermissions, coinName: coins.coinName })
      .from(accountPermissions)
      .innerJoin(coins, eq(accountPermissions.coinId, coins.id))
      .where(adminId ? eq(accountPermissions.adminId, adminId) : undefined)
      .orderBy(asc(accountPermissions.id));
    return rows.map(({ p, coinName }) => ({ id: p.id, adminId: p.adminId, coinId: p.coinId, coinName, createdAt: p.createdAt.getTime() }));
  }
}
