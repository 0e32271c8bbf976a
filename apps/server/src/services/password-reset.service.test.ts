import { randomBytes } from 'node:crypto';
import { ErrorCode, RESTRICTED_ACCOUNT, VERIFICATION_CODE_MAX_ATTEMPTS } from '@makerdesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryOutbox } from '../mail/mailer.ts';
import type { AdminRow } from '../domain/account.ts';
import { verifyPassword } from '../security/passwords.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { recordingRevocations } from '../testing/recording-revocations.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { ThrottleGate } from './throttle-gate.ts';

const EMAIL = 'gina@desk.io';
const CODE_KEY = randomBytes(32);
const invalidCode = expect.objectContaining({ code: ErrorCode.VERIFICATION_CODE_INVALID });

let fake: InMemoryRepositories;
let outbox: MemoryOutbox;
let service: PasswordResetService;
let gina: AdminRow;
let revocations: ReturnType<typeof recordingRevocations>;
let clock: number;

beforeEach(async () => {
  fake = createInMemoryRepositories();
  outbox = new MemoryOutbox();
  revocations = recordingRevocations();
  clock = Date.now();
  service = new PasswordResetService(fake.repos, outbox, CODE_KEY, revocations.bus, new ThrottleGate(fake.repos, CODE_KEY, () => clock), { now: () => clock });
  gina = (await fake.repos.admins.insert({ account: EMAIL, passwordHash: 'old-hash', role: 'trader', employeeName: 'Gina', mainAccountId: RESTRICTED_ACCOUNT }))!;
});

async function sendCode(ip = '198.51.100.1'): Promise<string> {
  expect(await service.step({ action: 'sendCode', email: EMAIL }, ip)).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' });
  await service.idle();
  const code = outbox.lastTo(EMAIL)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code mailed');
  return code;
}

function wrong(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function signIn(id: string): Promise<void> {
  const loginLogId = await fake.repos.sessions.insertLoginLog({ adminId: gina.id, account: EMAIL, loginTime: new Date(), loginIp: '10.0.0.1', userAgent: null });
  await fake.repos.sessions.insertSession({ id, adminId: gina.id, loginLogId, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) });
}

