import { ALL_DAY, appliesAllDay, type LiquidityBreachKind, type LiquidityDepthBand, type LiquidityObligation, type LiquidityObligationTerms } from '@makerdesk/contract';
import { minus, mul, parse } from '@makerdesk/decimal';
import type { LiquidityMinute, LiquidityMinuteRun, LiquidityPartTotals, LiquidityTotals, RestingQuote } from '@makerdesk/engine';
import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liquidityMinutes, liquidityObligations, manualFills, robotFills, robotOrders, robots } from '../db/schema.ts';

type MinuteRow = typeof liquidityMinutes.$inferSelect;

/** One of the desk's fills on a pair: a bot's (robot_fills: an increment of an order's filled amount) or a manual one (manual_fills). */
export interface LedgerFill {
  coinId: number;
  side: 'buy' | 'sell';
  amount: string;
  /** price × amount, as the ledger keeps it. */
  quoteAmount: string;
  /** Epoch ms. */
  at: number;
  /** Set on manual fills: the venue's trade (two accounts of the console on the same venue account copy it twice). */
  tradeId?: string;
}

/** What one read of the ledger found since the previous one. */
export interface LedgerBatch {
  botFills: LedgerFill[];
  manualFills: LedgerFill[];
  /** The bots' orders placed (journal rows written, not refused), per pair. */
  placed: { coinId: number; count: number }[];
}

/** Where a read of the desk's ledger reached: the last row id of robot_fills, robot_orders and manual_fills. */
export interface LedgerCursor {
  fillId: number;
  orderId: number;
  manualId: number;
}

/** Fills read at most per table and read of the ledger; more wait for the next read. */
const LEDGER_ROWS_MAX = 10_000;

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

/** What the database adds up of a range of one pair's one-minute rows (LiquidityRepository.totals). */
export interface LiquidityTotalsQuery {
  coinId: number;
  /** The minutes starting in [start, end) (whole minutes: rangeMinutes's). */
  start: number;
  end: number;
  /** The length of the parts the totals are per (ms): an hour, a day. */
  partMs: number;
  /** The depth band the depth sums are of. */
  withinPct: LiquidityDepthBand;
  /** The obligation's hours of the UTC day: the up seconds are counted in them only. */
  hours: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'>;
  /** Seconds up a minute needs (requiredUpSeconds): with it, the runs of minutes for the breaches; without (no obligation), none. */
  requiredUpSec: number | null;
}

interface PartRow {
  part: string | number;
  samples: string | number;
  up: string | number;
  one_sided: string | number;
  bid: string | null;
  ask: string | null;
  own_bid: string | null;
  own_ask: string | null;
  orders_placed: string | number;
  fills: string | number;
  volume: string | null;
  own_volume: string | null;
}

