/**
 * Bounded data, exact figures (issue 21), the analysis: its position cost replays an account's fills
 * on a pair one by one, its bots' (robot_fills, pruned after MAKERDESK_RETAIN_FILL_DAYS) and its manual
 * ones (manual_fills, never pruned) merged by time. Two bots and manual fills on one pair over 12 days,
 * interleaved and at the same instants, straddling the cut (5 days here), positions closed, flipped and
 * reopened, a fee in an unpriced asset; a third bot on another pair. The analysis read through its
 * service (position cost, its counts, the value series) reads the same after the retention job prunes
 * in small batches with two passes racing; then late fills (a bot's and a manual one older than the
 * cut, arriving after the checkpoint) read the same before and after they go in turn. On PGlite, and on
 * PostgreSQL in the suite's PostgreSQL pass.
 */
import { MAIN_ACCOUNT, type AnalysisRangeQuery, type Coin } from '@makerdesk/contract';
import { mul } from '@makerdesk/decimal';
import type { FillRecord } from '@makerdesk/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { AdminRow } from '../../domain/account.ts';
import { RETENTION_DEFAULTS, type RetentionSettings } from '../../domain/retention.ts';
import { AnalysisRepository, type NewManualFill } from '../../repositories/analysis.repository.ts';
import { OrderOriginRepository } from '../../repositories/order-origin.repository.ts';
import { createRepositories, type Repositories } from '../../repositories/repositories.ts';
import { RetentionRepository } from '../../repositories/retention.repository.ts';
import { freshDatabase } from '../../testing/test-app.ts';
import { AnalysisService } from '../analysis/analysis.service.ts';
import { RetentionJob } from './retention-job.ts';
import { insertLedgerBot } from '../../testing/retention-fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const NOW = Date.now();
const dayStart = (ms: number) => ms - (ms % DAY);
// The fills stay rows 5 days, then packed (kept 400 days): a range ending before the checkpoint replays the packed fills too.
const SETTINGS: RetentionSettings = { ...RETENTION_DEFAULTS, fillRowDays: 5, fillDays: 400 };
const CUT = NOW - 5 * DAY;

let database: Database;
let drop: () => Promise<void>;
let repos: Repositories;
let analysisRepo: AnalysisRepository;
let admin: AdminRow;
let coins: Coin[];
/** bots[0] and bots[1] trade coins[0]; bots[2] trades coins[1]. */
let bots: number[];

let seq = 0;
function botFill(robotId: number, side: 'buy' | 'sell', price: string, amount: string, at: number): FillRecord {
  const quoteAmount = mul(price, amount);
  return { robotId, clientOrderId: `MDb${robotId}Z${++seq}`, side, price, amount, quoteAmount, fee: mul(quoteAmount, '0.001'), filledAfter: amount, at };
}

function manualFill(coinId: number, side: 'buy' | 'sell', price: string, amount: string, at: number, unpricedFee = false): NewManualFill {
  const n = ++seq;
  return {
    adminId: admin.id,
    coinId,
    tradeId: `t${n}`,
    orderNo: `o${n}`,
    side,
    price,
    amount,
    fee: unpricedFee ? '0.01' : mul(mul(price, amount), '0.002'),
    feeAsset: unpricedFee ? 'XYZ' : 'USDT',
    feeQuote: unpricedFee ? null : mul(mul(price, amount), '0.002'),
    clientOrderId: null,
    at: new Date(at),
  };
}

/**
 * One day of the pair: the two bots' fills and manual ones, some at the bots' instants (the replay
 * takes the bots' first there), sizes such that the merged position closes, flips and reopens.
 */
