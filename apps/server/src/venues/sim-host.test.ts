import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { simState } from '../db/schema.ts';
import { simVenueFactory } from './sim-factory.ts';
import { SimHost } from './sim-host.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
});
afterAll(() => database.close());

describe('SimHost', () => {
  it('the simulator’s accounts, balances, open orders and trades survive a restart', async () => {
    const first = await SimHost.open(database.db, { create: simVenueFactory(11), background: false, persistDelayMs: 10 });
    for (let i = 0; i < 20; i++) first.venue.step();
    const account = first.venue.account('restart-key');
    const book = await account.fetchOrderBook('ETH/USDT');
    const price = (Number(book.bids.at(-1)?.[0]) - 50).toFixed(2);
    const resting = await account.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price, amount: '0.5', clientOrderId: 'MDtest1' });
    await account.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'market', amount: '0.1', clientOrderId: 'MDtest2' });
    const balances = await account.fetchBalances();
    const trades = await account.fetchMyTrades('ETH/USDT');
    await first.close();

    const second = await SimHost.open(database.db, { create: simVenueFactory(999), background: false });
    const again = second.venue.account('restart-key');
    expect(await again.fetchBalances()).toEqual(balances);
    expect((await again.fetchOpenOrders('ETH/USDT')).map((o) => o.orderNo)).toEqual([resting.orderNo]);
    expect(await again.fetchMyTrades('ETH/USDT')).toEqual(trades);
    const { timestamp: _a, ...restored } = await again.fetchOrderBook('ETH/USDT');
    const { timestamp: _b, ...original } = await account.fetchOrderBook('ETH/USDT');
    expect(restored).toEqual(original);
    await second.close();
  });

  it('writes shortly after a change, without waiting for shutdown', async () => {
    const host = await SimHost.open(database.db, { create: simVenueFactory(5), background: false, persistDelayMs: 10 });
    const before = await database.db.select().from(simState).where(eq(simState.id, 1));
    host.venue.openAccount('late-key');
    await new Promise((r) => setTimeout(r, 100));
    const after = await database.db.select().from(simState).where(eq(simState.id, 1));
    expect(after[0]?.updatedAt.getTime()).toBeGreaterThan(before[0]?.updatedAt.getTime() ?? 0);
    expect(JSON.stringify(after[0]?.snapshot)).toContain('late-key');
    await host.close();
  });

  it('an unreadable snapshot is set aside and the simulator starts fresh', async () => {
    await database.db.update(simState).set({ snapshot: { version: 99, junk: true } }).where(eq(simState.id, 1));
    const host = await SimHost.open(database.db, { create: simVenueFactory(5), background: false });
    expect(host.venue.hasAccount('restart-key')).toBe(false);
    const rows = await database.db.select().from(simState);
    expect(rows.some((r) => r.id < 0)).toBe(true);
    await host.close();
  });
});
