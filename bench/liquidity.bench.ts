/**
 * Issue 20's targets, the pure part: measuring 500 pairs at one sample a second (books of 100 levels
 * a side that move every second, 20 resting orders of the desk each, the minute rows folded as the
 * minutes end) costs under 5 % of one core; a month's summary of one pair from its one-minute rows
 * (44,640 rows) answers in under 1 s (the database read of the rows is not in it). Beside it, the
 * month's report: pure (the period's summary and the day rows of GET /backend/liquidity/report; the
 * hour rows of the CSV), and the service's answer from the 44,640 rows in PGlite (and in PostgreSQL
 * when DATABASE_URL names a server), which the database adds up per hour or day
 * (LiquidityRepository.totals); the bare read of the rows is shown beside it for scale.
 */
import type { LiquidityObligationTerms } from '@makerdesk/contract';
import { hourlyLiquidity, liquidityBuckets, LiquidityRecorder, measureSample, MINUTE_MS, summariseLiquidity, type LiquidityBook, type LiquidityMinute, type RestingQuote } from '@makerdesk/engine';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { LiquidityRepository } from '../apps/server/src/repositories/liquidity.repository.ts';
import { seed } from '../apps/server/src/services/seed.ts';
import { LiquidityService } from '../apps/server/src/services/liquidity/liquidity.service.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import type { AdminRow } from '../apps/server/src/domain/account.ts';
import { prng } from './prng.ts';
import { median, printTable } from './report.ts';

const PAIRS = 500;
const LEVELS = 100;
const SECONDS = 120;
const obligation: LiquidityObligationTerms = { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '5000', minUptimePct: '95', period: 'month' };

interface PairState {
  mid: number;
  book: LiquidityBook;
  own: RestingQuote[];
}

function bookAround(mid: number, random: () => number): PairState {
  const bids: [string, string][] = [];
  const asks: [string, string][] = [];
  for (let i = 0; i < LEVELS; i++) {
    bids.push([(mid * (1 - 0.0005 - i * 0.0007)).toFixed(2), (0.1 + random() * 3).toFixed(4)]);
    asks.push([(mid * (1 + 0.0005 + i * 0.0007)).toFixed(2), (0.1 + random() * 3).toFixed(4)]);
  }
  const own = [
    ...bids.slice(0, 10).map(([price, remaining]): RestingQuote => ({ side: 'buy', price, remaining })),
    ...asks.slice(0, 10).map(([price, remaining]): RestingQuote => ({ side: 'sell', price, remaining })),
  ];
  return { mid, book: { bids, asks }, own };
}

/** A second of market: a few levels near the top change amount. */
function move(state: PairState, random: () => number): void {
  for (let k = 0; k < 4; k++) {
    const side = random() < 0.5 ? state.book.bids : state.book.asks;
    const i = Math.floor(random() * 10);
    (side as [string, string][])[i] = [side[i]![0], (0.1 + random() * 3).toFixed(4)];
  }
}

function measuring(): { perSecondMs: number; coreShare: number } {
  const random = prng(0x11a1d);
  const pairs = Array.from({ length: PAIRS }, (_, i) => bookAround(10 + i * 3.7, random));
  const recorder = new LiquidityRecorder();
  const perSecond: number[] = [];
  const t0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE_MS);
  for (let s = 0; s < SECONDS; s++) {
    for (const p of pairs) move(p, random);
    const started = process.hrtime.bigint();
    const now = t0 + s * 1000;
    pairs.forEach((p, coinId) => recorder.record(coinId, now, measureSample(p.book, p.own, obligation)));
    recorder.closeEnded(now);
    perSecond.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const perSecondMs = median(perSecond);
  return { perSecondMs, coreShare: perSecondMs / 10 };
}

function monthRows(): { start: number; rows: LiquidityMinute[] } {
  const random = prng(0x5e55);
  const sample = measureSample(bookAround(100, random).book, bookAround(100, random).own, obligation);
  const recorder = new LiquidityRecorder(0);
  const start = 1_800_000_000_000 - (1_800_000_000_000 % 86_400_000);
  for (let s = 0; s < 60; s++) recorder.record(1, start + s * 1000, sample);
  const [one] = recorder.flush();
  const rows: LiquidityMinute[] = [];
  for (let m = 0; m < 31 * 24 * 60; m++) rows.push({ ...one!.row, minute: start + m * MINUTE_MS, upSec: 50 + (m % 11) });
  return { start, rows };
}

function timed(runs: number, fn: () => unknown): number {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(out);
}

