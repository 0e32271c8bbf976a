import { ALL_DAY, appliesAllDay, type LiquidityObligation, type LiquidityObligationTerms } from '@makerdesk/contract';
import { parse } from '@makerdesk/decimal';
import type { LiquidityMinute } from '@makerdesk/engine';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liquidityMinutes, liquidityObligations } from '../db/schema.ts';

type MinuteRow = typeof liquidityMinutes.$inferSelect;

/** numeric columns answer '25.0': canonical decimals, as the contract writes them. */
const canon = (v: string) => parse(v);

function toMinute(row: MinuteRow): LiquidityMinute {
  return {
    minute: row.minute,
    samples: row.samples,
    upSec: row.upSec,
    noQuoteSec: row.noQuoteSec,
    spreadSec: row.spreadSec,
    depthSec: row.depthSec,
    gapSec: row.gapSec,
    oneSidedSec: row.oneSidedSec,
    spreadHist: row.spreadHist,
    spreadP50: row.spreadP50 === null ? null : canon(row.spreadP50),
    spreadP95: row.spreadP95 === null ? null : canon(row.spreadP95),
    depth: row.depth,
    volumeQuote: canon(row.volumeQuote),
    ownVolumeQuote: canon(row.ownVolumeQuote),
    ordersPlaced: row.ordersPlaced,
    fills: row.fills,
  };
}

function toObligation(row: typeof liquidityObligations.$inferSelect): LiquidityObligation {
  return {
    coinId: row.coinId,
    maxSpreadBps: canon(row.maxSpreadBps),
    depthWithinPct: row.depthWithinPct,
    minDepthQuote: canon(row.minDepthQuote),
    minUptimePct: canon(row.minUptimePct),
    period: row.period,
    fromHourUtc: row.fromHourUtc,
    toHourUtc: row.toHourUtc,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Liquidity obligations and the one-minute rows of market quality (issue 20): all their SQL. */
export class LiquidityRepository {
  constructor(private readonly db: Db) {}

  async obligation(coinId: number): Promise<LiquidityObligation | null> {
    const [row] = await this.db.select().from(liquidityObligations).where(eq(liquidityObligations.coinId, coinId));
    return row ? toObligation(row) : null;
  }

  /** Sets the pair's obligation (replacing the one it had) and answers it as stored. */
  async setObligation(coinId: number, terms: LiquidityObligationTerms, by: number): Promise<LiquidityObligation> {
    const values = { ...terms, updatedBy: by, updatedAt: new Date() };
    await this.db
      .insert(liquidityObligations)
      .values({ coinId, ...values })
      .onConflictDoUpdate({ target: liquidityObligations.coinId, set: values });
    const stored = await this.obligation(coinId);
    if (!stored) throw new Error('liquidity obligation upsert stored no row');
    return stored;
  }

  /** Every pair's obligation, for the sampler. */
  async obligations(): Promise<LiquidityObligation[]> {
    return (await this.db.select().from(liquidityObligations)).map(toObligation);
  }

  /** Writes minute rows; a minute written again (a sampler that restarted inside it) is replaced. */
  async writeMinutes(rows: readonly { coinId: number; row: LiquidityMinute }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(liquidityMinutes)
      .values(rows.map(({ coinId, row }) => ({ coinId, ...row })))
      .onConflictDoUpdate({
        target: [liquidityMinutes.coinId, liquidityMinutes.minute],
        set: {
          samples: sql`excluded.samples`,
          upSec: sql`excluded.up_sec`,
          noQuoteSec: sql`excluded.no_quote_sec`,
          spreadSec: sql`excluded.spread_sec`,
          depthSec: sql`excluded.depth_sec`,
          gapSec: sql`excluded.gap_sec`,
          oneSidedSec: sql`excluded.one_sided_sec`,
          spreadHist: sql`excluded.spread_hist`,
          spreadP50: sql`excluded.spread_p50`,
          spreadP95: sql`excluded.spread_p95`,
          depth: sql`excluded.depth`,
          volumeQuote: sql`excluded.volume_quote`,
          ownVolumeQuote: sql`excluded.own_volume_quote`,
          ordersPlaced: sql`excluded.orders_placed`,
          fills: sql`excluded.fills`,
        },
      });
  }

  /** The pair's rows of the minutes starting in [from, to), oldest first. */
  async minutes(coinId: number, from: number, to: number): Promise<LiquidityMinute[]> {
    const rows = await this.db
      .select()
      .from(liquidityMinutes)
      .where(and(eq(liquidityMinutes.coinId, coinId), gte(liquidityMinutes.minute, from), lt(liquidityMinutes.minute, to)))
      .orderBy(asc(liquidityMinutes.minute));
    return rows.map(toMinute);
  }

  /** The pair's seconds up over the minutes starting in [from, to) (a minute without a row adds none): the period's uptime so far. */
  async upSeconds(coinId: number, from: number, to: number, hours: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'> = ALL_DAY): Promise<number> {
    const inRange = and(eq(liquidityMinutes.coinId, coinId), gte(liquidityMinutes.minute, from), lt(liquidityMinutes.minute, to));
    // Only the minutes of the obligation's hours of the UTC day (minute is epoch ms).
    const hourOfDay = sql`((${liquidityMinutes.minute} / 3600000) % 24)`;
    const inHours = appliesAllDay(hours) ? inRange : and(inRange, sql`${hourOfDay} >= ${hours.fromHourUtc ?? 0}`, sql`${hourOfDay} < ${hours.toHourUtc ?? 24}`);
    const [row] = await this.db
      .select({ up: sql<string | number | null>`sum(${liquidityMinutes.upSec})` })
      .from(liquidityMinutes)
      .where(inHours);
    return Number(row?.up ?? 0);
  }

  /** Drops the rows of minutes before `before` (the history keeps LIQUIDITY_RANGE_MAX_DAYS). */
  async pruneMinutes(before: number): Promise<void> {
    await this.db.delete(liquidityMinutes).where(lt(liquidityMinutes.minute, before));
  }
}
