import { ErrorCode, MAIN_ACCOUNT } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlatforms, seedSimPairs } from '../services/seed.ts';
import { signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let adminToken: string;
let subToken: string;
let subId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  ({ id: subId, token: subToken } = await signUp(t, adminToken, 'sub@makerdesk.local'));
});
afterAll(() => t.close());

/** Through the API, as the main account would: the pair gate's cache is told of the change. */
async function setCoin(coinId: number, changes: { status?: 'enabled' | 'disabled'; endTimeStamp?: number | null }) {
  expect((await t.call('PUT', '/backend/coin/update', { token: adminToken, body: { coinId, ...changes } })).body.code).toBe(200);
}

describe('platforms and pairs', () => {
  it('lists the platforms with the simulator first, code sim', async () => {
    const res = await t.call('GET', '/backend/platform/list', { token: subToken });
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((p: { code: string }) => p.code)).toEqual(seedPlatforms.map((p) => p.code));
    // A restricted account: the platform's name and kind, without its API base.
    expect(res.body.data[0]).toEqual({ id: 1, name: 'MakerDesk Simulator', code: 'sim', sandbox: false });
    expect((await t.call('GET', '/backend/platform/list', { token: adminToken })).body.data[0]).toEqual({ id: 1, name: 'MakerDesk Simulator', code: 'sim', sandbox: false, apiBaseUrl: null, wsBaseUrl: null });
  });

  it('the main account sees every pair with coinId, coinName and endTimeStamp', async () => {
    const res = await t.call('GET', '/backend/coin/list', { token: adminToken });
    expect(res.body.data.map((c: { coinName: string }) => c.coinName)).toEqual(seedSimPairs);
    expect(res.body.data[0]).toEqual({ coinId: 1, coinName: 'BTC/USDT', platformId: 1, marketKind: 'spot', endTimeStamp: null, status: 'enabled', priceBand: '0.05' });
  });

  it('a restricted account sees only the pairs bound to it', async () => {
    expect((await t.call('GET', '/backend/coin/list', { token: subToken })).body.data).toEqual([]);
    const bind = await t.call('POST', '/backend/account-permissions/add', { token: adminToken, body: { adminId: subId, coinId: 2 } });
    expect(bind.body.data).toMatchObject({ adminId: subId, coinId: 2, coinName: 'ETH/USDT' });
    const again = await t.call('POST', '/backend/account-permissions/add', { token: adminToken, body: { adminId: subId, coinId: 2 } });
    expect(again.body.data.id).toBe(bind.body.data.id);
    const list = await t.call('GET', '/backend/coin/list', { token: subToken });
    expect(list.body.data.map((c: { coinName: string }) => c.coinName)).toEqual(['ETH/USDT']);
    const perms = await t.call('GET', `/backend/account-permissions/list?adminId=${subId}`, { token: adminToken });
    expect(perms.body.data).toHaveLength(1);
    expect(perms.body.data[0]).toMatchObject({ adminId: subId, coinId: 2, coinName: 'ETH/USDT' });
  });

  it('refuses bindings to unknown accounts or pairs, and bad payloads', async () => {
    expect((await t.call('POST', '/backend/account-permissions/add', { token: adminToken, body: { adminId: 9999, coinId: 1 } })).body.data.code).toBe(ErrorCode.USER_NOT_FOUND);
    expect((await t.call('POST', '/backend/account-permissions/add', { token: adminToken, body: { adminId: subId, coinId: 9999 } })).body.data.code).toBe(ErrorCode.PAIR_NOT_FOUND);
    const bad = await t.call('POST', '/backend/account-permissions/add', { token: adminToken, body: { adminId: 'x', coinId: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['adminId', 'coinId']);
  });
});

describe('the pair gate on pair-scoped calls', () => {
  it('answers the trading logs of a usable pair', async () => {
    const res = await t.call('GET', '/backend/tradingLog/list?coinId=1', { token: adminToken });
    expect(res.body).toMatchObject({ code: 200, data: { list: [], total: 0, current: 1, pageSize: 20 } });
  });

  it('a restricted account may not read a pair it is not bound to', async () => {
    const res = await t.call('GET', '/backend/tradingLog/list?coinId=1', { token: subToken });
    expect(res.status).toBe(403);
    expect(res.body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('GET', '/backend/tradingLog/list?coinId=2', { token: subToken })).body.code).toBe(200);
  });

  it('a disabled pair answers 3000401, an expired one 4000401, in both languages', async () => {
    await setCoin(3, { status: 'disabled' });
    const disabled = await t.call('GET', '/backend/tradingLog/list?coinId=3', { token: adminToken });
    expect(disabled.body).toMatchObject({ code: 3000401, data: { code: 3000401 } });
    expect(disabled.body.msg).toBe('This trading pair is temporarily unavailable, please choose another pair');

    await setCoin(4, { endTimeStamp: Date.now() - 60_000 });
    const expired = await t.call('GET', '/backend/tradingLog/list?coinId=4', { token: adminToken, lang: 'zh_CN' });
    expect(expired.body).toMatchObject({ code: 4000401, data: { code: 4000401 } });
    expect(expired.body.msg).toBe('该交易对服务已到期，请选择其他交易对');

    await setCoin(4, { endTimeStamp: Date.now() + 3_600_000 });
    expect((await t.call('GET', '/backend/tradingLog/list?coinId=4', { token: adminToken })).body.code).toBe(200);
    const listed = await t.call('GET', '/backend/coin/list', { token: adminToken });
    const coin4 = listed.body.data.find((c: { coinId: number }) => c.coinId === 4);
    expect(coin4.endTimeStamp).toBeGreaterThan(Date.now());
  });

  it('unknown pair and missing coinId are clear errors', async () => {
    expect((await t.call('GET', '/backend/tradingLog/list?coinId=999', { token: adminToken })).body.data.code).toBe(ErrorCode.PAIR_NOT_FOUND);
    const missing = await t.call('GET', '/backend/tradingLog/list', { token: adminToken });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('coinId');
  });

  it('the main account is main', async () => {
    const me = await t.call('GET', '/backend/admin/1', { token: adminToken });
    expect(me.body.data.mainAccountId).toBe(MAIN_ACCOUNT);
  });
});
