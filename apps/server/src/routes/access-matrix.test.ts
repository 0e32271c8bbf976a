/**
 * Role × endpoint matrix over the server's own OpenAPI document (GET /backend/docs/json). Every
 * operation it lists is called as
 *   (a) no token (no API key on the simulator's Binance-compatible API),
 *   (a') a forged token: the main account's own token re-signed with another key, and unsigned
 *       (`alg: none`); on the facade, a key never imported, signed with its own secret,
 *   (b) a restricted account bound to BTC/USDT only, with another pair's coinId (ETH/USDT) or another
 *       account's resource id where the operation takes one (its own simulator key on the facade),
 *   (c) the main account,
 * and must answer what the table below says, written from the spec (§6 roles, §7 envelope, §8
 * catalogue). An operation the document lists and the table does not (a new endpoint) fails the
 * first test, as does a row for an operation the document no longer lists; the document must also
 * declare what each operation takes (no token, the bearer token, a simulator key). No answer to
 * (a), (a') or (b) may carry the main account's data (MAIN_MARKS). A last test expires, then
 * disables, the restricted account's pair. Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { catalogue, ErrorCode, LIVE_SOCKET_CLOSE, messageFor, TRANSPORT_CODES } from '@makerdesk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addRestrictedAccount, importKey } from '../testing/accounts.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { TokenSigner } from '../security/tokens.ts';
import { SIM_API_KEY_SCHEME, SIM_BINANCE_ROOT } from './sim-binance.routes.ts';

type Who = 'anonymous' | 'restricted' | 'main';
/** The callers the matrix tries: `forged` is (a) again with a made-up credential (see forgedTokens, simKeys.forged). */
type Caller = Who | 'forged';
const CALLERS: readonly Caller[] = ['anonymous', 'forged', 'restricted', 'main'];

/**
 * How an operation is reached (spec §6): `public` answers anyone; `signedIn` any signed-in account
 * (401 without a token); `mainOnly` the main account (FORBIDDEN for a restricted one); `pair` any
 * signed-in account on a pair it may use (the pair-permission code, FORBIDDEN, on another pair);
 * `owned` its own resources only (another account's id answers "not found", as if it did not exist).
 * The simulator's Binance-compatible API: `simPublic` market data, `simSigned` signed calls (Binance's
 * -2014 without a key, its "not permitted" refusal on a pair the key's account may not use).
 */
type Access = 'public' | 'signedIn' | 'mainOnly' | 'pair' | 'owned' | 'simPublic' | 'simSigned';

/** 'ok': 200 with envelope code 200 (a file for the CSV export); a number: that catalogue code in the envelope; binance: Binance's error. */
type Expect = 'ok' | number | { binance: number; msg?: string };

interface Req {
  /** Path and query below the server root; the operation's method. */
  url: string;
  body?: unknown;
  /** Overrides the row's expectation for this one call. */
  expect?: Expect;
  /** Call with a session of its own (logout ends it). */
  freshSession?: boolean;
  /** More about the answer (or the state after it) than its code. */
  check?: (answer: Answer) => void | Promise<void>;
}

interface Row {
  access: Access;
  /** What `who` sends; several calls for one role try each way in (another pair, another account's id). */
  request(who: Who): Req | Req[] | Promise<Req | Req[]>;
  /** The restricted account's answer when the access kind alone does not say (an `owned` row's not-found code). */
  restricted?: Expect;
  main?: Expect;
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of every shape
  raw: LightMyRequestResponse;
  /** The bearer token the call carried. */
  token?: string;
}

const PASSWORD = 'Matrix-pass-123';
const NOT_PERMITTED = 'This symbol is not permitted for this account.';
/**
 * What no answer to anyone may contain, the owner included (spec: secrets are never returned, an API
 * key shows at most its last 4 characters): the keys, secrets and passwords the test hands in, and
 * any password hash.
 */
const SECRETS = {
  webhook: 'main-webhook-secret-0123456789',
  all: (): string[] => [
    SECRETS.webhook,
    ...Object.values(simKeys).flatMap((k) => [k.apiKey, k.secret]),
    'added-secret',
    '-added-key',
    PASSWORD,
    TEST_ADMIN_PASSWORD,
    '$argon2',
  ],
};
/** Strings only the main account's data holds: no answer to another caller may contain one. */
const MAIN_MARKS = ['MAIN-CHANNEL-MARK', 'MAIN-BOT-MARK', 'main-btc-key-MARK', 'main-sim-secret', 'admin@makerdesk.local'];

let t: TestApp;
const f = {
  mainToken: '',
  mainId: 0,
  subToken: '',
  subId: 0,
  bystanderId: 0,
  victimId: 0,
  btc: 0,
  eth: 0,
  sol: 0,
  mdk: 0,
  simPlatformId: 0,
  /** Platforms no pair uses: one the main account edits, one it deletes. */
  sparePlatformId: 0,
  doomedPlatformId: 0,
  mainCredId: 0,
  subCredId: 0,
  mainBotId: 0,
  mainBot: {} as Record<string, unknown>,
  mainChannelId: 0,
  mainSpareChannelId: 0,
  subChannelId: 0,
  /** A manual order of the main account no one else may cancel. */
  mainOrderNo: '',
};

// ---------------------------------------------------------------------------------------- helpers

function market(pair: string) {
  return t.services.sim.localHost.venue.markets().find((m) => m.symbol === pair)!;
}

/** A resting limit buy of the pair `below` under the best bid, large enough for the pair's minimum notional. */
function restingBuy(pair: string, below = 0.02): { price: string; amount: string } {
  const m = market(pair);
  const bid = Number(t.services.sim.localHost.venue.referenceBook(pair, 1).bids[0]![0]);
  const price = (bid * (1 - below)).toFixed(m.pricePrecision);
  const amount = ((Number(m.minNotional) * 3) / Number(price)).toFixed(m.amountPrecision);
  return { price, amount };
}

