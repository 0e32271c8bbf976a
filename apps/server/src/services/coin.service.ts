import { ErrorCode, MAIN_ACCOUNT, type AccountPermission, type Coin, type Platform } from '@makerdesk/contract';
import { AppError } from '../domain/app-error.ts';
import { accountPairKey, HotCaches } from '../caches/hot-caches.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { AdminRow } from '../domain/account.ts';
import { toCoin } from './pair-admin.service.ts';


/** Pairs, platforms and which restricted account may use which pair. */
export class CoinService {
  constructor(
    private readonly repos: Pick<Repositories, 'coins' | 'platforms' | 'admins'>,
    private readonly now: () => number = Date.now,
    /** Pairs and bindings, read on every pair-scoped call; none kept by default. */
    private readonly caches: Pick<HotCaches, 'coins' | 'bindings' | 'bindingsChanged' | 'platforms'> = HotCaches.none(),
  ) {}

  /** Main accounts see every pair; restricted accounts only those bound to them. */
  async listFor(admin: AdminRow): Promise<Coin[]> {
    const rows = admin.mainAccountId === MAIN_ACCOUNT ? await this.repos.coins.listAll() : await this.repos.coins.listBoundTo(admin.id);
    return rows.map(toCoin);
  }

  /**
   * Every platform. A restricted account sees each one's name and kind, not its API base URL: the
   * address of a proxy or an internal service is the main account's business.
   */
  async platforms(viewer: Pick<AdminRow, 'mainAccountId'>): Promise<Platform[]> {
    const listed = await this.caches.platforms.through('all', async () =>
      Object.freeze((await this.repos.platforms.list()).map(({ id, name, code, sandbox, apiBaseUrl, wsBaseUrl }) => Object.freeze({ id, name, code, sandbox, apiBaseUrl, wsBaseUrl }))),
    );
    const all = listed ?? [];
    return viewer.mainAccountId === MAIN_ACCOUNT ? [...all] : all.map(({ apiBaseUrl: _hidden, wsBaseUrl: _hiddenWs, ...shown }) => shown);
  }

  /** A pair by id with no caller to check (background work such as the analysis snapshots). */
  async findCoin(coinId: number): Promise<Coin | null> {
    const row = await this.repos.coins.findById(coinId);
    return row ? toCoin(row) : null;
  }

  /**
   * The gate of every pair-scoped call: the pair exists, the caller may use it,
   * it is enabled (else 3000401) and its service has not expired (else 4000401).
   */
  async requireUsablePair(admin: AdminRow, coinId: number): Promise<Coin> {
    const row = await this.caches.coins.through(coinId, () => this.repos.coins.findById(coinId));
    if (!row) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    if (admin.mainAccountId !== MAIN_ACCOUNT && !(await this.isBound(admin.id, coinId))) throw new AppError(ErrorCode.FORBIDDEN);
    if (row.status === 'disabled') throw new AppError(ErrorCode.PAIR_UNAVAILABLE);
    if (row.endTimeStamp !== null && row.endTimeStamp <= this.now()) throw new AppError(ErrorCode.PAIR_EXPIRED);
    return toCoin(row);
  }

  private async isBound(adminId: number, coinId: number): Promise<boolean> {
    const bound = await this.caches.bindings.through(accountPairKey(adminId, coinId), async () => (await this.repos.coins.isBound(adminId, coinId)) || null);
    return bound === true;
  }

  /** Binds a pair to an account; binding twice answers the first binding. */
  async bind(adminId: number, coinId: number): Promise<AccountPermission> {
    if (!(await this.repos.admins.findById(adminId))) throw new AppError(ErrorCode.USER_NOT_FOUND);
    const coin = await this.repos.coins.findById(coinId);
    if (!coin) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    const row = await this.repos.coins.bind(adminId, coinId);
    this.caches.bindingsChanged(adminId);
    return { id: row.id, adminId, coinId, coinName: coin.coinName, createdAt: row.createdAt.getTime() };
  }

  async permissions(adminId?: number): Promise<AccountPermission[]> {
    return (await this.repos.coins.listPermissions(adminId)).map((p) => ({
      id: p.id,
      adminId: p.adminId,
      coinId: p.coinId,
      coinName: p.coinName,
      createdAt: p.createdAt.getTime(),
    }));
  }
}
