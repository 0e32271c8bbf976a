/**
 * The liquidity summary, report and CSV as the service answers them, from the rows added up by the
 * database (LiquidityRepository.totals, aggregatedReport), against the fold of the rows themselves
 * (summariseLiquidity, liquidityBuckets: the reference), on the database of this pass (PGlite, or
 * PostgreSQL in the server-postgres pass). Four days of minute rows made at random (fixed seed) with
 * everything the fold treats apart: missing minutes and a missing hour, rows without samples, breaches
 * of every kind and ties between kinds, uptime at and just under the obligation's share, one-sided
 * seconds, spreads whose order as text and as numbers differ, the obligation's hours of the day.
 */
import { LIQUIDITY_DEPTH_BANDS, liquidityReportUnit, type LiquidityDepthBand, type LiquidityObligationTerms, type LiquidityReportUnit } from '@makerdesk/contract';
import { aggregatedReport, DAY_MS, HOUR_MS, hourlyLiquidity, liquidityBuckets, MINUTE_MS, rangeMinutes, requiredUpSeconds, summariseLiquidity, type BandAggregate, type LiquidityMinute } from '@makerdesk/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../../domain/account.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { liquidityObligations } from '../../db/schema.ts';
import { LiquidityRepository } from '../../repositories/liquidity.repository.ts';
import { scratchDatabase, type ScratchDatabase } from '../../testing/scratch-database.ts';
import { suiteDatabaseUrl } from '../../testing/test-postgres.ts';
import { seed } from '../seed.ts';
import { liquidityReportCsv } from './liquidity-report-csv.ts';
import { LiquidityService } from './liquidity.service.ts';

