import { ErrorCode } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKey, signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The hot-path caches (caches/hot-caches.ts) answer at once for every change made through the API:
 * each case first makes a call that fills the cache, then changes the source, then expects the
 * very next call to see the change. Without the invalidation, the cached entry would answer.
 */
let t: TestApp;
let mainToken: string;
let account = 0;

const BTC = 1;
const ETH = 2;

beforeAll(async () => {
  t = await createTestApp();
  mainToken = await t.login();
});
afterAll(() => t.close());

/** A fresh restricted account, bound to BTC/USDT, signed in. */
async function restricted(): Promise<SignedInAccount> {
  account += 1;
  return signUp(t, mainToken, `cached${account}@makerdesk.local`, { coinIds: [BTC], employeeName: `Cached ${account}` });
}

async function me(token: string, id: number) {
  return t.call('GET', `/backend/admin/${id}`, { token });
}

describe('verified sessions', () => {
  it('logout: the same token answers 401 on the next call', async () => {
    const user = await restricted();
    expect((await me(user.token, user.id)).status).toBe(200);
    expect((await t.call('GET', '/backend/admin/logout', { token: user.token })).body.code).toBe(200);
    expect((await me(user.token, user.id)).status).toBe(401);
  });

  it('account deleted: its token answers 401 on the next call', async () => {
    const user = await restricted();
    expect((await me(user.token, user.id)).status).toBe(200);
    expect((await t.call('DELETE', `/backend/admin/${user.id}`, { token: mainToken })).body.code).toBe(200);
    expect((await me(user.token, user.id)).status).toBe(401);
  });

  it('account suspended or its password set by the main account: its token answers 401 on the next call', async () => {
    const suspended = await restricted();
    expect((await me(suspended.token, suspended.id)).status).toBe(200);
    expect((await t.call('PUT', '/backend/admin/update', { token: mainToken, body: { id: suspended.id, status: 'suspended' } })).body.code).toBe(200);
    expect((await me(suspended.token, suspended.id)).status).toBe(401);

    const reset = await restricted();
    expect((await me(reset.token, reset.id)).status).toBe(200);
    expect((await t.call('PUT', '/backend/admin/update', { token: mainToken, body: { id: reset.id, password: 'Other-pass-22' } })).body.code).toBe(200);
    expect((await me(reset.token, reset.id)).status).toBe(401);
  });

  it('an edited account is seen as edited by its own session on the next call', async () => {
    const user = await restricted();
    expect((await me(user.token, user.id)).body.data.employeeName).toBe(`Cached ${account}`);
    expect((await t.call('PUT', '/backend/admin/update', { token: mainToken, body: { id: user.id, employeeName: 'Renamed', role: 'viewer' } })).body.code).toBe(200);
    expect((await me(user.token, user.id)).body.data).toMatchObject({ employeeName: 'Renamed', role: 'viewer' });
  });

  it('changing one’s own password twice in a row: the second change checks against the first one’s password', async () => {
    const user = await restricted();
    const change = (oldPassword: string, password: string) => t.call('PUT', '/backend/admin/update', { token: user.token, body: { oldPassword, password, confirmPassword: password } });
    expect((await change(user.password, 'Second-pass-2')).body.code).toBe(200);
    expect((await change('Second-pass-2', 'Third-pass-33')).body.code).toBe(200);
    expect((await change(user.password, 'Fourth-pass-4')).body.data.code).toBe(ErrorCode.OLD_PASSWORD_WRONG);
  });
});

