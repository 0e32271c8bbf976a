/**
 * LiquidityRepository.ledgerSince (issue 20: the live pairs' own volume, fills and placements) on the
 * database of this pass: what it counts since its cursor, per pair, and that the cursor moves past
 * every pair's rows (a pair listed later never counts its rows written before).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { coins, manualFills, platforms, robotFills, robotOrders, robots } from '../db/schema.ts';
import { seed } from '../services/seed.ts';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { LiquidityRepository } from './liquidity.repository.ts';

let scratch: ScratchDatabase;
let database: Database;
let repo: LiquidityRepository;
let pairA: number;
let pairB: number;
let botA: number;
let botB: number;

beforeAll(async () => {
  scratch = await scratchDatabase(suiteDatabaseUrl(), { inMemory: true });
  database = await openDatabase(scratch.target);
  await database.migrate();
  await seed(database.db, 'Ledger-admin-123');
  repo = new LiquidityRepository(database.db);
  const db = database.db;
  const [binance] = await db.select().from(platforms).where(eq(platforms.code, 'binance'));
  const [a, b] = await db.insert(coins).values([{ coinName: 'AAA/USDT', platformId: binance!.id }, { coinName: 'BBB/USDT', platformId: binance!.id }]).returning();
  [pairA, pairB] = [a!.id, b!.id];
  const [ra, rb] = await db
    .insert(robots)
    .values([
      { adminId: 1, coinId: pairA, type: 'depth_near', config: {} },
      { adminId: 1, coinId: pairB, type: 'depth_near', config: {} },
    ])
    .returning();
  [botA, botB] = [ra!.id, rb!.id];
});

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

const T = 1_800_000_000_000;
let n = 0;
const order = (robotId: number, state: 'open' | 'rejected' | 'sending') => ({ robotId, clientOrderId: `c${++n}`, tag: 't', symbol: 'X/USDT', side: 'buy' as const, price: '1', amount: '1', timeInForce: 'GTC' as const, state, createdAt: new Date(T), updatedAt: new Date(T) });
const fill = (robotId: number, side: 'buy' | 'sell', price: string, amount: string, quoteAmount: string) => ({ robotId, clientOrderId: `f${++n}`, filledAfter: amount, side, price, amount, quoteAmount, fee: '0', realizedPnl: '0', positionAfter: '0', at: new Date(T) });
const manual = (coinId: number, tradeId: string, at: number) => ({ adminId: 1, coinId, tradeId, orderNo: `o${tradeId}`, side: 'sell' as const, price: '2.5', amount: '4', at: new Date(at) });

it('counts each pair’s fills, placements and manual fills since the cursor, and moves the cursor past every pair’s rows', async () => {
  const db = database.db;
  // Rows written before the first read: not counted.
  await db.insert(robotOrders).values(order(botA, 'open'));
  await db.insert(robotFills).values(fill(botA, 'buy', '1', '1', '1'));
  const first = await repo.ledgerSince([pairA], undefined, T);
  expect(first.batch).toEqual({ botFills: [], manualFills: [], placed: [] });

  await db.insert(robotOrders).values([order(botA, 'open'), order(botA, 'sending'), order(botA, 'rejected'), order(botB, 'open')]);
  await db.insert(robotFills).values([fill(botA, 'buy', '100', '0.5', '50'), fill(botB, 'sell', '3', '1', '3')]);
  // A manual fill from before the sampler began (a first copy of the history) is not counted.
  await db.insert(manualFills).values([manual(pairA, 'm1', T), manual(pairA, 'm0', T - 1), manual(pairB, 'm2', T)]);
  const second = await repo.ledgerSince([pairA], first.cursor, T);
  expect(second.batch).toEqual({
    botFills: [{ coinId: pairA, side: 'buy', amount: '0.5', quoteAmount: '50', at: T }],
    manualFills: [{ coinId: pairA, side: 'sell', amount: '4', quoteAmount: '10', at: T, tradeId: 'm1' }],
    placed: [{ coinId: pairA, count: 2 }],
  });
  expect(second.cursor.fillId).toBeGreaterThan(first.cursor.fillId);

  // Pair B listed from now on: its rows written before are behind the cursor.
  const third = await repo.ledgerSince([pairA, pairB], second.cursor, T);
  expect(third.batch).toEqual({ botFills: [], manualFills: [], placed: [] });
  await db.insert(robotFills).values(fill(botB, 'sell', '3', '2', '6'));
  const fourth = await repo.ledgerSince([pairA, pairB], third.cursor, T);
  expect(fourth.batch.botFills.map((f) => [f.coinId, f.quoteAmount])).toEqual([[pairB, '6']]);
});