const COIN = 1;
const admin = { id: 1 } as AdminRow;
/** A UTC midnight. */
const DAY0 = 1_800_000_000_000 - (1_800_000_000_000 % DAY_MS);
const DAYS = 4;

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A canonical decimal with up to 8 decimals. */
function decimal(random: () => number, whole: number): string {
  const int = Math.floor(random() * whole);
  const frac = Math.floor(random() * 1e8)
    .toString()
    .padStart(8, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(int) : `${int}.${frac}`;
}

/** The seconds of a minute split into up and the four reasons for down, in ways that tie and that just keep or just miss 57 s (95 %). */
function statuses(random: () => number, stretch: 'up' | 'down' | 'mixed'): Pick<LiquidityMinute, 'upSec' | 'noQuoteSec' | 'spreadSec' | 'depthSec' | 'gapSec'> {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const up = stretch === 'up' ? pick([60, 59, 57]) : stretch === 'down' ? pick([0, 10, 30, 56]) : pick([57, 56, 58, 40, 0, 60]);
  let rest = 60 - up;
  // Ties on purpose: equal shares of the rest among 1 to 4 reasons.
  const kinds = ['gapSec', 'noQuoteSec', 'spreadSec', 'depthSec'] as const;
  const out = { upSec: up, noQuoteSec: 0, spreadSec: 0, depthSec: 0, gapSec: 0 };
  const among = kinds.filter(() => random() < 0.6);
  const share = among.length === 0 ? 0 : Math.floor(rest / among.length);
  for (const k of among) {
    out[k] = share;
    rest -= share;
  }
  out[pick(kinds)] += rest;
  return out;
}

const SPREADS = ['9.5', '10', '10.1', '100', '12.3', '2', '25', '3.7', '80.4', '999.9'];

function makeRow(random: () => number, minute: number, stretch: 'up' | 'down' | 'mixed'): LiquidityMinute {
  const s = statuses(random, stretch);
  const samples = 60 - s.gapSec;
  const spreadHist: Record<string, number> = {};
  let oneSidedSec = random() < 0.1 ? Math.min(samples, Math.floor(random() * 20)) : 0;
  let left = samples - oneSidedSec;
  while (left > 0) {
    const n = Math.min(left, 1 + Math.floor(random() * 30));
    const k = SPREADS[Math.floor(random() * SPREADS.length)]!;
    spreadHist[k] = (spreadHist[k] ?? 0) + n;
    left -= n;
  }
  if (samples === 0) oneSidedSec = 0;
  const agg = () => ({ min: decimal(random, 1000), sum: decimal(random, 60_000_000) });
  const depth = {} as Record<LiquidityDepthBand, BandAggregate>;
  for (const band of LIQUIDITY_DEPTH_BANDS) {
    const zero = { min: '0', sum: '0' };
    depth[band] = samples === 0 ? { bid: zero, ask: zero, ownBid: zero, ownAsk: zero } : { bid: agg(), ask: agg(), ownBid: agg(), ownAsk: agg() };
  }
  const traded = random() < 0.3;
  return {
    minute,
    samples,
    ...s,
    spreadHist,
    oneSidedSec,
    spreadP50: null,
    spreadP95: null,
    depth,
    volumeQuote: traded ? decimal(random, 100_000) : '0',
    ownVolumeQuote: traded ? decimal(random, 50_000) : '0',
    ordersPlaced: Math.floor(random() * 12),
    fills: traded ? Math.floor(random() * 4) : 0,
  };
}

/** Four days of rows: stretches up, down and mixed; missing minutes, a missing hour, the last hours missing. */
function fourDays(): LiquidityMinute[] {
  const random = mulberry32(0x20);
  const rows: LiquidityMinute[] = [];
  let stretch: 'up' | 'down' | 'mixed' = 'up';
  for (let m = DAY0; m < DAY0 + DAYS * DAY_MS - 5 * HOUR_MS; m += MINUTE_MS) {
    if (random() < 0.04) stretch = (['up', 'down', 'mixed'] as const)[Math.floor(random() * 3)]!;
    if (m >= DAY0 + DAY_MS + 3 * HOUR_MS && m < DAY0 + DAY_MS + 4 * HOUR_MS) continue; // a server down an hour
    if (random() < 0.02) continue; // a minute no run wrote
    rows.push(makeRow(random, m, stretch));
  }
  return rows;
}

const obligations: Record<string, (LiquidityObligationTerms & { fromHourUtc?: number; toHourUtc?: number }) | null> = {
  none: null,
  allDay: { maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '5000', minUptimePct: '95', period: 'month' },
  hours: { maxSpreadBps: '10', depthWithinPct: '0.5', minDepthQuote: '100', minUptimePct: '97.5', period: 'day', fromHourUtc: 8, toHourUtc: 20 },
};

let scratch: ScratchDatabase;
let database: Database;
let repo: LiquidityRepository;

beforeAll(async () => {
  scratch = await scratchDatabase(suiteDatabaseUrl(), { inMemory: true });
  database = await openDatabase(scratch.target);
  await database.migrate();
  await seed(database.db, 'Report-admin-123');
  repo = new LiquidityRepository(database.db);
  const rows = fourDays();
  for (let i = 0; i < rows.length; i += 1000) await repo.writeMinutes(rows.slice(i, i + 1000).map((row) => ({ coinId: COIN, row })));
}, 120_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

async function useObligation(name: keyof typeof obligations): Promise<void> {
  const terms = obligations[name]!;
  if (terms === null) await database.db.delete(liquidityObligations).where(eq(liquidityObligations.coinId, COIN));
  else await repo.setObligation(COIN, terms, admin.id);
}

const service = (now: number) => new LiquidityService({ repo, coins: { findCoin: async () => null, requireUsablePair: async () => ({ coinName: 'BTC/USDT' }) } as never, now: () => now });

/** What the service answered before the database added the rows up: the rows read and folded. */
async function folded(from: number, to: number, now: number) {
  const obligation = await repo.obligation(COIN);
  const input = { from, to, now, rows: await repo.minutes(COIN, from, to), obligation };
  const unit = liquidityReportUnit(from, to);
  return { obligation, input, unit, summary: summariseLiquidity(input), rows: unit === null ? [] : liquidityBuckets(input, unit), hours: hourlyLiquidity(input) };
}

const END = DAY0 + DAYS * DAY_MS;
const ranges: { name: string; from: number; to: number; now: number; unit: LiquidityReportUnit | null }[] = [
  // Hour by hour, cut mid-minute at both ends, across the missing hour.
  { name: 'a day and a half, hour by hour', from: DAY0 + 17 * HOUR_MS + 30_123, to: DAY0 + DAY_MS + 30 * HOUR_MS + 45_000, now: END + DAY_MS, unit: 'hour' },
  // Day by day, the current minute inside the range (the future not counted), and the missing last hours.
  { name: 'the four days, day by day, now inside', from: DAY0, to: END + DAY_MS, now: END - 2 * HOUR_MS - 59_999, unit: 'day' },
  // No table: longer than 62 days, most of it without rows.
  { name: 'seventy days, no table', from: DAY0 - 66 * DAY_MS + 7, to: END, now: END + 1, unit: null },
];

describe('the liquidity report from totals the database adds up', () => {
  for (const name of Object.keys(obligations)) {
    for (const range of ranges) {
      it(`equals the fold of the rows: obligation ${name}, ${range.name}`, async () => {
        await useObligation(name);
        const query = { coinId: COIN, from: range.from, to: range.to };
        const reference = await folded(range.from, range.to, range.now);
        expect(reference.unit).toBe(range.unit);
        const report = await service(range.now).report(admin, query);
        expect(report.unit).toBe(range.unit);
        expect(report.summary).toEqual(reference.summary);
        expect(report.rows).toEqual(reference.rows);
        expect(await service(range.now).summary(admin, query)).toEqual(reference.summary);
        const { csv } = await service(range.now).reportCsv(admin, query);
        // The terms as the service states them, the hours they apply included.
        const o = reference.obligation;
        const terms = o && { maxSpreadBps: o.maxSpreadBps, depthWithinPct: o.depthWithinPct, minDepthQuote: o.minDepthQuote, minUptimePct: o.minUptimePct, period: o.period, fromHourUtc: o.fromHourUtc, toHourUtc: o.toHourUtc };
        if (o) expect(csv).toContain(`# obligation.hours_utc,${name === 'hours' ? '8-20' : '0-24'}`);
        expect(csv).toBe(liquidityReportCsv({ pair: 'BTC/USDT', from: range.from, to: range.to, obligation: terms, period: reference.summary, hours: reference.hours }));
        // The data has what the comparison is about.
        if (name !== 'none') {
          const kinds = new Set(report.summary.breaches.map((b) => b.kind));
          expect(kinds.has('gap')).toBe(true);
          expect(kinds.size).toBeGreaterThan(1);
        }
        expect(report.summary.samples).toBeGreaterThan(0);
      });
    }
  }

  it('answers the totals per part and the runs of minutes as the rows hold them', async () => {
    const rows = await repo.minutes(COIN, DAY0, DAY0 + 3 * HOUR_MS);
    const { parts, runs } = await repo.totals({ coinId: COIN, start: DAY0, end: DAY0 + 3 * HOUR_MS, partMs: HOUR_MS, withinPct: '1', hours: { fromHourUtc: 1, toHourUtc: 2 }, requiredUpSec: requiredUpSeconds('95') });
    expect(parts.map((p) => p.part)).toEqual([DAY0, DAY0 + HOUR_MS, DAY0 + 2 * HOUR_MS]);
    const hour1 = rows.filter((r) => r.minute >= DAY0 + HOUR_MS && r.minute < DAY0 + 2 * HOUR_MS);
    expect(parts[1]!.totals.upSec).toBe(hour1.reduce((s, r) => s + r.upSec, 0));
    // Up seconds outside the obligation's hours are not counted.
    expect(parts[0]!.totals.upSec).toBe(0);
    expect(parts[0]!.totals.samples).toBe(rows.filter((r) => r.minute < DAY0 + HOUR_MS).reduce((s, r) => s + r.samples, 0));
    // The runs cover exactly the minutes with a row, each once.
    const covered = runs.reduce((s, r) => s + (r.to - r.from) / MINUTE_MS, 0);
    expect(covered).toBe(rows.length);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.from).toBeGreaterThanOrEqual(runs[i - 1]!.to);
    // And the pure finish over them equals the fold.
    const obligation = { ...obligations.allDay!, depthWithinPct: '1' as const, fromHourUtc: 1, toHourUtc: 2 };
    const input = { from: DAY0, to: DAY0 + 3 * HOUR_MS, now: END, obligation };
    const { start, end } = rangeMinutes(input.from, input.to, input.now);
    expect(end - start).toBe(3 * HOUR_MS);
    const mine = aggregatedReport({ ...input, partMs: HOUR_MS, parts, runs }, 'hour');
    expect(mine.summary).toEqual(summariseLiquidity({ ...input, rows }));
    expect(mine.buckets).toEqual(liquidityBuckets({ ...input, rows }, 'hour'));
  });
});