async function call(method: string, url: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const raw = await t.app.inject({ method: method as 'GET', url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
  let parsed: unknown = null;
  try {
    parsed = raw.json();
  } catch {
    parsed = raw.payload;
  }
  return { status: raw.statusCode, body: parsed, raw, ...(token ? { token } : {}) };
}

async function addOrder(token: string, coinId: number, pair: string, below: number): Promise<{ orderNo: string; price: string }> {
  const { price, amount } = restingBuy(pair, below);
  const res = await call('POST', '/backend/order/addOrder', token, { coinId, direction: 'buy', tradeType: 'limit', price, amount });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return { orderNo: res.body.data.orderNo as string, price };
}

const openOrderNos = async (token: string, coinId: number): Promise<string[]> =>
  (await call('GET', `/backend/order/getOrders?coinId=${coinId}`, token)).body.data.map((o: { orderNo: string }) => o.orderNo);

const login = (account: string, password = PASSWORD) => t.login(account, password);

const addAccount = async (account: string, pairs: number[]) => (await addRestrictedAccount(t, f.mainToken, account, { coinIds: pairs, password: PASSWORD })).id;

const importSimKey = (token: string, apiKey: string, secretKey: string, coinId: number) => importKey(t, token, { platformId: f.simPlatformId, coinId, apiKey, secretKey });

async function addChannel(token: string, name: string, to: string, webhookSecret?: string): Promise<number> {
  const body = webhookSecret ? { kind: 'webhook', name, url: 'https://hooks.desk.invalid/alerts', secret: webhookSecret } : { kind: 'email', name, to };
  const added = await call('POST', '/backend/alert/channel/add', token, body);
  expect(added.body.code, JSON.stringify(added.body)).toBe(200);
  return added.body.data.id as number;
}

/** The simulator keys of the two accounts, as a Binance client holds them, and one no one imported. */
const simKeys = {
  main: { apiKey: 'main-btc-key-MARK', secret: 'main-sim-secret' },
  restricted: { apiKey: 'sub-btc-key', secret: 'sub-sim-secret' },
  forged: { apiKey: 'never-imported-key', secret: 'never-imported-secret' },
} as const;

/** The main account's live session token with its claims kept: re-signed with another key, and unsigned (`alg: none`). */
async function forgedTokens(): Promise<string[]> {
  const [, payload] = f.mainToken.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; sid: string; exp: number };
  const otherKey = await new TokenSigner(randomBytes(32)).sign({ adminId: Number(claims.sub), sessionId: claims.sid }, new Date(claims.exp * 1000));
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  return [otherKey, unsigned];
}

/** A call to the Binance-compatible API: unsigned for `anonymous`, else signed with the role's key as Binance clients sign. */
async function simCall(who: Caller, method: string, url: string, params: string, signedCall: boolean): Promise<Answer> {
  const path = `${SIM_BINANCE_ROOT}${url}`;
  if (who === 'anonymous') return call(method, `${path}${params ? `?${params}` : ''}`, undefined);
  const key = simKeys[who];
  if (!signedCall) {
    const raw = await t.app.inject({ method: method as 'GET', url: `${path}${params ? `?${params}` : ''}`, headers: { 'x-mbx-apikey': key.apiKey } });
    return { status: raw.statusCode, body: raw.json(), raw };
  }
  const stamped = `${params ? `${params}&` : ''}timestamp=${Date.now()}`;
  const payload = `${stamped}&signature=${createHmac('sha256', key.secret).update(stamped).digest('hex')}`;
  const isPost = method === 'POST';
  const raw = await t.app.inject({
    method: method as 'GET',
    url: isPost ? path : `${path}?${payload}`,
    headers: { 'x-mbx-apikey': key.apiKey, ...(isPost ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(isPost ? { payload } : {}),
  });
  return { status: raw.statusCode, body: raw.json(), raw };
}

/** Binance's parameters of a resting limit buy of `pair`, 2% under the bid. */
function simRestingBuy(symbol: string, pair: string, clientOrderId: string): string {
  const { price, amount } = restingBuy(pair);
  return `symbol=${symbol}&side=BUY&type=LIMIT&timeInForce=GTC&quantity=${amount}&price=${price}&newClientOrderId=${clientOrderId}`;
}

let simOrderSeq = 0;
let resetSeq = 0;
/** Places a resting order with the main account's simulator key; answers its client order id. */
async function mainSimOrder(): Promise<string> {
  const id = `matrix${++simOrderSeq}`;
  const res = await simCall('main', 'POST', '/api/v3/order', simRestingBuy('BTCUSDT', 'BTC/USDT', id), true);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

// ------------------------------------------------------------------------------------ the table

/** A pair-scoped call: the restricted account asks for ETH/USDT, the others for BTC/USDT. */
const onPair = (build: (coinId: number) => Req) => (who: Who) => build(who === 'restricted' ? f.eth : f.btc);

/**
 * A pair-scoped read: the restricted account is refused ETH/USDT, and on its own BTC/USDT it is
 * answered, with its own data only (none of the main account's marks, which that pair holds).
 */
const readOnPair = (build: (coinId: number) => Req) => (who: Who) => (who === 'restricted' ? [build(f.eth), { ...build(f.btc), expect: 'ok' as const }] : build(f.btc));

const simPublic = (url: string, query: (symbol: string) => string): Row => ({
  access: 'simPublic',
  // Market data is public: a restricted key reads another pair's book as anyone can.
  request: (who) => ({ url, body: query(who === 'restricted' ? 'ETHUSDT' : 'BTCUSDT') }),
});

/** A signed call with a symbol: the restricted key names ETHUSDT (refused under the action's Binance code), the main key BTCUSDT. */
const simSigned = (url: string, refusal: number | 'ok', params: (symbol: string, who: Who) => string | Promise<string>, check?: Req['check']): Row => ({
  access: 'simSigned',
  request: async (who) => ({ url, body: await params(who === 'restricted' ? 'ETHUSDT' : 'BTCUSDT', who), ...(check && who === 'restricted' ? { check } : {}) }),
  restricted: refusal === 'ok' ? 'ok' : { binance: refusal, msg: NOT_PERMITTED },
});

/** The restricted key also names the main account's order on its own pair: the venue knows no such order of its account. */
const otherAccountsOrder = (row: Row, notFound: number): Row => ({
  ...row,
  request: async (who) => {
    const asked = (await row.request(who)) as Req;
    if (who !== 'restricted') return asked;
    const mainOrder = await mainSimOrder();
    return [
      asked,
      {
        url: asked.url,
        body: `symbol=BTCUSDT&origClientOrderId=${mainOrder}`,
        expect: { binance: notFound },
        check: async () => expect((await t.services.sim.localHost.venue.account(simKeys.main.apiKey).fetchOpenOrders('BTC/USDT')).map((o) => o.clientOrderId)).toContain(mainOrder),
      },
    ];
  },
});

/** ccxt's sapi calls, answered at their Binance path and under api/v3 (CcxtExchange's one base). */
const sapiPair = (path: string, row: Row): Record<string, Row> => ({
  [`GET ${SIM_BINANCE_ROOT}/sapi/v1/${path}`]: { ...row, request: async (who) => ({ ...((await row.request(who)) as Req), url: `/sapi/v1/${path}` }) },
  [`GET ${SIM_BINANCE_ROOT}/api/v3/${path}`]: { ...row, request: async (who) => ({ ...((await row.request(who)) as Req), url: `/api/v3/${path}` }) },
});

const onlyBtc = (answer: Answer) => {
  expect(JSON.stringify(answer.body)).not.toContain('ETH');
};

/** Keyed as the OpenAPI document names them: `METHOD /path/{param}`. */
const table: Record<string, Row> = {
  'GET /backend/health': { access: 'public', request: () => ({ url: '/backend/health' }) },
  'GET /backend/health/live': { access: 'public', request: () => ({ url: '/backend/health/live' }) },
  // Ready once the engine has started, as main.ts starts it before listening (beforeAll).
  'GET /backend/health/ready': { access: 'public', request: () => ({ url: '/backend/health/ready' }) },

  // --------------------------------------------------------------- admin
  'GET /backend/admin/login': {
    access: 'public',
    request: () => ({ url: `/backend/admin/login?username=bystander%40desk.io&password=${PASSWORD}` }),
  },
  'POST /backend/admin/login': { access: 'public', request: () => ({ url: '/backend/admin/login', body: { username: 'bystander@desk.io', password: PASSWORD } }) },
  'GET /backend/admin/logout': {
    access: 'signedIn',
    request: (who) => ({
      url: '/backend/admin/logout',
      freshSession: true,
      check: async (answer) => {
        // The session used is over; the role's other sessions are not.
        if (who === 'anonymous') return;
        expect((await call('GET', '/backend/coin/list', answer.token)).status).toBe(401);
        expect((await call('GET', '/backend/coin/list', who === 'main' ? f.mainToken : f.subToken)).status).toBe(200);
      },
    }),
  },
  'GET /backend/admin/list': { access: 'mainOnly', request: () => ({ url: '/backend/admin/list' }) },
  'GET /backend/admin/loginLog/list': { access: 'mainOnly', request: () => ({ url: '/backend/admin/loginLog/list' }) },
  'POST /backend/admin/addUser': {
    access: 'mainOnly',
    request: (who) => ({ url: '/backend/admin/addUser', body: { account: `added-by-${who}@desk.io`, role: 'trader', employeeName: 'Added', password: PASSWORD } }),
  },
  'PUT /backend/admin/update': {
    // Anyone changes their own password; only the main account edits an account.
    access: 'signedIn',
    request: (who) =>
      who === 'restricted'
        ? [
            { url: '/backend/admin/update', body: { id: f.mainId, status: 'suspended' }, expect: ErrorCode.FORBIDDEN },
            { url: '/backend/admin/update', body: { id: f.bystanderId, employeeName: 'Taken over' }, expect: ErrorCode.FORBIDDEN },
            // Nor its own account (a role or status of its choosing).
            { url: '/backend/admin/update', body: { id: f.subId, role: 'operator', status: 'active' }, expect: ErrorCode.FORBIDDEN },
            // Its own password, with a wrong current one: refused, and nothing changes.
            { url: '/backend/admin/update', body: { oldPassword: 'Not-my-pass-1', password: 'Matrix-new-123', confirmPassword: 'Matrix-new-123' }, expect: ErrorCode.OLD_PASSWORD_WRONG },
          ]
        : { url: '/backend/admin/update', body: { id: f.bystanderId, employeeName: 'Renamed by main' } },
  },
  'PUT /backend/admin/updatePassword': {
    access: 'public',
    // One address a call: a code is sent to an address once a minute.
    request: (who) => ({ url: '/backend/admin/updatePassword', body: { action: 'sendCode', email: `nobody-${who}-${++resetSeq}@desk.io` } }),
  },
  'GET /backend/admin/{id}': {
    access: 'signedIn',
    request: (who) => (who === 'restricted' ? { url: `/backend/admin/${f.mainId}`, expect: ErrorCode.FORBIDDEN } : { url: `/backend/admin/${f.subId}` }),
  },
  'DELETE /backend/admin/{id}': {
    access: 'mainOnly',
    request: (who) => [
      ...(who === 'restricted' ? [{ url: `/backend/admin/${f.mainId}` }] : []),
      {
      url: `/backend/admin/${f.victimId}`,
      check: async () => {
        const victim = await call('GET', `/backend/admin/${f.victimId}`, f.mainToken);
        expect(victim.body.data?.code ?? victim.body.code).toBe(who === 'main' ? ErrorCode.USER_NOT_FOUND : 200);
      },
      },
    ],
  },

  // --------------------------------------------------------------- pairs, platforms, bindings
  'GET /backend/coin/list': {
    access: 'signedIn',
    request: (who) => ({
      url: '/backend/coin/list',
      check: (answer) => {
        if (who === 'restricted') expect(answer.body.data.map((c: { coinName: string }) => c.coinName)).toEqual(['BTC/USDT']);
      },
    }),
  },
  'GET /backend/platform/list': { access: 'signedIn', request: () => ({ url: '/backend/platform/list' }) },
  'POST /backend/account-permissions/add': {
    access: 'mainOnly',
    // The restricted account tries to grant itself ETH/USDT.
    request: (who) => ({ url: '/backend/account-permissions/add', body: who === 'restricted' ? { adminId: f.subId, coinId: f.eth } : { adminId: f.bystanderId, coinId: f.sol } }),
  },
  'GET /backend/account-permissions/list': { access: 'mainOnly', request: () => ({ url: '/backend/account-permissions/list' }) },
  'POST /backend/coin/add': {
    access: 'mainOnly',
    request: (who) => ({ url: '/backend/coin/add', body: { platformId: f.simPlatformId, coinName: who === 'main' ? 'MTX/USDT' : 'SUB/USDT', openingPrice: '2' } }),
  },
  'PUT /backend/coin/update': {
    access: 'mainOnly',
    request: (who) => ({ url: '/backend/coin/update', body: who === 'main' ? { coinId: f.mdk, status: 'enabled' } : { coinId: f.btc, status: 'disabled' } }),
  },
  'POST /backend/platform/add': { access: 'mainOnly', request: () => ({ url: '/backend/platform/add', body: { name: 'Binance testnet', code: 'binance', sandbox: true } }) },
  'PUT /backend/platform/update': { access: 'mainOnly', request: (who) => ({ url: '/backend/platform/update', body: { id: f.sparePlatformId, name: `Renamed by ${who}` } }) },
  'DELETE /backend/platform/{id}': {
    access: 'mainOnly',
    // The restricted account tries the simulator's and the unused one; only the main account deletes, and only the unused one.
    request: (who) => [
      ...(who === 'restricted' ? [{ url: `/backend/platform/${f.simPlatformId}` }] : []),
      ...(who === 'main' ? [{ url: `/backend/platform/${f.simPlatformId}`, expect: ErrorCode.PLATFORM_BUILT_IN }] : []),
      {
        url: `/backend/platform/${f.doomedPlatformId}`,
        check: async () => {
          const left = (await call('GET', '/backend/platform/list', f.mainToken)).body.data.map((p: { id: number }) => p.id);
          expect(left.includes(f.doomedPlatformId)).toBe(who !== 'main');
        },
      },
    ],
  },

  // --------------------------------------------------------------- API keys
  'POST /backend/credentials/add': {
    access: 'pair',
    request: (who) => {
      const body = (coinId: number, apiKey = `${who}-added-key`) => ({ platformId: f.simPlatformId, apiKey, secretKey: 'added-secret', coinId });
      if (who !== 'restricted') return { url: '/backend/credentials/add', body: body(f.sol) };
      return { url: '/backend/credentials/add', body: body(f.eth) };
    },
  },
  'PUT /backend/credentials/update': {
    access: 'owned',
    restricted: ErrorCode.CREDENTIAL_NOT_FOUND,
    request: (who) =>
      who === 'restricted'
        ? [
            { url: '/backend/credentials/update', body: { id: f.mainCredId, memberId: 'taken' } },
            { url: '/backend/credentials/update', body: { id: f.subCredId, coinId: f.eth }, expect: ErrorCode.FORBIDDEN },
            // The main account's simulator key, without its secret, as its own: the simulator's account behind it is not taken over.
            { url: '/backend/credentials/update', body: { id: f.subCredId, apiKey: simKeys.main.apiKey, secretKey: 'added-secret' }, expect: ErrorCode.INVALID_API_KEY },
          ]
        : { url: '/backend/credentials/update', body: { id: f.mainCredId, memberId: 'desk-1' } },
  },
  'GET /backend/credentials/list': {
    access: 'signedIn',
    request: (who) => ({
      url: '/backend/credentials/list',
      check: (answer) => {
        if (who === 'restricted') expect(answer.body.data.map((c: { id: number }) => c.id)).toEqual([f.subCredId]);
      },
    }),
  },

  // --------------------------------------------------------------- orders and market data
  'GET /backend/order/getOrders': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/getOrders?coinId=${coinId}` })) },
  'GET /backend/order/getHistoryOrders': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/getHistoryOrders?coinId=${coinId}` })) },
  'POST /backend/order/addOrder': {
    access: 'pair',
    request: onPair((coinId) => ({ url: '/backend/order/addOrder', body: { coinId, direction: 'buy', tradeType: 'limit', ...restingBuy(coinId === f.eth ? 'ETH/USDT' : 'BTC/USDT') } })),
  },
  'POST /backend/order/cancelOrder': {
    access: 'pair',
    request: async (who) => {
      if (who === 'restricted') {
        return [
          { url: '/backend/order/cancelOrder', body: { coinId: f.eth, orderNo: f.mainOrderNo } },
          // On its own pair, the main account's order is not one it can reach.
          {
            url: '/backend/order/cancelOrder',
            body: { coinId: f.btc, orderNo: f.mainOrderNo },
            expect: ErrorCode.ORDER_NOT_FOUND,
            check: async () => expect(await openOrderNos(f.mainToken, f.btc)).toContain(f.mainOrderNo),
          },
        ];
      }
      const orderNo = who === 'main' ? (await addOrder(f.mainToken, f.btc, 'BTC/USDT', 0.03)).orderNo : 'x';
      return { url: '/backend/order/cancelOrder', body: { coinId: f.btc, orderNo } };
    },
  },
  'GET /backend/order/trade': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/trade?coinId=${coinId}` })) },
  'GET /backend/order/wallet': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/wallet?coinId=${coinId}` })) },
  'GET /backend/order/candles': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/candles?coinId=${coinId}` })) },
  'GET /backend/order/orderBook': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/orderBook?coinId=${coinId}` })) },
  'GET /backend/order/orderBookOther': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/orderBookOther?coinId=${coinId}` })) },
  'POST /backend/order/performTrades': {
    access: 'pair',
    request: onPair((coinId) => ({ url: `/backend/order/performTrades?coinId=${coinId}`, body: { direction: 'buy', ...restingBuy(coinId === f.eth ? 'ETH/USDT' : 'BTC/USDT', 0.05) } })),
  },
  'GET /backend/order/tradesList': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/tradesList?coinId=${coinId}` })) },
  'POST /backend/order/generateOrders': {
    access: 'pair',
    request: onPair((coinId) => {
      const { price, amount } = restingBuy(coinId === f.eth ? 'ETH/USDT' : 'BTC/USDT', 0.1);
      return { url: `/backend/order/generateOrders?coinId=${coinId}`, body: { direction: 'buy', amount: String(Number(amount) * 2), count: 2, minPrice: price, maxPrice: price } };
    }),
  },
  'POST /backend/order/cancelOrderList': {
    access: 'pair',
    request: async (who) => {
      if (who === 'restricted') {
        return [
          { url: '/backend/order/cancelOrderList', body: { coinId: f.eth, minPrice: '0.00000001', maxPrice: '100000000' } },
          // On its own pair, a range over the main account's order reaches none of it.
          {
            url: '/backend/order/cancelOrderList',
            body: { coinId: f.btc, minPrice: '0.00000001', maxPrice: '100000000' },
            expect: ErrorCode.NO_ORDERS_IN_PRICE_RANGE,
            check: async () => expect(await openOrderNos(f.mainToken, f.btc)).toContain(f.mainOrderNo),
          },
        ];
      }
      const price = who === 'main' ? (await addOrder(f.mainToken, f.btc, 'BTC/USDT', 0.07)).price : '1';
      return { url: '/backend/order/cancelOrderList', body: { coinId: f.btc, minPrice: price, maxPrice: price } };
    },
  },
  'POST /backend/order/apiVerify': { access: 'pair', request: onPair((coinId) => ({ url: '/backend/order/apiVerify', body: { coinId } })) },
  'GET /backend/order/getPrice': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/order/getPrice?coinId=${coinId}` })) },
  'GET /backend/notification/spot/{symbol}/candles': { access: 'public', request: () => ({ url: '/backend/notification/spot/BTCUSDT/candles' }) },
  'GET /backend/tradingLog/list': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/tradingLog/list?coinId=${coinId}` })) },

  // --------------------------------------------------------------- bots
  'GET /backend/robot/list': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/robot/list?coinId=${coinId}` })) },
  'PUT /backend/robot/update': {
    access: 'pair',
    request: (who) =>
      who === 'restricted'
        ? [
            { url: '/backend/robot/update', body: { ...f.mainBot, coinId: f.eth } },
            // Its own pair, the main account's bot: switching it off is refused as an unknown bot.
            { url: '/backend/robot/update', body: { ...f.mainBot, id: f.mainBotId, status: 'stopped' }, expect: ErrorCode.INVALID_ROBOT_ID },
          ]
        : { url: '/backend/robot/update', body: { ...f.mainBot, id: f.mainBotId } },
  },
  'POST /backend/robot/emergencyStop': {
    access: 'pair',
    request: (who) => {
      if (who !== 'restricted') return { url: '/backend/robot/emergencyStop', body: { coinId: f.btc } };
      return [
        { url: '/backend/robot/emergencyStop', body: { coinId: f.eth } },
        // Its own pair: the stop reaches its own bots and orders, never the main account's.
        {
          url: '/backend/robot/emergencyStop',
          body: { coinId: f.btc, cancelManual: true },
          expect: 'ok',
          check: async () => {
            const bot = await call('GET', `/backend/robot/${f.mainBotId}?coinId=${f.btc}`, f.mainToken);
            expect(bot.body.data.status).toBe('running');
            expect(await openOrderNos(f.mainToken, f.btc)).toContain(f.mainOrderNo);
          },
        },
      ];
    },
  },
  'GET /backend/robot/emergencyStop/preview': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/robot/emergencyStop/preview?coinId=${coinId}` })) },
  'GET /backend/robot/referencePrice': { access: 'signedIn', request: () => ({ url: '/backend/robot/referencePrice?platform=sim&symbol=BTC/USDT' }) },
  'GET /backend/robot/init/list': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/robot/init/list?coinId=${coinId}` })) },
  'GET /backend/robot/detail/{id}': { access: 'owned', restricted: ErrorCode.INVALID_ROBOT_ID, request: () => ({ url: `/backend/robot/detail/${f.mainBotId}` }) },
  'GET /backend/robot/1h/{id}': { access: 'owned', restricted: ErrorCode.INVALID_ROBOT_ID, request: () => ({ url: `/backend/robot/1h/${f.mainBotId}?coinId=${f.btc}` }) },
  'GET /backend/robot/today/{id}': { access: 'owned', restricted: ErrorCode.INVALID_ROBOT_ID, request: () => ({ url: `/backend/robot/today/${f.mainBotId}?coinId=${f.btc}` }) },
  'GET /backend/robot/{id}': { access: 'owned', restricted: ErrorCode.INVALID_ROBOT_ID, request: () => ({ url: `/backend/robot/${f.mainBotId}?coinId=${f.btc}` }) },

  // --------------------------------------------------------------- alerts
  'GET /backend/alert/channel/list': {
    access: 'signedIn',
    request: (who) => ({
      url: '/backend/alert/channel/list',
      check: (answer) => {
        if (who === 'restricted') expect(answer.body.data.map((c: { id: number }) => c.id)).toEqual([f.subChannelId]);
      },
    }),
  },
  'POST /backend/alert/channel/add': { access: 'signedIn', request: (who) => ({ url: '/backend/alert/channel/add', body: { kind: 'email', name: `added by ${who}`, to: 'desk@desk.io' } }) },
  'PUT /backend/alert/channel/update': {
    access: 'owned',
    restricted: ErrorCode.ALERT_CHANNEL_NOT_FOUND,
    request: (who) => ({ url: '/backend/alert/channel/update', body: { id: f.mainChannelId, to: who === 'main' ? 'main@desk.io' : 'attacker@desk.io' } }),
  },
  'DELETE /backend/alert/channel/{id}': {
    access: 'owned',
    restricted: ErrorCode.ALERT_CHANNEL_NOT_FOUND,
    request: () => ({ url: `/backend/alert/channel/${f.mainSpareChannelId}` }),
  },
  'POST /backend/alert/channel/test': {
    access: 'owned',
    restricted: ErrorCode.ALERT_CHANNEL_NOT_FOUND,
    request: (who) =>
      who === 'restricted'
        ? [
            { url: '/backend/alert/channel/test', body: { id: f.mainChannelId, coinId: f.btc } },
            { url: '/backend/alert/channel/test', body: { id: f.subChannelId, coinId: f.eth }, expect: ErrorCode.FORBIDDEN },
          ]
        : { url: '/backend/alert/channel/test', body: { id: f.mainChannelId, coinId: f.btc } },
  },
  'GET /backend/alert/list': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/alert/list?coinId=${coinId}` })) },

  // --------------------------------------------------------------- incident centre
  'GET /backend/incident/list': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/incident/list?coinId=${coinId}` })) },
  'POST /backend/incident/read': { access: 'pair', request: readOnPair((coinId) => ({ url: '/backend/incident/read', body: { coinId } })) },

  // --------------------------------------------------------------- data analysis
  'GET /backend/analysis/summary': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/analysis/summary?coinId=${coinId}` })) },
  'GET /backend/analysis/snapshots': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/analysis/snapshots?coinId=${coinId}` })) },
  'PUT /backend/analysis/settings': {
    access: 'pair',
    request: onPair((coinId) => ({ url: '/backend/analysis/settings', body: { coinId, initialFunds: '500', initialToken: '20', cycleHours: 4 } })),
  },
  'GET /backend/analysis/export': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/analysis/export?coinId=${coinId}` })) },
  'GET /backend/analysis/panel': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/analysis/panel?coinId=${coinId}` })) },
  // --------------------------------------------------------------- the desk's P&L and fills ledger
  'GET /backend/desk/pnl': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/desk/pnl?coinId=${coinId}&window=1h` })) },
  'GET /backend/desk/pnlAll': {
    access: 'signedIn',
    request: (who) => ({
      url: '/backend/desk/pnlAll?window=1h',
      check: (answer) => {
        // Across pairs, a restricted account reads only the pairs bound to it.
        if (who === 'restricted') expect((answer.body.data.pairs as { coinName: string }[]).every((p) => p.coinName === 'BTC/USDT')).toBe(true);
      },
    }),
  },
  'GET /backend/desk/fills': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/desk/fills?coinId=${coinId}` })) },
  'GET /backend/desk/equity': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/desk/equity?coinId=${coinId}` })) },
  'GET /backend/desk/fills.csv': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/desk/fills.csv?coinId=${coinId}` })) },
  'PUT /backend/liquidity/obligation': {
    access: 'mainOnly',
    // The restricted account tries to set its own pair's obligation.
    request: () => ({ url: '/backend/liquidity/obligation', body: { coinId: f.btc, maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '90', period: 'month' } }),
  },
  'GET /backend/liquidity/obligation': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/liquidity/obligation?coinId=${coinId}` })) },
  'GET /backend/liquidity/summary': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/liquidity/summary?coinId=${coinId}&from=0&to=3600000` })) },
  'GET /backend/liquidity/report': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/liquidity/report?coinId=${coinId}&from=0&to=3600000` })) },
  'GET /backend/liquidity/report.csv': { access: 'pair', request: readOnPair((coinId) => ({ url: `/backend/liquidity/report.csv?coinId=${coinId}&from=0&to=3600000` })) },

  // --------------------------------------------------------------- the simulator's Binance-compatible API
  [`GET ${SIM_BINANCE_ROOT}/api/v3/ping`]: simPublic('/api/v3/ping', () => ''),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/time`]: simPublic('/api/v3/time', () => ''),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/exchangeInfo`]: simPublic('/api/v3/exchangeInfo', () => ''),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/depth`]: simPublic('/api/v3/depth', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/trades`]: simPublic('/api/v3/trades', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/aggTrades`]: simPublic('/api/v3/aggTrades', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/klines`]: simPublic('/api/v3/klines', (s) => `symbol=${s}&interval=1m`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/uiKlines`]: simPublic('/api/v3/uiKlines', (s) => `symbol=${s}&interval=1m`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/avgPrice`]: simPublic('/api/v3/avgPrice', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/ticker/24hr`]: simPublic('/api/v3/ticker/24hr', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/ticker/price`]: simPublic('/api/v3/ticker/price', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/ticker/bookTicker`]: simPublic('/api/v3/ticker/bookTicker', (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/account`]: simSigned('/api/v3/account', 'ok', () => ''),
  [`POST ${SIM_BINANCE_ROOT}/api/v3/order`]: simSigned('/api/v3/order', -2010, (s, who) => simRestingBuy(s, s === 'ETHUSDT' ? 'ETH/USDT' : 'BTC/USDT', `placed${who}`)),
  [`POST ${SIM_BINANCE_ROOT}/api/v3/order/test`]: simSigned('/api/v3/order/test', -2010, (s, who) => simRestingBuy(s, s === 'ETHUSDT' ? 'ETH/USDT' : 'BTC/USDT', `tested${who}`)),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/order`]: otherAccountsOrder(simSigned('/api/v3/order', -1010, async (s, who) => `symbol=${s}&origClientOrderId=${who === 'main' ? await mainSimOrder() : 'matrix1'}`), -2013),
  [`DELETE ${SIM_BINANCE_ROOT}/api/v3/order`]: otherAccountsOrder(simSigned('/api/v3/order', -2011, async (s, who) => `symbol=${s}&origClientOrderId=${who === 'main' ? await mainSimOrder() : 'matrix1'}`), -2011),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/openOrders`]: simSigned('/api/v3/openOrders', -1010, (s) => `symbol=${s}`),
  [`DELETE ${SIM_BINANCE_ROOT}/api/v3/openOrders`]: simSigned('/api/v3/openOrders', -2011, async (s, who) => {
    if (who === 'main') await mainSimOrder();
    return `symbol=${s}`;
  }),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/allOrders`]: simSigned('/api/v3/allOrders', -1010, (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/myTrades`]: simSigned('/api/v3/myTrades', -1010, (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/historicalTrades`]: simPublic('/api/v3/historicalTrades', (s) => `symbol=${s}`),
  [`POST ${SIM_BINANCE_ROOT}/api/v3/order/cancelReplace`]: simSigned(
    '/api/v3/order/cancelReplace',
    -2010,
    async (s, who) => `${simRestingBuy(s, s === 'ETHUSDT' ? 'ETH/USDT' : 'BTC/USDT', `replaced${who}`)}&cancelReplaceMode=STOP_ON_FAILURE&cancelOrigClientOrderId=${who === 'main' ? await mainSimOrder() : 'matrix1'}`,
  ),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/account/commission`]: simSigned('/api/v3/account/commission', -1010, (s) => `symbol=${s}`),
  [`GET ${SIM_BINANCE_ROOT}/api/v3/rateLimit/order`]: simSigned('/api/v3/rateLimit/order', 'ok', () => ''),
  ...sapiPair('system/status', simPublic('', () => '')),
  ...sapiPair('capital/config/getall', simSigned('', 'ok', () => '')),
  ...sapiPair('margin/allPairs', simSigned('', 'ok', () => '')),
  ...sapiPair('margin/isolated/allPairs', simSigned('', 'ok', () => '')),
  // Without a symbol the restricted key is answered its own pairs' fees only.
  ...sapiPair('asset/tradeFee', simSigned('', 'ok', () => '', onlyBtc)),
};

