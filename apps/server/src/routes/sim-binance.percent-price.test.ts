/**
 * The simulator refuses limit prices too far from the average price whatever the client, like
 * Binance's PERCENT_PRICE_BY_SIDE filter: announced in exchangeInfo on every symbol, answered -1013
 * "Filter failure: PERCENT_PRICE_BY_SIDE" on the Binance API (met here with ccxt's real `binance`),
 * and 1030083 in words in the console, even past the console's own band with confirmDeviation.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@makerdesk/contract';
import { add, compare, div, mul, toFixed } from '@makerdesk/decimal';
import ccxt, { type binance as Binance } from 'ccxt';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const API_KEY = 'percent-price-key';
const SECRET = 'percent-price-secret';
const SYMBOL = 'BTC/USDT';

let t: TestApp;
let sim: string;
let binance: Binance;
let token: string;
let coinId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  sim = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sim/binance`;
  for (let i = 0; i < 20; i++) t.services.sim.localHost.venue.step();
  const db = t.database.db;
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  const [pair] = await db.select().from(coins).where(and(eq(coins.platformId, platform!.id), eq(coins.coinName, SYMBOL)));
  coinId = pair!.id;
  token = await t.login();
  const added = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: platform!.id, apiKey: API_KEY, secretKey: SECRET, coinId } });
  expect(added.body.code).toBe(200);
  binance = new ccxt.binance({
    apiKey: API_KEY,
    secret: SECRET,
    urls: { api: { public: `${sim}/api/v3`, private: `${sim}/api/v3`, sapi: `${sim}/sapi/v1` } },
    options: { fetchMarkets: { types: ['spot'] } },
  });
  await binance.loadMarkets();
});
afterAll(() => t.close());

async function last(): Promise<string> {
  const ticker = await binance.fetchTicker(SYMBOL);
  return String(ticker.last);
}

async function signedOrder(params: Record<string, string>) {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', SECRET).update(query).digest('hex');
  const res = await fetch(`${sim}/api/v3/order`, {
    method: 'POST',
    headers: { 'X-MBX-APIKEY': API_KEY, 'content-type': 'application/x-www-form-urlencoded' },
    body: `${query}&signature=${signature}`,
  });
  return { status: res.status, body: (await res.json()) as { code?: number; msg?: string; orderId?: number } };
}

describe('PERCENT_PRICE_BY_SIDE on the simulator', () => {
  it("is announced on every symbol with Binance's usual values", async () => {
    const info = (await (await fetch(`${sim}/api/v3/exchangeInfo`)).json()) as { symbols: { symbol: string; filters: { filterType: string }[] }[] };
    expect(info.symbols.length).toBeGreaterThan(1);
    for (const symbol of info.symbols) {
      expect(symbol.filters.find((f) => f.filterType === 'PERCENT_PRICE_BY_SIDE'), symbol.symbol).toEqual({
        filterType: 'PERCENT_PRICE_BY_SIDE',
        bidMultiplierUp: '5',
        bidMultiplierDown: '0.2',
        askMultiplierUp: '5',
        askMultiplierDown: '0.2',
        avgPriceMins: 5,
      });
    }
  });

  it('ccxt: a buy at 6× the average and a sell at 0.15× are refused -1013 with the filter named; nothing rests', async () => {
    const price = await last();
    const high = Number(toFixed(mul(price, '6'), 2, 'down'));
    const low = Number(toFixed(mul(price, '0.15'), 2, 'down'));
    for (const [side, at] of [['buy', high], ['sell', low]] as const) {
      const err = await binance.createOrder(SYMBOL, 'limit', side, 0.001, at).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, side).toBeInstanceOf(ccxt.InvalidOrder);
      expect(String((err as Error).message)).toContain('Filter failure: PERCENT_PRICE_BY_SIDE');
    }
    expect(await binance.fetchOpenOrders(SYMBOL)).toEqual([]);
    const raw = await signedOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: toFixed(mul(price, '6'), 2, 'down') });
    expect(raw).toEqual({ status: 400, body: { code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' } });
  });

  it('ccxt: prices inside the multipliers pass (a sell at 4× rests, a buy at 0.25× rests)', async () => {
    const price = await last();
    const sell = await binance.createOrder(SYMBOL, 'limit', 'sell', 0.001, Number(toFixed(mul(price, '4'), 2, 'down')));
    const buy = await binance.createOrder(SYMBOL, 'limit', 'buy', 0.001, Number(toFixed(mul(price, '0.25'), 2, 'up')));
    expect(sell.status).toBe('open');
    expect(buy.status).toBe('open');
    await binance.cancelAllOrders(SYMBOL);
  });

  it('avgPrice is the 5-minute volume-weighted average of the trades, the reference the filter checks against to the tick', async () => {
    t.services.sim.localHost.venue.step();
    const avg = (await (await fetch(`${sim}/api/v3/avgPrice?symbol=BTCUSDT`)).json()) as { mins: number; price: string; closeTime: number };
    // Worked out here from the public trades (every trade the venue keeps).
    const trades = (await (await fetch(`${sim}/api/v3/trades?symbol=BTCUSDT&limit=1000`)).json()) as { price: string; qty: string; time: number }[];
    const lastTime = trades.at(-1)!.time;
    const recent = trades.filter((trade) => trade.time >= lastTime - 5 * 60_000);
    expect(recent.length).toBeGreaterThan(1);
    const quote = recent.reduce((sum, trade) => add(sum, mul(trade.price, trade.qty)), '0');
    const volume = recent.reduce((sum, trade) => add(sum, trade.qty), '0');
    expect(avg).toEqual({ mins: 5, price: toFixed(div(quote, volume, { decimals: 8, rounding: 'down' }), 8, 'down'), closeTime: lastTime });
    expect(compare(avg.price, await last())).not.toBe(0);

    // A sell may go up to 5× that average and a buy down to 0.2×, not a tick further.
    const sellMax = toFixed(mul(avg.price, '5'), 2, 'down');
    const buyMin = toFixed(mul(avg.price, '0.2'), 2, 'up');
    const order = (side: 'SELL' | 'BUY', price: string) => signedOrder({ symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price });
    expect((await order('SELL', sellMax)).status).toBe(200);
    expect(await order('SELL', add(sellMax, '0.01'))).toEqual({ status: 400, body: { code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' } });
    expect((await order('BUY', buyMin)).status).toBe(200);
    expect(await order('BUY', add(buyMin, '-0.01'))).toEqual({ status: 400, body: { code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' } });
    await binance.cancelAllOrders(SYMBOL);
  });

  it('the console meets it too: past its own band with confirmDeviation, the venue refuses 15× the market in words (1030083)', async () => {
    const price = toFixed(mul(await last(), '15'), 2, 'down');
    const body = { coinId, direction: 'buy', tradeType: 'limit', price, amount: '0.001' };
    const band = await t.call('POST', '/backend/order/addOrder', { token, body });
    expect(band.body.data.code).toBe(ErrorCode.PRICE_BEYOND_BAND);
    const venue = await t.call('POST', '/backend/order/addOrder', { token, body: { ...body, confirmDeviation: true } });
    expect(venue.body.data.code).toBe(ErrorCode.VENUE_PERCENT_PRICE);
    expect(venue.body.msg).toMatch(/^The venue refused the price [\d,]+\.\d{2} USDT: it must lie between [\d,]+\.\d{2} USDT and [\d,]+\.\d{2} USDT, around the 5-minute average price [\d,]+\.\d{2} USDT \(PERCENT_PRICE_BY_SIDE\)$/);
    const zh = await t.call('POST', '/backend/order/addOrder', { token, lang: 'zh_CN', body: { ...body, confirmDeviation: true } });
    expect(zh.body.msg).toContain('交易所拒绝价格');
  });
});
