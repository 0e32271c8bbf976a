import { createHmac } from 'node:crypto';
import type { Repositories } from '../repositories/repositories.ts';
import type { ThrottleRow } from '../repositories/throttle.repository.ts';
import { afterAttempt, NO_ATTEMPTS, strictest, verdictOf, type ThrottleRule, type ThrottleState, type ThrottleVerdict } from './attempt-throttle.ts';

export interface ThrottleCheck {
  key: string;
  rule: ThrottleRule;
}

/** Rows that no longer count are deleted at most this often. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

function stateOf(row: ThrottleRow | undefined): ThrottleState {
  return row ? { count: row.count, lastAt: row.lastAt.getTime() } : NO_ATTEMPTS;
}

/**
 * Attempt throttles kept in the database, so they hold across restarts and across every server
 * sharing it. An attempt is counted before the work it guards (a password check, a mail), under a
 * row lock: parallel requests cannot slip past the count.
 */
export class ThrottleGate {
  private nextPruneAt: number;

  constructor(
    private readonly repos: Pick<Repositories, 'throttles' | 'transaction'>,
    /** Keys are keyed hashes: the table holds no e-mail, typed user name or address. */
    private readonly keyKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.nextPruneAt = now() + PRUNE_EVERY_MS;
  }

  key(scope: string, ...parts: string[]): string {
    const digest = createHmac('sha256', this.keyKey).update(JSON.stringify(parts)).digest('base64url');
    return `${scope}:${digest}`;
  }

  /**
   * Counts one attempt under every check, or none when one of them must still wait: then the
   * longest wait is answered.
   */
  async take(checks: ThrottleCheck[]): Promise<ThrottleVerdict> {
    await this.pruneWhenDue();
    const now = this.now();
    return this.repos.transaction(async ({ throttles }) => {
      const rows = new Map((await throttles.lock(checks.map((c) => c.key), new Date(now))).map((row) => [row.key, row]));
      const states = checks.map((check) => ({ check, state: stateOf(rows.get(check.key)) }));
      const verdict = strictest(states.map(({ check, state }) => verdictOf(check.rule, state, now)));
      if (!verdict.allowed) return verdict;
      for (const { check, state } of states) {
        const next = afterAttempt(check.rule, state, now);
        await throttles.save({ key: check.key, count: next.count, lastAt: new Date(next.lastAt), forgetAt: new Date(now + check.rule.forgetAfterMs) });
      }
      return verdict;
    });
  }

  /** Forgets the key's attempts. */
  async clear(key: string): Promise<void> {
    await this.repos.throttles.clear(key);
  }

  /** Takes back one attempt counted under the key (it turned out to be no guess). */
  async giveBack(key: string): Promise<void> {
    await this.repos.throttles.giveBack(key);
  }

  private async pruneWhenDue(): Promise<void> {
    const now = this.now();
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    await this.repos.throttles.prune(new Date(now));
  }
}
