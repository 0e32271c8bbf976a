import {
  ErrorCode,
  MAIN_ACCOUNT,
  RESTRICTED_ACCOUNT,
  text,
  type ServerText,
  type AddUserRequest,
  type AdminUser,
  type ChangeOwnPasswordRequest,
  type EditUserRequest,
  type LoginLog,
  type Page,
  type UpdateUserRequest,
} from '@makerdesk/contract';
import type { AdminRow, Principal } from '../domain/account.ts';
import { AppError } from '../domain/app-error.ts';
import type { AdminChanges, AdminFilter } from '../repositories/admin.repository.ts';
import { pageWindow } from '../repositories/query-kit.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { LoginLogFilter } from '../repositories/session.repository.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { HotCaches } from '../caches/hot-caches.ts';
import type { SessionRevocationBus } from '../sessions/session-revocations.ts';
import { toAdminUser } from './admin-mapper.ts';
import type { PasswordAttempts } from './password-attempts.ts';

export type ListAdminsQuery = AdminFilter & { current: number; pageSize: number };
export type ListLoginLogsQuery = LoginLogFilter & { current: number; pageSize: number };

/**
 * Accounts: the main account manages restricted ones; every account changes its own password. A
 * change that ends sessions announces them once committed, so their live connections close at once.
 */
export class AdminService {
  constructor(
    private readonly repos: Pick<Repositories, 'admins' | 'sessions' | 'transaction'>,
    private readonly revocations: Pick<SessionRevocationBus, 'publish'>,
    private readonly attempts: PasswordAttempts,
    /** Stops an account's bots and cancels their orders (EmergencyStopService.stopAccount); absent in tests without an engine. */
    private readonly accountBots?: { stopAccount(adminId: number, reason: ServerText): Promise<unknown> },
    /** Told of every committed change to an account, so no call runs on its old row, key or bindings. */
    private readonly caches: Pick<HotCaches, 'accountChanged'> = HotCaches.none(),
  ) {}

  async get(id: number): Promise<AdminRow> {
    const row = await this.repos.admins.findById(id);
    if (!row) throw new AppError(ErrorCode.USER_NOT_FOUND);
    return row;
  }

  /** Anyone reads their own account; only the main account reads others. */
  async view(actor: AdminRow, id: number): Promise<AdminUser> {
    if (id === actor.id) return toAdminUser(actor);
    if (actor.mainAccountId !== MAIN_ACCOUNT) throw new AppError(ErrorCode.FORBIDDEN);
    return toAdminUser(await this.get(id));
  }

  async list(q: ListAdminsQuery): Promise<Page<AdminUser>> {
    const { rows, total } = await this.repos.admins.list({ account: q.account, status: q.status }, pageWindow(q.current, q.pageSize));
    return { list: rows.map(toAdminUser), total, current: q.current, pageSize: q.pageSize };
  }

  async add(input: AddUserRequest): Promise<AdminUser> {
    const passwordHash = await hashPassword(input.password);
    const row = await this.repos.admins.insert({
      account: input.account,
      passwordHash,
      role: input.role,
      employeeName: input.employeeName,
      mainAccountId: RESTRICTED_ACCOUNT,
    });
    if (!row) throw new AppError(ErrorCode.ACCOUNT_CREATE_FAILED, { reason: 'this e-mail is already registered' });
    return toAdminUser(row);
  }

  /**
   * PUT /admin/update: with an `id`, the main account edits that account; without, the caller
   * changes its own password (`clientIp`: its old password is a guess, throttled as sign-ins are).
   */
  async update({ admin, sessionId }: Principal, input: UpdateUserRequest, clientIp: string): Promise<AdminUser | null> {
    if ('id' in input) {
      if (admin.mainAccountId !== MAIN_ACCOUNT) throw new AppError(ErrorCode.FORBIDDEN);
      return this.edit(admin, input);
    }
    await this.changeOwnPassword(admin, sessionId, input, clientIp);
    return null;
  }