describe('venue sessions', () => {
  it('a key changed: the next call trades with the new key', async () => {
    const added = await t.call('POST', '/backend/credentials/add', { token: mainToken, body: { platformId: 1, apiKey: 'cache-key-a', secretKey: 'cache-secret-a', coinId: ETH } });
    expect(added.body.code).toBe(200);
    for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
    const book = (await t.call('GET', `/backend/order/orderBook?coinId=${ETH}`, { token: mainToken })).body.data;
    const price = book.bids.at(-1)[0] as string;
    const placed = await t.call('POST', '/backend/order/addOrder', { token: mainToken, body: { coinId: ETH, direction: 'buy', tradeType: 'limit', price, amount: '0.01' } });
    expect(placed.body.code).toBe(200);
    expect((await t.call('GET', `/backend/order/getOrders?coinId=${ETH}`, { token: mainToken })).body.data).toHaveLength(1);

    const updated = await t.call('PUT', '/backend/credentials/update', { token: mainToken, body: { id: added.body.data.id, apiKey: 'cache-key-b', secretKey: 'cache-secret-b' } });
    expect(updated.body.code).toBe(200);
    // Key B's account has no orders; key A's order is still resting on A's account.
    expect((await t.call('GET', `/backend/order/getOrders?coinId=${ETH}`, { token: mainToken })).body.data).toHaveLength(0);
    expect(await t.services.sim.localHost.venue.account('cache-key-a').fetchOpenOrders('ETH/USDT')).toHaveLength(1);
  });

  it('a key moved to another pair: the old pair has no key on the next call', async () => {
    const user = await restricted();
    expect((await t.call('POST', '/backend/account-permissions/add', { token: mainToken, body: { adminId: user.id, coinId: ETH } })).body.code).toBe(200);
    const added = await t.call('POST', '/backend/credentials/add', { token: user.token, body: { platformId: 1, apiKey: `cache-key-move-${user.id}`, secretKey: 'cache-secret-m', coinId: BTC } });
    expect(added.body.code).toBe(200);
    expect((await t.call('GET', `/backend/order/getOrders?coinId=${BTC}`, { token: user.token })).body.code).toBe(200);
    expect((await t.call('PUT', '/backend/credentials/update', { token: user.token, body: { id: added.body.data.id, coinId: ETH } })).body.code).toBe(200);
    expect((await t.call('GET', `/backend/order/getOrders?coinId=${BTC}`, { token: user.token })).body.data.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
  });
});

describe('platforms', () => {
  it('a platform added: the next list shows it', async () => {
    const list = async () => ((await t.call('GET', '/backend/platform/list', { token: mainToken })).body.data as { code: string }[]).map((p) => p.code);
    expect(await list()).not.toContain('kraken');
    expect((await t.call('POST', '/backend/platform/add', { token: mainToken, body: { name: 'Kraken', code: 'kraken' } })).body.code).toBe(200);
    expect(await list()).toContain('kraken');
  });
});

describe('pair gates', () => {
  it('a pair disabled, then expired, then enabled again: each next call answers accordingly', async () => {
    const user = await restricted();
    await importKey(t, user.token, { coinId: BTC, apiKey: `cache-key-gate-${user.id}`, secretKey: 'cache-secret-g' });
    const book = () => t.call('GET', `/backend/order/orderBook?coinId=${BTC}`, { token: user.token });
    const setPair = async (changes: { status?: 'enabled' | 'disabled'; endTimeStamp?: number | null }) =>
      expect((await t.call('PUT', '/backend/coin/update', { token: mainToken, body: { coinId: BTC, ...changes } })).body.code).toBe(200);
    expect((await book()).body.code).toBe(200);
    await setPair({ status: 'disabled' });
    expect((await book()).body.code).toBe(ErrorCode.PAIR_UNAVAILABLE);
    await setPair({ status: 'enabled', endTimeStamp: Date.now() - 1000 });
    expect((await book()).body.code).toBe(ErrorCode.PAIR_EXPIRED);
    await setPair({ endTimeStamp: null });
    expect((await book()).body.code).toBe(200);
  });

  it('a pair bound to an account: the next call is let through', async () => {
    const user = await restricted();
    const onEth = () => t.call('GET', `/backend/order/getOrders?coinId=${ETH}`, { token: user.token });
    expect((await onEth()).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('POST', '/backend/account-permissions/add', { token: mainToken, body: { adminId: user.id, coinId: ETH } })).body.code).toBe(200);
    expect((await onEth()).body.data.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
  });
});
