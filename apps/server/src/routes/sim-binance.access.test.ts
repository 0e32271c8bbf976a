/**
 * Who may use a simulator key through the Binance-compatible API, tried as an attacker would,
 * through the server's real facade (PGlite, or PostgreSQL with DATABASE_URL):
 * - a key dies with its credential and its account: deleting or suspending the account, removing
 *   the credential, or replacing the key in it refuses the old key at once, on every call;
 * - a key trades only the pairs its account may use, and answers only from its bound addresses.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, credentials } from '../db/schema.ts';
import { importKey, signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SIM_BINANCE_PREFIX } from './sim-binance.routes.ts';

const REJECTED = { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } };
const NOT_PERMITTED = 'This symbol is not permitted for this account.';

let t: TestApp;
let mainToken: string;
let coinIds: Record<string, number>;
let simPlatformId: number;

interface Answer {
  status: number;
  body: unknown;
}

interface Call {
  secret?: string;
  /** The caller's socket address (inject's remoteAddress); 127.0.0.1 by default. */
  from?: string;
  headers?: Record<string, string>;
}

/** A signed call as a Binance client makes it: the parameters in the query (the body for POST). */
async function signed(apiKey: string, secret: string, method: 'GET' | 'POST' | 'DELETE', path: string, params = '', call: Call = {}): Promise<Answer> {
  const stamped = `${params ? `${params}&` : ''}timestamp=${Date.now()}`;
  const payload = `${stamped}&signature=${createHmac('sha256', call.secret ?? secret).update(stamped).digest('hex')}`;
  const url = `${SIM_BINANCE_PREFIX}/${path}${method === 'POST' ? '' : `?${payload}`}`;
  const headers = { 'x-mbx-apikey': apiKey, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...call.headers };
  const res = await t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload } : {}), ...(call.from ? { remoteAddress: call.from } : {}) });
  return { status: res.statusCode, body: res.json() };
}

/** A public call that carries a key anyway. */
async function publicWithKey(apiKey: string, path: string, call: Call = {}): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: `${SIM_BINANCE_PREFIX}/${path}`, headers: { 'x-mbx-apikey': apiKey }, ...(call.from ? { remoteAddress: call.from } : {}) });
  return { status: res.statusCode, body: res.json() };
}

/** A resting limit buy 2% under the best bid, as a Binance order's parameters. */
function restingBuy(symbol: string, clientOrderId: string): string {
  const unified = `${symbol.replace(/USDT$/, '')}/USDT`;
  const market = t.services.sim.localHost.venue.markets().find((m) => m.symbol === unified)!;
  const book = t.services.sim.localHost.venue.referenceBook(unified, 1);
  const price = (Number(book.bids[0]![0]) * 0.98).toFixed(market.pricePrecision);
  const quantity = (Number(market.minNotional) * 3) / Number(price);
  return `symbol=${symbol}&side=BUY&type=LIMIT&timeInForce=GTC&quantity=${quantity.toFixed(market.amountPrecision)}&price=${price}&newClientOrderId=${clientOrderId}`;
}

/** A restricted account bound to `pairs`, signed in. */
const restrictedAccount = (account: string, pairs: string[]) => signUp(t, mainToken, account, { coinIds: pairs.map((pair) => coinIds[pair]!) });

/** Imports a simulator key as the console does; answers the credential's id. */
const importSimKey = (token: string, apiKey: string, secretKey: string, pair: string, hosts: string[] = []) =>
  importKey(t, token, { platformId: simPlatformId, coinId: coinIds[pair]!, apiKey, secretKey, hosts });

const openOrdersOf = async (apiKey: string, symbol: string) => (await t.services.sim.localHost.venue.account(apiKey).fetchOpenOrders(symbol)).map((o) => o.clientOrderId);

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 15; i++) t.services.sim.localHost.venue.step();
  mainToken = await t.login();
  simPlatformId = (await t.call('GET', '/backend/platform/list', { token: mainToken })).body.data.find((p: { code: string }) => p.code === 'sim').id;
  const rows = await t.database.db.select().from(coins).where(eq(coins.platformId, simPlatformId));
  coinIds = Object.fromEntries(rows.map((r) => [r.coinName, r.id]));
});
afterAll(() => t.close());

