/**
 * Password guessing, tried as an attacker would: the throttle slows the guesser at its address and
 * never locks the real user (the main account included) out from another; it counts per client
 * address as a trusted proxy names it and ignores X-Forwarded-For from anyone else; it covers every
 * password check; it lives in the database, so a restart does not reset it.
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { addRestrictedAccount } from '../testing/accounts.ts';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});
afterAll(() => t.close());

function signIn(app: TestApp, username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'POST', url: '/backend/admin/login', remoteAddress, headers, payload: { username, password } }).then((res) => ({ status: res.statusCode, body: res.json() }));
}

/** The data.code of each answer, in order. */
async function codesOf(attempts: Promise<{ body: { data: { code?: number } | null; code: number } }>[]): Promise<number[]> {
  return (await Promise.all(attempts)).map((a) => a.body.data?.code ?? a.body.code);
}

describe('sign-in throttle, per account and address', () => {
  it('an attacker at one address does not lock the real user out from another', async () => {
    await addRestrictedAccount(t, adminToken, 'victim@makerdesk.local', { password: 'Victim-pass-1' });
    const guesses: number[] = [];
    for (let i = 0; i < 8; i++) guesses.push(...(await codesOf([signIn(t, 'victim@makerdesk.local', `Guess-pass-${i}`, '198.51.100.10')])));
    expect(guesses).toEqual([...Array(5).fill(ErrorCode.BAD_CREDENTIALS), ...Array(3).fill(ErrorCode.TOO_MANY_ATTEMPTS)]);
    const real = await signIn(t, 'victim@makerdesk.local', 'Victim-pass-1', '203.0.113.10');
    expect(real.body.code).toBe(200);
  });

  it('the main account stays reachable from a new address whatever one address throws at it', async () => {
    const flood = await codesOf(Array.from({ length: 40 }, (_, i) => signIn(t, SEED_ADMIN_ACCOUNT, `Flood-pass-${i}`, '198.51.100.11')));
    expect(flood.filter((c) => c === ErrorCode.BAD_CREDENTIALS)).toHaveLength(5);
    expect(flood.filter((c) => c === ErrorCode.TOO_MANY_ATTEMPTS)).toHaveLength(35);
    const admin = await signIn(t, SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD, '203.0.113.11');
    expect(admin.status).toBe(200);
    expect(admin.body.data.userInfo.admin.account).toBe(SEED_ADMIN_ACCOUNT);
  });

  it('parallel guesses cannot slip past the count: five answers, the rest wait', async () => {
    await addRestrictedAccount(t, adminToken, 'racer@makerdesk.local', { password: 'Racer-pass-1' });
    const codes = await codesOf(Array.from({ length: 20 }, (_, i) => signIn(t, 'racer@makerdesk.local', `Race-pass-${i}`, '198.51.100.13')));
    expect(codes.filter((c) => c === ErrorCode.BAD_CREDENTIALS)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.TOO_MANY_ATTEMPTS)).toHaveLength(15);
  });

  it('an address spraying many accounts slows down after 30 failures, for every account there; other addresses do not', async () => {
    for (let i = 0; i < 30; i++) expect((await signIn(t, `spray${i}@makerdesk.local`, 'Spray-pass-1', '198.51.100.12')).body.data.code).toBe(ErrorCode.BAD_CREDENTIALS);
    const there = await signIn(t, SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD, '198.51.100.12');
    expect(there.status).toBe(429);
    expect(there.body.data.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    expect((await signIn(t, SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD, '203.0.113.12')).body.code).toBe(200);
  });

  it('the throttle answer is in words, in English and Chinese, with the seconds left', async () => {
    const en = await signIn(t, 'victim@makerdesk.local', 'Victim-pass-1', '198.51.100.10', { lang: 'en_US' });
    expect(en.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    const zh = await signIn(t, 'victim@makerdesk.local', 'Victim-pass-1', '198.51.100.10', { lang: 'zh_CN' });
    expect(zh.body.msg).toMatch(/^尝试次数过多，请在\d+秒后重试$/);
  });

  it('without trusted proxies, X-Forwarded-For is ignored: a new forged address per guess changes nothing', async () => {
    await addRestrictedAccount(t, adminToken, 'forged@makerdesk.local', { password: 'Forged-pass-1' });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push(...(await codesOf([signIn(t, 'forged@makerdesk.local', 'Wrong-pass-1', '198.51.100.14', { 'x-forwarded-for': `203.0.113.${100 + i}` })])));
    expect(codes).toEqual([...Array(5).fill(ErrorCode.BAD_CREDENTIALS), ...Array(2).fill(ErrorCode.TOO_MANY_ATTEMPTS)]);
  });
});

describe('every password check is throttled', () => {
  it('PUT /admin/update: old-password guesses wait after five, even the right one; the password is unchanged; another address is not concerned', async () => {
    await addRestrictedAccount(t, adminToken, 'changer@makerdesk.local', { password: 'Change-pass-1' });
    const token = await t.login('changer@makerdesk.local', 'Change-pass-1');
    const change = (oldPassword: string, remoteAddress: string) =>
      t.app
        .inject({ method: 'PUT', url: '/backend/admin/update', remoteAddress, headers: { authorization: `Bearer ${token}` }, payload: { oldPassword, password: 'Change-new-1', confirmPassword: 'Change-new-1' } })
        .then((res) => ({ status: res.statusCode, body: res.json() }));
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(...(await codesOf([change(`Guess-old-${i}`, '198.51.100.15')])));
    expect(codes).toEqual(Array(5).fill(ErrorCode.OLD_PASSWORD_WRONG));
    const blocked = await change('Change-pass-1', '198.51.100.15');
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    expect(await t.login('changer@makerdesk.local', 'Change-pass-1')).toBeTruthy();
    expect((await change('Change-pass-1', '203.0.113.15')).body.code).toBe(200);
  });

  it('sign-in and password change share the count: guesses on one form are not fresh on the other', async () => {
    await addRestrictedAccount(t, adminToken, 'shared@makerdesk.local', { password: 'Shared-pass-1' });
    const token = await t.login('shared@makerdesk.local', 'Shared-pass-1');
    for (let i = 0; i < 5; i++) await signIn(t, 'shared@makerdesk.local', 'Wrong-pass-1', '198.51.100.16');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/backend/admin/update',
      remoteAddress: '198.51.100.16',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'Wrong-pass-2', password: 'Shared-new-1', confirmPassword: 'Shared-new-1' },
    });
    expect(res.json().data.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
  });
});

