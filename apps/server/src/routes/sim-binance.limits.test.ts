/**
 * Binance's limits on the simulator's Binance API, as a client no one here wrote sees them: ccxt's
 * `binance` reads the weight and order-count headers (`last_response_headers`) and raises its
 * DDoSProtection on the 429 and 418 answers, with Binance's codes and texts in the message. The
 * limits are tightened through the setting (MAKERDESK_SIM_BINANCE_LIMITS) so that a few calls reach
 * them; the tests are ordered: the ban comes last, as it shuts the address out for two minutes.
 */
import type { AddressInfo } from 'node:net';
import ccxt, { type binance as Binance } from 'ccxt';
import { and, eq } from 'drizzle-orm';
import { isExchangeError } from '@makerdesk/exchange';
import { createCcxtExchange, type CcxtExchange } from '@makerdesk/exchange/ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const API_KEY = 'limits-sim-key';
const SECRET = 'limits-sim-secret';
const SYMBOL = 'BTC/USDT';
const WEIGHT_LIMIT = 600;
const ORDERS_PER_10S = 5;

let t: TestApp;
let sim: string;
let binance: Binance;

beforeAll(async () => {
  t = await createTestApp({ simBinanceLimits: `weight1m=${WEIGHT_LIMIT},orders10s=${ORDERS_PER_10S},orders1d=1000` });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  sim = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sim/binance`;
  for (let i = 0; i < 20; i++) t.services.sim.localHost.venue.step();

  const db = t.database.db;
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  const [pair] = await db.select().from(coins).where(and(eq(coins.platformId, platform!.id), eq(coins.coinName, SYMBOL)));
  const token = await t.login();
  const added = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: platform!.id, apiKey: API_KEY, secretKey: SECRET, coinId: pair!.id } });
  expect(added.body.code).toBe(200);

  binance = new ccxt.binance({
    apiKey: API_KEY,
    secret: SECRET,
    // ccxt's own throttle off: the venue's answers are what is under test.
    enableRateLimit: false,
    urls: { api: { public: `${sim}/api/v3`, private: `${sim}/api/v3`, sapi: `${sim}/sapi/v1` } },
    options: { fetchMarkets: { types: ['spot'] } },
  });
});
afterAll(() => t.close());

/** Waits until `now` is at least `marginMs` away from the end of its `windowMs` window (fixed windows aligned on the epoch). */
async function awayFromWindowEnd(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 20));
}

/** A header of ccxt's last response, by name in any case (ccxt capitalises them: `X-Mbx-Used-Weight-1m`). */
const header = (name: string) => Object.entries((binance.last_response_headers ?? {}) as Record<string, string>).find(([key]) => key.toLowerCase() === name)?.[1];
const usedWeight = () => Number(header('x-mbx-used-weight-1m'));

async function errorOf(run: Promise<unknown>): Promise<Error> {
  return run.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => err as Error,
  );
}

describe('what the API says it enforces', () => {
  it('lists the configured limits in exchangeInfo’s rateLimits', async () => {
    const res = await fetch(`${sim}/api/v3/exchangeInfo?symbol=BTCUSDT`);
    expect(res.headers.get('x-mbx-used-weight-1m')).toMatch(/^\d+$/);
    const info = (await res.json()) as { rateLimits: unknown };
    expect(info.rateLimits).toEqual([
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: WEIGHT_LIMIT },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: ORDERS_PER_10S },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 1000 },
    ]);
  });
});

describe('the headers ccxt keeps', () => {
  it('carry the used weight on every answer, each call adding Binance’s weight for it', async () => {
    await binance.loadMarkets();
    await awayFromWindowEnd(60_000, 5000);
    await binance.fetchOrderBook(SYMBOL);
    const afterDepth = usedWeight();
    expect(afterDepth).toBeGreaterThanOrEqual(5);
    await binance.fetchOrderBook(SYMBOL, 500);
    expect(usedWeight() - afterDepth).toBe(25);
    const before = usedWeight();
    await binance.fetchOpenOrders(SYMBOL);
    expect(usedWeight() - before).toBe(6);
    await binance.fetchBalance();
    expect(usedWeight() - before).toBe(6 + 20);
    // A 404 says it too.
    const missing = await fetch(`${sim}/api/v3/nothing-here`);
    expect(missing.status).toBe(404);
    expect(Number(missing.headers.get('x-mbx-used-weight-1m'))).toBe(usedWeight());
  });

  it('carry the key’s order counts on order answers, and -1015 past the 10 s limit (429 with Retry-After)', async () => {
    await awayFromWindowEnd(10_000, 4000);
    const book = await binance.fetchOrderBook(SYMBOL, 5);
    const price = Math.floor(book.bids[0]![0]! * 0.9);
    const start = 0;
    for (let i = 1; i <= ORDERS_PER_10S; i++) {
      await binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, price);
      expect(header('x-mbx-order-count-10s')).toBe(String(start + i));
      expect(Number(header('x-mbx-order-count-1d'))).toBe(start + i);
    }
    const refused = await errorOf(binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, price));
    // ccxt's binance turns any 429 into DDoSProtection (its handleErrors reads the status first).
    expect(refused).toBeInstanceOf(ccxt.DDoSProtection);
    expect(refused.message).toContain(`{"code":-1015,"msg":"Too many new orders; current limit is ${ORDERS_PER_10S} orders per 10 SECOND."}`);
    expect(Number(header('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(header('retry-after'))).toBeLessThanOrEqual(10);
    // Nothing was placed by the refused call.
    expect(await binance.fetchOpenOrders(SYMBOL)).toHaveLength(ORDERS_PER_10S);
    // Cancels are not new orders: they still go through.
    for (const order of await binance.fetchOpenOrders(SYMBOL)) await binance.cancelOrder(order.id!, SYMBOL);
    expect(await binance.fetchOpenOrders(SYMBOL)).toHaveLength(0);
  });
});

describe('the venue’s usage as the engine reads it', () => {
  let exchange: CcxtExchange;
  afterAll(() => exchange?.close());

  it('CcxtExchange reports the used weight and the limits exchangeInfo states (VenueUsage)', async () => {
    exchange = await createCcxtExchange({ id: 'binance', apiKey: API_KEY, secret: SECRET, apiBaseUrl: `${sim}/api/v3`, options: { fetchMarkets: ['spot'], fetchCurrencies: false } });
    expect(exchange.venueUsage()).toBeNull();
    await exchange.loadMarkets();
    await awayFromWindowEnd(60_000, 3000);
    await exchange.fetchOpenOrders(SYMBOL);
    const first = exchange.venueUsage()!;
    expect(first.limits).toEqual({ weight1m: WEIGHT_LIMIT, orders10s: ORDERS_PER_10S, orders1d: 1000 });
    expect(Math.abs(first.at - Date.now())).toBeLessThan(2000);
    await exchange.fetchBalances();
    expect(exchange.venueUsage()!.usedWeight1m).toBe(first.usedWeight1m! + 20);
  });
});

describe('past the request weight', () => {
  it('answers 429 with -1003 and Retry-After, then bans an address that keeps sending (418), each seen by ccxt', { timeout: 30_000 }, async () => {
    // All in one minute window; depth of 5000 levels weighs 250: the window fills in a few calls.
    await awayFromWindowEnd(60_000, 15_000);
    let answer = await fetch(`${sim}/api/v3/depth?symbol=BTCUSDT&limit=5000`);
    for (let i = 0; answer.status === 200 && i < 10; i++) {
      expect(Number(answer.headers.get('x-mbx-used-weight-1m'))).toBeLessThanOrEqual(WEIGHT_LIMIT);
      answer = await fetch(`${sim}/api/v3/depth?symbol=BTCUSDT&limit=5000`);
    }
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({
      code: -1003,
      msg: `Too much request weight used; current limit is ${WEIGHT_LIMIT} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
    });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Through the engine's adapter: rate_limited, with the venue's Retry-After for the key's pause.
    const limited = await errorOf(createCcxtExchange({ id: 'binance', apiBaseUrl: `${sim}/api/v3`, options: { fetchMarkets: ['spot'], fetchCurrencies: false } }).then(async (venue) => {
      try {
        return await venue.fetchOrderBook(SYMBOL, 5000);
      } finally {
        await venue.close();
      }
    }));
    if (!isExchangeError(limited)) throw limited;
    expect(limited.kind).toBe('rate_limited');
    expect(Number(limited.params.retryAfterMs)).toBeGreaterThanOrEqual(1000);

    const tooMuch = await errorOf(binance.fetchOrderBook(SYMBOL, 5000));
    expect(tooMuch).toBeInstanceOf(ccxt.DDoSProtection);
    expect(tooMuch.message).toContain('429');
    expect(tooMuch.message).toContain('"code":-1003');

    // Keeps sending after its 429s: banned.
    let banned = answer;
    for (let i = 0; banned.status !== 418 && i < 20; i++) banned = await fetch(`${sim}/api/v3/depth?symbol=BTCUSDT&limit=5000`);
    expect(banned.status).toBe(418);
    const body = (await banned.json()) as { code: number; msg: string };
    expect(body.code).toBe(-1003);
    expect(body.msg).toMatch(/^Way too much request weight used; IP banned until \d{13}\. Please use WebSocket Streams for live updates to avoid bans\.$/);
    const bannedFor = Number(banned.headers.get('retry-after'));
    expect(bannedFor).toBeGreaterThan(110);
    expect(bannedFor).toBeLessThanOrEqual(120);

    const shutOut = await errorOf(binance.fetchTime());
    expect(shutOut).toBeInstanceOf(ccxt.DDoSProtection);
    expect(shutOut.message).toContain('418');
    expect(Number(header('retry-after'))).toBeGreaterThan(100);
  });
});