describe('a key dies with its account and its credential', () => {
  it('a deleted account’s key is refused at once on every call, public ones with the key included, and places nothing', async () => {
    const user = await restrictedAccount('deleted@desk.io', ['BTC/USDT']);
    await importSimKey(user.token, 'key-of-deleted', 'secret-of-deleted', 'BTC/USDT');
    expect((await signed('key-of-deleted', 'secret-of-deleted', 'POST', 'order', restingBuy('BTCUSDT', 'before1'))).status).toBe(200);

    expect((await t.call('DELETE', `/backend/admin/${user.id}`, { token: mainToken })).body.code).toBe(200);
    const key = ['key-of-deleted', 'secret-of-deleted'] as const;
    expect(await signed(...key, 'POST', 'order', restingBuy('BTCUSDT', 'after1'))).toEqual(REJECTED);
    expect(await signed(...key, 'POST', 'order/test', restingBuy('BTCUSDT', 'after2'))).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'account')).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'openOrders')).toEqual(REJECTED);
    expect(await signed(...key, 'DELETE', 'openOrders', 'symbol=BTCUSDT')).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'myTrades', 'symbol=BTCUSDT')).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'capital/config/getall')).toEqual(REJECTED);
    expect(await publicWithKey('key-of-deleted', 'depth?symbol=BTCUSDT')).toEqual(REJECTED);
    expect(await publicWithKey('key-of-deleted', 'exchangeInfo')).toEqual(REJECTED);
    expect(await openOrdersOf('key-of-deleted', 'BTC/USDT')).toEqual(['before1']);
    // Public data stays public without a key.
    expect((await t.app.inject({ method: 'GET', url: `${SIM_BINANCE_PREFIX}/depth?symbol=BTCUSDT` })).statusCode).toBe(200);
  });

  it('a suspended account’s key is refused at once; reinstated, the account has its key back', async () => {
    const user = await restrictedAccount('suspended@desk.io', ['BTC/USDT']);
    await importSimKey(user.token, 'key-of-suspended', 'secret-of-suspended', 'BTC/USDT');
    const key = ['key-of-suspended', 'secret-of-suspended'] as const;
    expect((await signed(...key, 'GET', 'account')).status).toBe(200);

    expect((await t.call('PUT', '/backend/admin/update', { token: mainToken, body: { id: user.id, status: 'suspended' } })).body.code).toBe(200);
    expect(await signed(...key, 'POST', 'order', restingBuy('BTCUSDT', 'while-suspended'))).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'account')).toEqual(REJECTED);
    expect(await publicWithKey('key-of-suspended', 'ticker/price?symbol=BTCUSDT')).toEqual(REJECTED);
    expect(await openOrdersOf('key-of-suspended', 'BTC/USDT')).toEqual([]);

    expect((await t.call('PUT', '/backend/admin/update', { token: mainToken, body: { id: user.id, status: 'active' } })).body.code).toBe(200);
    expect((await signed(...key, 'POST', 'order', restingBuy('BTCUSDT', 'reinstated'))).status).toBe(200);
  });

  it('a key replaced in its credential is refused at once; the new key answers', async () => {
    const user = await restrictedAccount('rotates@desk.io', ['BTC/USDT']);
    const id = await importSimKey(user.token, 'key-before-rotation', 'secret-before-rotation', 'BTC/USDT');
    expect((await signed('key-before-rotation', 'secret-before-rotation', 'GET', 'account')).status).toBe(200);

    const rotated = await t.call('PUT', '/backend/credentials/update', { token: user.token, body: { id, apiKey: 'key-after-rotation', secretKey: 'secret-after-rotation' } });
    expect(rotated.body.code).toBe(200);
    expect(await signed('key-before-rotation', 'secret-before-rotation', 'GET', 'account')).toEqual(REJECTED);
    expect(await signed('key-before-rotation', 'secret-before-rotation', 'POST', 'order', restingBuy('BTCUSDT', 'old-key'))).toEqual(REJECTED);
    expect(await publicWithKey('key-before-rotation', 'depth?symbol=BTCUSDT')).toEqual(REJECTED);
    expect((await signed('key-after-rotation', 'secret-after-rotation', 'POST', 'order', restingBuy('BTCUSDT', 'new-key'))).status).toBe(200);
    expect(await openOrdersOf('key-before-rotation', 'BTC/USDT')).toEqual([]);
  });

  it('a replaced secret is refused at once (-1022); the new one answers', async () => {
    const user = await restrictedAccount('resecret@desk.io', ['BTC/USDT']);
    const id = await importSimKey(user.token, 'key-resecret', 'first-secret', 'BTC/USDT');
    expect((await t.call('PUT', '/backend/credentials/update', { token: user.token, body: { id, secretKey: 'second-secret' } })).body.code).toBe(200);
    expect(await signed('key-resecret', 'first-secret', 'GET', 'account')).toEqual({ status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } });
    expect((await signed('key-resecret', 'second-secret', 'GET', 'account')).status).toBe(200);
  });

  it('a removed credential’s key is refused at once (the row gone, as when its pair goes)', async () => {
    const user = await restrictedAccount('removed@desk.io', ['BTC/USDT']);
    const id = await importSimKey(user.token, 'key-removed', 'secret-removed', 'BTC/USDT');
    expect((await signed('key-removed', 'secret-removed', 'GET', 'account')).status).toBe(200);
    await t.database.db.delete(credentials).where(eq(credentials.id, id));
    expect(await signed('key-removed', 'secret-removed', 'GET', 'account')).toEqual(REJECTED);
  });

  it('a key imported before credentials named their key answers again once the start-up indexing has named it', async () => {
    const user = await restrictedAccount('older@desk.io', ['BTC/USDT']);
    const id = await importSimKey(user.token, 'key-from-before', 'secret-from-before', 'BTC/USDT');
    await t.database.db.update(credentials).set({ apiKeyHash: null }).where(eq(credentials.id, id));
    expect(await signed('key-from-before', 'secret-from-before', 'GET', 'account')).toEqual(REJECTED);
    expect(await t.services.credentials.indexKeyHashes()).toBe(1);
    expect((await signed('key-from-before', 'secret-from-before', 'GET', 'account')).status).toBe(200);
    expect(await t.services.credentials.indexKeyHashes()).toBe(0);
  });
});