function monthSummary(): { summary: number; report: number; csvHours: number } {
  const { start, rows } = monthRows();
  const input = { from: start, to: start + rows.length * MINUTE_MS, now: start + rows.length * MINUTE_MS, rows, obligation };
  return {
    summary: timed(3, () => summariseLiquidity(input)),
    // GET /backend/liquidity/report's computation: the period's summary and its 31 day rows.
    report: timed(3, () => [summariseLiquidity(input), liquidityBuckets(input, 'day')]),
    // The CSV's: the period's summary and its 744 hour rows.
    csvHours: timed(3, () => [summariseLiquidity(input), hourlyLiquidity(input)]),
  };
}

/**
 * The service's month report of one pair as the route answers it: the rows added up by the database
 * per hour or day (PGlite, or the PostgreSQL server at `postgresUrl`), the period and the buckets
 * finished in JS. The answer is checked against the pure fold of the rows themselves.
 */
async function monthReportFromDatabase(postgresUrl?: string): Promise<{ read: number; report: number; csv: number; summary: number }> {
  const scratch = await scratchDatabase(postgresUrl);
  const database = await openDatabase(scratch.target);
  try {
    await database.migrate();
    await seed(database.db, 'Bench-admin-123');
    const repo = new LiquidityRepository(database.db);
    const { start, rows } = monthRows();
    for (let i = 0; i < rows.length; i += 1000) await repo.writeMinutes(rows.slice(i, i + 1000).map((row) => ({ coinId: 1, row })));
    await repo.setObligation(1, obligation, 1);
    const to = start + rows.length * MINUTE_MS;
    const service = new LiquidityService({ repo, coins: { findCoin: async () => null, requireUsablePair: async () => ({ coinName: 'BTC/USDT' }) } as never, now: () => to });
    const admin = { id: 1 } as AdminRow;
    const query = { coinId: 1, from: start, to };
    const input = { from: start, to, now: to, rows, obligation };
    const expected = { summary: summariseLiquidity(input), rows: liquidityBuckets(input, 'day') };
    const answered = await service.report(admin, query);
    if (JSON.stringify({ summary: answered.summary, rows: answered.rows }) !== JSON.stringify(expected)) throw new Error('liquidity bench: the service’s report differs from the fold of the rows');
    const time = async (fn: () => Promise<unknown>) => {
      await fn();
      const out: number[] = [];
      for (let r = 0; r < 3; r++) {
        const started = performance.now();
        await fn();
        out.push(performance.now() - started);
      }
      return median(out);
    };
    return { read: await time(() => repo.minutes(1, start, to)), summary: await time(() => service.summary(admin, query)), report: await time(() => service.report(admin, query)), csv: await time(() => service.reportCsv(admin, query)) };
  } finally {
    await database.close();
    await scratch.drop();
  }
}

export async function run(): Promise<void> {
  const m = measuring();
  const month = monthSummary();
  const stored = await monthReportFromDatabase();
  // PostgreSQL too when the bench is given one: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- liquidity
  const onPostgres = process.env.DATABASE_URL ? await monthReportFromDatabase(process.env.DATABASE_URL) : null;
  console.log(`\nliquidity (issue 20): ${PAIRS} pairs × ${LEVELS} levels a side, one sample a second`);
  printTable(
    ['figure', 'measured', 'target'],
    [
      ['measuring 500 pairs, one second (median of ' + SECONDS + ')', `${m.perSecondMs.toFixed(1)} ms = ${m.coreShare.toFixed(2)} % of a core`, '< 5 % of a core'],
      ['a month’s summary of one pair (44,640 rows, pure)', `${month.summary.toFixed(0)} ms`, '< 1,000 ms'],
      ['a month’s report of one pair: summary + 31 day rows (pure)', `${month.report.toFixed(0)} ms`, '< 1,000 ms'],
      ['a month’s CSV of one pair: summary + 744 hour rows (pure)', `${month.csvHours.toFixed(0)} ms`, ''],
      ['the read of a month’s 44,640 rows from PGlite alone (repository)', `${stored.read.toFixed(0)} ms`, ''],
      ['GET /liquidity/summary, a month, added up by PGlite (service)', `${stored.summary.toFixed(0)} ms`, ''],
      ['GET /liquidity/report, a month, added up by PGlite (service)', `${stored.report.toFixed(0)} ms`, '< 1,000 ms'],
      ['GET /liquidity/report.csv, a month, added up by PGlite (service)', `${stored.csv.toFixed(0)} ms`, ''],
      ...(onPostgres === null
        ? []
        : [
            ['the read of a month’s 44,640 rows from PostgreSQL alone (repository)', `${onPostgres.read.toFixed(0)} ms`, ''],
            ['GET /liquidity/summary, a month, from PostgreSQL (service)', `${onPostgres.summary.toFixed(0)} ms`, ''],
            ['GET /liquidity/report, a month, from PostgreSQL (service)', `${onPostgres.report.toFixed(0)} ms`, '< 1,000 ms'],
            ['GET /liquidity/report.csv, a month, from PostgreSQL (service)', `${onPostgres.csv.toFixed(0)} ms`, ''],
          ]),
    ],
  );
}