// ------------------------------------------------------------------------------------ expectations

const SIM_PREFIX = `${SIM_BINANCE_ROOT}/`;

/**
 * The routes the OpenAPI document leaves out, each tested elsewhere: the document and its viewer;
 * the live socket (GET /backend/ws, signed in by its first message: ws.routes.test.ts); the
 * Prometheus metrics (this machine, or a static token: metrics.routes.ts); the servers' internal
 * simulator API (signed with the cluster key: sim-cluster.test.ts); the Binance API's not-found answer
 * for every path it does not serve (sim-binance.clients.test.ts); its WebSocket side and listen keys
 * (sim-binance.streams.test.ts, with ccxt.pro). Any other route must be in the document, so the
 * matrix reaches it.
 */
const UNDOCUMENTED = [/^GET \/backend\/docs(\/.*)?$/, /^GET \/backend\/ws$/, /^GET \/backend\/metrics$/, /^POST \/internal\/sim\/call$/, /^[A-Z]+ \/sim\/binance(\/\*)?$/, /^GET \/sim\/binance\/(ws|ws\/\*|stream|ws-api\/v3)$/, /^(POST|PUT|DELETE) \/sim\/binance\/(api\/v3|sapi\/v1)\/userDataStream$/];

function defaultExpect(access: Access, who: Caller): Expect {
  // An unknown key is refused even where none is needed (a revoked key gets nothing, not even public data).
  if (who === 'forged' && (access === 'simPublic' || access === 'simSigned')) return { binance: -2015 };
  if (who === 'forged') return defaultExpect(access, 'anonymous');
  if (access === 'public' || access === 'simPublic') return 'ok';
  if (who === 'anonymous') return access === 'simSigned' ? { binance: -2014 } : ErrorCode.UNAUTHORIZED;
  if (who === 'main') return 'ok';
  if (access === 'mainOnly' || access === 'pair') return ErrorCode.FORBIDDEN;
  if (access === 'owned') throw new Error('an owned row names its not-found code');
  return 'ok';
}

