import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_RESEND_SECONDS,
  type UpdatePasswordRequest,
} from '@makerdesk/contract';
import { AppError } from '../http/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { hashPassword } from '../security/passwords.ts';
import { HotCaches } from '../caches/hot-caches.ts';
import type { SessionRevocationBus } from '../sessions/session-revocations.ts';
import { AttemptThrottle } from './attempt-throttle.ts';

export interface SendCodeResponse {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/**
 * Forgot password: a 6-digit code by e-mail, checked with an attempt limit, then a new password.
 * Replies never reveal whether an e-mail has an account.
 */
export class PasswordResetService {
  private readonly resendByEmail = new AttemptThrottle({ limit: 1, windowMs: VERIFICATION_RESEND_SECONDS * 1000 });
  private readonly sendsByIp = new AttemptThrottle({ limit: 10, windowMs: 60 * 60 * 1000 });

  constructor(
    private readonly repos: Pick<Repositories, 'admins' | 'passwordResets' | 'sessions' | 'transaction'>,
    private readonly mailer: Mailer,
    private readonly codeKey: Buffer,
    private readonly revocations: Pick<SessionRevocationBus, 'publish'>,
    private readonly caches: Pick<HotCaches, 'accountChanged'> = HotCaches.none(),
  ) {}

  /** PUT /admin/updatePassword: one of the flow's three steps; only sending a code answers data. */
  async step(request: UpdatePasswordRequest, ip: string): Promise<SendCodeResponse | null> {
    switch (request.action) {
      case 'sendCode':
        return this.sendCode(request.email, ip);
      case 'verifyCode':
        await this.verifyCode(request.email, request.code);
        return null;
      case 'reset':
        await this.reset(request.email, request.code, request.password);
        return null;
    }
  }

  private hashCode(adminId: number, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${adminId}:${code}`).digest('hex');
  }

  private async sendCode(email: string, ip: string): Promise<SendCodeResponse> {
    for (const verdict of [this.resendByEmail.check(email), this.sendsByIp.check(ip)]) {
      if (!verdict.allowed) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: verdict.retryAfterSeconds });
    }
    this.resendByEmail.record(email);
    this.sendsByIp.record(ip);
    const admin = await this.repos.admins.findByAccount(email);
    if (admin && admin.status === 'active') {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date();
      // A new code replaces any earlier one.
      await this.repos.transaction(async ({ passwordResets }) => {
        await passwordResets.consumeOpenCodes(admin.id, now);
        await passwordResets.insertCode({
          adminId: admin.id,
          codeHash: this.hashCode(admin.id, code),
          expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
        });
      });
      await this.mailer.send({
        to: admin.account,
        subject: 'MakerDesk password reset code',
        text: `Your MakerDesk verification code is ${code}. It expires in ${VERIFICATION_CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this message.`,
      });
    }
    return { resendAfterSeconds: VERIFICATION_RESEND_SECONDS, expiresInSeconds: VERIFICATION_CODE_TTL_MS / 1000 };
  }

  /** Checks a code and counts the attempt; returns the account it unlocks. */
  private async checkCode(email: string, code: string): Promise<{ adminId: number; codeId: number }> {
    const admin = await this.repos.admins.findByAccount(email);
    if (!admin || admin.status !== 'active') throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    const row = await this.repos.passwordResets.findUsableCode(admin.id, new Date(), VERIFICATION_CODE_MAX_ATTEMPTS);
    if (!row) throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(this.hashCode(admin.id, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await this.repos.passwordResets.recordFailedAttempt(row.id);
      throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    }
    return { adminId: admin.id, codeId: row.id };
  }

  private async verifyCode(email: string, code: string): Promise<void> {
    await this.checkCode(email, code);
  }

  /** The code is spent, the password set and every session ended, together; a code is spent once, even by racing calls. */
  private async reset(email: string, code: string, password: string): Promise<void> {
    const { adminId, codeId } = await this.checkCode(email, code);
    const passwordHash = await hashPassword(password);
    const now = new Date();
    const sessionIds = await this.repos.transaction(async ({ admins, passwordResets, sessions }) => {
      if (!(await passwordResets.consumeCode(codeId, now))) throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
      await admins.update(adminId, { passwordHash, updatedAt: now });
      return sessions.revokeAllSessions(adminId, now);
    });
    this.caches.accountChanged(adminId);
    await this.revocations.publish({ sessionIds });
  }
}
