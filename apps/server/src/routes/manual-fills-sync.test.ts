import { botScope, makerDeskClientOrderId, MANUAL_SCOPE } from '@makerdesk/exchange';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualFills } from '../db/schema.ts';
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
