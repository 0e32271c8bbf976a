import { ErrorCode } from '@makerdesk/contract';
import { AppError } from '../domain/app-error.ts';
import { addressKey } from '../security/client-address.ts';
import type { ThrottleRule } from './attempt-throttle.ts';
import type { ThrottleGate } from './throttle-gate.ts';

/**
 * Password guesses of one account from one client address: five at once, then a wait that starts
 * at 30 s and doubles with each further guess, at most 15 minutes. Another address is not
 * concerned, so a guesser never locks the real user (the main account included) out.
 */
export const ACCOUNT_ADDRESS_RULE: ThrottleRule = { free: 5, baseDelayMs: 30_000, growth: 2, maxDelayMs: 15 * 60_000, forgetAfterMs: 6 * 60 * 60_000 };

/** Guesses from one address over all accounts (spraying): the address slows down, no account does. */
export const ADDRESS_RULE: ThrottleRule = { free: 30, baseDelayMs: 30_000, growth: 2, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };

/** Every password check (sign-in, changing one's password) goes through here. */
export class PasswordAttempts {
  constructor(private readonly gate: ThrottleGate) {}

  /**
   * Runs `verify` unless the account and address, or the address, must still wait (then
   * TOO_MANY_ATTEMPTS with the seconds left). A wrong password stays counted; a right one clears
   * the account's count at this address and gives the address its attempt back.
   */
  async check(account: string, clientIp: string, verify: () => Promise<boolean>): Promise<boolean> {
    const address = addressKey(clientIp);
    const pair = this.gate.key('password', account, address);
    const wide = this.gate.key('password-address', address);
    const verdict = await this.gate.take([
      { key: pair, rule: ACCOUNT_ADDRESS_RULE },
      { key: wide, rule: ADDRESS_RULE },
    ]);
    if (!verdict.allowed) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: verdict.retryAfterSeconds });
    const right = await verify();
    if (right) {
      await this.gate.clear(pair);
      await this.gate.giveBack(wide);
    }
    return right;
  }
}
