/**
 * Bounded data, exact figures (issue 21), the fills ledger: two bots' fills over 12 days (buys and
 * sells that close, flip and reopen positions at many prices); every P&L figure is read, the retention
 * job prunes the fills older than MAKERDESK_RETAIN_FILL_DAYS (5 here, 400 by default) in small batches
 * with two passes racing, and every figure reads the same; the next fill's position resumes from the
 * checkpoint (one bot has no fill left at all), and a late fill older than the cut is counted before
 * and after it is pruned in turn. On PGlite, and on PostgreSQL in the suite's PostgreSQL pass.
 */
import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { mul } from '@makerdesk/decimal';
import { applyFill, computeFigures, figureWindows, type FiguresWindow, type FillRecord } from '@makerdesk/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AnalysisRepository } from '../../repositories/analysis.repository.ts';
import { DeskRepository } from '../../repositories/desk.repository.ts';
import { createRepositories, type Repositories } from '../../repositories/repositories.ts';
import { RetentionRepository } from '../../repositories/retention.repository.ts';
import { freshDatabase } from '../../testing/test-app.ts';
import { RETENTION_DEFAULTS, type RetentionSettings } from '../../domain/retention.ts';
import { RetentionJob } from './retention-job.ts';
import { insertLedgerBot } from '../../testing/retention-fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.now();
const dayStart = (ms: number) => ms - (ms % DAY);
const SETTINGS: RetentionSettings = { ...RETENTION_DEFAULTS, fillDays: 5 };

let database: Database;
let drop: () => Promise<void>;
let repos: Repositories;
let adminId: number;
let coinId: number;
/** bots[0] trades every day up to now; bots[1] only 12 to 7 days ago (every fill of it is pruned). */
let bots: number[];

let seq = 0;
function fill(robotId: number, side: 'buy' | 'sell', price: string, amount: string, at: number): FillRecord {
  const quoteAmount = mul(price, amount);
  return { robotId, clientOrderId: `MDb${robotId}Z${++seq}`, side, price, amount, quoteAmount, fee: mul(quoteAmount, '0.00075'), filledAfter: amount, at };
}

/** A bot's day: eight fills, each hour from 01:00, sizes and prices such that the position closes, flips and reopens. */
async function botDay(robotId: number, daysAgo: number): Promise<void> {
  const base = dayStart(NOW) - daysAgo * DAY + HOUR;
  const p = (k: number) => `${100 + ((daysAgo * 5 + robotId + k * 3) % 17)}.${(daysAgo * 13 + k * 7) % 100}`;
  const legs: ['buy' | 'sell', string][] = [
    ['buy', '1.25'],
    ['buy', '0.5'],
    ['sell', '2.1'],
    ['sell', '0.333'],
    ['buy', '0.9'],
    ['buy', '1.777'],
    ['sell', '0.05'],
    ['sell', `0.${(daysAgo % 9) + 1}`],
  ];
  // Two settlements a day, as a bot's ticks settle what they saw.
  const fills = legs.map(([side, amount], k) => fill(robotId, side, p(k), amount, base + k * HOUR));
  await repos.robotJournal.settle([], fills.slice(0, 4));
  await repos.robotJournal.settle([], fills.slice(4));
}

const sinceStart = () => new Date(dayStart(NOW) - 30 * DAY);

