import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_RESEND_SECONDS,
} from '@makerdesk/contract';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, passwordResetCodes } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword } from '../security/passwords.ts';
import { AttemptThrottle } from './attempt-throttle.ts';
import type { AuthService } from './auth.service.ts';

/**
 * Forgot password: a 6-digit code by e-mail, checked with an attempt limit, then a new password.
 * Replies never reveal whether an e-mail has an account.
 */
export class PasswordResetService {
  private readonly resendByEmail = new AttemptThrottle({ limit: 1, windowMs: VERIFICATION_RESEND_SECONDS * 1000 });
  private readonly sendsByIp = new AttemptThrottle({ limit: 10, windowMs: 60 * 60 * 1000 });

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly auth: AuthService,
    private readonly codeKey: Buffer,
  ) {}

  private hashCode(adminId: number, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${adminId}:${code}`).digest('hex');
  }

  async sendCode(email: string, ip: string): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    for (const verdict of [this.resendByEmail.check(email), this.sendsByIp.check(ip)]) {
      if (!verdict.allowed) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: verdict.retryAfterSeconds });
    }
    this.resendByEmail.record(email);
    this.sendsByIp.record(ip);
    const [admin] = await this.db.select().from(admins).where(eq(admins.account, email));
    if (admin && admin.status === 'active') {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date();
      await this.db.transaction(async (tx) => {
        // A new code replaces any earlier one.
        await tx
          .update(passwordResetCodes)
          .set({ consumedAt: now })
          .where(and(eq(passwordResetCodes.adminId, admin.id), isNull(passwordResetCodes.consumedAt)));
        await tx.insert(passwordResetCodes).values({
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
    const [admin] = await this.db.select().from(admins).where(eq(admins.account, email));
    if (!admin || admin.status !== 'active') throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    const [row] = await this.db
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.adminId, admin.id),
          isNull(passwordResetCodes.consumedAt),
          gt(passwordResetCodes.expiresAt, new Date()),
          lt(passwordResetCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(passwordResetCodes.id))
      .limit(1);
    if (!row) throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(this.hashCode(admin.id, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await this.db.update(passwordResetCodes).set({ attempts: row.attempts + 1 }).where(eq(passwordResetCodes.id, row.id));
      throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    }
    return { adminId: admin.id, codeId: row.id };
  }

  async verifyCode(email: string, code: string): Promise<void> {
    await this.checkCode(email, code);
  }

  async reset(email: string, code: string, password: string): Promise<void> {
    const { adminId, codeId } = await this.checkCode(email, code);
    const passwordHash = await hashPassword(password);
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx.update(passwordResetCodes).set({ consumedAt: now }).where(eq(passwordResetCodes.id, codeId));
      await tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, adminId));
    });
    await this.auth.revokeAllSessions(adminId);
  }
}