describe('a suspended account', () => {
  it('answers a right and a wrong password identically: status, code and words', async () => {
    const { id } = await addRestrictedAccount(t, adminToken, 'paused@makerdesk.local', { password: 'Paused-pass-1' });
    expect((await t.call('PUT', '/backend/admin/update', { token: adminToken, body: { id, status: 'suspended' } })).body.code).toBe(200);
    const right = await signIn(t, 'paused@makerdesk.local', 'Paused-pass-1', '198.51.100.17');
    const wrong = await signIn(t, 'paused@makerdesk.local', 'Wrong-pass-1', '198.51.100.18');
    const unknown = await signIn(t, 'nobody-here@makerdesk.local', 'Paused-pass-1', '198.51.100.19');
    expect(right).toEqual(wrong);
    expect(right).toEqual(unknown);
    expect(right).toEqual({ status: 400, body: { code: 400, data: { code: ErrorCode.BAD_CREDENTIALS }, msg: 'Incorrect username or password' } });
  });
});

describe('behind a trusted proxy (MAKERDESK_TRUSTED_PROXIES)', () => {
  let proxied: TestApp;
  let token: string;
  const PROXY = '10.0.0.1';

  beforeAll(async () => {
    proxied = await createTestApp({ trustedProxies: [PROXY] });
    token = await proxied.login();
    await addRestrictedAccount(proxied, token, 'behind@makerdesk.local', { password: 'Behind-pass-1' });
  });
  afterAll(() => proxied.close());

  it("counts the client the proxy names: an attacker behind it does not lock out a user behind it, and the login log keeps the user's address", async () => {
    const attacker = { 'x-forwarded-for': '198.51.100.20' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(...(await codesOf([signIn(proxied, 'behind@makerdesk.local', 'Wrong-pass-1', PROXY, attacker)])));
    expect(codes).toEqual([...Array(5).fill(ErrorCode.BAD_CREDENTIALS), ErrorCode.TOO_MANY_ATTEMPTS]);

    const user = await signIn(proxied, 'behind@makerdesk.local', 'Behind-pass-1', PROXY, { 'x-forwarded-for': '203.0.113.20' });
    expect(user.body.code).toBe(200);
    const logs = await proxied.call('GET', '/backend/admin/loginLog/list?account=behind&pageSize=10', { token });
    expect(logs.body.data.list.map((l: { loginIp: string }) => l.loginIp)).toEqual(['203.0.113.20']);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    await addRestrictedAccount(proxied, token, 'direct@makerdesk.local', { password: 'Direct-pass-1' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(...(await codesOf([signIn(proxied, 'direct@makerdesk.local', 'Wrong-pass-1', '192.0.2.30', { 'x-forwarded-for': `203.0.113.${50 + i}` })])));
    expect(codes).toEqual([...Array(5).fill(ErrorCode.BAD_CREDENTIALS), ErrorCode.TOO_MANY_ATTEMPTS]);

    expect((await signIn(proxied, SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD, '192.0.2.31', { 'x-forwarded-for': '203.0.113.99' })).body.code).toBe(200);
    const logs = await proxied.call('GET', `/backend/admin/loginLog/list?account=${SEED_ADMIN_ACCOUNT}&pageSize=1`, { token });
    expect(logs.body.data.list[0].loginIp).toBe('192.0.2.31');
  });
});

describe('reset-code guesses, per address', () => {
  const step = (remoteAddress: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/backend/admin/updatePassword', remoteAddress, payload }).then((res) => res.json() as { code: number; data: { code?: number } | null });

  it('an address guessing codes over many e-mails waits after twenty wrong ones, the right code included; another address is not concerned; right codes are not counted', async () => {
    await addRestrictedAccount(t, adminToken, 'guessed@makerdesk.local', { password: 'Guessed-pass-1' });
    expect((await step('198.51.100.60', { action: 'sendCode', email: 'guessed@makerdesk.local' })).code).toBe(200);
    await t.services.passwordReset.idle();
    const code = t.outbox.lastTo('guessed@makerdesk.local')?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // Right codes from the sprayer's address before the spray are not counted against it.
    for (let i = 0; i < 3; i++) expect((await step('198.51.100.61', { action: 'verifyCode', email: 'guessed@makerdesk.local', code })).code).toBe(200);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await step('198.51.100.61', { action: 'verifyCode', email: `nobody${i}@makerdesk.local`, code: wrong });
      answers.push(res.data?.code ?? res.code);
    }
    expect(new Set(answers), 'twenty wrong guesses are answered as wrong').toEqual(new Set([ErrorCode.VERIFICATION_CODE_INVALID]));
    const blocked = await step('198.51.100.61', { action: 'verifyCode', email: 'guessed@makerdesk.local', code });
    expect(blocked.data?.code ?? blocked.code, 'the 21st waits, even a right code').toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    const reset = await step('198.51.100.61', { action: 'reset', email: 'guessed@makerdesk.local', code, password: 'Guessed-new-1', confirmPassword: 'Guessed-new-1' });
    expect(reset.data?.code ?? reset.code, 'the reset step waits too').toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    expect((await step('198.51.100.62', { action: 'verifyCode', email: 'guessed@makerdesk.local', code })).code, 'another address').toBe(200);
  });
});

describe('across a restart', () => {
  it('the sign-in and code-sending throttles are still there when the server starts again on the same database', async () => {
    const scratch = await scratchDatabase(suiteDatabaseUrl());
    const masterKey = randomBytes(32);
    try {
      const firstDb = await openDatabase(scratch.target);
      const first = await createTestApp({ database: firstDb, masterKey });
      for (let i = 0; i < 5; i++) await signIn(first, SEED_ADMIN_ACCOUNT, 'Wrong-pass-1', '198.51.100.40');
      const sent = await first.app.inject({ method: 'PUT', url: '/backend/admin/updatePassword', remoteAddress: '198.51.100.41', payload: { action: 'sendCode', email: SEED_ADMIN_ACCOUNT } });
      expect(sent.json().code).toBe(200);
      await first.close();
      await firstDb.close();

      const secondDb = await openDatabase(scratch.target);
      const second = await createTestApp({ database: secondDb, masterKey });
      try {
        const again = await signIn(second, SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD, '198.51.100.40');
        expect(again.body.data.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
        const resend = await second.app.inject({ method: 'PUT', url: '/backend/admin/updatePassword', remoteAddress: '198.51.100.42', payload: { action: 'sendCode', email: SEED_ADMIN_ACCOUNT } });
        expect(resend.json().data.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
        expect((await signIn(second, SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD, '203.0.113.40')).body.code).toBe(200);
      } finally {
        await second.close();
        await secondDb.close();
      }
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});
