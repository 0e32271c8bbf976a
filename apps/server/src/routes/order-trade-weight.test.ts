/**
 * GET /order/trade on a live venue (ccxt's Binance class against the simulator's Binance API):
 * attributing the fills reads no order history. The bots' journal and the console's own orders
 * (noted when placed) name most fills; an order neither knows is read once (GET /api/v3/order,
 * weight 4) and remembered. Before, every answer also read the open orders (weight 6) and up to
 * 1,000 closed ones (allOrders, weight 20).
 */
import type { AddressInfo } from 'node:net';
import { botScope, makerDeskClientOrderId } from '@makerdesk/exchange';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLiveExchange } from '../venues/live-exchange.ts';
import { importKey } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SIM_BINANCE_PREFIX } from './sim-binance.routes.ts';

const KEY = 'weight-sim-key';
const SYMBOL = 'BTC/USDT';

let t: TestApp;
let token: string;
let liveCoin: number;
/** Every request the server's ccxt made to the venue: method and path. */
const requests: string[] = [];
/** The query strings of its myTrades requests. */
const myTradesQueries: URLSearchParams[] = [];

const countingFetch: typeof fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  requests.push(`${init?.method ?? 'GET'} ${url.pathname.replace(SIM_BINANCE_PREFIX, '')}`);
  if (url.pathname.endsWith('/myTrades')) myTradesQueries.push(url.searchParams);
  return fetch(input, init);
};

beforeAll(async () => {
  t = await createTestApp({ liveExchange: openLiveExchange(countingFetch), outboundAllow: '127.0.0.1' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();
  token = await t.login();
  // The key is the simulator's (imported for its own pair), used through a live Binance platform at its Binance API.
  await importKey(t, token, { coinId: 1, apiKey: KEY });
  const platform = await t.call('POST', '/backend/platform/add', { token, body: { name: 'Binance at the simulator', code: 'binance', apiBaseUrl: `${origin}${SIM_BINANCE_PREFIX}` } });
  expect(platform.body.code, JSON.stringify(platform.body)).toBe(200);
  const coin = await t.call('POST', '/backend/coin/add', { token, body: { platformId: platform.body.data.id, coinName: SYMBOL } });
  expect(coin.body.code, JSON.stringify(coin.body)).toBe(200);
  liveCoin = coin.body.data.coinId;
  await importKey(t, token, { platformId: platform.body.data.id, coinId: liveCoin, apiKey: KEY });
}, 180_000);
afterAll(() => t.close());

const fills = async () => {
  const res = await t.call('GET', `/backend/order/trade?coinId=${liveCoin}`, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { orderNo: string; source: { kind: string; robotId: number | null } }[];
};
const counted = (from: number) => requests.slice(from).filter((r) => !r.endsWith('/time'));

it('attributes console, bot and other fills without reading the order history; an unknown order is read once', async () => {
  const account = t.services.sim.localHost.venue.account(KEY);
  const manual = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: liveCoin, direction: 'buy', tradeType: 'market', amount: '0.001' } });
  expect(manual.body.code, JSON.stringify(manual.body)).toBe(200);
  // Placed with the key elsewhere: a bot of this installation not in the journal yet, and another client.
  const bot = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'market', amount: '0.001', clientOrderId: makerDeskClientOrderId(botScope(4242)) });
  const other = await account.placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'market', amount: '0.001', clientOrderId: 'web_a1b2c3' });

  const start = requests.length;
  const first = await fills();
  const sourceOf = (rows: typeof first, orderNo: string) => rows.find((f) => f.orderNo === orderNo)?.source;
  expect(sourceOf(first, manual.body.data.orderNo)).toMatchObject({ kind: 'manual' });
  expect(sourceOf(first, bot.orderNo)).toMatchObject({ kind: 'bot', robotId: 4242 });
  expect(sourceOf(first, other.orderNo)).toMatchObject({ kind: 'other' });
  const firstRead = counted(start);
  // The fills, then the two orders the server did not know, one read each; never the order lists.
  expect(firstRead.filter((r) => r.includes('allOrders') || r.includes('openOrders'))).toEqual([]);
  expect(firstRead.filter((r) => r === 'GET /myTrades')).toHaveLength(1);
  expect(firstRead.filter((r) => r === 'GET /order')).toHaveLength(2);

  const again = requests.length;
  const second = await fills();
  expect(second.map((f) => f.source)).toEqual(first.map((f) => f.source));
  // Known now: the fills are the only read.
  expect(counted(again)).toEqual(['GET /myTrades']);
  console.info(`GET /order/trade venue requests: first read ${JSON.stringify(firstRead)}, later reads ${JSON.stringify(counted(again))}`);
}, 120_000);

it('the manual-fill copy pages the live venue by trade id from its cursor (Binance fromId)', async () => {
  const pnl = async () => expect((await t.call('GET', `/backend/desk/pnl?coinId=${liveCoin}&window=all`, { token })).body.code).toBe(200);
  await pnl();
  const account = t.services.sim.localHost.venue.account(KEY);
  const other = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'market', amount: '0.001', clientOrderId: 'web_d4e5f6' });
  const from = myTradesQueries.length;
  await pnl();
  const [fill] = await account.fetchMyTrades(SYMBOL, { limit: 1 });
  expect(fill!.orderNo).toBe(other.orderNo);
  const asked = myTradesQueries.slice(from);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((q) => q.get('fromId') !== null && q.get('startTime') === null)).toBe(true);
}, 120_000);
