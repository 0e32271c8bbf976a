/**
 * Bounded data, exact figures (issue 21): a history of two bots over 45 days (quotes cancelled
 * unfilled, fills both ways, partial fills, rejections, orders spanning midnight, live and unknown
 * orders left from long ago) and 100 days of trading-log lines and incidents; every figure is read,
 * the retention job prunes (two passes racing, in small batches), and every figure reads the same.
 * On PGlite, and on PostgreSQL in the suite's PostgreSQL pass.
 */
import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { mul } from '@makerdesk/decimal';
import { computeFigures, figureWindows, type FillRecord, type JournalOrder } from '@makerdesk/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { incidents } from '../../db/schema.ts';
import { AnalysisRepository } from '../../repositories/analysis.repository.ts';
import { DeskRepository } from '../../repositories/desk.repository.ts';
import { OrderOriginRepository } from '../../repositories/order-origin.repository.ts';
import { createRepositories, type Repositories } from '../../repositories/repositories.ts';
import { RetentionRepository } from '../../repositories/retention.repository.ts';
import { freshDatabase } from '../../testing/test-app.ts';
import { RETENTION_DEFAULTS } from '../../domain/retention.ts';
import { RetentionJob } from './retention-job.ts';
import { insertLedgerBot } from '../../testing/retention-fixtures.ts';

const DAY = 86_400_000;
const NOW = Date.now();
const dayStart = (ms: number) => ms - (ms % DAY);

let database: Database;
let drop: () => Promise<void>;
let repos: Repositories;
let adminId: number;
let coinId: number;
let bots: number[];
/** Venue order numbers of every order that filled (its trades are the venue's record of it). */
const filledOrderNos: string[] = [];
/** Those whose fills stay rows (newer than the rows' 30 days). */
const rowOrderNos: string[] = [];

let seq = 0;
const order = (robotId: number, at: number, fields: Partial<JournalOrder> = {}): JournalOrder => ({
  robotId,
  clientOrderId: `MDb${robotId}Z${++seq}`,
  tag: 'L1',
  symbol: 'BTC/USDT',
  side: 'buy',
  price: '100',
  amount: '1',
  timeInForce: 'GTC',
  state: 'sending',
  orderNo: null,
  filledAmount: '0',
  filledValue: '0',
  error: null,
  createdAt: at,
  updatedAt: at,
  ...fields,
});

/** One bot's day: 12 quotes cancelled unfilled, a rejection, a buy and a sell filled, a sell filled in part then cancelled, a quote across midnight. */
async function botDay(robotId: number, daysAgo: number): Promise<void> {
  // Two hours before this time of day: days 3+ are past the 3-day cut, days 30+ past the 30-day one, whatever the hour.
  const base = NOW - daysAgo * DAY - 2 * 3_600_000;
  const price = String(100 + ((daysAgo * 7 + robotId) % 13));
  const quotes = Array.from({ length: 12 }, (_, k) => order(robotId, base + k * 60_000, { side: k % 2 ? 'sell' : 'buy', price }));
  const rejected = order(robotId, base + 20 * 60_000);
  const buy = order(robotId, base + 30 * 60_000, { price, amount: '2' });
  const sell = order(robotId, base + 31 * 60_000, { side: 'sell', price: String(Number(price) + 1), amount: '1.5' });
  const partial = order(robotId, base + 32 * 60_000, { side: 'sell', price: String(Number(price) + 2), amount: '1' });
  const midnight = order(robotId, dayStart(NOW) - daysAgo * DAY - 500);
  const all = [...quotes, rejected, buy, sell, partial, midnight];
  await repos.robotJournal.insert(all);
  const no = (o: JournalOrder) => `V${o.clientOrderId}`;
  const fill = (o: JournalOrder, amount: string, at: number): FillRecord => ({
    robotId,
    clientOrderId: o.clientOrderId,
    side: o.side,
    price: o.price,
    amount,
    quoteAmount: mul(o.price, amount),
    fee: mul(mul(o.price, amount), '0.001'),
    filledAfter: amount,
    at,
  });
  const changes = [
    ...quotes.map((o) => ({ robotId, clientOrderId: o.clientOrderId, patch: { state: 'canceled' as const, orderNo: no(o), updatedAt: o.createdAt + 30_000 } })),
    { robotId, clientOrderId: rejected.clientOrderId, patch: { state: 'rejected' as const, error: 'price band', updatedAt: rejected.createdAt + 10 } },
    { robotId, clientOrderId: buy.clientOrderId, patch: { state: 'filled' as const, orderNo: no(buy), filledAmount: '2', filledValue: mul(buy.price, '2'), updatedAt: buy.createdAt + 5000 } },
    { robotId, clientOrderId: sell.clientOrderId, patch: { state: 'filled' as const, orderNo: no(sell), filledAmount: '1.5', filledValue: mul(sell.price, '1.5'), updatedAt: sell.createdAt + 5000 } },
    { robotId, clientOrderId: partial.clientOrderId, patch: { state: 'canceled' as const, orderNo: no(partial), filledAmount: '0.5', filledValue: mul(partial.price, '0.5'), updatedAt: partial.createdAt + 9000 } },
    { robotId, clientOrderId: midnight.clientOrderId, patch: { state: 'canceled' as const, orderNo: no(midnight), updatedAt: midnight.createdAt + 1000 } },
  ];
  await repos.robotJournal.settle(changes, [fill(buy, '2', buy.createdAt + 5000), fill(sell, '1.5', sell.createdAt + 5000), fill(partial, '0.5', partial.createdAt + 4000)]);
  filledOrderNos.push(no(buy), no(sell), no(partial));
  if (daysAgo < RETENTION_DEFAULTS.fillRowDays) rowOrderNos.push(no(buy), no(sell), no(partial));
}

