import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginResponse } from '@makerdesk/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, loginLogs, sessions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { burnPasswordCheck, verifyPassword } from '../security/passwords.ts';
import type { TokenSigner } from '../security/tokens.ts';
import { toAdminUser, type AdminRow } from './admin-mapper.ts';
import { AttemptThrottle } from './attempt-throttle.ts';
import type { CredentialService } from './credential.service.ts';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Principal {
  admin: AdminRow;
  sessionId: string;
}

export interface LoginContext {
  ip: string;
  userAgent: string | undefined;
}

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export class AuthService {
  /** Failed sign-ins per account and per IP; a success clears the account's count. */
  readonly accountFailures: AttemptThrottle;
  readonly ipFailures: AttemptThrottle;

  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly credentials: CredentialService,
    now: () => number = Date.now,
  ) {
    this.accountFailures = new AttemptThrottle({ limit: 5, windowMs: FAILURE_WINDOW_MS }, now);
    this.ipFailures = new AttemptThrottle({ limit: 30, windowMs: FAILURE_WINDOW_MS }, now);
  }

  async login(username: string, password: string, ctx: LoginContext): Promise<LoginResponse> {
    const account = username.trim().toLowerCase();
    for (const verdict of [this.accountFailures.check(account), this.ipFailures.check(ctx.ip)]) {
      if (!verdict.allowed) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: verdict.retryAfterSeconds });
    }
    const [row] = await this.db.select().from(admins).where(eq(admins.account, account));
    const valid = row ? await verifyPassword(row.passwordHash, password) : (await burnPasswordCheck(password), false);
    if (!row || !valid) {
      this.accountFailures.record(account);
      this.ipFailures.record(ctx.ip);
      throw new AppError(ErrorCode.BAD_CREDENTIALS);
    }
    if (row.status === 'suspended') throw new AppError(ErrorCode.ACCOUNT_SUSPENDED);
    this.accountFailures.reset(account);

    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const sessionId = randomUUID();
    const admin = await this.db.transaction(async (tx) => {
      const [log] = await tx
        .insert(loginLogs)
        .values({ adminId: row.id, account: row.account, loginTime: now, loginIp: ctx.ip, userAgent: ctx.userAgent?.slice(0, 512) ?? null })
        .returning({ id: loginLogs.id });
      await tx.insert(sessions).values({ id: sessionId, adminId: row.id, loginLogId: log?.id ?? null, createdAt: now, expiresAt });
      const [updated] = await tx.update(admins).set({ lastLoginAt: now }).where(eq(admins.id, row.id)).returning();
      return updated ?? row;
    });
    const token = await this.signer.sign({ adminId: row.id, sessionId }, expiresAt);
    return { token, expiresAt: expiresAt.getTime(), userInfo: { admin: toAdminUser(admin), apiKey: await this.credentials.listFor(row.id) } };
  }

  /** Resolves a bearer token to its live session; null means the caller must sign in again. */
  async authenticate(token: string): Promise<Principal | null> {
    const claims = await this.signer.verify(token);
    if (!claims) return null;
    const [found] = await this.db
      .select({ admin: admins, session: sessions })
      .from(sessions)
      .innerJoin(admins, eq(sessions.adminId, admins.id))
      .where(and(eq(sessions.id, claims.sessionId), eq(sessions.adminId, claims.adminId), isNull(sessions.revokedAt)));
    if (!found || found.session.expiresAt.getTime() <= Date.now()) return null;
    if (found.admin.status === 'suspended') {
      await this.revokeAllSessions(found.admin.id);
      throw new AppError(ErrorCode.ACCOUNT_SUSPENDED);
    }
    return { admin: found.admin, sessionId: claims.sessionId };
  }

  async logout(sessionId: string): Promise<void> {
    const now = new Date();
    await this.db.transaction(async (tx) => {
      const [session] = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ loginLogId: sessions.loginLogId });
      if (session?.loginLogId) {
        await tx.update(loginLogs).set({ logoutTime: now }).where(and(eq(loginLogs.id, session.loginLogId), isNull(loginLogs.logoutTime)));
      }
    });
  }

  /** Suspension, deletion and password resets end every session of the account at once. */
  async revokeAllSessions(adminId: number, exceptSessionId?: string): Promise<void> {
    const live = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
    for (const { id } of live) {
      if (id !== exceptSessionId) await this.logout(id);
    }
  }
}
