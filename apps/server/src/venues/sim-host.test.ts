import type { Exchange, PlaceOrderRequest, SimCommand } from '@makerdesk/exchange';
import { deflateSync, inflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { simDiscarded, simJournal, simState } from '../db/schema.ts';
import { SimStateRepository, type JournalRow } from '../repositories/sim-state.repository.ts';
import { freshDatabase } from '../testing/test-app.ts';
import { simVenueFactory } from './sim-factory.ts';
import { SimHost, type SimHostOptions } from './sim-host.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(simJournal);
  await database.db.delete(simState);
  await database.db.delete(simDiscarded);
});

const options = (seed: number, extra: Partial<SimHostOptions> = {}): SimHostOptions => ({
  create: simVenueFactory(seed),
  background: false,
  ...extra,
});

const bid = (account: Exchange, clientOrderId: string, price = '2500'): PlaceOrderRequest => ({
  symbol: 'ETH/USDT',
  direction: 'buy',
  tradeType: 'limit',
  price,
  amount: '0.05',
  clientOrderId,
});

async function journalRows(): Promise<JournalRow[]> {
  const rows = await database.db.select().from(simJournal).orderBy(simJournal.firstSeq);
  return rows.map(({ firstSeq, lastSeq, commands }) => ({ firstSeq, lastSeq, commands: inflateSync(commands).toString('utf8') }));
}

/** Everything an account can read, for before/after comparisons. */
async function accountView(account: Exchange) {
  return {
    balances: await account.fetchBalances(),
    open: await account.fetchOpenOrders('ETH/USDT'),
    closed: await account.fetchClosedOrders('ETH/USDT', { limit: 1000 }),
    trades: await account.fetchMyTrades('ETH/USDT', { limit: 1000 }),
  };
}

