import { randomBytes } from 'node:crypto';
import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { recordingRevocations } from '../testing/recording-revocations.ts';
import { AdminService } from './admin.service.ts';
import { PasswordAttempts } from './password-attempts.ts';
import { ThrottleGate } from './throttle-gate.ts';

let fake: InMemoryRepositories;
let service: AdminService;
let main: AdminRow;
let sub: AdminRow;
/** The session ids each revocation notice named, in order. */
let published: string[][];
let clock: number;
const IP = '192.0.2.44';
const MAIN_HASH = hashPassword('Main-pass-123');

async function addAccount(account: string, mainAccountId = RESTRICTED_ACCOUNT, passwordHash = 'not-a-hash'): Promise<AdminRow> {
  const row = await fake.repos.admins.insert({ account, passwordHash, role: 'trader', employeeName: account, mainAccountId });
  if (!row) throw new Error(`${account} exists`);
  return row;
}

/** A signed-in session of the account, with the login log row it opened. */
async function signIn(admin: AdminRow, id: string): Promise<void> {
  const loginLogId = await fake.repos.sessions.insertLoginLog({ adminId: admin.id, account: admin.account, loginTime: new Date(), loginIp: '10.0.0.1', userAgent: null });
  await fake.repos.sessions.insertSession({ id, adminId: admin.id, loginLogId, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) });
}

function liveSessions(adminId: number): string[] {
  return fake.tables.sessions.filter((s) => s.adminId === adminId && s.revokedAt === null).map((s) => s.id);
}

function rejection(code: number) {
  return expect.objectContaining({ code });
}

beforeEach(async () => {
  fake = createInMemoryRepositories();
  const revocations = recordingRevocations();
  published = revocations.published;
  clock = Date.now();
  service = new AdminService(fake.repos, revocations.bus, new PasswordAttempts(new ThrottleGate(fake.repos, randomBytes(32), () => clock)));
  main = await addAccount('main@desk.io', MAIN_ACCOUNT, await MAIN_HASH);
  sub = await addAccount('sub@desk.io');
});

describe('AdminService: reading accounts', () => {
  it('lists accounts by id, filtered by a literal, case-insensitive part of the e-mail and by status, one page at a time', async () => {
    for (const account of ['a_b@desk.io', 'axb@desk.io', 'A%C@desk.io']) await addAccount(account);
    await fake.repos.admins.update(sub.id, { status: 'suspended' });

    const underscore = await service.list({ current: 1, pageSize: 20, account: '_' });
    expect(underscore.list.map((a) => a.account)).toEqual(['a_b@desk.io']);
    expect((await service.list({ current: 1, pageSize: 20, account: 'a%c' })).list.map((a) => a.account)).toEqual(['A%C@desk.io']);
    expect((await service.list({ current: 1, pageSize: 20, status: 'suspended' })).list.map((a) => a.id)).toEqual([sub.id]);

    const second = await service.list({ current: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5, current: 2, pageSize: 2 });
    expect(second.list.map((a) => a.account)).toEqual(['a_b@desk.io', 'axb@desk.io']);
    expect(second.list[0]).not.toHaveProperty('passwordHash');
  });

  it('anyone reads their own account; only the main account reads others', async () => {
    expect((await service.view(sub, sub.id)).account).toBe('sub@desk.io');
    expect((await service.view(main, sub.id)).mainAccountId).toBe(RESTRICTED_ACCOUNT);
    await expect(service.view(sub, main.id)).rejects.toEqual(rejection(ErrorCode.FORBIDDEN));
    await expect(service.view(main, 999)).rejects.toEqual(rejection(ErrorCode.USER_NOT_FOUND));
  });

  it('maps login logs newest first, an account deleted since showing as 0', async () => {
    await signIn(sub, 's1');
    fake.tables.loginLogs[0]!.loginTime = new Date(1_000);
    await signIn(main, 'm1');
    fake.tables.loginLogs[1]!.loginTime = new Date(2_000);
    await fake.repos.admins.delete(sub.id);
    const logs = await service.loginLogs({ current: 1, pageSize: 10 });
    expect(logs.total).toBe(2);
    expect(logs.list.map((l) => [l.account, l.adminId, l.loginTime])).toEqual([
      ['main@desk.io', main.id, 2_000],
      ['sub@desk.io', 0, 1_000],
    ]);
  });
});