/** The spec's envelope of a refusal: code (the HTTP status, or the transport code itself), data.code, msg in the caller's language. */
function refusal(code: number) {
  const entry = catalogue.get(code);
  if (!entry) throw new Error(`${code} is not in the catalogue`);
  return { status: entry.http, body: { code: TRANSPORT_CODES.has(code) ? code : entry.http, data: { code }, msg: messageFor(code, 'en_US') } };
}

function expectAnswer(answer: Answer, expected: Expect, label: string): void {
  const shown = `${label}: ${answer.status} ${answer.raw.payload.slice(0, 300)}`;
  if (expected === 'ok') {
    expect(answer.status, shown).toBe(200);
    if (answer.raw.headers['content-type']?.toString().startsWith('text/csv')) return;
    // The facade answers Binance's JSON; /backend answers the envelope.
    if (!label.includes(SIM_PREFIX)) expect(answer.body.code, shown).toBe(200);
    return;
  }
  if (typeof expected === 'number') {
    const { status, body } = refusal(expected);
    expect({ status: answer.status, body: answer.body }, shown).toEqual({ status, body });
    return;
  }
  expect(answer.status, shown).toBe(expected.binance === -2014 || expected.binance === -2015 ? 401 : 400);
  expect(answer.body.code, shown).toBe(expected.binance);
  if (expected.msg) expect(answer.body.msg, shown).toBe(expected.msg);
}

