import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { addRestrictedAccount } from '../testing/accounts.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('POST /admin/login answers a token and the user info of the main account', async () => {
    const { status, body } = await t.call('POST', '/backend/admin/login', { body: { username: SEED_ADMIN_ACCOUNT, password: TEST_ADMIN_PASSWORD } });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.userInfo.admin).toMatchObject({ account: SEED_ADMIN_ACCOUNT, mainAccountId: MAIN_ACCOUNT, status: 'active' });
    expect(body.data.userInfo.admin).not.toHaveProperty('passwordHash');
    expect(body.data.userInfo.apiKey).toEqual([]);
  });

  it('GET /admin/login with query parameters works too, and the username is case-insensitive', async () => {
    const { body } = await t.call('GET', `/backend/admin/login?username=ADMIN@makerdesk.local&password=${TEST_ADMIN_PASSWORD}`);
    expect(body.code).toBe(200);
    expect(body.data.userInfo.admin.account).toBe(SEED_ADMIN_ACCOUNT);
  });

  it('a wrong password is a catalogue error in the envelope, localized by the lang header', async () => {
    const en = await t.call('POST', '/backend/admin/login', { body: { username: SEED_ADMIN_ACCOUNT, password: 'Wrong-pass-1' } });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 400, data: { code: ErrorCode.BAD_CREDENTIALS }, msg: 'Incorrect username or password' });
    const zh = await t.call('POST', '/backend/admin/login', { lang: 'zh_CN', body: { username: 'nobody@x.io', password: 'Wrong-pass-1' } });
    expect(zh.body.data.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(zh.body.msg).toBe('用户名或密码错误');
  });

  it('empty username and password are refused with the spec texts', async () => {
    const res = await t.call('POST', '/backend/admin/login', { body: { username: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain('username');
    expect(res.body.data.fields.map((f: { message: string }) => f.message)).toContain('Username can not be empty!');
  });

  it('malformed JSON is a clear 400 in the envelope', async () => {
    const raw = await t.app.inject({ method: 'POST', url: '/backend/admin/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ code: 400, data: { code: ErrorCode.INVALID_PARAMS } });
  });

  it('throttles repeated failures of an account at one address, even with the right password afterwards, in words', async () => {
    const account = 'throttled@makerdesk.local';
    await addRestrictedAccount(t, adminToken, account, { password: 'Right-pass-1' });
    const from = (remoteAddress: string, password: string, lang = 'en_US') =>
      t.app.inject({ method: 'POST', url: '/backend/admin/login', remoteAddress, headers: { lang }, payload: { username: account, password } });
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.61', 'Wrong-pass-1')).json().data.code).toBe(ErrorCode.BAD_CREDENTIALS);
    const blocked = await from('198.51.100.61', 'Right-pass-1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect(blocked.json()).toEqual({ code: 429, data: { code: ErrorCode.TOO_MANY_ATTEMPTS }, msg: 'Too many attempts, please try again in 30 seconds' });
    const zh = await from('198.51.100.61', 'Right-pass-1', 'zh_CN');
    expect(zh.json().msg).toMatch(/^尝试次数过多，请在(30|29)秒后重试$/);
  });
});

describe('tokens and sessions', () => {
  it('refuses a missing, malformed or forged token with 401', async () => {
    for (const token of [undefined, 'nope', `${adminToken.slice(0, -4)}AAAA`]) {
      const res = await t.call('GET', '/backend/admin/list', token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, data: { code: 401 } });
      expect(res.body.msg).toBe('Login has expired, please sign in again');
    }
  });

  it('logout revokes the token at once and stamps the logout time in the login log', async () => {
    const token = await t.login();
    expect((await t.call('GET', '/backend/coin/list', { token })).body.code).toBe(200);
    const out = await t.call('GET', '/backend/admin/logout', { token });
    expect(out.body.code).toBe(200);
    expect((await t.call('GET', '/backend/coin/list', { token })).status).toBe(401);
    const logs = await t.call('GET', '/backend/admin/loginLog/list?pageSize=100', { token: adminToken });
    const withLogout = logs.body.data.list.filter((l: { logoutTime: number | null }) => l.logoutTime !== null);
    expect(withLogout.length).toBeGreaterThanOrEqual(1);
  });
});

describe('accounts (main account)', () => {
  it('adds a restricted account, lists it, reads it, and refuses a duplicate', async () => {
    const user = await addRestrictedAccount(t, adminToken, 'alice@makerdesk.local', { employeeName: 'Sub Trader' });
    const list = await t.call('GET', '/backend/admin/list?account=alice', { token: adminToken });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ account: 'alice@makerdesk.local', mainAccountId: RESTRICTED_ACCOUNT, role: 'trader', employeeName: 'Sub Trader' });
    const one = await t.call('GET', `/backend/admin/${user.id}`, { token: adminToken });
    expect(one.body.data.account).toBe('alice@makerdesk.local');
    const dup = await t.call('POST', '/backend/admin/addUser', { token: adminToken, body: { account: 'Alice@makerdesk.local', role: 'trader', employeeName: 'x', password: 'Sub-pass-123' } });
    expect(dup.status).toBe(409);
    expect(dup.body.data.code).toBe(ErrorCode.ACCOUNT_CREATE_FAILED);
  });

  it('validates the new account: e-mail, password length, role', async () => {
    const bad = await t.call('POST', '/backend/admin/addUser', { token: adminToken, body: { account: 'not-an-email', role: 'trader', employeeName: 'x', password: 'Sub-pass-123' } });
    expect(bad.body.data.code).toBe(ErrorCode.EMAIL_INVALID);
    expect(bad.body.msg).toBe('Invalid email format');
    const short = await t.call('POST', '/backend/admin/addUser', { token: adminToken, body: { account: 'b@makerdesk.local', role: 'trader', employeeName: 'x', password: 'short' } });
    expect(short.body.data.code).toBe(ErrorCode.PASSWORD_LENGTH);
    const long = await t.call('POST', '/backend/admin/addUser', { token: adminToken, body: { account: 'b@makerdesk.local', role: 'trader', employeeName: 'x', password: 'a'.repeat(17) } });
    expect(long.body.data.code).toBe(ErrorCode.PASSWORD_LENGTH);
    const role = await t.call('POST', '/backend/admin/addUser', { token: adminToken, body: { account: 'b@makerdesk.local', role: 'god', employeeName: 'x', password: 'Sub-pass-123' } });
    expect(role.body.data.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(role.body.data.fields[0].field).toBe('role');
  });

  it('a restricted account is refused on main-account calls', async () => {
    await addRestrictedAccount(t, adminToken, 'bob@makerdesk.local', { password: 'Bob-pass-123' });
    const bob = await t.login('bob@makerdesk.local', 'Bob-pass-123');
    for (const [method, url, body] of [
      ['GET', '/backend/admin/list', undefined],
      ['GET', '/backend/admin/loginLog/list', undefined],
      ['POST', '/backend/admin/addUser', { account: 'x@makerdesk.local', role: 'trader', employeeName: 'x', password: 'Sub-pass-123' }],
      ['DELETE', '/backend/admin/1', undefined],
      ['GET', '/backend/account-permissions/list', undefined],
      ['POST', '/backend/account-permissions/add', { adminId: 1, coinId: 1 }],
      ['GET', '/backend/admin/1', undefined],
      ['PUT', '/backend/admin/update', { id: 1, status: 'suspended' }],
    ] as const) {
      const res = await t.call(method, url, { token: bob, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.data.code).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('suspending an account revokes its session at once with 2000401, and it cannot sign in', async () => {
    const user = await addRestrictedAccount(t, adminToken, 'carol@makerdesk.local', { password: 'Carol-pass-1' });
    const carol = await t.login('carol@makerdesk.local', 'Carol-pass-1');
    const edit = await t.call('PUT', '/backend/admin/update', { token: adminToken, body: { id: user.id, status: 'suspended', employeeName: 'Carol' } });
    expect(edit.body.data).toMatchObject({ status: 'suspended', employeeName: 'Carol' });
    const after = await t.call('GET', '/backend/coin/list', { token: carol });
    expect(after.status).toBe(401);
    // Signing in answers as a wrong password would: a suspended account does not tell its password is right.
    const login = await t.call('POST', '/backend/admin/login', { body: { username: 'carol@makerdesk.local', password: 'Carol-pass-1' } });
    expect(login.body).toEqual({ code: 400, data: { code: ErrorCode.BAD_CREDENTIALS }, msg: 'Incorrect username or password' });
  });

  it('a session whose account is suspended behind its back answers 2000401', async () => {
    const user = await addRestrictedAccount(t, adminToken, 'dave@makerdesk.local', { password: 'Dave-pass-12' });
    const dave = await t.login('dave@makerdesk.local', 'Dave-pass-12');
    const { admins } = await import('../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(admins).set({ status: 'suspended' }).where(eq(admins.id, user.id));
    const res = await t.call('GET', '/backend/coin/list', { token: dave });
    expect(res.body.code).toBe(2000401);
  });

  it('deleting an account revokes its token; the main account cannot delete itself', async () => {
    const user = await addRestrictedAccount(t, adminToken, 'erin@makerdesk.local', { password: 'Erin-pass-12' });
    const erin = await t.login('erin@makerdesk.local', 'Erin-pass-12');
    const del = await t.call('DELETE', `/backend/admin/${user.id}`, { token: adminToken });
    expect(del.body.code).toBe(200);
    expect((await t.call('GET', '/backend/coin/list', { token: erin })).status).toBe(401);
    expect((await t.call('GET', `/backend/admin/${user.id}`, { token: adminToken })).body.data.code).toBe(ErrorCode.USER_NOT_FOUND);
    const self = await t.call('DELETE', '/backend/admin/1', { token: adminToken });
    expect(self.body.data.code).toBe(ErrorCode.CANNOT_CHANGE_SELF);
    const missing = await t.call('DELETE', '/backend/admin/99999', { token: adminToken });
    expect(missing.status).toBe(404);
    const bad = await t.call('DELETE', '/backend/admin/abc', { token: adminToken });
    expect(bad.status).toBe(400);
  });
});

describe('passwords', () => {
  it('changes its own password: old one checked, confirmation must match, other sessions end', async () => {
    await addRestrictedAccount(t, adminToken, 'frank@makerdesk.local', { password: 'Frank-pass-1' });
    const first = await t.login('frank@makerdesk.local', 'Frank-pass-1');
    const second = await t.login('frank@makerdesk.local', 'Frank-pass-1');
    const wrongOld = await t.call('PUT', '/backend/admin/update', { token: first, body: { oldPassword: 'nope-nope', password: 'Frank-new-1', confirmPassword: 'Frank-new-1' } });
    expect(wrongOld.body.data.code).toBe(ErrorCode.OLD_PASSWORD_WRONG);
    const mismatch = await t.call('PUT', '/backend/admin/update', { token: first, body: { oldPassword: 'Frank-pass-1', password: 'Frank-new-1', confirmPassword: 'Frank-new-2' } });
    expect(mismatch.body.data.code).toBe(ErrorCode.PASSWORD_MISMATCH);
    const done = await t.call('PUT', '/backend/admin/update', { token: first, body: { oldPassword: 'Frank-pass-1', password: 'Frank-new-1', confirmPassword: 'Frank-new-1' } });
    expect(done.body.code).toBe(200);
    expect((await t.call('GET', '/backend/coin/list', { token: first })).status).toBe(200);
    expect((await t.call('GET', '/backend/coin/list', { token: second })).status).toBe(401);
    await expect(t.login('frank@makerdesk.local', 'Frank-pass-1')).rejects.toThrow();
    expect(await t.login('frank@makerdesk.local', 'Frank-new-1')).toBeTruthy();
  });

  it('forgot password: code by e-mail, verify, reset; wrong codes are limited', async () => {
    await addRestrictedAccount(t, adminToken, 'gina@makerdesk.local', { password: 'Gina-pass-12' });
    const gina = await t.login('gina@makerdesk.local', 'Gina-pass-12');
    const sent = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'sendCode', email: 'gina@makerdesk.local' } });
    expect(sent.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' });
    const mail = t.outbox.lastTo('gina@makerdesk.local');
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';

    const again = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'sendCode', email: 'gina@makerdesk.local' } });
    expect(again.body.data.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);

    const bad = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'verifyCode', email: 'gina@makerdesk.local', code: wrong } });
    expect(bad.body.data.code).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
    const ok = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'verifyCode', email: 'gina@makerdesk.local', code } });
    expect(ok.body.code).toBe(200);
    const mismatch = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'reset', email: 'gina@makerdesk.local', code, password: 'Gina-new-123', confirmPassword: 'Gina-new-124' } });
    expect(mismatch.body.data.code).toBe(ErrorCode.PASSWORD_MISMATCH);
    const reset = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'reset', email: 'gina@makerdesk.local', code, password: 'Gina-new-123', confirmPassword: 'Gina-new-123' } });
    expect(reset.body.code).toBe(200);
    expect((await t.call('GET', '/backend/coin/list', { token: gina })).status).toBe(401);
    expect(await t.login('gina@makerdesk.local', 'Gina-new-123')).toBeTruthy();
    const reused = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'reset', email: 'gina@makerdesk.local', code, password: 'Gina-new-999', confirmPassword: 'Gina-new-999' } });
    expect(reused.body.data.code).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
  });

  it('a code dies after five wrong attempts, and unknown e-mails get the same reply without a mail', async () => {
    await addRestrictedAccount(t, adminToken, 'hank@makerdesk.local', { password: 'Hank-pass-12' });
    await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'sendCode', email: 'hank@makerdesk.local' } });
    const code = t.outbox.lastTo('hank@makerdesk.local')?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'verifyCode', email: 'hank@makerdesk.local', code: wrong } });
    }
    const late = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'verifyCode', email: 'hank@makerdesk.local', code } });
    expect(late.body.data.code).toBe(ErrorCode.VERIFICATION_CODE_INVALID);

    const before = t.outbox.messages.length;
    const ghost = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'sendCode', email: 'ghost@makerdesk.local' } });
    expect(ghost.body.code).toBe(200);
    expect(t.outbox.messages.length).toBe(before);
    const badEmail = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'sendCode', email: 'ghost' } });
    expect(badEmail.body.data.code).toBe(ErrorCode.EMAIL_INVALID);
    const badAction = await t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'explode' } });
    expect(badAction.status).toBe(400);
  });
});

describe('login logs', () => {
  it('records time, IP and user agent of each sign-in, newest first, filterable by account', async () => {
    await t.app.inject({ method: 'POST', url: '/backend/admin/login', remoteAddress: '127.0.0.9', headers: { 'user-agent': 'LogTest/1.0' }, payload: { username: SEED_ADMIN_ACCOUNT, password: TEST_ADMIN_PASSWORD } });
    const res = await t.call('GET', `/backend/admin/loginLog/list?account=${encodeURIComponent(SEED_ADMIN_ACCOUNT)}&pageSize=5`, { token: adminToken });
    expect(res.body.code).toBe(200);
    const [latest] = res.body.data.list;
    expect(latest).toMatchObject({ account: SEED_ADMIN_ACCOUNT, loginIp: '127.0.0.9', userAgent: 'LogTest/1.0', logoutTime: null });
    expect(Math.abs(latest.loginTime - Date.now())).toBeLessThan(60_000);
    expect(res.body.data.pageSize).toBe(5);
    const bad = await t.call('GET', '/backend/admin/loginLog/list?pageSize=100000', { token: adminToken });
    expect(bad.body.data.code).toBe(ErrorCode.INVALID_PARAMS);
  });
});
