/**
 * Pair and platform administration: POST /coin/add, PUT /coin/update, POST /platform/add (main
 * account only). A simulator pair opens a market; a live pair is checked against its venue's
 * markets, here ccxt's `binance` at this server's own Binance facade (the live code path end to end).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SIM_BINANCE_PREFIX, SIM_BINANCE_ROOT } from './sim-binance.routes.ts';

let t: TestApp;
let token: string;
let subToken: string;
let facade = '';
let wsFacade = '';

const DAY = 24 * 3600 * 1000;
const post = (url: string, body: unknown, as = token) => t.call('POST', url, { token: as, body });
const put = (url: string, body: unknown, as = token) => t.call('PUT', url, { token: as, body });
const get = (url: string, as = token) => t.call('GET', url, { token: as });

beforeAll(async () => {
  t = await createTestApp({ liveExchange: 'ccxt', outboundAllow: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  facade = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${SIM_BINANCE_PREFIX}`;
  wsFacade = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${SIM_BINANCE_ROOT}`;
  token = await t.login();
  subToken = (await signUp(t, token, 'sub@makerdesk.local')).token;
});
afterAll(() => t.close());

async function coinRows() {
  return t.database.db.select().from(coins);
}

describe('main account only', () => {
  it('refuses the three calls to a restricted account, writing nothing', async () => {
    const before = await coinRows();
    expect((await post('/backend/coin/add', { platformId: 1, coinName: 'SUB/USDT' }, subToken)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await put('/backend/coin/update', { coinId: 1, status: 'disabled' }, subToken)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect((await post('/backend/platform/add', { name: 'X', code: 'okx' }, subToken)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect(await coinRows()).toEqual(before);
  });
});

describe('a pair on the simulator', () => {
  let coinId: number;

  it('opens a simulated market with a book, a reference book and candles, and lists the pair with its expiry', async () => {
    const endTimeStamp = Date.now() + 2 * DAY;
    const res = await post('/backend/coin/add', { platformId: 1, coinName: 'tkn/usdt', endTimeStamp, openingPrice: '2.5' });
    expect(res.body.code).toBe(200);
    coinId = res.body.data.coinId;
    const listed = (await get('/backend/coin/list')).body.data.find((c: { coinId: number }) => c.coinId === coinId);
    expect(listed).toEqual({ coinId, coinName: 'TKN/USDT', platformId: 1, marketKind: 'spot', endTimeStamp, status: 'enabled', priceBand: '0.05' });
    expect(t.services.sim.localHost.venue.pairs.map((p) => p.symbol)).toContain('TKN/USDT');

    const key = await post('/backend/credentials/add', { platformId: 1, apiKey: 'tkn-key', secretKey: 'tkn-secret', coinId });
    expect(key.body.code).toBe(200);
    t.services.sim.localHost.venue.step();
    const book = (await get(`/backend/order/orderBook?coinId=${coinId}`)).body.data;
    expect(compare(book.bids[0][0], '2.4')).toBe(1);
    expect(compare(book.asks[0][0], '2.6')).toBe(-1);
    expect((await get(`/backend/order/orderBookOther?coinId=${coinId}`)).body.data.bids.length).toBeGreaterThan(0);
    const candles = (await get(`/backend/order/candles?coinId=${coinId}&interval=1h&limit=100`)).body.data;
    expect(candles.length).toBeGreaterThanOrEqual(70);
    const wallet = (await get(`/backend/order/wallet?coinId=${coinId}`)).body.data;
    expect(compare(wallet.base.available, '8000')).toBe(0);
  });

  it('refuses a duplicate, a malformed symbol, a bad opening price and a bad expiry, writing nothing', async () => {
    const before = await coinRows();
    const markets = t.services.sim.localHost.venue.pairs.length;
    const duplicate = await post('/backend/coin/add', { platformId: 1, coinName: 'TKN/USDT' });
    expect(duplicate.body.data.code).toBe(ErrorCode.PAIR_ALREADY_EXISTS);
    expect(duplicate.body.msg).toBe('TKN/USDT already exists on MakerDesk Simulator');
    const zh = await t.call('POST', '/backend/coin/add', { token, body: { platformId: 1, coinName: 'TKN/USDT' }, lang: 'zh_CN' });
    expect(zh.body.msg).toBe('MakerDesk Simulator 上已存在交易对 TKN/USDT');
    expect((await post('/backend/coin/add', { platformId: 1, coinName: 'TKN-USDT' })).body.data.code).toBe(ErrorCode.INVALID_SYMBOL);
    expect((await post('/backend/coin/add', { platformId: 1, coinName: 'ABC/ABC' })).body.data.code).toBe(ErrorCode.INVALID_SYMBOL);
    expect((await post('/backend/coin/add', { platformId: 1, coinName: 'NEW/USDT', openingPrice: '0' })).body.data.code).toBe(ErrorCode.INVALID_PRICE);
    expect((await post('/backend/coin/add', { platformId: 1, coinName: 'NEW/USDT', endTimeStamp: -1 })).body.data.code).toBe(ErrorCode.INVALID_EXPIRY);
    expect((await post('/backend/coin/add', { platformId: 1, coinName: 'NEW/USDT', endTimeStamp: 1.5 })).body.data.code).toBe(ErrorCode.INVALID_EXPIRY);
    expect((await post('/backend/coin/add', { platformId: 999, coinName: 'NEW/USDT' })).body.data.code).toBe(ErrorCode.PLATFORM_NOT_FOUND);
    expect(await coinRows()).toEqual(before);
    expect(t.services.sim.localHost.venue.pairs.length).toBe(markets);
  });

  it('keeps a symbol exactly or refuses it: outside ASCII (ßß/USDT, SSSS/USDT once upper-cased) is refused, writing nothing', async () => {
    const before = await coinRows();
    for (const coinName of ['ßß/USDT', 'straße/USDT', 'ﬁ/USDT', 'БТК/USDT', 'btc/usdt\u0130']) {
      const refused = await post('/backend/coin/add', { platformId: 1, coinName });
      expect(refused.body.data.code, coinName).toBe(ErrorCode.INVALID_SYMBOL);
      expect(refused.body.msg).toBe('Invalid trading pair symbol');
    }
    expect(await coinRows()).toEqual(before);
    expect(t.services.sim.localHost.venue.pairs.map((p) => p.symbol)).not.toContain('SSSS/USDT');
    const ascii = await post('/backend/coin/add', { platformId: 1, coinName: ' abc1/usdt ' });
    expect(ascii.body.code).toBe(200);
    expect((await get('/backend/coin/list')).body.data.find((c: { coinId: number }) => c.coinId === ascii.body.data.coinId).coinName).toBe('ABC1/USDT');
  });

  it('a pair added then disabled answers 3000401, expired 4000401, on every pair call; re-enabled it answers again', async () => {
    const calls = [`/backend/order/orderBook?coinId=${coinId}`, `/backend/order/wallet?coinId=${coinId}`, `/backend/order/getOrders?coinId=${coinId}`, `/backend/robot/list?coinId=${coinId}`];
    const disabled = await put('/backend/coin/update', { coinId, status: 'disabled' });
    expect(disabled.body.data).toMatchObject({ coinId, status: 'disabled' });
    for (const url of calls) expect((await get(url)).body.code, url).toBe(3000401);
    await put('/backend/coin/update', { coinId, status: 'enabled', endTimeStamp: Date.now() - 60_000 });
    for (const url of calls) expect((await get(url)).body.code, url).toBe(4000401);
    const cleared = await put('/backend/coin/update', { coinId, endTimeStamp: null });
    expect(cleared.body.data).toMatchObject({ endTimeStamp: null, status: 'enabled' });
    for (const url of calls) expect((await get(url)).body.code, url).toBe(200);
  });

  it('adds a pair disabled from the start, and edits only what is sent', async () => {
    const res = await post('/backend/coin/add', { platformId: 1, coinName: 'OFF/USDT', status: 'disabled' });
    const id = res.body.data.coinId;
    expect((await get(`/backend/order/orderBook?coinId=${id}`)).body.code).toBe(3000401);
    const expiry = Date.now() + DAY;
    expect((await put('/backend/coin/update', { coinId: id, endTimeStamp: expiry })).body.data).toMatchObject({ status: 'disabled', endTimeStamp: expiry });
    expect((await put('/backend/coin/update', { coinId: 424242, status: 'enabled' })).body.data.code).toBe(ErrorCode.PAIR_NOT_FOUND);
    expect((await put('/backend/coin/update', { coinId: id, endTimeStamp: 1e20 })).body.data.code).toBe(ErrorCode.INVALID_EXPIRY);
  });

  it("sets a pair's price band (a fraction) within the contract's bounds, main account only; out of bounds or malformed writes nothing", async () => {
    const added = await post('/backend/coin/add', { platformId: 1, coinName: 'BND/USDT', priceBand: '0.2' });
    const id = added.body.data.coinId;
    const band = async () => (await get('/backend/coin/list')).body.data.find((c: { coinId: number }) => c.coinId === id).priceBand;
    expect(await band()).toBe('0.2');
    expect((await put('/backend/coin/update', { coinId: id, priceBand: '0.001' })).body.data).toMatchObject({ coinId: id, priceBand: '0.001' });
    expect((await put('/backend/coin/update', { coinId: id, priceBand: '10' })).body.data).toMatchObject({ priceBand: '10' });
    for (const priceBand of ['0.0009', '10.000001', '0']) {
      const refused = await put('/backend/coin/update', { coinId: id, priceBand });
      expect(refused.body.data.code, priceBand).toBe(ErrorCode.INVALID_PRICE_BAND);
      expect(refused.body.msg).toBe('The price band must be between 0.1% and 1,000%');
    }
    for (const priceBand of ['-0.1', 'abc', '5 %', '0.1234567']) {
      expect((await put('/backend/coin/update', { coinId: id, priceBand })).body.data.code, priceBand).toBe(ErrorCode.INVALID_PARAMS);
    }
    expect(await band()).toBe('10');
    expect((await put('/backend/coin/update', { coinId: id, priceBand: '0.05' }, subToken)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect(await band()).toBe('10');
    // A pair added without one gets the default 5 %.
    const plain = await post('/backend/coin/add', { platformId: 1, coinName: 'BND2/USDT' });
    expect((await get('/backend/coin/list')).body.data.find((c: { coinId: number }) => c.coinId === plain.body.data.coinId).priceBand).toBe('0.05');
  });
});

describe('platforms', () => {
  let customId: number;

  it('refuses an unknown ccxt id, and a sandbox the venue does not have', async () => {
    const unknown = await post('/backend/platform/add', { name: 'Nowhere', code: 'nowhere-ex' });
    expect(unknown.body.data.code).toBe(ErrorCode.UNKNOWN_EXCHANGE_ID);
    expect(unknown.body.msg).toContain('"nowhere-ex"');
    const noSandbox = await post('/backend/platform/add', { name: 'MEXC testnet', code: 'mexc', sandbox: true });
    expect(noSandbox.body.data.code).toBe(ErrorCode.SANDBOX_UNAVAILABLE);
    expect(noSandbox.body.msg).toBe('mexc has no sandbox or testnet URLs in ccxt: add it without the sandbox switch, or give its testnet API base URL');
    expect((await post('/backend/platform/add', { name: 'Bad', code: 'binance', apiBaseUrl: 'ftp://x' })).body.data.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('refuses an API base with a user name or password in it, in words', async () => {
    for (const apiBaseUrl of ['https://desk:s3cret@proxy.example.com/api/v3', 'https://desk@proxy.example.com/api/v3']) {
      const res = await post('/backend/platform/add', { name: 'With credentials', code: 'binance', apiBaseUrl });
      expect([res.status, res.body.data.code, res.body.msg]).toEqual([400, ErrorCode.URL_HAS_CREDENTIALS, 'An API base URL must not hold a user name or password']);
    }
    expect((await get('/backend/platform/list')).body.data.map((p: { name: string }) => p.name)).not.toContain('With credentials');
  });

  it('takes a WebSocket base only as a ws or wss address without credentials, each refusal with its code', async () => {
    const cases: [string, number, string][] = [
      ['http://127.0.0.1:9/sim/binance', ErrorCode.WS_URL_NOT_WEBSOCKET, 'A WebSocket base URL must be a ws:// or wss:// address'],
      ['not a url', ErrorCode.WS_URL_NOT_WEBSOCKET, 'A WebSocket base URL must be a ws:// or wss:// address'],
      ['wss://desk:s3cret@proxy.example.com/ws', ErrorCode.WS_URL_HAS_CREDENTIALS, 'A WebSocket base URL must not hold a user name or password'],
    ];
    for (const [wsBaseUrl, code, msg] of cases) {
      const res = await post('/backend/platform/add', { name: 'Streams', code: 'binance', apiBaseUrl: 'https://proxy.example.com/api/v3', wsBaseUrl });
      expect([res.status, res.body.data.code, res.body.msg], wsBaseUrl).toEqual([400, code, msg]);
    }
    const inside = await post('/backend/platform/add', { name: 'Streams', code: 'binance', apiBaseUrl: 'https://proxy.example.com/api/v3', wsBaseUrl: 'ws://10.0.0.8/ws' });
    expect([inside.status, inside.body.data.code]).toEqual([400, ErrorCode.DESTINATION_NOT_ALLOWED]);
  });

  it('refuses an API base on this machine or a private network that the operator did not allow (here only 127.0.0.1)', async () => {
    for (const apiBaseUrl of ['http://10.0.0.8/api/v3', 'http://[::1]:8080/api/v3', 'http://169.254.169.254/', 'http://192.168.1.1:8080/sim/binance']) {
      const res = await post('/backend/platform/add', { name: 'Inside', code: 'binance', apiBaseUrl });
      expect([res.status, res.body.data.code], apiBaseUrl).toEqual([400, ErrorCode.DESTINATION_NOT_ALLOWED]);
    }
  });

  it('adds a sandbox platform and one at a custom API base, listed with their mode, never twice', async () => {
    const sandbox = await post('/backend/platform/add', { name: 'Binance testnet', code: 'binance', sandbox: true });
    expect(sandbox.body.code).toBe(200);
    const custom = await post('/backend/platform/add', { name: 'Binance at the simulator', code: 'Binance', apiBaseUrl: `${facade}/`, wsBaseUrl: `${wsFacade}/` });
    expect(custom.body.code).toBe(200);
    customId = custom.body.data.id;
    const list = (await get('/backend/platform/list')).body.data;
    expect(list.find((p: { id: number }) => p.id === sandbox.body.data.id)).toEqual({ id: sandbox.body.data.id, name: 'Binance testnet', code: 'binance', sandbox: true, apiBaseUrl: null, wsBaseUrl: null });
    expect(list.find((p: { id: number }) => p.id === customId)).toEqual({ id: customId, name: 'Binance at the simulator', code: 'binance', sandbox: false, apiBaseUrl: facade, wsBaseUrl: wsFacade });
    // A restricted account sees each platform's name and kind, not where it is.
    const seen = await get('/backend/platform/list', subToken);
    expect(seen.body.data.find((p: { id: number }) => p.id === customId)).toEqual({ id: customId, name: 'Binance at the simulator', code: 'binance', sandbox: false });
    expect(seen.raw.body).not.toContain(facade);
    expect(seen.raw.body).not.toContain('apiBaseUrl');
    expect(seen.raw.body).not.toContain('wsBaseUrl');
    const again = await post('/backend/platform/add', { name: 'Again', code: 'binance', sandbox: true });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe(ErrorCode.PLATFORM_ALREADY_EXISTS);
    expect(again.body.msg).toBe('A binance platform with the same sandbox mode and API base URL already exists');
  });

  it('checks a live pair against the venue’s markets: listed, not listed (named), venue unreachable (nothing written)', async () => {
    const listed = await post('/backend/coin/add', { platformId: customId, coinName: 'ETH/USDT', endTimeStamp: Date.now() + DAY });
    expect(listed.body.code).toBe(200);
    const missing = await post('/backend/coin/add', { platformId: customId, coinName: 'NOPE/USDT' });
    expect(missing.body.data.code).toBe(ErrorCode.SYMBOL_NOT_LISTED);
    expect(missing.body.msg).toBe('NOPE/USDT is not listed on Binance at the simulator');
    const [closed] = await t.database.db.insert(platforms).values({ name: 'Dead venue', code: 'binance', apiBaseUrl: 'http://127.0.0.1:9/api/v3' }).returning();
    const before = await coinRows();
    const unreachable = await post('/backend/coin/add', { platformId: closed!.id, coinName: 'BTC/USDT' });
    expect(unreachable.body.data.code).toBe(ErrorCode.VENUE_UNREACHABLE);
    expect(unreachable.body.msg).toBe('Dead venue did not answer when its markets were asked for to check the pair; nothing was saved, try again later');
    expect(await coinRows()).toEqual(before);
    // Refused before the venue was asked: a simulator market is not opened for a live platform either.
    expect(t.services.sim.localHost.venue.pairs.map((p) => p.symbol)).not.toContain('NOPE/USDT');
    const rows = await t.database.db.select().from(coins).where(eq(coins.platformId, customId));
    expect(rows.map((r) => r.coinName)).toEqual(['ETH/USDT']);
  });

  it('never echoes what a non-venue answered: a page or a JSON error at the API base is named for what it is, nothing written', async () => {
    const page = '<html><body>Internal admin console: db_password=hunter2</body></html>';
    const service = createServer((req, res) => {
      if (req.url?.includes('/json/')) res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'internal answer: db_password=hunter2' }));
      else res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    try {
      const before = await coinRows();
      const cases = [
        // A page where the markets should be: no market at all.
        ['Intranet page', `${base}/html`, ErrorCode.VENUE_ANSWER_UNREADABLE, 'Intranet page answered, but not as its exchange API does: check its API base URL; nothing was saved'],
        // An HTTP error ccxt cannot read counts as the venue not answering.
        ['Intranet API', `${base}/json/api`, ErrorCode.VENUE_UNREACHABLE, 'Intranet API did not answer when its markets were asked for to check the pair; nothing was saved, try again later'],
      ] as const;
      for (const [name, apiBaseUrl, code, msg] of cases) {
        const platform = await post('/backend/platform/add', { name, code: 'binance', apiBaseUrl });
        expect(platform.body.code).toBe(200);
        const res = await post('/backend/coin/add', { platformId: platform.body.data.id, coinName: 'BTC/USDT' });
        expect([res.status, res.body.data.code, res.body.msg]).toEqual([502, code, msg]);
        expect(res.raw.body).not.toContain('hunter2');
        expect(res.raw.body).not.toContain('Internal admin');
      }
      expect(await coinRows()).toEqual(before);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });

  it('a key on the custom platform trades through ccxt (the live code path), its session a live one (live rules apply)', async () => {
    const [eth] = await t.database.db.select().from(coins).where(eq(coins.platformId, customId));
    // The venue behind the facade is the simulator: the key is imported there first (its account opens;
    // the facade answers a key only while a simulator credential of a live account holds it).
    expect((await post('/backend/credentials/add', { platformId: 1, apiKey: 'live-pair-key', secretKey: 'live-pair-secret', coinId: 1 })).body.code).toBe(200);
    const key = await post('/backend/credentials/add', { platformId: customId, apiKey: 'live-pair-key', secretKey: 'live-pair-secret', coinId: eth!.id, hosts: ['203.0.113.9'] });
    expect(key.body.data.platformCode).toBe('binance');
    for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
    const placed = await post('/backend/order/addOrder', { coinId: eth!.id, direction: 'buy', tradeType: 'limit', price: '1000.00', amount: '0.01' });
    expect(placed.body.code).toBe(200);
    const viaSim = await t.services.sim.localHost.venue.account('live-pair-key').fetchOpenOrders('ETH/USDT');
    expect(viaSim.map((o) => o.orderNo)).toContain(placed.body.data.order.orderNo);
    const session = await t.services.gateway.session({ id: key.body.data.id, platformCode: 'binance', apiBaseUrl: facade, apiKey: 'live-pair-key', secretKey: 'live-pair-secret', passphrase: null, hosts: [] });
    expect(session.simulated).toBe(false);
    // Self-trade prevention on this live platform: a sell that would meet the key's own resting buy is
    // refused (the venue's EXPIRE_TAKER, asked for by ccxt with each Binance order), nothing fills.
    // (Far below the market: past the pair's fat-finger band, so it carries the confirmation.)
    const crossing = await post('/backend/order/addOrder', { coinId: eth!.id, direction: 'sell', tradeType: 'limit', price: '1000.00', amount: '0.01', confirmDeviation: true });
    expect(crossing.body.data.code).toBe(ErrorCode.SELF_TRADE_PREVENTED);
    const still = await t.services.sim.localHost.venue.account('live-pair-key').fetchOpenOrders('ETH/USDT');
    expect(still.find((o) => o.orderNo === placed.body.data.order.orderNo)).toMatchObject({ status: 'pending' });
    expect(Number(still.find((o) => o.orderNo === placed.body.data.order.orderNo)!.filledAmount)).toBe(0);
    // And the simulation-only bots are refused on it, with the policy's code.
    const types = (await get(`/backend/robot/init/list?coinId=${eth!.id}`)).body.data as { type: string; available: boolean }[];
    expect(types.find((i) => i.type === 'volume_random')?.available).toBe(false);
  });
});

describe('editing and deleting platforms', () => {
  const del = (id: number, as = token) => t.call('DELETE', `/backend/platform/${id}`, { token: as });
  const platformRow = async (id: number) => (await t.database.db.select().from(platforms).where(eq(platforms.id, id)))[0];

  it('renames a platform and moves it to another API base and back to the venue’s own URLs, never onto the twin of another', async () => {
    const added = await post('/backend/platform/add', { name: 'OKX demo', code: 'okx', sandbox: true });
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ code: 200 });
    const { id } = added.body.data;
    const edited = await put('/backend/platform/update', { id, name: ' OKX main ', apiBaseUrl: 'http://127.0.0.1:9/okx/' });
    expect(edited.body).toMatchObject({ code: 200, data: { id, name: 'OKX main', code: 'okx', sandbox: true, apiBaseUrl: 'http://127.0.0.1:9/okx' } });
    expect((await put('/backend/platform/update', { id, apiBaseUrl: null, sandbox: false })).body.data.code).toBe(ErrorCode.PLATFORM_ALREADY_EXISTS);
    expect((await put('/backend/platform/update', { id, apiBaseUrl: null })).body.data).toMatchObject({ apiBaseUrl: null, sandbox: true, name: 'OKX main' });
    expect(await platformRow(id)).toMatchObject({ name: 'OKX main', code: 'okx', sandbox: true, apiBaseUrl: null });
    expect((await get('/backend/platform/list')).body.data.find((p: { id: number }) => p.id === id)).toMatchObject({ name: 'OKX main' });
  });

  it('refuses to make a platform the twin of another, and moves of the built-in simulator (its name may change)', async () => {
    const first = (await get('/backend/platform/list')).body.data.find((p: { code: string; sandbox: boolean; apiBaseUrl: string | null }) => p.code === 'bybit' && !p.sandbox && !p.apiBaseUrl).id;
    const second = (await post('/backend/platform/add', { name: 'Bybit proxy', code: 'bybit', apiBaseUrl: 'http://127.0.0.1:9/bybit' })).body.data.id;
    expect((await put('/backend/platform/update', { id: second, apiBaseUrl: null })).body.data.code).toBe(ErrorCode.PLATFORM_ALREADY_EXISTS);
    expect(await platformRow(second)).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:9/bybit' });
    expect(first).not.toBe(second);
    expect((await put('/backend/platform/update', { id: 1, apiBaseUrl: 'http://127.0.0.1:9/x' })).body.data.code).toBe(ErrorCode.PLATFORM_BUILT_IN);
    expect((await put('/backend/platform/update', { id: 1, sandbox: true })).body.data.code).toBe(ErrorCode.PLATFORM_BUILT_IN);
    const renamed = await put('/backend/platform/update', { id: 1, name: 'Desk simulator' });
    expect(renamed.body.data).toMatchObject({ id: 1, code: 'sim', name: 'Desk simulator' });
    expect((await put('/backend/platform/update', { id: 987_654, name: 'Nobody' })).body.data.code).toBe(ErrorCode.PLATFORM_NOT_FOUND);
  });

  it('deletes an unused platform; refuses one in use with its pairs counted, the simulator, a missing one, and a restricted account', async () => {
    const unused = (await post('/backend/platform/add', { name: 'Kraken', code: 'kraken' })).body.data.id;
    expect((await del(unused, subToken)).body.data.code).toBe(ErrorCode.FORBIDDEN);
    expect(await platformRow(unused)).toBeDefined();
    expect((await del(unused)).body).toMatchObject({ code: 200 });
    expect(await platformRow(unused)).toBeUndefined();
    expect((await del(unused)).body.data.code).toBe(ErrorCode.PLATFORM_NOT_FOUND);

    // A platform with pairs (and keys): they keep it. The simulator's pairs are on platform 1; the facade's platform has some too.
    const coinsNow: { platformId: number }[] = (await get('/backend/coin/list')).body.data;
    const used = coinsNow.find((c) => c.platformId !== 1)!.platformId;
    const pairs = coinsNow.filter((c) => c.platformId === used).length;
    const name = (await platformRow(used))!.name;
    const refused = await del(used);
    expect(refused.body.data.code).toBe(ErrorCode.PLATFORM_IN_USE);
    expect(refused.body.msg).toMatch(new RegExp(`^${name} is in use by ${pairs} pair\\(s\\) and \\d+ API key\\(s\\): only a platform nothing uses can be deleted; edit it instead$`));
    expect(await platformRow(used)).toBeDefined();

    expect((await del(1)).body.data.code).toBe(ErrorCode.PLATFORM_BUILT_IN);
    expect(await platformRow(1)).toBeDefined();
  });
});
