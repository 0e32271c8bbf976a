import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginResponse } from '@makerdesk/contract';
import type { Principal } from '../domain/account.ts';
import { AppError } from '../domain/app-error.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { burnPasswordCheck, verifyPassword } from '../security/passwords.ts';
import type { TokenSigner } from '../security/tokens.ts';
import type { SessionRevocationBus } from '../sessions/session-revocations.ts';
import { HotCaches } from '../caches/hot-caches.ts';
import { toAdminUser } from './admin-mapper.ts';
import type { CredentialService } from './credential.service.ts';
import type { PasswordAttempts } from './password-attempts.ts';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface LoginContext {
  ip: string;
  userAgent: string | undefined;
}

export class AuthService {
  constructor(
    private readonly repos: Pick<Repositories, 'admins' | 'sessions' | 'transaction'>,
    private readonly signer: TokenSigner,
    private readonly credentials: Pick<CredentialService, 'listFor'>,
    private readonly revocations: Pick<SessionRevocationBus, 'publish'>,
    private readonly attempts: PasswordAttempts,
    private readonly now: () => number = Date.now,
    /** Verified sessions, shared with the services that change accounts; none kept by default. */
    private readonly caches: Pick<HotCaches, 'sessions' | 'accountChanged'> = HotCaches.none(),
  ) {}

  /**
   * Every sign-in writes a login log row; the row, the session and the last-login time land together.
   * An unknown account, a wrong password and a suspended account (right password or not) answer
   * alike, after the same work, and count as failed guesses alike.
   */
  async login(username: string, password: string, ctx: LoginContext): Promise<LoginResponse> {
    const account = username.trim().toLowerCase();
    const row = await this.repos.admins.findByAccount(account);
    const right = await this.attempts.check(account, ctx.ip, async () => {
      if (!row) return (await burnPasswordCheck(password), false);
      return (await verifyPassword(row.passwordHash, password)) && row.status === 'active';
    });
    if (!row || !right) throw new AppError(ErrorCode.BAD_CREDENTIALS);

    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const sessionId = randomUUID();
    const admin = await this.repos.transaction(async ({ admins, sessions }) => {
      const loginLogId = await sessions.insertLoginLog({
        adminId: row.id,
        account: row.account,
        loginTime: now,
        loginIp: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      });
      await sessions.insertSession({ id: sessionId, adminId: row.id, loginLogId, createdAt: now, expiresAt });
      return (await admins.update(row.id, { lastLoginAt: now })) ?? row;
    });
    this.caches.accountChanged(row.id);
    const token = await this.signer.sign({ adminId: row.id, sessionId }, expiresAt);
    return { token, expiresAt: expiresAt.getTime(), userInfo: { admin: toAdminUser(admin), apiKey: await this.credentials.listFor(row.id) } };
  }

  /** Resolves a bearer token to its live session; null means the caller must sign in again. */
  async authenticate(token: string): Promise<Principal | null> {
    const cached = this.caches.sessions.lookup(token);
    if (cached && cached.expiresAt > this.now()) return cached.principal;
    const begun = this.caches.sessions.begin();
    const claims = await this.signer.verify(token);
    if (!claims) return null;
    const found = await this.repos.sessions.findUnrevoked(claims.sessionId, claims.adminId);
    if (!found || found.session.expiresAt.getTime() <= this.now()) return null;
    if (found.admin.status === 'suspended') {
      await this.revocations.publish({ sessionIds: await this.repos.sessions.revokeAllSessions(found.admin.id, new Date(this.now())) });
      throw new AppError(ErrorCode.ACCOUNT_SUSPENDED);
    }
    const principal = { admin: found.admin, sessionId: claims.sessionId };
    this.caches.sessions.store(token, { principal, expiresAt: found.session.expiresAt.getTime() }, begun);
    return principal;
  }

  /** The session ends at once (its live connections too) and its login log row gets the logout time. */
  async logout(sessionId: string): Promise<void> {
    await this.revocations.publish({ sessionIds: await this.repos.sessions.revokeSession(sessionId, new Date(this.now())) });
  }
}
