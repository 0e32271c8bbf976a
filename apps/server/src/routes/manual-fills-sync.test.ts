import { botScope, makerDeskClientOrderId, MANUAL_SCOPE, type MyTrade } from '@makerdesk/exchange';
import { add, compare, div, max, minus, mul } from '@makerdesk/decimal';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admins, manualFillCursors, manualFills } from '../db/schema.ts';
import { AnalysisRepository } from '../repositories/analysis.repository.ts';
import { OrderOriginRepository } from '../repositories/order-origin.repository.ts';
import { createRepositories } from '../repositories/repositories.ts';
import { AnalysisService } from '../services/analysis/analysis.service.ts';
import { CoinService } from '../services/coin.service.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { importKey } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Issue 18 §3: manual_fills copies the account's venue fills that no bot made. A bot's order whose
 * venue number the journal does not hold yet (its placement's answer awaited or lost) is still a
 * bot's: its fill is not copied as a manual one; a console order's fill is copied, once.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await importKey(t, token, { coinId: 1, apiKey: 'sync-key', secretKey: 'sync-secret' });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
});
afterAll(() => t.close());

it('a fill of a bot order the journal does not number yet is not copied as manual; a console order’s fill is, once', async () => {
  const venue = t.services.sim.localHost.venue;
  expect((await t.call('GET', '/backend/desk/pnl?coinId=1&window=all', { token })).body.code).toBe(200);
  const market = venue.markets()[0]!;
  const symbol = market.symbol;
  const mine = venue.account('sync-key');
  // A buy at the best ask fills at once against the background market.
  const place = async (scope: string) => {
    const [[ask, size]] = (await mine.fetchOrderBook(symbol, 1)).asks as [[string, string]];
    const amount = Number(size) < Number(market.minAmount) * 10 ? size : (Number(market.minAmount) * 10).toFixed(market.amountPrecision);
    const order = await mine.placeOrder({ symbol, direction: 'buy', tradeType: 'limit', price: ask, amount, timeInForce: 'IOC', clientOrderId: makerDeskClientOrderId(scope) });
    expect(Number(order.filledAmount)).toBeGreaterThan(0);
  };
  // Bot 987654 of this account: no robot_orders row numbers its order.
  await place(botScope(987654));
  await place(MANUAL_SCOPE);
  expect((await mine.fetchMyTrades(symbol, { limit: 10 })).length).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < 2; i++) expect((await t.call('GET', '/backend/desk/pnl?coinId=1&window=all', { token })).body.code).toBe(200);
  const rows = await t.database.db.select().from(manualFills);
  expect(rows.map((r) => r.clientOrderId?.slice(0, 9))).toEqual(['MDmanualZ']);
  expect(rows[0]!.side).toBe('buy');
});

/**
 * A burst of fills between two reads: the copy pages from its cursor, bounded per read, so nothing is
 * lost (the old copy took only the newest 500), nothing is copied twice, and a new service (a restart)
 * resumes where the last one stopped. The simulator keeps 1,000 fills per account and pair.
 */
it('copies a burst of 700 fills between two reads whole, over bounded reads, none twice, across a restart', async () => {
  const venue = t.services.sim.localHost.venue;
  const market = venue.markets()[0]!;
  const symbol = market.symbol;
  const mine = venue.account('sync-key');
  const taker = venue.account('burst-taker');
  const [admin] = await t.database.db.select().from(admins).where(eq(admins.account, SEED_ADMIN_ACCOUNT));
  const fresh = (paging: { page: number; pagesPerRead: number }) =>
    new AnalysisService({
      repo: new AnalysisRepository(t.database.db),
      origins: new OrderOriginRepository(t.database.db),
      coins: new CoinService(createRepositories(t.database.db)),
      credentials: t.services.credentials,
      gateway: t.services.gateway,
      manualFillPaging: paging,
    });
  const coin = await new CoinService(createRepositories(t.database.db)).requireUsablePair(admin!, 1);
  expect(coin.coinName).toBe(symbol);
  const copied = async () => (await t.database.db.select().from(manualFills).where(and(eq(manualFills.adminId, admin!.id), eq(manualFills.coinId, 1)))).map((r) => r.tradeId);
  // A read now sets the cursor at the latest fill.
  await fresh({ page: 100, pagesPerRead: 2 }).syncManualFills(admin!, coin);
  const before = new Set(await copied());

  // A console sell resting inside the spread, filled by another account in 700 small buys.
  const book = await mine.fetchOrderBook(symbol, 1);
  const [[bid]] = book.bids as [[string, string]];
  const [[ask]] = book.asks as [[string, string]];
  const tick = `0.${'0'.repeat(market.pricePrecision - 1)}1`;
  const price = minus(ask, tick);
  expect(compare(price, bid)).toBe(1);
  // The smallest amount above the venue's minimum order value.
  const lot = max(market.minAmount, div(mul(market.minNotional, '1.2'), price, { decimals: market.amountPrecision, rounding: 'ceil' }));
  let total = '0';
  for (let i = 0; i < 700; i++) total = add(total, lot);
  const sell = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: 1, direction: 'sell', tradeType: 'limit', price, amount: total, confirmDeviation: true } });
  expect(sell.body.code, JSON.stringify(sell.body)).toBe(200);
  const orderNo = sell.body.data.orderNo as string;
  for (let i = 0; i < 700; i++) await taker.placeOrder({ symbol, direction: 'buy', tradeType: 'limit', price, amount: lot, timeInForce: 'IOC', clientOrderId: makerDeskClientOrderId('taker') });
  const burst: MyTrade[] = (await mine.fetchMyTrades(symbol, { limit: 1000 })).filter((f) => f.orderNo === orderNo);
  expect(burst).toHaveLength(700);
  const burstIds = burst.map((f) => f.id).sort();

  // Reads of at most 2 pages of 100, resumed from the stored cursor: each page answers from the
  // cursor's own trade on (it included), so 99 new fills a page.
  await fresh({ page: 100, pagesPerRead: 2 }).syncManualFills(admin!, coin);
  expect((await copied()).filter((id) => !before.has(id))).toHaveLength(198);
  // A restart: a new service, the same database.
  await fresh({ page: 100, pagesPerRead: 2 }).syncManualFills(admin!, coin);
  expect((await copied()).filter((id) => !before.has(id))).toHaveLength(396);
  // The server's own service (pages of 500) catches up the rest through the desk's read.
  expect((await t.call('GET', '/backend/desk/pnl?coinId=1&window=all', { token })).body.code).toBe(200);
  const after = await copied();
  expect(after.filter((id) => !before.has(id)).sort()).toEqual(burstIds);
  // Read again: nothing doubled, the cursor at the burst's last fill.
  expect((await t.call('GET', '/backend/desk/fills?coinId=1&current=1&pageSize=10', { token })).body.code).toBe(200);
  expect(await copied()).toHaveLength(after.length);
  expect(new Set(after).size).toBe(after.length);
  const [cursor] = await t.database.db.select().from(manualFillCursors).where(and(eq(manualFillCursors.adminId, admin!.id), eq(manualFillCursors.coinId, 1)));
  expect(cursor!.tradeId).toBe(burst[0]!.id);
  const rows = await t.database.db.select().from(manualFills).where(eq(manualFills.orderNo, orderNo));
  expect(rows.every((r) => r.side === 'sell' && r.clientOrderId?.startsWith('MDmanual'))).toBe(true);
}, 120_000);
