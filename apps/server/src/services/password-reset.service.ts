import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_RESEND_SECONDS,
  type UpdatePasswordRequest,
} from '@makerdesk/contract';
import { AppError } from '../domain/app-error.ts';
import { addressKey } from '../security/client-address.ts';
import type { MailDelivery, Mailer, MailMessage } from '../mail/mailer.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { hashPassword } from '../security/passwords.ts';
import { HotCaches } from '../caches/hot-caches.ts';
import type { SessionRevocationBus } from '../sessions/session-revocations.ts';
import type { ThrottleRule } from './attempt-throttle.ts';
import type { ThrottleGate } from './throttle-gate.ts';

export interface SendCodeResponse {
  resendAfterSeconds: number;
  expiresInSeconds: number;
  delivery: MailDelivery;
}

const RESEND_MS = VERIFICATION_RESEND_SECONDS * 1000;
/** One code per e-mail per resend delay. */
export const RESEND_RULE: ThrottleRule = { free: 1, baseDelayMs: RESEND_MS, growth: 1, maxDelayMs: RESEND_MS, forgetAfterMs: RESEND_MS };
/** Codes asked from one address: ten at once, then a wait from a minute, doubling, at most an hour. */
export const SENDS_PER_ADDRESS_RULE: ThrottleRule = { free: 10, baseDelayMs: 60_000, growth: 2, maxDelayMs: 60 * 60_000, forgetAfterMs: 60 * 60_000 };

/**
 * Code guesses from one address, over every e-mail (each code also allows only a few attempts):
 * twenty wrong ones, then a wait from a minute, doubling, at most an hour. A right code is no guess.
 */
export const CODE_GUESSES_PER_ADDRESS_RULE: ThrottleRule = { free: 20, baseDelayMs: 60_000, growth: 2, maxDelayMs: 60 * 60_000, forgetAfterMs: 60 * 60_000 };

/** Expired codes (decoys included) are deleted a day after they expire, at most once an hour. */
const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

export interface PasswordResetOptions {
  now?: () => number;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * Forgot password: a 6-digit code by e-mail, checked with an attempt limit, then a new password.
 * Replies never reveal whether an e-mail has an account, neither in what they say nor in how long
 * they take: an e-mail without an active account gets a decoy code row, written and checked the
 * same way, and the mail itself goes out after the reply.
 */
export class PasswordResetService {
  private readonly now: () => number;
  private nextPruneAt: number;
  private readonly outgoing = new Set<Promise<void>>();

  constructor(
    private readonly repos: Pick<Repositories, 'admins' | 'passwordResets' | 'sessions' | 'transaction'>,
    private readonly mailer: Mailer,
    private readonly codeKey: Buffer,
    private readonly revocations: Pick<SessionRevocationBus, 'publish'>,
    private readonly gate: ThrottleGate,
    private readonly options: PasswordResetOptions = {},
    private readonly caches: Pick<HotCaches, 'accountChanged'> = HotCaches.none(),
  ) {
    this.now = options.now ?? Date.now;
    this.nextPruneAt = this.now() + PRUNE_EVERY_MS;
  }

  /** PUT /admin/updatePassword: one of the flow's three steps; only sending a code answers data. */
  async step(request: UpdatePasswordRequest, ip: string): Promise<SendCodeResponse | null> {
    switch (request.action) {
      case 'sendCode':
        return this.sendCode(request.email, ip);
      case 'verifyCode':
        await this.verifyCode(request.email, request.code, ip);
        return null;
      case 'reset':
        await this.reset(request.email, request.code, request.password, ip);
        return null;
    }
  }

  /** Resolves once every mail asked for so far has been handed to the mailer (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.outgoing.size > 0) await Promise.all([...this.outgoing]);
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.codeKey).update(text).digest('hex');
  }

  /** Codes are filed under a keyed hash of the e-mail, whether it has an account or not. */
  private subjectOf(email: string): string {
    return this.hmac(`subject:${email}`);
  }

  private hashCode(subject: string, code: string): string {
    return this.hmac(`${subject}:${code}`);
  }