// ------------------------------------------------------------------------------------ setup

let operations: string[] = [];
/** Each operation's security as the document declares it (its own, else the document's default). */
const declared = new Map<string, unknown>();

/** What the document must declare for an access kind: no token, the console's bearer token, or a simulator key. */
function securityOf(access: Access): unknown {
  if (access === 'public' || access === 'simPublic') return [];
  if (access === 'simSigned') return [{ [SIM_API_KEY_SCHEME]: [] }];
  return [{ bearer: [] }];
}

beforeAll(async () => {
  t = await createTestApp();
  // As main.ts: the engine runs before the server answers (the readiness probe checks it).
  await t.services.engine.start();
  for (let i = 0; i < 15; i++) t.services.sim.localHost.venue.step();
  const doc = (await t.app.inject({ method: 'GET', url: '/backend/docs/json' })).json() as { security: unknown; paths: Record<string, Record<string, { security?: unknown }>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
  for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) declared.set(`${method.toUpperCase()} ${path}`, op.security ?? doc.security);

  f.mainToken = await t.login();
  const me = await call('GET', '/backend/coin/list', f.mainToken);
  const pairs = Object.fromEntries(me.body.data.map((c: { coinName: string; coinId: number }) => [c.coinName, c.coinId]));
  [f.btc, f.eth, f.sol, f.mdk] = [pairs['BTC/USDT'], pairs['ETH/USDT'], pairs['SOL/USDT'], pairs['MDK/USDT']];
  f.simPlatformId = (await call('GET', '/backend/platform/list', f.mainToken)).body.data.find((p: { code: string }) => p.code === 'sim').id;
  f.sparePlatformId = (await call('POST', '/backend/platform/add', f.mainToken, { name: 'Spare', code: 'okx', sandbox: true })).body.data.id;
  f.doomedPlatformId = (await call('POST', '/backend/platform/add', f.mainToken, { name: 'Doomed', code: 'kraken' })).body.data.id;
  const admins = await call('GET', '/backend/admin/list', f.mainToken);
  f.mainId = admins.body.data.list.find((a: { account: string }) => a.account === 'admin@makerdesk.local').id;

  f.subId = await addAccount('restricted@desk.io', [f.btc]);
  f.bystanderId = await addAccount('bystander@desk.io', []);
  f.victimId = await addAccount('victim@desk.io', []);
  f.subToken = await login('restricted@desk.io');

  f.mainCredId = await importSimKey(f.mainToken, simKeys.main.apiKey, simKeys.main.secret, f.btc);
  f.subCredId = await importSimKey(f.subToken, simKeys.restricted.apiKey, simKeys.restricted.secret, f.btc);

  const types = await call('GET', `/backend/robot/init/list?coinId=${f.btc}`, f.mainToken);
  const monitor = types.body.data.find((type: { type: string }) => type.type === 'monitor_price');
  f.mainBot = { coinId: f.btc, type: 'monitor_price', config: monitor.defaults, status: 'running', startMode: 'now', priceMode: 'normal', description: 'MAIN-BOT-MARK' };
  const bot = await call('PUT', '/backend/robot/update', f.mainToken, f.mainBot);
  expect(bot.body.code, JSON.stringify(bot.body)).toBe(200);
  f.mainBotId = bot.body.data.id;

  f.mainChannelId = await addChannel(f.mainToken, 'MAIN-CHANNEL-MARK', 'main@desk.io');
  f.mainSpareChannelId = await addChannel(f.mainToken, 'MAIN-CHANNEL-MARK spare', 'spare@desk.io', SECRETS.webhook);
  f.subChannelId = await addChannel(f.subToken, 'restricted channel', 'restricted@desk.io');

  f.mainOrderNo = (await addOrder(f.mainToken, f.btc, 'BTC/USDT', 0.02)).orderNo;
}, 60_000);
afterAll(() => t.close());

