import { randomBytes } from 'node:crypto';
import { ErrorCode, MAIN_ACCOUNT, type CredentialView } from '@makerdesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import { hashPassword } from '../security/passwords.ts';
import { TokenSigner } from '../security/tokens.ts';
import { HotCaches } from '../caches/hot-caches.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { recordingRevocations } from '../testing/recording-revocations.ts';
import { AuthService, SESSION_TTL_MS } from './auth.service.ts';
import { PasswordAttempts } from './password-attempts.ts';
import { ThrottleGate } from './throttle-gate.ts';

const PASSWORD = 'Right-pass-1';
const PASSWORD_HASH = hashPassword(PASSWORD);
const ctx = { ip: '192.0.2.10', userAgent: 'Browser/1.0' };

let fake: InMemoryRepositories;
let clock: number;
let auth: AuthService;
let admin: AdminRow;
let published: string[][];
const keys: CredentialView[] = [];

beforeEach(async () => {
  // Near the real time: the JWT expiry inside a token is checked against the real clock.
  clock = Date.now();
  fake = createInMemoryRepositories(() => new Date(clock));
  const revocations = recordingRevocations();
  published = revocations.published;
  const attempts = new PasswordAttempts(new ThrottleGate(fake.repos, randomBytes(32), () => clock));
  auth = new AuthService(fake.repos, new TokenSigner(randomBytes(32)), { listFor: async () => keys }, revocations.bus, attempts, () => clock);
  admin = (await fake.repos.admins.insert({ account: 'trader@desk.io', passwordHash: await PASSWORD_HASH, role: 'trader', employeeName: 'T', mainAccountId: MAIN_ACCOUNT }))!;
});

describe('AuthService.login', () => {
  it('writes the login log, the session and the last-login time together, and answers a token for that session', async () => {
    const answer = await auth.login('  Trader@Desk.io ', PASSWORD, { ...ctx, userAgent: 'U'.repeat(600) });
    expect(answer.expiresAt).toBe(clock + SESSION_TTL_MS);
    expect(answer.userInfo).toEqual({ admin: expect.objectContaining({ id: admin.id, lastLoginAt: clock }), apiKey: keys });

    expect(fake.tables.loginLogs).toEqual([
      expect.objectContaining({ adminId: admin.id, account: 'trader@desk.io', loginIp: ctx.ip, loginTime: new Date(clock), logoutTime: null, userAgent: 'U'.repeat(512) }),
    ]);
    const [session] = fake.tables.sessions;
    expect(session).toMatchObject({ adminId: admin.id, loginLogId: fake.tables.loginLogs[0]?.id, expiresAt: new Date(clock + SESSION_TTL_MS), revokedAt: null });
    // The attempt's count, then the sign-in's rows.
    expect(fake.transactions).toEqual({ committed: 2, rolledBack: 0 });

    const principal = await auth.authenticate(answer.token);
    expect(principal).toEqual({ admin: expect.objectContaining({ id: admin.id }), sessionId: session?.id });
  });

  it('a wrong password or an unknown account writes nothing and answers the same error', async () => {
    await expect(auth.login('trader@desk.io', 'Wrong-pass-1', ctx)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS }));
    await expect(auth.login('nobody@desk.io', PASSWORD, ctx)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS }));
    expect(fake.tables.loginLogs).toEqual([]);
    expect(fake.tables.sessions).toEqual([]);
  });

  it('after five failures from one address the account waits there (30 s, then doubling); another address signs in at once', async () => {
    const wrong = () => auth.login('trader@desk.io', 'Wrong-pass-1', ctx);
    for (let i = 0; i < 5; i++) await expect(wrong()).rejects.toEqual(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS }));
    await expect(auth.login('trader@desk.io', PASSWORD, ctx)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS, params: { seconds: 30 } }));
    await expect(auth.login('trader@desk.io', PASSWORD, { ...ctx, ip: '198.51.100.20' })).resolves.toHaveProperty('token');

    clock += 30_000;
    await expect(wrong()).rejects.toEqual(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS }));
    await expect(wrong()).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS, params: { seconds: 60 } }));
    clock += 60_000;
    await expect(auth.login('trader@desk.io', PASSWORD, ctx)).resolves.toHaveProperty('token');
    // The right password cleared the count at this address: five more guesses before a wait.
    for (let i = 0; i < 5; i++) await expect(wrong()).rejects.toEqual(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS }));
    await expect(wrong()).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS }));
  });

  it('an address guessing over many accounts slows down after 30 failures, for every account there and for none elsewhere', async () => {
    for (let i = 0; i < 30; i++) await expect(auth.login(`guess${i}@desk.io`, 'Wrong-pass-1', ctx)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS }));
    await expect(auth.login('trader@desk.io', PASSWORD, ctx)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS, params: { seconds: 30 } }));
    await expect(auth.login('trader@desk.io', PASSWORD, { ...ctx, ip: '198.51.100.20' })).resolves.toHaveProperty('token');
    clock += 30_000;
    await expect(auth.login('trader@desk.io', PASSWORD, ctx)).resolves.toHaveProperty('token');
  });

  it('throttle rows hold keyed hashes only: no account name and no address', async () => {
    await expect(auth.login('trader@desk.io', 'Wrong-pass-1', ctx)).rejects.toBeDefined();
    expect(fake.tables.throttles).toHaveLength(2);
    const stored = JSON.stringify(fake.tables.throttles);
    expect(stored).not.toContain('trader');
    expect(stored).not.toContain(ctx.ip);
  });

  it('a suspended account answers a right and a wrong password alike, counts both as failures, and opens no session', async () => {
    await fake.repos.admins.update(admin.id, { status: 'suspended' });
    const answers: unknown[] = [];
    for (const password of [PASSWORD, 'Wrong-pass-1', PASSWORD, 'Wrong-pass-1', PASSWORD]) answers.push(await auth.login('trader@desk.io', password, ctx).catch((e: unknown) => e));
    expect(answers).toEqual(Array(5).fill(expect.objectContaining({ code: ErrorCode.BAD_CREDENTIALS, params: {} })));
    await expect(auth.login('trader@desk.io', PASSWORD, ctx)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS }));
    expect(fake.tables.sessions).toEqual([]);
    expect(fake.tables.loginLogs).toEqual([]);
  });

  it('when the session cannot be written, the login log row is not kept either', async () => {
    fake.repos.sessions.insertSession = async () => {
      throw new Error('disk full');
    };
    await expect(auth.login('trader@desk.io', PASSWORD, ctx)).rejects.toThrow('disk full');
    expect(fake.tables.loginLogs).toEqual([]);
    expect(fake.tables.admins[0]?.lastLoginAt).toBeNull();
  });
});