describe('PasswordResetService', () => {
  it('mails a 6-digit code and stores only its keyed hash', async () => {
    const code = await sendCode();
    expect(fake.tables.resetCodes).toHaveLength(1);
    expect(fake.tables.resetCodes[0]).toMatchObject({ adminId: gina.id, attempts: 0, consumedAt: null });
    expect(fake.tables.resetCodes[0]?.subject).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(fake.tables.resetCodes)).not.toContain(EMAIL);
    expect(fake.tables.resetCodes[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(fake.tables.resetCodes)).not.toContain(code);
  });

  it('says the code goes to the server log when no mail server is set, for known and unknown e-mails alike', async () => {
    const logged: unknown[] = [];
    const logOnly = new PasswordResetService(fake.repos, { delivery: 'serverLog', send: async (m) => void logged.push(m) }, CODE_KEY, revocations.bus, new ThrottleGate(fake.repos, CODE_KEY, () => clock), { now: () => clock });
    expect(await logOnly.step({ action: 'sendCode', email: EMAIL }, '198.51.100.9')).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'serverLog' });
    expect(await logOnly.step({ action: 'sendCode', email: 'ghost@desk.io' }, '198.51.100.9')).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'serverLog' });
    await logOnly.idle();
    expect(logged).toEqual([expect.objectContaining({ to: EMAIL })]);
  });

  it('answers the same for unknown and suspended accounts, without a mail, and files a decoy code for each', async () => {
    await fake.repos.admins.update(gina.id, { status: 'suspended' });
    expect(await service.step({ action: 'sendCode', email: EMAIL }, '198.51.100.1')).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' });
    expect(await service.step({ action: 'sendCode', email: 'ghost@desk.io' }, '198.51.100.1')).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' });
    await service.idle();
    expect(outbox.messages).toEqual([]);
    expect(fake.tables.resetCodes).toEqual([expect.objectContaining({ adminId: null, attempts: 0 }), expect.objectContaining({ adminId: null, attempts: 0 })]);
    expect(new Set(fake.tables.resetCodes.map((c) => c.subject)).size).toBe(2);
    expect(JSON.stringify(fake.tables.resetCodes)).not.toContain('ghost');
  });

  it('no guess verifies a decoy, and each guess counts against it as against a real code', async () => {
    await service.step({ action: 'sendCode', email: 'ghost@desk.io' }, '198.51.100.1');
    for (const code of ['000000', '123456', '999999']) {
      await expect(service.step({ action: 'verifyCode', email: 'ghost@desk.io', code }, '')).rejects.toEqual(invalidCode);
    }
    expect(fake.tables.resetCodes[0]?.attempts).toBe(3);
  });

  it('a code mailed to an account that is suspended afterwards no longer verifies', async () => {
    const code = await sendCode();
    await fake.repos.admins.update(gina.id, { status: 'suspended' });
    await expect(service.step({ action: 'verifyCode', email: EMAIL, code }, '')).rejects.toEqual(invalidCode);
  });

  it('refuses a resend within the resend delay, from any address, and allows it after', async () => {
    await sendCode();
    await expect(service.step({ action: 'sendCode', email: EMAIL }, '198.51.100.2')).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS, params: { seconds: 60 } }));
    expect(outbox.messages).toHaveLength(1);
    clock += 60_000;
    await sendCode('198.51.100.2');
    expect(outbox.messages).toHaveLength(2);
  });

  it('one address asking for codes to many e-mails slows down after ten (a minute, doubling); another address does not', async () => {
    for (let i = 0; i < 10; i++) await service.step({ action: 'sendCode', email: `x${i}@desk.io` }, '198.51.100.3');
    await expect(service.step({ action: 'sendCode', email: EMAIL }, '198.51.100.3')).rejects.toEqual(expect.objectContaining({ code: ErrorCode.TOO_MANY_ATTEMPTS, params: { seconds: 60 } }));
    await sendCode('198.51.100.4');
  });

  it('the mail goes out after the reply, and a failing mail server fails no reply', async () => {
    const sent: string[] = [];
    const errors: unknown[] = [];
    const gate = new ThrottleGate(fake.repos, CODE_KEY, () => clock);
    const slow = { send: async (m: { to: string }) => void (await new Promise((r) => setTimeout(r, 50)), sent.push(m.to)) };
    service = new PasswordResetService(fake.repos, slow, CODE_KEY, revocations.bus, gate, { now: () => clock });
    await service.step({ action: 'sendCode', email: EMAIL }, '198.51.100.5');
    expect(sent).toEqual([]);
    await service.idle();
    expect(sent).toEqual([EMAIL]);

    const failing = { send: () => Promise.reject(new Error('smtp down')) };
    service = new PasswordResetService(fake.repos, failing, CODE_KEY, revocations.bus, gate, { now: () => clock, log: { error: (obj) => errors.push(obj) } });
    clock += 60_000;
    expect(await service.step({ action: 'sendCode', email: EMAIL }, '198.51.100.5')).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' });
    await service.idle();
    expect(errors).toEqual([{ err: 'smtp down' }]);
  });

  it('counts wrong codes, and after the limit even the right code is refused', async () => {
    const code = await sendCode();
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++) {
      await expect(service.step({ action: 'verifyCode', email: EMAIL, code: wrong(code) }, '')).rejects.toEqual(invalidCode);
    }
    expect(fake.tables.resetCodes[0]?.attempts).toBe(VERIFICATION_CODE_MAX_ATTEMPTS);
    await expect(service.step({ action: 'verifyCode', email: EMAIL, code }, '')).rejects.toEqual(invalidCode);
  });

  it('a newer code replaces the earlier one', async () => {
    const first = await sendCode('198.51.100.1');
    clock += 60_000;
    const second = await sendCode('198.51.100.1');
    expect(fake.tables.resetCodes.map((c) => c.consumedAt === null)).toEqual([false, true]);
    if (first !== second) await expect(service.step({ action: 'verifyCode', email: EMAIL, code: first }, '')).rejects.toEqual(invalidCode);
    expect(await service.step({ action: 'verifyCode', email: EMAIL, code: second }, '')).toBeNull();
  });

  it('reset sets the password, spends the code and ends every session, all at once', async () => {
    await signIn('phone');
    await signIn('laptop');
    const code = await sendCode();
    expect(await service.step({ action: 'verifyCode', email: EMAIL, code }, '')).toBeNull();
    expect(await service.step({ action: 'reset', email: EMAIL, code, password: 'Gina-new-123', confirmPassword: 'Gina-new-123' }, '')).toBeNull();

    const stored = fake.tables.admins.find((a) => a.id === gina.id)!;
    expect(await verifyPassword(stored.passwordHash, 'Gina-new-123')).toBe(true);
    expect(fake.tables.resetCodes[0]?.consumedAt).toBeInstanceOf(Date);
    expect(fake.tables.sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect(fake.tables.loginLogs.every((l) => l.logoutTime !== null)).toBe(true);
    expect(revocations.published).toEqual([['phone', 'laptop']]);
    await expect(service.step({ action: 'reset', email: EMAIL, code, password: 'Gina-new-999', confirmPassword: 'Gina-new-999' }, '')).rejects.toEqual(invalidCode);
  });

  it('when ending the sessions fails, the password and the code stay as they were', async () => {
    await signIn('phone');
    const code = await sendCode();
    fake.repos.sessions.revokeAllSessions = async () => {
      throw new Error('connection lost');
    };
    await expect(service.step({ action: 'reset', email: EMAIL, code, password: 'Gina-new-123', confirmPassword: 'Gina-new-123' }, '')).rejects.toThrow('connection lost');
    expect(fake.tables.admins.find((a) => a.id === gina.id)?.passwordHash).toBe('old-hash');
    expect(fake.tables.resetCodes[0]?.consumedAt).toBeNull();
    expect(fake.tables.sessions[0]?.revokedAt).toBeNull();
    expect(revocations.published).toEqual([]);
  });

  it('a code another reset spent in the meantime is refused, and this reset changes nothing', async () => {
    const code = await sendCode();
    const consume = fake.repos.passwordResets.consumeCode;
    fake.repos.passwordResets.consumeCode = async (id, at) => {
      await consume(id, at); // the racing reset, a moment earlier
      return consume(id, at);
    };
    await expect(service.step({ action: 'reset', email: EMAIL, code, password: 'Gina-new-123', confirmPassword: 'Gina-new-123' }, '')).rejects.toEqual(invalidCode);
    expect(fake.tables.admins.find((a) => a.id === gina.id)?.passwordHash).toBe('old-hash');
  });
});