describe('a key keeps to its account’s pairs', () => {
  let user: { id: number; token: string };
  const key = ['key-btc-only', 'secret-btc-only'] as const;

  beforeAll(async () => {
    user = await restrictedAccount('btc-only@desk.io', ['BTC/USDT']);
    await importSimKey(user.token, ...key, 'BTC/USDT');
  });

  it('refuses orders on other pairs with Binance’s text, placing nothing', async () => {
    for (const symbol of ['ETHUSDT', 'SOLUSDT']) {
      expect(await signed(...key, 'POST', 'order', restingBuy(symbol, `x-${symbol}`)), symbol).toEqual({ status: 400, body: { code: -2010, msg: NOT_PERMITTED } });
      expect(await signed(...key, 'POST', 'order/test', restingBuy(symbol, `t-${symbol}`)), symbol).toEqual({ status: 400, body: { code: -2010, msg: NOT_PERMITTED } });
    }
    expect(await openOrdersOf('key-btc-only', 'ETH/USDT')).toEqual([]);
    expect(await openOrdersOf('key-btc-only', 'SOL/USDT')).toEqual([]);
    expect((await signed(...key, 'POST', 'order', restingBuy('BTCUSDT', 'btc-allowed'))).status).toBe(200);
  });

  it('refuses cancels, look-ups and histories on other pairs, and lists no other pair’s orders', async () => {
    // An order the key's venue account holds on ETH/USDT (as if placed before the account was restricted).
    const eth = await t.services.sim.localHost.venue.account('key-btc-only').placeOrder({
      symbol: 'ETH/USDT',
      direction: 'buy',
      tradeType: 'limit',
      timeInForce: 'GTC',
      price: new URLSearchParams(restingBuy('ETHUSDT', 'x')).get('price')!,
      amount: new URLSearchParams(restingBuy('ETHUSDT', 'x')).get('quantity')!,
      clientOrderId: 'eth-resting',
    });
    const refusals: [Answer, number][] = [
      [await signed(...key, 'GET', 'order', `symbol=ETHUSDT&orderId=${eth.orderNo}`), -1010],
      [await signed(...key, 'DELETE', 'order', `symbol=ETHUSDT&orderId=${eth.orderNo}`), -2011],
      [await signed(...key, 'DELETE', 'openOrders', 'symbol=ETHUSDT'), -2011],
      [await signed(...key, 'GET', 'openOrders', 'symbol=ETHUSDT'), -1010],
      [await signed(...key, 'GET', 'allOrders', 'symbol=ETHUSDT'), -1010],
      [await signed(...key, 'GET', 'myTrades', 'symbol=ETHUSDT'), -1010],
    ];
    for (const [answer, code] of refusals) expect(answer).toEqual({ status: 400, body: { code, msg: NOT_PERMITTED } });
    expect(await openOrdersOf('key-btc-only', 'ETH/USDT')).toEqual(['eth-resting']);

    const all = await signed(...key, 'GET', 'openOrders');
    expect(all.status).toBe(200);
    expect((all.body as { symbol: string; clientOrderId: string }[]).map((o) => [o.symbol, o.clientOrderId])).toEqual([['BTCUSDT', 'btc-allowed']]);
    const fees = await signed(...key, 'GET', 'asset/tradeFee');
    expect((fees.body as { symbol: string }[]).map((f) => f.symbol)).toEqual(['BTCUSDT']);
  });

  it('a pair bound later trades at once; a main account’s key trades every pair', async () => {
    expect((await t.call('POST', '/backend/account-permissions/add', { token: mainToken, body: { adminId: user.id, coinId: coinIds['ETH/USDT'] } })).body.code).toBe(200);
    expect((await signed(...key, 'POST', 'order', restingBuy('ETHUSDT', 'eth-now-bound'))).status).toBe(200);

    await importSimKey(mainToken, 'key-of-main', 'secret-of-main', 'BTC/USDT');
    for (const symbol of ['ETHUSDT', 'SOLUSDT']) expect((await signed('key-of-main', 'secret-of-main', 'POST', 'order', restingBuy(symbol, `main-${symbol}`))).status, symbol).toBe(200);
  });
});