// ------------------------------------------------------------------------------------ the matrix

describe('role × endpoint matrix over the OpenAPI document', () => {
  it('has an expectation for every operation the document lists, and no other', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((op) => !(op in table)), 'operations without a row in the table').toEqual([]);
    expect(Object.keys(table).filter((op) => !operations.includes(op)), 'rows for operations the document does not list').toEqual([]);
  });

  it('documents every route the server serves, but the document itself, the WebSocket and the metrics', () => {
    // The OpenAPI paths name parameters {id}; Fastify's :id.
    const documented = new Set(operations.map((op) => op.replace(/\{(\w+)\}/g, ':$1')));
    expect(t.routes.length).toBeGreaterThan(operations.length);
    const undocumented = t.routes.filter((route) => !documented.has(route)).filter((route) => !UNDOCUMENTED.some((pattern) => pattern.test(route)));
    expect(undocumented).toEqual([]);
  });

  it('declares in the document what each operation takes: nothing, the bearer token, or a simulator key', () => {
    const wrong = Object.entries(table)
      .filter(([op, row]) => JSON.stringify(declared.get(op)) !== JSON.stringify(securityOf(row.access)))
      .map(([op, row]) => `${op}: declares ${JSON.stringify(declared.get(op))}, takes ${JSON.stringify(securityOf(row.access))}`);
    expect(wrong).toEqual([]);
  });

  it('answers each operation as the table says, for no token, a restricted account on another’s pair or resource, and the main account', async () => {
    let calls = 0;
    const byCaller = new Map<Caller, number>();
    const failures: string[] = [];
    const forged = await forgedTokens();
    const secrets = SECRETS.all();
    for (const op of operations) {
      const row = table[op];
      if (!row) continue; // reported by the test above
      const method = op.slice(0, op.indexOf(' '));
      for (const who of CALLERS) {
        const sim = op.includes(SIM_PREFIX);
        // Each forged token is one more caller; on the facade the forged caller is a key never imported.
        const variants = who === 'forged' && !sim ? forged : [undefined];
        for (const [i, forgedToken] of variants.entries()) {
          // A forged credential is sent with what a caller without one sends.
          const requests = [await row.request(who === 'forged' ? 'anonymous' : who)].flat();
          for (const req of requests) {
            const label = `${op} as ${who}${variants.length > 1 ? ` #${i + 1}` : ''} (${req.url})`;
            let answer: Answer;
            if (sim) {
              answer = await simCall(who, method, req.url, (req.body as string | undefined) ?? '', row.access === 'simSigned');
            } else {
              const token =
                who === 'anonymous' ? undefined
                : who === 'forged' ? forgedToken
                : req.freshSession ? await login(who === 'main' ? 'admin@makerdesk.local' : 'restricted@desk.io', who === 'main' ? TEST_ADMIN_PASSWORD : PASSWORD)
                : who === 'main' ? f.mainToken
                : f.subToken;
              answer = await call(method, req.url, token, req.body);
            }
            calls++;
            byCaller.set(who, (byCaller.get(who) ?? 0) + 1);
            try {
              expectAnswer(answer, (who === 'forged' ? undefined : req.expect) ?? (who === 'restricted' ? row.restricted : who === 'main' ? row.main : undefined) ?? defaultExpect(row.access, who), label);
              if (who !== 'main') for (const mark of MAIN_MARKS) expect(answer.raw.payload, `${label} leaks ${mark}`).not.toContain(mark);
              for (const secret of secrets) expect(answer.raw.payload, `${label} shows a secret`).not.toContain(secret);
              await req.check?.(answer);
            } catch (err) {
              failures.push((err as Error).message.split('\n').slice(0, 12).join('\n'));
            }
          }
        }
      }
    }
    console.log(`access matrix: ${operations.length} operations, ${calls} calls (${[...byCaller].map(([who, n]) => `${who} ${n}`).join(', ')})`);
    expect(failures).toEqual([]);
  }, 120_000);
});

