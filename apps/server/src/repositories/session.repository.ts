import { and, count, desc, eq, ilike, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, loginLogs, sessions } from '../db/schema.ts';
import type { AdminRow } from '../domain/account.ts';
import { containsPattern, type PageWindow, type RowPage } from './query-kit.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = Pick<SessionRow, 'id' | 'adminId' | 'loginLogId' | 'createdAt' | 'expiresAt'>;
export type LoginLogRow = typeof loginLogs.$inferSelect;
export type NewLoginLog = Pick<LoginLogRow, 'adminId' | 'account' | 'loginTime' | 'loginIp' | 'userAgent'>;

export interface LoginLogFilter {
  adminId?: number | undefined;
  /** Part of the account's e-mail, case-insensitive. */
  account?: string | undefined;
}

/**
 * Sign-ins: the login log row written at each sign-in and the session it opened. Revoking a session
 * stamps its login log's logout time in the same statement, so the two never disagree.
 */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async insertLoginLog(log: NewLoginLog): Promise<number> {
    const [row] = await this.db.insert(loginLogs).values(log).returning({ id: loginLogs.id });
    if (!row) throw new Error('login log insert returned no row');
    return row.id;
  }

  async insertSession(session: NewSession): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /** A session that has not been revoked, with its account; expiry is the caller's to judge. */
  async findUnrevoked(sessionId: string, adminId: number): Promise<{ session: SessionRow; admin: AdminRow } | undefined> {
    const [found] = await this.db
      .select({ session: sessions, admin: admins })
      .from(sessions)
      .innerJoin(admins, eq(sessions.adminId, admins.id))
      .where(and(eq(sessions.id, sessionId), eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
    return found;
  }

  /** The ids of the sessions this call revoked (none when it already was). */
  async revokeSession(sessionId: string, at: Date): Promise<string[]> {
    return this.revokeWhere([eq(sessions.id, sessionId)], at);
  }

  /** Every live session of the account, except `exceptSessionId` when given; answers their ids. */
  async revokeAllSessions(adminId: number, at: Date, exceptSessionId?: string): Promise<string[]> {
    const scope = [eq(sessions.adminId, adminId)];
    if (exceptSessionId !== undefined) scope.push(ne(sessions.id, exceptSessionId));
    return this.revokeWhere(scope, at);
  }

  async listLoginLogs(filter: LoginLogFilter, window: PageWindow): Promise<RowPage<LoginLogRow>> {
    const conditions: SQL[] = [];
    if (filter.adminId) conditions.push(eq(loginLogs.adminId, filter.adminId));
    if (filter.account) conditions.push(ilike(loginLogs.account, containsPattern(filter.account)));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(loginLogs)
        .where(where)
        .orderBy(desc(loginLogs.loginTime), desc(loginLogs.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ n: count() }).from(loginLogs).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * One statement (data-modifying CTEs), so it is atomic inside or outside a transaction. It answers
   * the revoked sessions' ids, for the revocation notice sent once the change is committed.
   */
  private async revokeWhere(scope: SQL[], at: Date): Promise<string[]> {
    const revoked = this.db.$with('revoked').as(
      this.db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(...scope, isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, loginLogId: sessions.loginLogId }),
    );
    const loggedOut = this.db.$with('logged_out').as(
      this.db
        .update(loginLogs)
        .set({ logoutTime: at })
        .where(and(inArray(loginLogs.id, this.db.select({ id: revoked.loginLogId }).from(revoked)), isNull(loginLogs.logoutTime)))
        .returning({ id: loginLogs.id }),
    );
    const rows = await this.db.with(revoked, loggedOut).select({ id: revoked.id }).from(revoked);
    return rows.map((r) => r.id);
  }
}
