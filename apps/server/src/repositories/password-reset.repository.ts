import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResetCodes } from '../db/schema.ts';

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;
export type NewResetCode = Pick<ResetCodeRow, 'subject' | 'adminId' | 'codeHash' | 'expiresAt'>;

/** Forgot-password codes, stored as keyed hashes under their subject (a keyed hash of the e-mail). */
export class PasswordResetRepository {
  constructor(private readonly db: Db) {}

  async insertCode(code: NewResetCode): Promise<void> {
    await this.db.insert(passwordResetCodes).values(code);
  }

  /** The newest code of the subject that is unused, unexpired at `now` and below the attempt limit. */
  async findUsableCode(subject: string, now: Date, maxAttempts: number): Promise<ResetCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.subject, subject),
          isNull(passwordResetCodes.consumedAt),
          gt(passwordResetCodes.expiresAt, now),
          lt(passwordResetCodes.attempts, maxAttempts),
        ),
      )
      .orderBy(desc(passwordResetCodes.id))
      .limit(1);
    return row;
  }

  async recordFailedAttempt(codeId: number): Promise<void> {
    await this.db
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(eq(passwordResetCodes.id, codeId));
  }

  /** False when the code was already consumed. */
  async consumeCode(codeId: number, at: Date): Promise<boolean> {
    const consumed = await this.db
      .update(passwordResetCodes)
      .set({ consumedAt: at })
      .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.consumedAt)))
      .returning({ id: passwordResetCodes.id });
    return consumed.length > 0;
  }

  /** Retires every unused code of the subject (a new one replaces them). */
  async consumeOpenCodes(subject: string, at: Date): Promise<void> {
    await this.db
      .update(passwordResetCodes)
      .set({ consumedAt: at })
      .where(and(eq(passwordResetCodes.subject, subject), isNull(passwordResetCodes.consumedAt)));
  }

  /** Deletes the codes that expired before `before`, used or not. */
  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(passwordResetCodes).where(lt(passwordResetCodes.expiresAt, before));
  }
}