/** A live-socket client: the messages it was sent, by type, and how it closed. */
async function liveSocket(url: string): Promise<{ send(message: unknown): void; next(type: string): Promise<unknown>; closed: Promise<number>; close(): void }> {
  const socket = new WebSocket(url);
  const inbox: { type: string }[] = [];
  socket.on('message', (raw) => inbox.push(JSON.parse(String(raw)) as { type: string }));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
    closed,
    async next(type) {
      for (let waited = 0; waited < 5000; waited += 20) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0];
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no ${type} message; had ${JSON.stringify(inbox)}`);
    },
  };
}

describe('the live socket, outside the document (GET /backend/ws), for the same callers', () => {
  let url = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend/ws`;
  });

  it('no token and forged tokens are closed with 4401; the restricted account is refused ETH/USDT and streams its own pair; the main account streams', async () => {
    const anonymous = await liveSocket(url);
    anonymous.send({ type: 'subscribe', coinId: f.btc });
    expect(await anonymous.closed).toBe(LIVE_SOCKET_CLOSE.unauthorized);
    for (const token of await forgedTokens()) {
      const forged = await liveSocket(url);
      forged.send({ type: 'auth', token });
      expect(await forged.closed).toBe(LIVE_SOCKET_CLOSE.unauthorized);
    }

    const restricted = await liveSocket(url);
    restricted.send({ type: 'auth', token: f.subToken });
    await restricted.next('ready');
    restricted.send({ type: 'subscribe', coinId: f.eth });
    expect(await restricted.next('error')).toEqual({ type: 'error', code: ErrorCode.FORBIDDEN, msg: messageFor(ErrorCode.FORBIDDEN, 'en_US') });
    restricted.send({ type: 'subscribe', coinId: f.btc });
    expect(await restricted.next('subscribed')).toEqual({ type: 'subscribed', coinId: f.btc });

    const main = await liveSocket(url);
    main.send({ type: 'auth', token: f.mainToken });
    await main.next('ready');
    main.send({ type: 'subscribe', coinId: f.btc });
    expect(await main.next('subscribed')).toEqual({ type: 'subscribed', coinId: f.btc });
    restricted.close();
    main.close();
  });
});