describe('AdminService: adding accounts', () => {
  it('adds a restricted account with a hashed password, and refuses an e-mail already registered', async () => {
    const added = await service.add({ account: 'new@desk.io', role: 'analyst', employeeName: 'New', password: 'New-pass-123' });
    expect(added).toMatchObject({ account: 'new@desk.io', role: 'analyst', mainAccountId: RESTRICTED_ACCOUNT, status: 'active', lastLoginAt: null });
    const stored = fake.tables.admins.find((a) => a.id === added.id)!;
    expect(stored.passwordHash).not.toContain('New-pass-123');
    expect(await verifyPassword(stored.passwordHash, 'New-pass-123')).toBe(true);

    await expect(service.add({ account: 'new@desk.io', role: 'trader', employeeName: 'Again', password: 'New-pass-123' })).rejects.toEqual(
      expect.objectContaining({ code: ErrorCode.ACCOUNT_CREATE_FAILED, params: { reason: 'this e-mail is already registered' } }),
    );
    expect(fake.tables.admins).toHaveLength(3);
  });
});

describe('AdminService: editing accounts', () => {
  const principal = (admin: AdminRow, sessionId = 'current') => ({ admin, sessionId });

  it('only the main account edits, never itself nor another main account', async () => {
    const other = await addAccount('sub2@desk.io');
    const otherMain = await addAccount('main2@desk.io', MAIN_ACCOUNT);
    await expect(service.update(principal(sub), { id: other.id, role: 'viewer' }, IP)).rejects.toEqual(rejection(ErrorCode.FORBIDDEN));
    await expect(service.update(principal(main), { id: main.id, status: 'suspended' }, IP)).rejects.toEqual(rejection(ErrorCode.CANNOT_CHANGE_SELF));
    await expect(service.update(principal(main), { id: otherMain.id, status: 'suspended' }, IP)).rejects.toEqual(rejection(ErrorCode.FORBIDDEN));
    await expect(service.update(principal(main), { id: 999, role: 'viewer' }, IP)).rejects.toEqual(rejection(ErrorCode.USER_NOT_FOUND));
    expect(fake.tables.admins.every((a) => a.status === 'active' && a.role === 'trader')).toBe(true);
  });

  it('a role or name change keeps the account signed in', async () => {
    await signIn(sub, 's1');
    const edited = await service.update(principal(main), { id: sub.id, role: 'viewer', employeeName: 'Renamed' }, IP);
    expect(edited).toMatchObject({ id: sub.id, role: 'viewer', employeeName: 'Renamed', status: 'active' });
    expect(liveSessions(sub.id)).toEqual(['s1']);
    expect(published).toEqual([]);
  });

  it('suspending ends every session of the account and stamps the logout time of its sign-ins', async () => {
    await signIn(sub, 's1');
    await signIn(sub, 's2');
    await signIn(main, 'm1');
    const edited = await service.update(principal(main), { id: sub.id, status: 'suspended' }, IP);
    expect(edited?.status).toBe('suspended');
    expect(liveSessions(sub.id)).toEqual([]);
    expect(liveSessions(main.id)).toEqual(['m1']);
    // Announced once committed, so the account's live sockets close at once.
    expect(published).toEqual([['s1', 's2']]);
    const subLogs = fake.tables.loginLogs.filter((l) => l.adminId === sub.id);
    expect(subLogs.map((l) => l.logoutTime)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('setting a password ends the sessions too, and the new password works', async () => {
    await signIn(sub, 's1');
    await service.update(principal(main), { id: sub.id, password: 'Reset-pass-1' }, IP);
    expect(liveSessions(sub.id)).toEqual([]);
    expect(published).toEqual([['s1']]);
    expect(await verifyPassword(fake.tables.admins.find((a) => a.id === sub.id)!.passwordHash, 'Reset-pass-1')).toBe(true);
  });

  it('a suspension whose session revocation fails is not kept: both land or neither', async () => {
    await signIn(sub, 's1');
    fake.repos.sessions.revokeAllSessions = async () => {
      throw new Error('connection lost');
    };
    await expect(service.update(principal(main), { id: sub.id, status: 'suspended' }, IP)).rejects.toThrow('connection lost');
    expect(fake.tables.admins.find((a) => a.id === sub.id)?.status).toBe('active');
    expect(fake.transactions).toEqual({ committed: 0, rolledBack: 1 });
    expect(published).toEqual([]);
  });
});

describe('AdminService: own password', () => {
  it('checks the old password, keeps the current session and ends the others', async () => {
    await signIn(main, 'here');
    await signIn(main, 'elsewhere');
    const input = { oldPassword: 'Wrong-pass-1', password: 'Main-new-123', confirmPassword: 'Main-new-123' };
    await expect(service.update({ admin: main, sessionId: 'here' }, input, IP)).rejects.toEqual(rejection(ErrorCode.OLD_PASSWORD_WRONG));
    expect(liveSessions(main.id)).toEqual(['here', 'elsewhere']);

    expect(await service.update({ admin: main, sessionId: 'here' }, { ...input, oldPassword: 'Main-pass-123' }, IP)).toBeNull();
    expect(liveSessions(main.id)).toEqual(['here']);
    expect(published).toEqual([['elsewhere']]);
    const stored = fake.tables.admins.find((a) => a.id === main.id)!;
    expect(await verifyPassword(stored.passwordHash, 'Main-new-123')).toBe(true);
  });

  it('the old password is a guess, throttled like a sign-in: after five wrong ones it waits at this address, not at another', async () => {
    const input = { oldPassword: 'Wrong-pass-1', password: 'Main-new-123', confirmPassword: 'Main-new-123' };
    const me = { admin: main, sessionId: 'here' };
    for (let i = 0; i < 5; i++) await expect(service.update(me, input, IP)).rejects.toEqual(rejection(ErrorCode.OLD_PASSWORD_WRONG));
    await expect(service.update(me, { ...input, oldPassword: 'Main-pass-123' }, IP)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS, params: { seconds: 30 } }));
    expect(fake.tables.admins.find((a) => a.id === main.id)?.passwordHash).toBe(await MAIN_HASH);
    expect(await service.update(me, { ...input, oldPassword: 'Main-pass-123' }, '198.51.100.9')).toBeNull();
    clock += 30_000;
    await expect(service.update(me, input, IP)).rejects.toEqual(rejection(ErrorCode.OLD_PASSWORD_WRONG));
  });
});

describe('AdminService: deleting accounts', () => {
  it('ends the sessions and deletes the account; the login logs stay, closed', async () => {
    await signIn(sub, 's1');
    await service.remove(main, sub.id);
    expect(published).toEqual([['s1']]);
    expect(fake.tables.admins.map((a) => a.id)).toEqual([main.id]);
    expect(fake.tables.sessions).toEqual([]);
    expect(fake.tables.loginLogs).toEqual([expect.objectContaining({ adminId: null, account: 'sub@desk.io', logoutTime: expect.any(Date) })]);
    expect(fake.transactions.committed).toBe(1);
  });

  it('refuses itself, a main account and unknown ids', async () => {
    const otherMain = await addAccount('main2@desk.io', MAIN_ACCOUNT);
    await expect(service.remove(main, main.id)).rejects.toEqual(rejection(ErrorCode.CANNOT_CHANGE_SELF));
    await expect(service.remove(main, otherMain.id)).rejects.toEqual(rejection(ErrorCode.FORBIDDEN));
    await expect(service.remove(main, 999)).rejects.toEqual(rejection(ErrorCode.USER_NOT_FOUND));
    expect(fake.tables.admins).toHaveLength(3);
  });
});