async function pairDay(daysAgo: number): Promise<void> {
  const start = dayStart(NOW) - daysAgo * DAY;
  const p = (k: number) => `${100 + ((daysAgo * 7 + k * 5) % 19)}.${(daysAgo * 17 + k * 11) % 100}`;
  const bot0: ['buy' | 'sell', string][] = [
    ['buy', '1.5'],
    ['sell', '0.75'],
    ['sell', '2.2'],
    ['buy', '0.4'],
    ['buy', '1.9'],
    ['sell', `0.${(daysAgo % 7) + 2}`],
  ];
  const fills = bot0.map(([side, amount], k) => botFill(bots[0]!, side, p(k), amount, start + HOUR + k * 4 * HOUR));
  // bots[1]: at bots[0]'s instants (ties across bots, taken by id) and between them.
  const bot1 = [botFill(bots[1]!, 'sell', p(7), '0.6', start + HOUR), botFill(bots[1]!, 'buy', p(8), '1.1', start + 7 * HOUR + 30 * MINUTE), botFill(bots[1]!, 'sell', p(9), '0.35', start + 13 * HOUR)];
  await repos.robotJournal.settle([], fills.slice(0, 3));
  await repos.robotJournal.settle([], bot1);
  await repos.robotJournal.settle([], fills.slice(3));
  await repos.robotJournal.settle([], [botFill(bots[2]!, daysAgo % 2 ? 'buy' : 'sell', p(3), '0.8', start + 2 * HOUR)]);
  await analysisRepo.insertManualFills([
    // At a bot's instant: after the bots' fills of that instant.
    manualFill(coins[0]!.coinId, 'sell', p(10), '2.5', start + HOUR),
    manualFill(coins[0]!.coinId, 'buy', p(11), '3.05', start + 3 * HOUR + 15 * MINUTE, daysAgo % 3 === 0),
    manualFill(coins[0]!.coinId, 'sell', p(12), '0.9', start + 13 * HOUR),
    manualFill(coins[0]!.coinId, 'buy', p(13), '0.45', start + 19 * HOUR + 59 * MINUTE),
    manualFill(coins[1]!.coinId, 'buy', p(14), '0.3', start + 2 * HOUR),
  ]);
}

async function snapshot(coinId: number, at: number, base: string, quote: string, price: string): Promise<void> {
  await analysisRepo.insertSnapshot({ adminId: admin.id, coinId, credentialId: null, slotAt: new Date(at - (at % HOUR)), at: new Date(at), baseAvailable: base, baseFrozen: '0', quoteAvailable: quote, quoteFrozen: '0', price });
}

function service(): AnalysisService {
  const byId = (coinId: number) => coins.find((c) => c.coinId === coinId)!;
  return new AnalysisService({
    repo: analysisRepo,
    coins: { requireUsablePair: async (_admin, coinId) => byId(coinId), findCoin: async (coinId) => byId(coinId) },
    // No key: the figures are the kept ones (no venue read, no live point).
    credentials: { materialOf: async () => null },
    origins: new OrderOriginRepository(database.db),
    gateway: { forKey: async () => Promise.reject(new Error('no venue in this test')) },
    now: () => NOW,
  });
}