/** Every P&L figure the console reads of the bots' fills (the ledger's rows themselves excepted: they are what goes). */
async function figures() {
  const w = figureWindows(NOW);
  const windows: FiguresWindow[] = [w.lastHour, w.today, w.allTime, { from: dayStart(NOW) - 9 * DAY, to: NOW }, { from: dayStart(NOW) - 10 * DAY, to: dayStart(NOW) - 6 * DAY - 1 }];
  const data = await repos.robotJournal.figuresData(bots, windows);
  const desk = new DeskRepository(database.db);
  const analysis = new AnalysisRepository(database.db);
  return {
    data: bots.map((id) => data.get(id)),
    robotFigures: bots.map((id) => windows.map((window, i) => computeFigures({ fills: data.get(id)!.fills[i]!, orderCounts: data.get(id)!.orders[i]!, window, position: data.get(id)!.position, mid: '105', uptimeMs: 0 }))),
    deskSinceStart: await desk.botWindows(adminId, coinId, sinceStart(), new Date(NOW)),
    deskToday: await desk.botWindows(adminId, coinId, new Date(w.today.from), new Date(NOW)),
    deskFromMidnight: await desk.botWindows(adminId, coinId, new Date(dayStart(NOW) - 9 * DAY), new Date(NOW)),
    deskOldDays: await desk.botWindows(adminId, coinId, new Date(dayStart(NOW) - 11 * DAY), new Date(dayStart(NOW) - 7 * DAY - 1)),
    volume: await analysis.volume(adminId, coinId, sinceStart(), new Date(NOW)),
    volumeLastDay: await analysis.volume(adminId, coinId, new Date(NOW - DAY), new Date(NOW)),
    volumeOldDays: await analysis.volume(adminId, coinId, new Date(dayStart(NOW) - 10 * DAY - 1), new Date(dayStart(NOW) - 6 * DAY - 1)),
  };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  await repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  const simId = (await repos.platforms.findByCode('sim'))!.id;
  await repos.coins.insertMissing(simId, ['BTC/USDT']);
  coinId = (await repos.coins.listAll())[0]!.id;
  adminId = (await repos.admins.insert({ account: 'fills@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'desk', mainAccountId: MAIN_ACCOUNT }))!.id;
  const bot = (type: string) => insertLedgerBot(repos, adminId, coinId, type);
  bots = [await bot('depth_near'), await bot('depth_far')];
  for (let daysAgo = 12; daysAgo >= 1; daysAgo--) {
    await botDay(bots[0]!, daysAgo);
    if (daysAgo >= 7) await botDay(bots[1]!, daysAgo);
  }
  // Today, the last hour.
  await repos.robotJournal.settle([], [fill(bots[0]!, 'sell', '104.5', '0.7', NOW - 40 * 60_000), fill(bots[0]!, 'buy', '103.25', '0.2', NOW - 10 * 60_000)]);
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('fills retention', () => {
  it('folds the fills past their retention into day aggregates and a checkpoint, and every P&L figure reads the same', { timeout: 300_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const before = await figures();
    const countBefore = (await store.counts()).robot_fills;
    // Something in every window, and positions the fold made along a path.
    expect(before.robotFigures[0]![2]!.tradeCount).toBe(12 * 8 + 2);
    expect(before.robotFigures[1]![2]!.tradeCount).toBe(6 * 8);
    expect(before.robotFigures[0]![4]!.tradeCount).toBe(4 * 8);
    expect(before.volumeOldDays.count).toBe(4 * 8 + 4 * 8);

    const job = () => new RetentionJob({ repo: store, settings: SETTINGS, now: () => NOW, batch: 7, vacuumAfterRows: 40 });
    const passes = await Promise.all([job().sweep(), job().sweep()]);
    const last = await job().sweep();
    const after = await figures();
    const counts = await store.counts();
    console.info('fill retention', JSON.stringify({ countBefore, counts, passes, last }));

    // Fills older than 5 days go: bots[1]'s all, bots[0]'s days 12..6 and day 5's before the cut.
    const cut = NOW - 5 * DAY;
    const day5 = Array.from({ length: 8 }, (_, k) => dayStart(NOW) - 5 * DAY + HOUR + k * HOUR).filter((at) => at < cut).length;
    const pruned = 6 * 8 + 7 * 8 + day5;
    expect(passes[0]!.fills + passes[1]!.fills + last.fills).toBe(pruned);
    expect(counts.robot_fills).toBe(countBefore - pruned);
    expect(await rows(sql`select robot_id from robot_fills where robot_id = ${bots[1]!}`)).toEqual([]);
    expect(counts.robot_fill_days).toBe(6 + 7 + (day5 > 0 ? 1 : 0));
    expect(after).toEqual(before);

    // Nothing left to prune: a pass changes nothing.
    expect(await job().sweep()).toMatchObject({ fills: 0 });
    expect(await figures()).toEqual(before);
  });

  it('the next fill resumes the average-cost fold from the checkpoint, and a late fill older than the cut is counted before and after it goes', { timeout: 120_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const w = figureWindows(NOW);
    const positions = await repos.robotJournal.figuresData(bots, [w.allTime]);
    // bots[1] has no fill left: its position is its checkpoint's, as its last fill left it.
    const [checkpoint] = await rows<{ last_fill_id: string; position_after: string }>(
      sql`select last_fill_id::text, position_after::text from robot_fill_checkpoints where robot_id = ${bots[1]!}`,
    );
    expect(positions.get(bots[1]!)!.position.base).toBe(checkpoint!.position_after);
    expect(positions.get(bots[1]!)!.position.base).not.toBe('0');

    // A fill now for each bot, and a late one for bots[0] dated 8 days ago (older than the cut), at 00:30,
    // before that day's folded fills (01:00-08:00): the day's end position stays its 08:00 fill's, before the prune and after.
    const next = [fill(bots[0]!, 'sell', '106.5', '3.3', NOW - 1000), fill(bots[1]!, 'sell', '99.75', '0.4', NOW - 1000)];
    const late = fill(bots[0]!, 'buy', '101.01', '0.25', dayStart(NOW) - 8 * DAY + 30 * 60_000);
    await repos.robotJournal.settle([], next);
    await repos.robotJournal.settle([], [late]);
    const ledgerRow = async (f: FillRecord) =>
      (await rows<{ realized: string; position: string; avg: string | null }>(
        sql`select realized_pnl::text as realized, position_after::text as position, avg_cost_after::text as avg from robot_fills where client_order_id = ${f.clientOrderId}`,
      ))[0]!;
    for (const [i, f] of next.entries()) {
      const expected = applyFill(positions.get(bots[i]!)!.position, f);
      expect(await ledgerRow(f)).toEqual({ realized: expected.realized, position: expected.position.base, avg: expected.position.avgCost });
    }
    // The late fill follows the ledger's order (after the fill just written), not its date.
    const afterNext = applyFill(positions.get(bots[0]!)!.position, next[0]!).position;
    const lateExpected = applyFill(afterNext, late);
    expect(await ledgerRow(late)).toEqual({ realized: lateExpected.realized, position: lateExpected.position.base, avg: lateExpected.position.avgCost });

    const withLate = await figures();
    expect(withLate.robotFigures[0]![2]!.tradeCount).toBe(12 * 8 + 2 + 2);
    const pass = await new RetentionJob({ repo: store, settings: SETTINGS, now: () => NOW, batch: 7 }).sweep();
    expect(pass.fills).toBe(1);
    // Pruned after fills kept that came before it: the checkpoint is the late fill's (greatest id), the position now still the latest.
    expect(await figures()).toEqual(withLate);
    const [moved] = await rows<{ position_after: string }>(sql`select position_after::text from robot_fill_checkpoints where robot_id = ${bots[0]!}`);
    expect(moved!.position_after).toBe(lateExpected.position.base);
    const more = fill(bots[0]!, 'buy', '100', '1', NOW - 500);
    await repos.robotJournal.settle([], [more]);
    const moreExpected = applyFill(lateExpected.position, more);
    expect(await ledgerRow(more)).toEqual({ realized: moreExpected.realized, position: moreExpected.position.base, avg: moreExpected.position.avgCost });
  });

  it('a bot deleted takes its fill aggregates and checkpoint with it', async () => {
    const id = bots[1]!;
    const count = async (table: string) => (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where robot_id = ${id}`))[0]!.n;
    expect(await count('robot_fill_days')).toBeGreaterThan(0);
    expect(await count('robot_fill_checkpoints')).toBe(1);
    await database.db.execute(sql`delete from robots where id = ${id}`);
    expect(await count('robot_fill_days')).toBe(0);
    expect(await count('robot_fill_checkpoints')).toBe(0);
  });
});
