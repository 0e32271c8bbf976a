import { incidentListResponse } from '@makerdesk/contract';
import { ExchangeError, type Exchange } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { VenueWatch } from '../services/incidents/venue-watch.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Venue health and refused keys end to end (issue 18 §1): a fake live venue behind the gateway that
 * fails, recovers and refuses keys on demand; the incidents are read through GET /incident/list.
 */
let t: TestApp;
let token: string;
let coinId: number;
let clock = 1_800_000_000_000;
/** What the fake venue does now. */
let mode: 'down' | 'up' | 'refuse' = 'up';
let watch: VenueWatch;

const book = { symbol: 'BTC/USDT', bids: [['64000', '1']], asks: [['64010', '1']], timestamp: 0 };
const balances = [{ asset: 'BTC', available: '1', locked: '0' }, { asset: 'USDT', available: '1000', locked: '0' }];

const market = { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', maxAmount: null, maxPrice: null, minNotional: '5', maxNotional: null, makerFee: '0.001', takerFee: '0.001', active: true };

function fakeVenue(): Exchange {
  const answer = async <T>(value: T): Promise<T> => {
    if (mode === 'down') throw new ExchangeError('network', 'fetch failed: ETIMEDOUT');
    if (mode === 'refuse') throw new ExchangeError('invalid_key', 'API-key format invalid');
    return value;
  };
  return {
    id: 'binance',
    // Public: answered while the key is refused.
    loadMarkets: async () => {
      if (mode === 'down') throw new ExchangeError('network', 'fetch failed: ETIMEDOUT');
      return [market];
    },
    fetchOrderBook: () => answer(book),
    fetchBalances: () => answer(balances),
    close: async () => undefined,
  } as unknown as Exchange;
}

const list = async () => {
  const res = await t.call('GET', `/backend/incident/list?coinId=${coinId}`, { token });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return incidentListResponse.parse(res.body.data);
};
/** The watch records asynchronously: waits until the list holds `n` incidents (or gives up). */
const listOf = async (n: number) => {
  for (let i = 0; i < 50; i++) {
    const found = await list();
    if (found.items.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return list();
};
const readBook = () => t.call('GET', `/backend/order/orderBook?coinId=${coinId}`, { token });

beforeAll(async () => {
  t = await createTestApp({ liveExchange: async () => fakeVenue() });
  // The production watch, on a clock the test moves.
  watch = new VenueWatch(t.services.incidents, () => clock, { checkMs: 60_000 });
  t.services.gateway.observe(watch);
  token = await t.login();
  const db = t.database.db;
  const [binance] = await db.select().from(platforms).where(eq(platforms.code, 'binance'));
  const [coin] = await db.insert(coins).values({ coinName: 'BTC/USDT', platformId: binance!.id }).returning();
  coinId = coin!.id;
  const key = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: binance!.id, apiKey: 'venue-health-key', secretKey: 'venue-health-secret', coinId, hosts: [] } });
  expect(key.body, JSON.stringify(key.body)).toMatchObject({ code: 200 });
}, 60_000);
afterAll(() => {
  watch.stop();
  return t.close();
});

describe('venue health incidents', () => {
  it('a venue failing over the span is one venue_down, its return one venue_up; a blip and a flap record nothing more', async () => {
    expect((await readBook()).body.code).toBe(200);
    // A blip: one failure, then an answer.
    mode = 'down';
    await readBook();
    mode = 'up';
    clock += 1_000;
    await readBook();
    expect((await list()).items).toEqual([]);

    // Out of reach: failures in a row over more than the span.
    mode = 'down';
    for (let i = 0; i < 4; i++) {
      clock += 5_000;
      expect((await readBook()).body.code).not.toBe(200);
    }
    const down = await listOf(1);
    expect(down.items.map((i) => i.kind)).toEqual(['venue_down']);
    expect(down.items[0]).toMatchObject({ level: 'error', coinId, robotId: null, title: 'Venue binance unreachable' });
    expect(down.items[0]!.text).toMatch(/^Venue binance has not answered since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(3 failed calls in a row; last: fetchOrderBook: fetch failed: ETIMEDOUT\)$/);

    // Back 70 s later.
    mode = 'up';
    clock += 70_000;
    expect((await readBook()).body.code).toBe(200);
    const up = await listOf(2);
    expect(up.items.map((i) => i.kind)).toEqual(['venue_up', 'venue_down']);
    expect(up.items[0]).toMatchObject({ level: 'info', title: 'Venue binance reachable again' });
    expect(up.items[0]!.text).toMatch(/after 1 min 25 s out of reach/);

    // Flapping within the quiet time: no new incident.
    mode = 'down';
    for (let i = 0; i < 4; i++) {
      clock += 5_000;
      await readBook();
    }
    mode = 'up';
    clock += 5_000;
    await readBook();
    await new Promise((r) => setTimeout(r, 100));
    expect((await list()).items.map((i) => i.kind)).toEqual(['venue_up', 'venue_down']);

    // In Chinese.
    const zh = await t.call('GET', `/backend/incident/list?coinId=${coinId}`, { token, lang: 'zh_CN' });
    expect(zh.body.data.items[1].title).toBe('交易所 binance 无法访问');
  });

  it('a key refused by the venue is one key_refused incident of its account per hour', async () => {
    clock += 20 * 60_000;
    mode = 'refuse';
    const wallet = await t.call('GET', `/backend/order/wallet?coinId=${coinId}`, { token });
    expect(wallet.body.code).not.toBe(200);
    await t.call('GET', `/backend/order/wallet?coinId=${coinId}`, { token });
    clock += 10 * 60_000;
    await t.call('GET', `/backend/order/wallet?coinId=${coinId}`, { token });
    const found = await listOf(3);
    expect(found.items.map((i) => i.kind)).toEqual(['key_refused', 'venue_up', 'venue_down']);
    expect(found.items[0]).toMatchObject({ level: 'error', title: 'Key refused by binance' });
    expect(found.items[0]!.text).toBe('Venue binance refused the key on fetchBalances: API-key format invalid. Check the key, its permissions and its bound IP addresses');
    // A refusal is an answer: the venue is not down for it.
    expect(found.items.filter((i) => i.kind === 'venue_down')).toHaveLength(1);
    // An hour later it is told again.
    clock += 61 * 60_000;
    await t.call('GET', `/backend/order/wallet?coinId=${coinId}`, { token });
    expect((await listOf(4)).items.filter((i) => i.kind === 'key_refused')).toHaveLength(2);
    mode = 'up';
  });
});