/** A sum of numeric as the contract writes decimals ('0' for no rows). */
const decimalSum = (v: string | null) => (v === null ? '0' : canon(v));

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
  /**
   * The bots' orders resting on the pair as their journal holds them (state open: acknowledged by the
   * venue and not yet seen cancelled or filled), each with what is left of it: the desk's own depth of
   * a live pair, whose venue account is not read every second.
   */
  async restingBotOrders(coinId: number): Promise<RestingQuote[]> {
    const rows = await this.db
      .select({ side: robotOrders.side, price: robotOrders.price, amount: robotOrders.amount, filled: robotOrders.filledAmount })
      .from(robotOrders)
      .innerJoin(robots, eq(robots.id, robotOrders.robotId))
      .where(and(eq(robots.coinId, coinId), eq(robotOrders.state, 'open')));
    return rows.map((r) => ({ side: r.side, price: canon(r.price), remaining: minus(r.amount, r.filled) }));
  }

  /**
   * What the desk's ledger gained on the pairs `coinIds` since `cursor` (the row ids the previous read
   * reached in robot_fills, robot_orders and manual_fills): the bots' fills and the manual fills (those
   * at `manualFrom` or later: a first copy of an account's trade history is not this period's trading),
   * and the bots' placements counted per pair (refused ones not). Without a cursor, only where the
   * tables stand (nothing counted). One read of where the tables stand, then three range reads on their
   * primary keys, whatever the number of bots and pairs: the live liquidity sources read it for all their pairs at once every few seconds.
   */
  async ledgerSince(coinIds: readonly number[], cursor: LedgerCursor | undefined, manualFrom: number): Promise<{ batch: LedgerBatch; cursor: LedgerCursor }> {
    const empty: LedgerBatch = { botFills: [], manualFills: [], placed: [] };
    // Where the tables stand now: the read counts up to there, and the cursor moves there whatever the
    // pairs (a pair listed later starts from there, never from its rows written before).
    const [tops] = await this.db
      .select({
        fillId: sql<string | null>`(select max(${robotFills.id}) from ${robotFills})`,
        orderId: sql<string | null>`(select max(${robotOrders.id}) from ${robotOrders})`,
        manualId: sql<string | null>`(select max(${manualFills.id}) from ${manualFills})`,
      })
      .from(sql`(select 1) as one`);
    const top: LedgerCursor = { fillId: Number(tops?.fillId ?? 0), orderId: Number(tops?.orderId ?? 0), manualId: Number(tops?.manualId ?? 0) };
    if (cursor === undefined || coinIds.length === 0) return { batch: empty, cursor: cursor === undefined ? top : { fillId: Math.max(cursor.fillId, top.fillId), orderId: Math.max(cursor.orderId, top.orderId), manualId: Math.max(cursor.manualId, top.manualId) } };
    const coins = [...coinIds];
    const [fills, placed, manual] = await Promise.all([
      this.db
        .select({ id: robotFills.id, coinId: robots.coinId, side: robotFills.side, amount: robotFills.amount, quoteAmount: robotFills.quoteAmount, at: robotFills.at })
        .from(robotFills)
        .innerJoin(robots, eq(robots.id, robotFills.robotId))
        .where(and(gt(robotFills.id, cursor.fillId), lte(robotFills.id, top.fillId), inArray(robots.coinId, coins)))
        .orderBy(asc(robotFills.id))
        .limit(LEDGER_ROWS_MAX),
      this.db
        .select({ coinId: robots.coinId, count: count() })
        .from(robotOrders)
        .innerJoin(robots, eq(robots.id, robotOrders.robotId))
        .where(and(gt(robotOrders.id, cursor.orderId), lte(robotOrders.id, top.orderId), inArray(robots.coinId, coins), ne(robotOrders.state, 'rejected')))
        .groupBy(robots.coinId),
      this.db
        .select({ id: manualFills.id, coinId: manualFills.coinId, side: manualFills.side, price: manualFills.price, amount: manualFills.amount, at: manualFills.at, tradeId: manualFills.tradeId })
        .from(manualFills)
        .where(and(gt(manualFills.id, cursor.manualId), lte(manualFills.id, top.manualId), inArray(manualFills.coinId, coins)))
        .orderBy(asc(manualFills.id))
        .limit(LEDGER_ROWS_MAX),
    ]);
    // A read that hit its limit resumes after its last row.
    const reached = (rows: { id: number }[], from: number, to: number) => Math.max(from, rows.length === LEDGER_ROWS_MAX ? rows.at(-1)!.id : to);
    return {
      batch: {
        botFills: fills.map((r) => ({ coinId: r.coinId, side: r.side, amount: canon(r.amount), quoteAmount: canon(r.quoteAmount), at: r.at.getTime() })),
        manualFills: manual
          .filter((r) => r.at.getTime() >= manualFrom)
          .map((r) => ({ coinId: r.coinId, side: r.side, amount: canon(r.amount), quoteAmount: mul(r.price, r.amount), at: r.at.getTime(), tradeId: r.tradeId })),
        placed: placed.map((r) => ({ coinId: r.coinId, count: r.count })),
      },
      cursor: { fillId: reached(fills, cursor.fillId, top.fillId), orderId: Math.max(cursor.orderId, top.orderId), manualId: reached(manual, cursor.manualId, top.manualId) },
    };
  }

  async minutes(coinId: number, from: number, to: number): Promise<LiquidityMinute[]> {
    const rows = await this.db
      .select()
      .from(liquidityMinutes)
      .where(and(eq(liquidityMinutes.coinId, coinId), gte(liquidityMinutes.minute, from), lt(liquidityMinutes.minute, to)))
      .orderBy(asc(liquidityMinutes.minute));
    return rows.map(toMinute);
  }

  /**
   * A range's rows added up by the database, per part (UTC hour or day) and, with an obligation, as
   * the runs of consecutive minutes that stand alike for the breaches (gaps and islands): what
   * aggregatedReport makes the summary and the report's buckets of, equal to the fold of the rows
   * themselves (summariseLiquidity, liquidityBuckets) and a few hundred rows to read instead of a
   * month's 44,640. Three queries, the same SQL on PGlite and PostgreSQL.
   */
  async totals(q: LiquidityTotalsQuery): Promise<{ parts: LiquidityPartTotals[]; runs: LiquidityMinuteRun[] }> {
    const m = liquidityMinutes;
    const inRange = sql`${m.coinId} = ${q.coinId} and ${m.minute} >= ${q.start} and ${m.minute} < ${q.end}`;
    const part = sql`((${m.minute} / ${q.partMs}::bigint) * ${q.partMs}::bigint)`;
    const hourOfDay = sql`((${m.minute} / 3600000) % 24)`;
    const applies = appliesAllDay(q.hours) ? sql`true` : sql`(${hourOfDay} >= ${q.hours.fromHourUtc ?? 0} and ${hourOfDay} < ${q.hours.toHourUtc ?? 24})`;
    // The band's depths are taken out of the jsonb once per row (the subquery, kept apart by offset 0).
    const depthSum = (side: string) => sql`sum((d -> ${side}::text ->> 'sum')::numeric)::text`;
    const partsQuery = sql`select (p * ${q.partMs}::bigint)::text as part, sum(samples)::text as samples, sum(up)::text as up, sum(one_sided)::text as one_sided,
        ${depthSum('bid')} as bid, ${depthSum('ask')} as ask, ${depthSum('ownBid')} as own_bid, ${depthSum('ownAsk')} as own_ask,
        sum(orders_placed)::text as orders_placed, sum(fills)::text as fills, sum(volume)::text as volume, sum(own_volume)::text as own_volume
      from (select ${m.minute} / ${q.partMs}::bigint as p, ${m.depth} -> ${q.withinPct}::text as d, ${m.samples} as samples,
          case when ${applies} then ${m.upSec} else 0 end as up, ${m.oneSidedSec} as one_sided, ${m.ordersPlaced} as orders_placed,
          ${m.fills} as fills, ${m.volumeQuote} as volume, ${m.ownVolumeQuote} as own_volume
        from ${m} where ${inRange} offset 0) as per_row
      group by p order by p`;
    // Seconds per spread, added up per part: the quantiles are taken of the sum (spreadQuantile).
    const histQuery = sql`select ${part}::text as part, h.key as spread, sum(h.value::int)::text as seconds
      from ${m}, jsonb_each_text(${m.spreadHist}) as h where ${inRange} group by 1, 2`;
    // How each minute with a row stands: up enough ('up'), else down as breachKindOf says (the reason
    // with the most seconds, ties in the order gap, no_quote, spread, depth); then the runs of
    // consecutive minutes standing alike (minute / 60 s less the row's number among its kind is
    // constant along a run).
    const runsQuery = sql`select downas, (min(minute))::text as first, (max(minute))::text as last from (
        select minute, downas, minute / 60000 - row_number() over (partition by downas order by minute) as run from (
          select ${m.minute} as minute, case
            when ${m.upSec} >= ${q.requiredUpSec ?? 0} then 'up'
            when ${m.gapSec} >= ${m.noQuoteSec} and ${m.gapSec} >= ${m.spreadSec} and ${m.gapSec} >= ${m.depthSec} then 'gap'
            when ${m.noQuoteSec} >= ${m.spreadSec} and ${m.noQuoteSec} >= ${m.depthSec} then 'no_quote'
            when ${m.spreadSec} >= ${m.depthSec} then 'spread'
            else 'depth' end as downas
          from ${m} where ${inRange}) as stood) as numbered
      group by downas, run order by min(minute)`;
    const [parts, hist, runRows] = await Promise.all([
      this.rows<PartRow>(partsQuery),
      this.rows<{ part: string | number; spread: string; seconds: string | number }>(histQuery),
      // Without an obligation nothing breaches: no runs.
      q.requiredUpSec === null ? [] : this.rows<{ downas: string; first: string | number; last: string | number }>(runsQuery),
    ]);
    const byPart = new Map<number, LiquidityTotals>();
    const out: LiquidityPartTotals[] = parts.map((r) => {
      const totals: LiquidityTotals = {
        samples: Number(r.samples),
        upSec: Number(r.up),
        oneSidedSec: Number(r.one_sided),
        spreadHist: {},
        bidSum: decimalSum(r.bid),
        askSum: decimalSum(r.ask),
        ownBidSum: decimalSum(r.own_bid),
        ownAskSum: decimalSum(r.own_ask),
        ordersPlaced: Number(r.orders_placed),
        fills: Number(r.fills),
        volumeQuote: decimalSum(r.volume),
        ownVolumeQuote: decimalSum(r.own_volume),
      };
      byPart.set(Number(r.part), totals);
      return { part: Number(r.part), totals };
    });
    for (const h of hist) {
      const totals = byPart.get(Number(h.part));
      if (totals) totals.spreadHist[h.spread] = (totals.spreadHist[h.spread] ?? 0) + Number(h.seconds);
    }
    const runs = runRows.map(
      (r): LiquidityMinuteRun => ({ from: Number(r.first), to: Number(r.last) + 60_000, downAs: r.downas === 'up' ? null : (r.downas as LiquidityBreachKind) }),
    );
    runs.sort((a, b) => a.from - b.from);
    return { parts: out, runs };
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    const answer = (await this.db.execute(query)) as unknown as { rows: T[] };
    return answer.rows;
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