/** What the analysis shows of both pairs, for ranges ending now, after the cut, and at the cut's own day's end. */
async function analysis() {
  const ranges = (coinId: number): AnalysisRangeQuery[] => [
    { coinId },
    { coinId, from: dayStart(NOW) - 20 * DAY, to: NOW - 2 * DAY },
    { coinId, from: dayStart(NOW) - 3 * DAY, to: dayStart(NOW) - 2 * DAY + 5 * HOUR },
    // Ending before the checkpoint's last fill: replayed from the start, the packed fills with the kept ones.
    { coinId, from: dayStart(NOW) - 12 * DAY, to: dayStart(NOW) - 8 * DAY + 3 * HOUR },
  ];
  const out = [];
  for (const coin of coins) for (const q of ranges(coin.coinId)) out.push(await service().summary(admin, q));
  return out;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  analysisRepo = new AnalysisRepository(database.db);
  await repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  const simId = (await repos.platforms.findByCode('sim'))!.id;
  await repos.coins.insertMissing(simId, ['BTC/USDT', 'ETH/USDT']);
  coins = (await repos.coins.listAll()).map((c) => ({ coinId: c.id, coinName: c.coinName, platformId: simId, marketKind: 'spot', endTimeStamp: null, status: 'enabled' }));
  admin = (await repos.admins.insert({ account: 'replay@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'desk', mainAccountId: MAIN_ACCOUNT }))!;
  const bot = (coinId: number, type: string) => insertLedgerBot(repos, admin.id, coinId, type);
  bots = [await bot(coins[0]!.coinId, 'depth_near'), await bot(coins[0]!.coinId, 'depth_far'), await bot(coins[1]!.coinId, 'depth_near')];
  for (let daysAgo = 12; daysAgo >= 1; daysAgo--) await pairDay(daysAgo);
  // Snapshots through the period, one within the last hour.
  for (const coin of coins) {
    for (let daysAgo = 13; daysAgo >= 1; daysAgo--) await snapshot(coin.coinId, dayStart(NOW) - daysAgo * DAY + 30 * MINUTE, `${10 + daysAgo}.5`, `${1000 - daysAgo * 3}`, `${100 + daysAgo}.25`);
    await snapshot(coin.coinId, NOW - 20 * MINUTE, '9.75', '1011', '104.5');
  }
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the analysis replay across a prune', () => {
  it('reads the same position cost and series after the bots’ fills past their retention are folded into the pair’s checkpoint', { timeout: 300_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const before = await analysis();
    // Every fill in the replay now: 9 bot fills and 4 manual ones a day on the pair, 1 and 1 on the other.
    expect(before[0]!.figures!.position).toMatchObject({ tradeCount: 12 * 13, botTrades: 12 * 9, manualTrades: 12 * 4 });
    expect(before[4]!.figures!.position).toMatchObject({ tradeCount: 12 * 2, botTrades: 12 });
    expect(before[3]!.figures!.position.botTrades).toBeGreaterThan(3 * 9);
    expect(before[0]!.figures!.position.base).not.toBe('0');

    const job = () => new RetentionJob({ repo: store, settings: SETTINGS, now: () => NOW, batch: 5 });
    const passes = await Promise.all([job().sweep(), job().sweep()]);
    const last = await job().sweep();
    const cutDay = dayStart(CUT);
    const prunedBot0 = (daysAgo: number) => [0, 1, 2, 3, 4, 5].map((k) => dayStart(NOW) - daysAgo * DAY + HOUR + k * 4 * HOUR);
    const day5 = [...prunedBot0(5), cutDay + HOUR, cutDay + 7 * HOUR + 30 * MINUTE, cutDay + 13 * HOUR, cutDay + 2 * HOUR].filter((at) => at < CUT).length;
    expect(passes[0]!.fills + passes[1]!.fills + last.fills).toBe(7 * 10 + day5);

    // The checkpoints: the pair's took the manual fills before the last bot fill deleted, not those after.
    const checkpoints = await rows<{ coin_id: number; trades: string; bot_trades: string }>(
      sql`select coin_id, trades::text, bot_trades::text from pair_fill_checkpoints where admin_id = ${admin.id} order by coin_id`,
    );
    expect(checkpoints.map((c) => c.coin_id)).toEqual(coins.map((c) => c.coinId));
    const marked = await rows<{ coin_id: number; n: number }>(sql`select coin_id, count(*)::int as n from manual_fills where checkpointed group by coin_id order by coin_id`);
    const markedOnPair = marked.find((m) => m.coin_id === coins[0]!.coinId)!.n;
    expect(markedOnPair).toBeGreaterThanOrEqual(7 * 4);
    expect(markedOnPair).toBeLessThan(12 * 4);
    expect(Number(checkpoints[0]!.trades)).toBe(Number(checkpoints[0]!.bot_trades) + markedOnPair);

    const after = await analysis();
    expect(after).toEqual(before);
    // Nothing left to prune: a pass changes nothing.
    expect(await job().sweep()).toMatchObject({ fills: 0 });
    expect(await analysis()).toEqual(before);
  });

  it('late fills older than the cut, a bot’s and a manual one arriving after the checkpoint, read the same before and after they go', { timeout: 120_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const [ckpt] = await rows<{ through_ms: string }>(sql`select floor(extract(epoch from through_at) * 1000)::text as through_ms from pair_fill_checkpoints where coin_id = ${coins[0]!.coinId}`);
    const through = Number(ckpt!.through_ms);
    await repos.robotJournal.settle([], [botFill(bots[0]!, 'sell', '102.5', '1.3', NOW - 30 * MINUTE), botFill(bots[0]!, 'buy', '99.5', '0.8', dayStart(NOW) - 8 * DAY + 20 * MINUTE)]);
    // One at the checkpoint's own instant (after its last bot fill: not folded), one older than the late bot fill.
    await analysisRepo.insertManualFills([manualFill(coins[0]!.coinId, 'buy', '101.75', '0.6', through), manualFill(coins[0]!.coinId, 'sell', '103', '0.2', dayStart(NOW) - 9 * DAY + 2 * HOUR)]);
    const withLate = await analysis();
    expect(withLate[0]!.figures!.position.tradeCount).toBe(12 * 13 + 4);

    const pass = await new RetentionJob({ repo: store, settings: SETTINGS, now: () => NOW, batch: 5 }).sweep();
    expect(pass.fills).toBe(1);
    expect(await analysis()).toEqual(withLate);
    // The late bot fill (8 days ago) was the one deleted: the late manual fill before it folded with it, the one at the old checkpoint's instant not (it comes later).
    const marks = await rows<{ trade_id: string; checkpointed: boolean }>(sql`select trade_id, checkpointed from manual_fills where trade_id in (${`t${seq - 1}`}, ${`t${seq}`}) order by trade_id`);
    expect(Object.fromEntries(marks.map((m) => [m.trade_id, m.checkpointed]))).toEqual({ [`t${seq - 1}`]: false, [`t${seq}`]: true });
  });
});