  /**
   * The account's sessions end with it, in the same transaction. Its bots are stopped and their orders
   * cancelled first: the bots and their order journal are deleted with the account.
   */
  async remove(actor: AdminRow, id: number): Promise<void> {
    const target = await this.managedAccount(actor, id);
    await this.accountBots?.stopAccount(target.id, text('bots.stopReason.accountDeleted', { account: actor.account }));
    const sessionIds = await this.repos.transaction(async ({ admins, sessions }) => {
      const revoked = await sessions.revokeAllSessions(target.id, new Date());
      await admins.delete(target.id);
      return revoked;
    });
    this.caches.accountChanged(target.id);
    await this.revocations.publish({ sessionIds });
  }

  /** Suspending an account or setting its password ends its sessions in the same transaction. */
  private async edit(actor: AdminRow, input: EditUserRequest): Promise<AdminUser> {
    const target = await this.managedAccount(actor, input.id);
    const now = new Date();
    const changes: AdminChanges = { updatedAt: now };
    if (input.role !== undefined) changes.role = input.role;
    if (input.employeeName !== undefined) changes.employeeName = input.employeeName;
    if (input.status !== undefined) changes.status = input.status;
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
    const { row, sessionIds } = await this.repos.transaction(async ({ admins, sessions }) => {
      const updated = await admins.update(target.id, changes);
      const endsSessions = updated && (input.status === 'suspended' || input.password !== undefined);
      return { row: updated, sessionIds: endsSessions ? await sessions.revokeAllSessions(updated.id, now) : [] };
    });
    this.caches.accountChanged(target.id);
    await this.revocations.publish({ sessionIds });
    if (!row) throw new AppError(ErrorCode.USER_NOT_FOUND);
    // A suspended account trades no more: its bots stop (they stay off when it is reinstated).
    if (input.status === 'suspended' && target.status !== 'suspended') await this.accountBots?.stopAccount(row.id, text('bots.stopReason.accountSuspended', { account: actor.account }));
    return toAdminUser(row);
  }

  /** Other sessions end; the one that changed the password stays signed in. */
  private async changeOwnPassword(actor: AdminRow, sessionId: string, input: ChangeOwnPasswordRequest, clientIp: string): Promise<void> {
    const right = await this.attempts.check(actor.account, clientIp, () => verifyPassword(actor.passwordHash, input.oldPassword));
    if (!right) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG);
    const passwordHash = await hashPassword(input.password);
    const now = new Date();
    const sessionIds = await this.repos.transaction(async ({ admins, sessions }) => {
      await admins.update(actor.id, { passwordHash, updatedAt: now });
      return sessions.revokeAllSessions(actor.id, now, sessionId);
    });
    this.caches.accountChanged(actor.id);
    await this.revocations.publish({ sessionIds });
  }

  async loginLogs(q: ListLoginLogsQuery): Promise<Page<LoginLog>> {
    const { rows, total } = await this.repos.sessions.listLoginLogs({ adminId: q.adminId, account: q.account }, pageWindow(q.current, q.pageSize));
    return {
      list: rows.map((r) => ({
        id: r.id,
        adminId: r.adminId ?? 0,
        account: r.account,
        loginTime: r.loginTime.getTime(),
        loginIp: r.loginIp,
        logoutTime: r.logoutTime ? r.logoutTime.getTime() : null,
        userAgent: r.userAgent,
      })),
      total,
      current: q.current,
      pageSize: q.pageSize,
    };
  }

  /** Main accounts manage the restricted accounts; never themselves or another main account. */
  private async managedAccount(actor: AdminRow, id: number): Promise<AdminRow> {
    if (id === actor.id) throw new AppError(ErrorCode.CANNOT_CHANGE_SELF);
    const target = await this.get(id);
    if (target.mainAccountId === MAIN_ACCOUNT) throw new AppError(ErrorCode.FORBIDDEN);
    return target;
  }
}