describe('AuthService sessions', () => {
  it('a session ends when it expires', async () => {
    const { token } = await auth.login('trader@desk.io', PASSWORD, ctx);
    clock += SESSION_TTL_MS - 1;
    expect(await auth.authenticate(token)).not.toBeNull();
    clock += 1;
    expect(await auth.authenticate(token)).toBeNull();
  });

  it('logout revokes the session at once and stamps the logout time; a second logout changes nothing', async () => {
    const { token } = await auth.login('trader@desk.io', PASSWORD, ctx);
    const sessionId = (await auth.authenticate(token))!.sessionId;
    clock += 60_000;
    await auth.logout(sessionId);
    expect(await auth.authenticate(token)).toBeNull();
    expect(fake.tables.loginLogs[0]?.logoutTime).toEqual(new Date(clock));
    expect(published).toEqual([[sessionId]]);
    clock += 60_000;
    await auth.logout(sessionId);
    expect(fake.tables.loginLogs[0]?.logoutTime).toEqual(new Date(clock - 60_000));
    expect(published).toEqual([[sessionId]]);
  });

  it('a session whose account was suspended behind its back answers 2000401 and every session of the account ends', async () => {
    const first = await auth.login('trader@desk.io', PASSWORD, ctx);
    await auth.login('trader@desk.io', PASSWORD, ctx);
    await fake.repos.admins.update(admin.id, { status: 'suspended' });
    await expect(auth.authenticate(first.token)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.ACCOUNT_SUSPENDED }));
    expect(fake.tables.sessions.map((s) => s.revokedAt)).toEqual([new Date(clock), new Date(clock)]);
    expect(fake.tables.loginLogs.map((l) => l.logoutTime)).toEqual([new Date(clock), new Date(clock)]);
    expect(published).toEqual([fake.tables.sessions.map((s) => s.id)]);
  });

  it('a token signed with another key, or naming another account, authenticates nobody', async () => {
    const { token } = await auth.login('trader@desk.io', PASSWORD, ctx);
    const sessionId = fake.tables.sessions[0]!.id;
    const stranger = new TokenSigner(randomBytes(32));
    expect(await auth.authenticate(await stranger.sign({ adminId: admin.id, sessionId }, new Date(clock + 60_000)))).toBeNull();
    expect(await auth.authenticate(token.slice(0, -2))).toBeNull();
  });
});

describe('AuthService.authenticate with the session cache', () => {
  async function cachedAuth(ttlMs = 30_000) {
    const caches = new HotCaches({ ttlMs, now: () => clock });
    const revocations = recordingRevocations();
    const attempts = new PasswordAttempts(new ThrottleGate(fake.repos, randomBytes(32), () => clock));
    const cached = new AuthService(fake.repos, new TokenSigner(randomBytes(32)), { listFor: async () => keys }, revocations.bus, attempts, () => clock, caches);
    const { token } = await cached.login('trader@desk.io', PASSWORD, ctx);
    const principal = await cached.authenticate(token);
    expect(principal).not.toBeNull();
    return { cached, caches, token, sessionId: principal!.sessionId };
  }

  it('a session revoked without a notice here (another server) is refused once the TTL has run out', async () => {
    const { cached, token, sessionId } = await cachedAuth();
    await fake.repos.sessions.revokeSession(sessionId, new Date(clock));
    clock += 29_000;
    expect(await cached.authenticate(token)).not.toBeNull();
    clock += 1_000;
    expect(await cached.authenticate(token)).toBeNull();
  });

  it('a revocation announced here drops the session at once', async () => {
    const { cached, caches, token, sessionId } = await cachedAuth();
    await fake.repos.sessions.revokeSession(sessionId, new Date(clock));
    caches.sessionsRevoked([sessionId]);
    expect(await cached.authenticate(token)).toBeNull();
  });

  it('an expired session is refused even while its entry is fresh', async () => {
    const { cached, token } = await cachedAuth(2 * SESSION_TTL_MS);
    clock += SESSION_TTL_MS;
    expect(await cached.authenticate(token)).toBeNull();
  });
});