describe('SimHost', () => {
  it('the simulator’s accounts, balances, open orders and trades survive a graceful restart, which replays nothing', async () => {
    const repository = new SimStateRepository(database.db);
    const first = await SimHost.open(repository, options(11));
    for (let i = 0; i < 20; i++) first.venue.step();
    const account = first.venue.account('restart-key');
    const book = await account.fetchOrderBook('ETH/USDT');
    const price = (Number(book.bids.at(-1)?.[0]) - 50).toFixed(2);
    const resting = await account.placeOrder({ ...bid(account, 'MDtest1'), price, amount: '0.5' });
    await account.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'market', amount: '0.1', clientOrderId: 'MDtest2' });
    const view = await accountView(account);
    await first.close();
    expect(await journalRows()).toEqual([]);

    const second = await SimHost.open(repository, options(999));
    expect(second.startup.replayed).toBe(0);
    const again = second.venue.account('restart-key');
    expect(await accountView(again)).toEqual(view);
    expect((await again.fetchOpenOrders('ETH/USDT')).map((o) => o.orderNo)).toEqual([resting.orderNo]);
    const { timestamp: _a, ...restored } = await again.fetchOrderBook('ETH/USDT');
    const { timestamp: _b, ...original } = await account.fetchOrderBook('ETH/USDT');
    expect(restored).toEqual(original);
    await second.close();
  });

  it('keeps every acknowledged command when the process dies without closing, and never gives an order number twice', async () => {
    const repository = new SimStateRepository(database.db);
    const first = await SimHost.open(repository, options(3));
    const account = first.venue.account('crash-key');
    const placed = [];
    for (let i = 0; i < 30; i++) {
      first.venue.step();
      placed.push(await account.placeOrder(bid(account, `crash${i}`, (2000 + i).toFixed(2))));
      if (i % 3 === 0) await account.cancelOrder('ETH/USDT', placed[i]!.orderNo);
    }
    await first.venue.deposit('crash-key', 'USDT', '123.45');
    const view = await accountView(account);
    // No close(): the snapshot is the first one; the journal holds the rest.
    first.venue.stop();

    const second = await SimHost.open(repository, options(3));
    expect(second.startup.replayed).toBeGreaterThan(60);
    // The replayed journal was folded into a snapshot at start.
    expect(await journalRows()).toEqual([]);
    const again = second.venue.account('crash-key');
    expect(await accountView(again)).toEqual(view);
    const next = await again.placeOrder(bid(again, 'after-crash'));
    const given = new Set(placed.map((o) => o.orderNo));
    expect(given.has(next.orderNo)).toBe(false);
    expect(BigInt(next.orderNo)).toBeGreaterThan(BigInt(placed.at(-1)!.orderNo));
    await second.close();
  });

  it('commits concurrent commands in groups, one row per round trip', async () => {
    const host = await SimHost.open(new SimStateRepository(database.db), options(5));
    const account = host.venue.account('busy-key');
    await host.flush();
    await Promise.all(Array.from({ length: 400 }, (_, i) => account.placeOrder(bid(account, `g${i}`, (1000 + i).toFixed(2)))));
    const rows = await journalRows();
    const commands = rows.reduce((n, r) => n + (r.lastSeq - r.firstSeq + 1), 0);
    expect(commands).toBe(401);
    expect(rows.length).toBeLessThanOrEqual(10);
    // Numbered without gaps, and each row holds what its numbers say.
    rows.forEach((row, i) => {
      if (i > 0) expect(row.firstSeq).toBe(rows[i - 1]!.lastSeq + 1);
      expect((JSON.parse(row.commands) as SimCommand[]).length).toBe(row.lastSeq - row.firstSeq + 1);
    });
    host.venue.stop();
  });

  it('folds the journal into a snapshot as it grows, so a restart replays little', async () => {
    const repository = new SimStateRepository(database.db);
    const first = await SimHost.open(repository, options(6, { compaction: { maxCommands: 25, maxAgeMs: Number.MAX_SAFE_INTEGER } }));
    const account = first.venue.account('grow-key');
    for (let i = 0; i < 100; i++) await account.placeOrder(bid(account, `grow${i}`, (1500 + i).toFixed(2)));
    const view = await accountView(account);
    const [state] = await database.db.select().from(simState);
    expect(state!.journalSeq).toBeGreaterThanOrEqual(75);
    const pending = await journalRows();
    expect(pending.every((r) => r.firstSeq > state!.journalSeq)).toBe(true);
    first.venue.stop();

    const second = await SimHost.open(repository, options(6));
    expect(second.startup.replayed).toBeLessThan(25);
    expect(await accountView(second.venue.account('grow-key'))).toEqual(view);
    await second.close();
  });

  it('compacts on venue time too', async () => {
    const clock = { t: Date.parse('2026-11-23T00:00:00Z') };
    const repository = new SimStateRepository(database.db);
    const host = await SimHost.open(repository, {
      create: simVenueFactory(8, undefined, () => clock.t),
      background: false,
      now: () => clock.t,
      compaction: { maxCommands: Number.MAX_SAFE_INTEGER, maxAgeMs: 60_000 },
    });
    for (let i = 0; i < 130; i++) {
      clock.t += 1_000;
      host.venue.step();
    }
    await host.flush();
    const [state] = await database.db.select().from(simState);
    expect(state!.journalSeq).toBeGreaterThanOrEqual(120);
    host.venue.stop();
  });

  describe('state it cannot read is set aside, and a fresh simulator starts', () => {
    async function openAfter(corrupt: () => Promise<unknown>): Promise<{ host: SimHost; reason: string }> {
      const repository = new SimStateRepository(database.db);
      const first = await SimHost.open(repository, options(5));
      const account = first.venue.account('old-key');
      await account.placeOrder(bid(account, 'old1'));
      await account.placeOrder(bid(account, 'old2'));
      first.venue.stop();
      await corrupt();
      const host = await SimHost.open(repository, options(5));
      const [kept] = await database.db.select().from(simDiscarded);
      expect(host.startup.discarded).toBe(kept!.reason);
      expect(host.venue.hasAccount('old-key')).toBe(false);
      expect(await journalRows()).toEqual([]);
      // What was set aside is all there, for whoever wants to look.
      expect(kept!.snapshot).not.toBeNull();
      expect(kept!.journal).toContain('old-key');
      expect(kept!.journal).toContain('old2');
      return { host, reason: kept!.reason };
    }

    it('a snapshot of another version', async () => {
      // Written as plain JSON, as rows from before the journal are.
      const { host, reason } = await openAfter(() => database.db.update(simState).set({ snapshot: Buffer.from('{"version":99,"junk":true}') }));
      expect(reason).toMatch(/unsupported snapshot version 99/);
      await host.close();
    });

    it('a journal with a hole in it', async () => {
      const { host, reason } = await openAfter(() => database.db.execute(sql`delete from sim_journal where first_seq = 1`));
      expect(reason).toMatch(/the journal has a gap: after command 0 comes 2-/);
      await host.close();
    });

    it('a command it cannot read', async () => {
      const { host, reason } = await openAfter(async () => {
        for (const row of await journalRows()) {
          const commands = deflateSync(row.commands.replaceAll('"buy"', '"up"'));
          await database.db.update(simJournal).set({ commands }).where(eq(simJournal.firstSeq, row.firstSeq));
        }
      });
      expect(reason).toMatch(/command \d+\.req\.direction should be one of buy, sell/);
      await host.close();
    });
  });
});
