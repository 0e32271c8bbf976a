import { ErrorCode } from '@makerdesk/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, credentials, loginLogs, sessions } from '../db/schema.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { findNul } from './nul-guard.ts';

describe('findNul', () => {
  it('names the string or key holding U+0000 by its dotted path', () => {
    expect(findNul('a\u0000')).toBe('');
    expect(findNul({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toBe('b.c.1');
    expect(findNul({ outer: [{ 'k\u0000': 1 }] })).toBe('outer.0.k\u0000');
    expect(findNul({ a: 'x', b: ['y', { c: 'z' }], n: 1, t: true, none: null })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
    expect(findNul('\\u0000 spelled out is fine')).toBeUndefined();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)?.split('.')).toHaveLength(100_000);
  });
});

describe('input holding NUL characters', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const db = t.database.db;
    const [[a], [l], [s], [c]] = await Promise.all([
      db.select({ n: count() }).from(admins),
      db.select({ n: count() }).from(loginLogs),
      db.select({ n: count() }).from(sessions),
      db.select({ n: count() }).from(credentials),
    ]);
    return { admins: a?.n, loginLogs: l?.n, sessions: s?.n, credentials: c?.n };
  }

  function expectRefused(res: Awaited<ReturnType<TestApp['call']>>, field: string) {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      data: { code: ErrorCode.INVALID_PARAMS, fields: [{ field, message: 'Must not contain a NUL character' }] },
      msg: `Invalid parameters: ${field}: must not contain a NUL character`,
    });
  }

  it('refuses a NUL in the login query string, before any account is looked up', async () => {
    const before = await rowCounts();
    expectRefused(await t.call('GET', '/backend/admin/login?username=%00&password=x'), 'username');
    expectRefused(await t.call('GET', `/backend/admin/login?username=admin%40makerdesk.local%00&password=${TEST_ADMIN_PASSWORD}`), 'username');
    expectRefused(await t.call('GET', `/backend/admin/login?username=admin%40makerdesk.local&password=${TEST_ADMIN_PASSWORD}%00`), 'password');
    expect(await rowCounts()).toEqual(before);
  });

  it('answers in the caller’s language', async () => {
    const res = await t.call('GET', '/backend/admin/login?username=%00&password=x', { lang: 'zh_CN' });
    expect(res.body.msg).toBe('参数错误：username: must not contain a NUL character');
  });

  it('refuses a NUL in a JSON body field, at the top or nested in objects and arrays, and writes nothing', async () => {
    const user = { account: 'nul@makerdesk.local', role: 'trader', employeeName: 'Nul', password: 'Sub-pass-123' };
    const before = await rowCounts();
    expectRefused(await t.call('POST', '/backend/admin/addUser', { token, body: { ...user, employeeName: 'a\u0000b' } }), 'employeeName');
    expectRefused(await t.call('POST', '/backend/admin/addUser', { token, body: { ...user, profile: { tags: ['ok', 'a\u0000'] } } }), 'profile.tags.1');
    expectRefused(await t.call('POST', '/backend/admin/addUser', { token, body: { ...user, 'x\u0000': 1 } }), 'x\u0000');
    const key = { platformId: 1, apiKey: 'nul-key-1', secretKey: 'nul-secret-1', coinId: 1 };
    expectRefused(await t.call('POST', '/backend/credentials/add', { token, body: { ...key, hosts: ['203.0.113.7', '203.0.113.8\u0000'] } }), 'hosts.1');
    expectRefused(await t.call('POST', '/backend/credentials/add', { token, body: { ...key, memberId: '\u0000' } }), 'memberId');
    expect(await rowCounts()).toEqual(before);

    const clean = await t.call('POST', '/backend/admin/addUser', { token, body: user });
    expect(clean.body.code).toBe(200);
    expect((await rowCounts()).admins).toBe((before.admins ?? 0) + 1);
  });

  it('refuses a NUL in a path parameter', async () => {
    expectRefused(await t.call('GET', '/backend/notification/spot/BTC%00USDT/candles'), 'symbol');
    expectRefused(await t.call('GET', '/backend/admin/1%00', { token }), 'id');
    expect((await t.call('GET', '/backend/notification/spot/BTCUSDT/candles?limit=5')).body.code).toBe(200);
  });

  it('refuses a NUL in a header whose value is stored (the user agent of a sign-in)', async () => {
    const before = await rowCounts();
    const raw = await t.app.inject({
      method: 'POST',
      url: '/backend/admin/login',
      headers: { 'user-agent': 'Agent\u0000/1.0' },
      payload: { username: 'admin@makerdesk.local', password: TEST_ADMIN_PASSWORD },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().data).toEqual({ code: ErrorCode.INVALID_PARAMS, fields: [{ field: 'user-agent', message: 'Must not contain a NUL character' }] });
    expect(await rowCounts()).toEqual(before);
  });
});