/** Every figure the console reads of the history. */
async function figures() {
  const windows = figureWindows(NOW);
  const order3 = [windows.lastHour, windows.today, windows.allTime];
  const data = await repos.robotJournal.figuresData(bots, order3);
  const robotFigures = bots.map((id) => {
    const d = data.get(id)!;
    return order3.map((window, i) => computeFigures({ fills: d.fills[i]!, orderCounts: d.orders[i]!, window, position: d.position, mid: '105', uptimeMs: 0 }));
  });
  const desk = new DeskRepository(database.db);
  const analysis = new AnalysisRepository(database.db);
  const origins = new OrderOriginRepository(database.db);
  const sinceStart = new Date(dayStart(NOW) - 60 * DAY);
  const ledger = await desk.ledger({ adminId, coinId, from: null, to: null, robotId: null, table: null, manualOnly: null }, null);
  // The client order ids the journal and the fill rows tell: those of orders whose fills stay rows (one whose fills were packed is asked of the venue, order-origins.ts).
  const clientIds = await origins.clientIdsOf(coinId, rowOrderNos);
  return {
    data: bots.map((id) => data.get(id)),
    robotFigures,
    deskSinceStart: await desk.botWindows(adminId, coinId, sinceStart, new Date(NOW)),
    deskToday: await desk.botWindows(adminId, coinId, new Date(windows.today.from), new Date(NOW)),
    ledger: { total: ledger.total, rows: ledger.rows.map((r) => [r.id, r.at.getTime(), r.side, r.price, r.amount, r.fee, r.robotId, r.clientOrderId, r.orderNo]) },
    // The equity curve's rows: the fills kept as rows (it reads the packed ones from their days and checkpoint, desk-equity-retention.test.ts).
    botFills: (await desk.botFills(adminId, coinId, null)).filter((f) => f.at.getTime() >= NOW - RETENTION_DEFAULTS.fillRowDays * DAY),
    volume: await analysis.volume(adminId, coinId, sinceStart, new Date(NOW)),
    analysisFills: await analysis.fills(adminId, coinId, sinceStart, new Date(NOW)),
    botOrderNos: [...(await analysis.botOrderNos(adminId, coinId, filledOrderNos, { from: sinceStart.getTime(), to: NOW }))].sort(),
    clientIds: [...clientIds.entries()].sort(),
    liveCounts: [...(await repos.robotJournal.liveCounts(bots)).entries()],
    live: await Promise.all(bots.map((id) => repos.robotJournal.live(id))),
  };
}

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  await repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  const simId = (await repos.platforms.findByCode('sim'))!.id;
  await repos.coins.insertMissing(simId, ['BTC/USDT']);
  coinId = (await repos.coins.listAll())[0]!.id;
  adminId = (await repos.admins.insert({ account: 'desk@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'desk', mainAccountId: MAIN_ACCOUNT }))!.id;
  const bot = (type: string) => insertLedgerBot(repos, adminId, coinId, type);
  bots = [await bot('depth_near'), await bot('depth_far')];
  for (let daysAgo = 45; daysAgo >= 1; daysAgo--) for (const id of bots) await botDay(id, daysAgo);
  // Today, and the last hour.
  for (const id of bots) {
    const recent = [order(id, NOW - 50 * 60_000), order(id, NOW - 5 * 60_000)];
    await repos.robotJournal.insert(recent);
    await repos.robotJournal.settle(
      recent.map((o) => ({ robotId: id, clientOrderId: o.clientOrderId, patch: { state: 'canceled' as const, updatedAt: o.createdAt + 1000 } })),
      [],
    );
    // Left from long ago, never final: kept whatever their age.
    await repos.robotJournal.insert([
      order(id, NOW - 40 * DAY, { state: 'open', orderNo: `Vopen${id}` }),
      order(id, NOW - 10 * DAY, { state: 'unknown' }),
      order(id, NOW - 35 * DAY, { state: 'canceling', orderNo: `Vcanceling${id}` }),
    ]);
  }
  await repos.tradingLogs.appendMany(
    Array.from({ length: 100 }, (_, d) => ({ coinId, adminId, robotId: bots[0]!, level: 'info' as const, message: `day ${d}`, createdAt: new Date(NOW - d * DAY - 1000) })),
  );
  const text = { key: 'incident.test', params: {} };
  await database.db.insert(incidents).values([
    ...Array.from({ length: 100 }, (_, d) => ({ coinId, adminId, level: 'warn' as const, kind: 'venue_down' as const, title: text, text, createdAt: new Date(NOW - d * DAY - 1000) })),
    { coinId, adminId, level: 'error', kind: 'emergency_stop', title: text, text, createdAt: new Date(NOW - 200 * DAY) },
    { coinId, adminId, level: 'error', kind: 'emergency_stop', title: text, text, createdAt: new Date(NOW - 150 * DAY), clearedAt: new Date(NOW - 149 * DAY) },
  ]);
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('retention', () => {
  it('prunes what is past its retention, and every figure reads the same after as before', { timeout: 300_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const before = await figures();
    const rowsBefore = await store.counts();
    const bytesBefore = await store.sizes();
    // The history is what the figures are about: something in every window.
    expect(before.robotFigures[0]![0]!.ordersPlaced).toBeGreaterThan(0);
    expect(before.robotFigures[0]![2]!.tradeCount).toBe(45 * 3);
    expect(before.ledger.rows.filter((r) => r[8] === null)).toEqual([]);

    // Two servers' passes racing, in batches of 97 rows; then one more to finish what a busy one left.
    const job = () => new RetentionJob({ repo: store, settings: RETENTION_DEFAULTS, now: () => NOW, batch: 97, vacuumAfterRows: 500 });
    const passes = await Promise.all([job().sweep(), job().sweep()]);
    const last = await job().sweep();
    const after = await figures();
    const rowsAfter = await store.counts();
    const bytesAfter = await store.sizes();
    console.info('retention', JSON.stringify({ rowsBefore, rowsAfter, bytesBefore, bytesAfter, passes, last }));

    // Per bot: 17 orders a day; the 14 without a fill go from day 3 (days 3..45), the 3 with one from day 30 (days 30..45).
    const pruned = 2 * (43 * 14 + 16 * 3);
    expect(passes[0]!.orders + passes[1]!.orders + last.orders).toBe(pruned);
    expect(rowsAfter.robot_orders).toBe(rowsBefore.robot_orders - pruned);
    expect(rowsAfter.robot_order_days).toBeGreaterThan(0);
    // The fills (3 a bot-day) stay rows 30 days, then are packed (days 30..45): the ledger lists them as before.
    expect(passes[0]!.fills + passes[1]!.fills + last.fills).toBe(2 * 16 * 3);
    expect(rowsAfter.robot_fills).toBe(rowsBefore.robot_fills - 2 * 16 * 3);
    expect(rowsAfter.robot_fill_packs).toBe(2 * 16);
    // Lines and incidents 90+ days old go; the emergency stop still halting its pair stays.
    expect(rowsAfter.trading_logs).toBe(90);
    expect(rowsAfter.incidents).toBe(91);
    expect(after).toEqual(before);

    // A pass with nothing left to prune changes nothing; nor does rebuilding the journal's indexes (as the job does when they bloat).
    expect(await job().sweep()).toMatchObject({ orders: 0, tradingLogs: 0, incidents: 0 });
    await store.reindex('robot_orders');
    expect(await figures()).toEqual(before);
  });

  it('a bot deleted takes its aggregates with it', async () => {
    const id = bots[1]!;
    const rows = async () => ((await database.db.execute(sql`select count(*)::int as n from robot_order_days where robot_id = ${id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await rows()).toBeGreaterThan(0);
    await database.db.execute(sql`delete from robots where id = ${id}`);
    expect(await rows()).toBe(0);
  });
});
