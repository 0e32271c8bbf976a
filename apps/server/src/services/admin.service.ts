import {
  ErrorCode,
  MAIN_ACCOUNT,
  RESTRICTED_ACCOUNT,
  type AddUserRequest,
  type AdminUser,
  type ChangeOwnPasswordRequest,
  type EditUserRequest,
  type LoginLog,
  type Page,
} from '@makerdesk/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, loginLogs } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { toAdminUser, type AdminRow } from './admin-mapper.ts';
import type { AuthService } from './auth.service.ts';

export interface ListAdminsQuery {
  current: number;
  pageSize: number;
  account?: string | undefined;
  status?: 'active' | 'suspended' | undefined;
}

export interface ListLoginLogsQuery {
  current: number;
  pageSize: number;
  adminId?: number | undefined;
  account?: string | undefined;
}

function likeEscaped(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
  ) {}

  async get(id: number): Promise<AdminRow> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id));
    if (!row) throw new AppError(ErrorCode.USER_NOT_FOUND);
    return row;
  }

  async list(q: ListAdminsQuery): Promise<Page<AdminUser>> {
    const filters: SQL[] = [];
    if (q.account) filters.push(ilike(admins.account, likeEscaped(q.account)));
    if (q.status) filters.push(eq(admins.status, q.status));
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db.select().from(admins).where(where).orderBy(admins.id).limit(q.pageSize).offset((q.current - 1) * q.pageSize),
      this.db.select({ n: count() }).from(admins).where(where),
    ]);
    return { list: rows.map(toAdminUser), total: total?.n ?? 0, current: q.current, pageSize: q.pageSize };
  }

  async add(input: AddUserRequest): Promise<AdminUser> {
    const passwordHash = await hashPassword(input.password);
    const [row] = await this.db
      .insert(admins)
      .values({ account: input.account, passwordHash, role: input.role, employeeName: input.employeeName, mainAccountId: RESTRICTED_ACCOUNT })
      .onConflictDoNothing({ target: admins.account })
      .returning();
    if (!row) throw new AppError(ErrorCode.ACCOUNT_CREATE_FAILED, { reason: 'this e-mail is already registered' });
    return toAdminUser(row);
  }

  /** Main accounts manage the restricted accounts; never themselves or another main account. */
  private async managedAccount(actor: AdminRow, id: number): Promise<AdminRow> {
    if (id === actor.id) throw new AppError(ErrorCode.CANNOT_CHANGE_SELF);
    const target = await this.get(id);
    if (target.mainAccountId === MAIN_ACCOUNT) throw new AppError(ErrorCode.FORBIDDEN);
    return target;
  }

  async remove(actor: AdminRow, id: number): Promise<void> {
    const target = await this.managedAccount(actor, id);
    await this.auth.revokeAllSessions(target.id);
    await this.db.delete(admins).where(eq(admins.id, target.id));
  }

  async edit(actor: AdminRow, input: EditUserRequest): Promise<AdminUser> {
    const target = await this.managedAccount(actor, input.id);
    const changes: Partial<typeof admins.$inferInsert> = { updatedAt: new Date() };
    if (input.role !== undefined) changes.role = input.role;
    if (input.employeeName !== undefined) changes.employeeName = input.employeeName;
    if (input.status !== undefined) changes.status = input.status;
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
    const [row] = await this.db.update(admins).set(changes).where(eq(admins.id, target.id)).returning();
    if (!row) throw new AppError(ErrorCode.USER_NOT_FOUND);
    if (input.status === 'suspended' || input.password !== undefined) await this.auth.revokeAllSessions(row.id);
    return toAdminUser(row);
  }

  /** Other sessions end; the one that changed the password stays signed in. */
  async changeOwnPassword(actor: AdminRow, sessionId: string, input: ChangeOwnPasswordRequest): Promise<void> {
    if (!(await verifyPassword(actor.passwordHash, input.oldPassword))) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG);
    const passwordHash = await hashPassword(input.password);
    await this.db.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, actor.id));
    await this.auth.revokeAllSessions(actor.id, sessionId);
  }

  async loginLogs(q: ListLoginLogsQuery): Promise<Page<LoginLog>> {
    const filters: SQL[] = [];
    if (q.adminId) filters.push(eq(loginLogs.adminId, q.adminId));
    if (q.account) filters.push(ilike(loginLogs.account, likeEscaped(q.account)));
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(loginLogs)
        .where(where)
        .orderBy(desc(loginLogs.loginTime), desc(loginLogs.id))
        .limit(q.pageSize)
        .offset((q.current - 1) * q.pageSize),
      this.db.select({ n: count() }).from(loginLogs).where(where),
    ]);
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
      total: total?.n ?? 0,
      current: q.current,
      pageSize: q.pageSize,
    };
  }
}