/** Stopping stays possible on a pair that can no longer be used: the emergency stop and its preview pass the pair's state. */
const STOP_CALLS = new Set(['POST /backend/robot/emergencyStop', 'GET /backend/robot/emergencyStop/preview']);

/** The restricted account's first request of a pair-scoped row, moved from ETH/USDT to its own BTC/USDT. */
async function ownPairRequest(row: Row): Promise<Req> {
  const req = [await row.request('restricted')].flat()[0]!;
  const body = req.body as Record<string, unknown> | undefined;
  return {
    url: req.url.replace(`coinId=${f.eth}`, `coinId=${f.btc}`),
    ...(body === undefined ? {} : { body: body.coinId === f.eth ? { ...body, coinId: f.btc } : body }),
  };
}

describe('a bound pair that can no longer be used (spec §8 transport codes)', () => {
  it.each([
    { state: 'expired', change: { endTimeStamp: Date.now() - 60_000 }, code: ErrorCode.PAIR_EXPIRED },
    { state: 'disabled', change: { endTimeStamp: null, status: 'disabled' }, code: ErrorCode.PAIR_UNAVAILABLE },
  ])('a $state pair answers its code to every pair-scoped call of the account bound to it, the emergency stop excepted', async ({ change, code }) => {
    expect((await call('PUT', '/backend/coin/update', f.mainToken, { coinId: f.btc, ...change })).body.code).toBe(200);
    const failures: string[] = [];
    for (const op of operations.filter((o) => table[o]?.access === 'pair')) {
      const req = await ownPairRequest(table[op]!);
      const answer = await call(op.slice(0, op.indexOf(' ')), req.url, f.subToken, req.body);
      try {
        expectAnswer(answer, STOP_CALLS.has(op) ? 'ok' : code, `${op} (${req.url})`);
      } catch (err) {
        failures.push((err as Error).message.split('\n')[0]!);
      }
    }
    expect(failures).toEqual([]);
  });
});
