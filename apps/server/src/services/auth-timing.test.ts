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
import { recordingRevocations } from '../testing/recording-revocations.ts';

const SAMPLES = 60;
const ROUNDS = 3;
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

/** Run `i` of round `round` (i from -5, the warm-up) gets its own e-mails and address: no throttle is in the way. */
const run = (round: number, i: number) => round * 100 + i;
const known = (j: number) => `known${j}@desk.io`;
const unknown = (j: number) => `ghost${j}@desk.io`;
const address = (group: number, j: number) => `10.${group}.${(j + 10) >> 8}.${(j + 10) & 255}`;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  for (const offset of [0, 1000]) {
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = -5; i < SAMPLES; i++) {
        await repos.admins.insert({ account: known(offset + run(round, i)), passwordHash: 'unused', role: 'trader', employeeName: 'K', mainAccountId: RESTRICTED_ACCOUNT });
      }
    }
  }
  reset = new PasswordResetService(repos, slowMailer, key, recordingRevocations().bus, new ThrottleGate(repos, key));
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

interface Sides {
  a: (j: number) => Promise<unknown>;
  b: (j: number) => Promise<unknown>;
  /** Untimed work a round needs first (codes to check). */
  prepare?: (j: number) => Promise<unknown>;
}

/**
 * Runs `a` and `b` back to back, SAMPLES times after a warm-up, alternating which goes first, and
 * prints the ratio of their medians and `paired`, the median of the pairs' own ratios. The test
 * bounds `paired`, which a machine busy with other work disturbs less (both runs of a pair share
 * the load). A busy machine (the whole suite on two cores) can still slow one side for a while: a
 * round over the bound is measured again with fresh e-mails, up to ROUNDS times. The differences
 * this guards against (2x and more) fail every round.
 */
async function compare(label: string, { a, b, prepare }: Sides) {
  const outcomes = { a: [] as unknown[], b: [] as unknown[] };
  let best = Infinity;
  for (let round = 0; round < ROUNDS && best >= BOUND; round++) {
    const times = { a: [] as number[], b: [] as number[] };
    if (prepare) for (let i = -5; i < SAMPLES; i++) await prepare(run(round, i));
    for (let i = -5; i < SAMPLES; i++) {
      const order = i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const side of order) {
        const { ms, outcome } = await timed(() => (side === 'a' ? a(run(round, i)) : b(run(round, i))));
        if (i < 0) continue;
        times[side].push(ms);
        outcomes[side].push(outcome);
      }
    }
    const medians = { a: median(times.a), b: median(times.b) };
    const ratio = Math.max(medians.a, medians.b) / Math.min(medians.a, medians.b);
    const paired = Math.exp(Math.abs(median(times.a.map((ms, i) => Math.log(ms / times.b[i]!)))));
    best = Math.min(best, paired);
    console.log(
      `timing ${label}, round ${round + 1}: median ${medians.a.toFixed(2)} ms vs ${medians.b.toFixed(2)} ms, ratio ${ratio.toFixed(2)}, paired ratio ${paired.toFixed(2)} (${SAMPLES} runs each, bound ${BOUND})`,
    );
  }
  return { paired: best, outcomes };
}

describe('reset codes take as long for an e-mail without an account', () => {
  it('sending a code: existing e-mail vs unknown e-mail', async () => {
    const { paired, outcomes } = await compare('sendCode existing/unknown', {
      a: (j) => reset.step({ action: 'sendCode', email: known(j) }, address(1, j)),
      b: (j) => reset.step({ action: 'sendCode', email: unknown(j) }, address(2, j)),
    });
    expect(outcomes.a).toEqual(Array(outcomes.a.length).fill({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' }));
    expect(outcomes.b).toEqual(outcomes.a);
    expect(paired).toBeLessThan(BOUND);
  });

  it('checking a wrong code: existing e-mail with a code vs unknown e-mail that asked for one', async () => {
    const wrongFor = (email: string) => (mailed.get(email) === '000000' ? '111111' : '000000');
    const { paired, outcomes } = await compare('verifyCode existing/unknown', {
      prepare: async (j) => {
        await reset.step({ action: 'sendCode', email: known(1000 + j) }, address(3, j));
        await reset.step({ action: 'sendCode', email: unknown(1000 + j) }, address(4, j));
        await reset.idle();
      },
      // Each guess from its own address: the address's guess throttle (twenty) is not what is timed here.
      a: (j) => reset.step({ action: 'verifyCode', email: known(1000 + j), code: wrongFor(known(1000 + j)) }, address(5, j)),
      b: (j) => reset.step({ action: 'verifyCode', email: unknown(1000 + j), code: '000000' }, address(6, j)),
    });
    expect(outcomes.a).toEqual(Array(outcomes.a.length).fill(expect.objectContaining({ code: ErrorCode.VERIFICATION_CODE_INVALID })));
    expect(outcomes.b).toEqual(outcomes.a);
    expect(paired).toBeLessThan(BOUND);
  });
});

describe('a suspended account', () => {
  it('answers a right and a wrong password alike, in as long', async () => {
    const row = (await repos.admins.insert({ account: 'paused@desk.io', passwordHash: await hashPassword('Paused-pass-1'), role: 'trader', employeeName: 'P', mainAccountId: MAIN_ACCOUNT }))!;
    await repos.admins.update(row.id, { status: 'suspended' });
    const auth = new AuthService(repos, new TokenSigner(key), { listFor: async () => [] }, recordingRevocations().bus, new PasswordAttempts(new ThrottleGate(repos, key)));
    const login = (password: string, ip: string) => auth.login('paused@desk.io', password, { ip, userAgent: undefined });
    const { paired, outcomes } = await compare('suspended sign-in right/wrong password', {
      a: (j) => login('Paused-pass-1', address(5, j)),
      b: (j) => login('Wrong-pass-1', address(6, j)),
    });
    expect(outcomes.a).toEqual(Array(outcomes.a.length).fill(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS, params: {} })));
    expect(outcomes.b).toEqual(outcomes.a);
    expect(paired).toBeLessThan(BOUND);
  });
});