  private async sendCode(email: string, ip: string): Promise<SendCodeResponse> {
    const verdict = await this.gate.take([
      { key: this.gate.key('reset-send', email), rule: RESEND_RULE },
      { key: this.gate.key('reset-send-address', addressKey(ip)), rule: SENDS_PER_ADDRESS_RULE },
    ]);
    if (!verdict.allowed) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: verdict.retryAfterSeconds });
    await this.pruneWhenDue();
    const admin = await this.repos.admins.findByAccount(email);
    const recipient = admin?.status === 'active' ? admin : undefined;
    const subject = this.subjectOf(email);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A decoy's code is no 6-digit string, so no guess can ever match it.
    const decoy = randomBytes(8).toString('hex');
    const now = new Date(this.now());
    const codeHash = this.hashCode(subject, recipient ? code : decoy);
    // A new code replaces any earlier one.
    await this.repos.transaction(async ({ passwordResets }) => {
      await passwordResets.consumeOpenCodes(subject, now);
      await passwordResets.insertCode({ subject, adminId: recipient?.id ?? null, codeHash, expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS) });
    });
    if (recipient) {
      this.mailAfterReply({
        to: recipient.account,
        subject: 'MakerDesk password reset code',
        text: `Your MakerDesk verification code is ${code}. It expires in ${VERIFICATION_CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this message.`,
      });
    }
    return { resendAfterSeconds: VERIFICATION_RESEND_SECONDS, expiresInSeconds: VERIFICATION_CODE_TTL_MS / 1000, delivery: this.mailer.delivery ?? 'email' };
  }

  /** The mail goes out once the reply is on its way: a slow mail server shows in no reply's time. */
  private mailAfterReply(message: MailMessage): void {
    const sending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mailer.send(message))
      .catch((err: unknown) => this.options.log?.error({ err: err instanceof Error ? err.message : String(err) }, 'password reset mail failed'))
      .finally(() => this.outgoing.delete(sending));
    this.outgoing.add(sending);
  }

  /**
   * Checks a code and counts the attempt; returns the account it unlocks. The same reads, the same
   * comparison and the same write happen whether the e-mail has an account, a decoy or nothing.
   */
  private async checkCode(email: string, code: string): Promise<{ adminId: number; codeId: number }> {
    const subject = this.subjectOf(email);
    const admin = await this.repos.admins.findByAccount(email);
    const row = await this.repos.passwordResets.findUsableCode(subject, new Date(this.now()), VERIFICATION_CODE_MAX_ATTEMPTS);
    if (!row) throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    const same = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(this.hashCode(subject, code), 'hex'));
    if (!same || row.adminId === null || admin?.status !== 'active' || admin.id !== row.adminId) {
      await this.repos.passwordResets.recordFailedAttempt(row.id);
      throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
    }
    return { adminId: admin.id, codeId: row.id };
  }

  private async verifyCode(email: string, code: string, ip: string): Promise<void> {
    await this.checkCodeFrom(ip, email, code);
  }

  /**
   * `checkCode` behind the address's guess throttle (the same for every server sharing the
   * database): a wrong code stays counted, a right one is given back.
   */
  private async checkCodeFrom(ip: string, email: string, code: string): Promise<{ adminId: number; codeId: number }> {
    const key = this.gate.key('reset-guess-address', addressKey(ip));
    const verdict = await this.gate.take([{ key, rule: CODE_GUESSES_PER_ADDRESS_RULE }]);
    if (!verdict.allowed) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: verdict.retryAfterSeconds });
    const right = await this.checkCode(email, code);
    await this.gate.giveBack(key);
    return right;
  }

  /** The code is spent, the password set and every session ended, together; a code is spent once, even by racing calls. */
  private async reset(email: string, code: string, password: string, ip: string): Promise<void> {
    const { adminId, codeId } = await this.checkCodeFrom(ip, email, code);
    const passwordHash = await hashPassword(password);
    const now = new Date(this.now());
    const sessionIds = await this.repos.transaction(async ({ admins, passwordResets, sessions }) => {
      if (!(await passwordResets.consumeCode(codeId, now))) throw new AppError(ErrorCode.VERIFICATION_CODE_INVALID);
      await admins.update(adminId, { passwordHash, updatedAt: now });
      return sessions.revokeAllSessions(adminId, now);
    });
    this.caches.accountChanged(adminId);
    await this.revocations.publish({ sessionIds });
  }

  private async pruneWhenDue(): Promise<void> {
    const now = this.now();
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    await this.repos.passwordResets.deleteExpired(new Date(now - KEEP_EXPIRED_MS));
  }
}