describe('a key bound to addresses answers only from them', () => {
  let id: number;
  let token: string;
  const key = ['key-bound', 'secret-bound'] as const;

  beforeAll(async () => {
    ({ token } = await restrictedAccount('bound@desk.io', ['BTC/USDT']));
    id = await importSimKey(token, ...key, 'BTC/USDT', ['203.0.113.9']);
  });

  it('refuses calls from another address, a forged X-Forwarded-For included (no proxy is trusted)', async () => {
    expect(await signed(...key, 'GET', 'account')).toEqual(REJECTED);
    expect(await signed(...key, 'POST', 'order', restingBuy('BTCUSDT', 'from-loopback'))).toEqual(REJECTED);
    expect(await publicWithKey('key-bound', 'depth?symbol=BTCUSDT')).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'account', '', { headers: { 'x-forwarded-for': '203.0.113.9' } })).toEqual(REJECTED);
    expect(await signed(...key, 'GET', 'account', '', { from: '203.0.113.10' })).toEqual(REJECTED);
    expect(await openOrdersOf('key-bound', 'BTC/USDT')).toEqual([]);
  });

  it('refuses a real connection from 127.0.0.1 too', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${SIM_BINANCE_PREFIX}`;
    const query = `timestamp=${Date.now()}`;
    const res = await fetch(`${base}/account?${query}&signature=${createHmac('sha256', key[1]).update(query).digest('hex')}`, { headers: { 'X-MBX-APIKEY': key[0] } });
    expect({ status: res.status, body: await res.json() }).toEqual(REJECTED);
  });

  it('answers from a bound address (IPv4 or its IPv6-mapped form); a new binding takes effect at once', async () => {
    expect((await signed(...key, 'GET', 'account', '', { from: '203.0.113.9' })).status).toBe(200);
    expect((await signed(...key, 'POST', 'order', restingBuy('BTCUSDT', 'from-bound'), { from: '::ffff:203.0.113.9' })).status).toBe(200);
    expect((await publicWithKey('key-bound', 'depth?symbol=BTCUSDT', { from: '203.0.113.9' })).status).toBe(200);

    expect((await t.call('PUT', '/backend/credentials/update', { token, body: { id, hosts: ['127.0.0.1'] } })).body.code).toBe(200);
    expect((await signed(...key, 'GET', 'account')).status).toBe(200);
    expect(await signed(...key, 'GET', 'account', '', { from: '203.0.113.9' })).toEqual(REJECTED);
  });
});
