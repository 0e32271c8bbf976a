/**
 * Timing, measured on the real database (PGlite, or PostgreSQL with DATABASE_URL): how long an
 * answer takes must not tell whether an e-mail has an account, nor whether a suspended account's
 * password is right. Medians over many runs, the two kinds alternated so that noise falls on both;
 * the bound is generous (1.3) and the figures are printed. Before the fix, an existing e-mail took
 * about twice as long (a code row written, the mail awaited; a code row read and counted).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createRepositories, type Repositories } from '../repositories/repositories.ts';
import { hashPassword } from '../security/passwords.ts';
import { TokenSigner } from '../security/tokens.ts';
import { freshDatabase } from '../testing/test-app.ts';
import { AuthService } from './auth.service.ts';
import { PasswordAttempts } from './password-attempts.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { ThrottleGate } from './throttle-gate.ts';

const SAMPLES = 60;
const BOUND = 1.3;
const key = randomBytes(32);

let database: Database;
let drop: () => Promise<void>;
let repos: Repositories;
let reset: PasswordResetService;
const mailed = new Map<string, string>();

/** An SMTP server that takes its time, as a real one does. */
const slowMailer = {
  async send(message: MailMessage) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mailed.set(message.to, message.text.match(/\b(\d{6})\b/)?.[1] ?? '');
  },
};

const known = (i: number) => `known${i}@desk.io`;
const unknown = (i: number) => `ghost${i}@desk.io`;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  for (let i = -5; i < SAMPLES; i++) await repos.admins.insert({ account: known(i), passwordHash: 'unused', role: 'trader', employeeName: 'K', mainAccountId: RESTRICTED_ACCOUNT });
  reset = new PasswordResetService(repos, slowMailer, key, new ThrottleGate(repos, key));
});
afterAll(async () => {
  await reset.idle();
  await database.close();
  await drop();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timed(work: () => Promise<unknown>): Promise<{ ms: number; outcome: unknown }> {
  const start = performance.now();
  const outcome = await work().catch((err: unknown) => err);
  return { ms: performance.now() - start, outcome };
}

/**
 * Runs `a(i)` and `b(i)` back to back for i from -5 (warm-up, not kept) to SAMPLES, alternating
 * which goes first. Both the ratio of the medians and `paired`, the median of the pairs' own ratios,
 * are printed; the test bounds `paired`, which a machine busy with other work disturbs less (both
 * runs of a pair share the load), so that it fails on a real difference and not on a busy moment.
 */
async function compare(label: string, a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>) {
  const times = { a: [] as number[], b: [] as number[] };
  const outcomes = { a: [] as unknown[], b: [] as unknown[] };
  for (let i = -5; i < SAMPLES; i++) {
    const order = i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const side of order) {
      const { ms, outcome } = await timed(() => (side === 'a' ? a(i) : b(i)));
      if (i < 0) continue;
      times[side].push(ms);
      outcomes[side].push(outcome);
    }
  }
  const medians = { a: median(times.a), b: median(times.b) };
  const ratio = Math.max(medians.a, medians.b) / Math.min(medians.a, medians.b);
  const paired = Math.exp(Math.abs(median(times.a.map((ms, i) => Math.log(ms / times.b[i]!)))));
  console.log(
    `timing ${label}: median ${medians.a.toFixed(2)} ms vs ${medians.b.toFixed(2)} ms, ratio ${ratio.toFixed(2)}, paired ratio ${paired.toFixed(2)} (${SAMPLES} runs each, bound ${BOUND})`,
  );
  return { paired, outcomes };
}

const address = (group: number, i: number) => `10.${group}.${i + 10}.1`;

describe('reset codes take as long for an e-mail without an account', () => {
  it('sending a code: existing e-mail vs unknown e-mail', async () => {
    const { paired, outcomes } = await compare(
      'sendCode existing/unknown',
      (i) => reset.step({ action: 'sendCode', email: known(i) }, address(1, i)),
      (i) => reset.step({ action: 'sendCode', email: unknown(i) }, address(2, i)),
    );
    expect(outcomes.a).toEqual(outcomes.b);
    expect(paired).toBeLessThan(BOUND);
  });

  it('checking a wrong code: existing e-mail with a code vs unknown e-mail that asked for one', async () => {
    await reset.idle();
    const wrongFor = (email: string) => (mailed.get(email) === '000000' ? '111111' : '000000');
    const { paired, outcomes } = await compare(
      'verifyCode existing/unknown',
      (i) => reset.step({ action: 'verifyCode', email: known(i), code: wrongFor(known(i)) }, ''),
      (i) => reset.step({ action: 'verifyCode', email: unknown(i), code: '000000' }, ''),
    );
    expect(outcomes.a).toEqual(Array(SAMPLES).fill(expect.objectContaining({ code: ErrorCode.VERIFICATION_CODE_INVALID })));
    expect(outcomes.b).toEqual(outcomes.a);
    expect(paired).toBeLessThan(BOUND);
  });
});

describe('a suspended account', () => {
  it('answers a right and a wrong password alike, in as long', async () => {
    const row = (await repos.admins.insert({ account: 'paused@desk.io', passwordHash: await hashPassword('Paused-pass-1'), role: 'trader', employeeName: 'P', mainAccountId: MAIN_ACCOUNT }))!;
    await repos.admins.update(row.id, { status: 'suspended' });
    const auth = new AuthService(repos, new TokenSigner(key), { listFor: async () => [] }, new PasswordAttempts(new ThrottleGate(repos, key)));
    const login = (password: string, ip: string) => auth.login('paused@desk.io', password, { ip, userAgent: undefined });
    const { paired, outcomes } = await compare(
      'suspended sign-in right/wrong password',
      (i) => login('Paused-pass-1', address(3, i)),
      (i) => login('Wrong-pass-1', address(4, i)),
    );
    expect(outcomes.a).toEqual(Array(SAMPLES).fill(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS, params: {} })));
    expect(outcomes.b).toEqual(outcomes.a);
    expect(paired).toBeLessThan(BOUND);
  });
});
