import { add } from '@makerdesk/decimal';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { credentials, manualFills, robotFillCheckpoints, robotFillDays, robotFills, robots } from '../db/schema.ts';
import { decodeFillPack } from '../domain/fill-pack.ts';
import type { FoldedLedger } from '../domain/folded-ledger.ts';
import { ledgerOrder, takeNewest, type PackSpan } from '../domain/packed-ledger.ts';
import type { PageWindow, RowPage } from './query-kit.ts';

/** A bot's ledger summed over a window, with its position before it and after it (the rows' own average-cost columns). */
export interface BotWindowRow {
  robotId: number;
  /** The bot's description and type: the service names it in the reader's language (`robotDisplayName`). */
  description: string;
  type: string;
  startBase: string | null;
  startAvg: string | null;
  endBase: string | null;
  endAvg: string | null;
  realised: string;
  fees: string;
  boughtBase: string;
  soldBase: string;
  boughtQuote: string;
  soldQuote: string;
  fillCount: number;
}

/** A fill of the account on the pair that no bot made, oldest first. */
export interface ManualFillRow {
  at: Date;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  feeQuote: string | null;
}

/** One row of the fills ledger, from either table. */
export interface LedgerRow {
  kind: 'bot' | 'manual';
  id: number;
  at: Date;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  fee: string | null;
  feeAsset: string | null;
  feeQuote: string | null;
  robotId: number | null;
  /** A bot's fill: the bot's description and type, named in the reader's language by the service. */
  robotDescription: string | null;
  robotType: string | null;
  clientOrderId: string | null;
  orderNo: string | null;
}

export interface LedgerFilter {
  adminId: number;
  coinId: number;
  from: Date | null;
  to: Date | null;
  robotId: number | null;
  /** 'bot': the bots' table only; 'nonBot': the other table only; null: both. */
  table: 'bot' | 'nonBot' | null;
  /** On the non-bot table: console orders only, or the others only. */
  manualOnly: boolean | null;
}

/** Most fills an equity curve replays (its oldest ones). */
const EQUITY_FILLS_MAX = 200_000;

/** The console's client order ids (`MD` + `manual` + `Z` + 16 characters). */
const MANUAL_ID_PATTERN = 'MDmanualZ%';

/** The desk's P&L and fills ledger: the SQL over robot_fills and manual_fills of one account and pair. */
export class DeskRepository {
  constructor(private readonly db: Db) {}

  /**
   * The pairs the account trades, by id: those with one of its bots, with a fill of it no bot made, or
   * with its API key (whose venue fills are copied in when the pair's P&L is read).
   */
  async tradedPairs(adminId: number): Promise<number[]> {
    const rows = await this.db
      .select({ coinId: robots.coinId })
      .from(robots)
      .where(eq(robots.adminId, adminId))
      .union(this.db.select({ coinId: manualFills.coinId }).from(manualFills).where(eq(manualFills.adminId, adminId)))
      .union(this.db.select({ coinId: credentials.coinId }).from(credentials).where(eq(credentials.adminId, adminId)));
    return rows.map((r) => r.coinId).sort((a, b) => a - b);
  }

  /**
   * Each bot of the account on the pair with any fill until `to`: its sums over [from, to] and its
   * position before `from` and at `to` (the ledger row's position and average cost after its fill).
   */
  async botWindows(adminId: number, coinId: number, from: Date, to: Date): Promise<BotWindowRow[]> {
    const inWindow = and(gte(robotFills.at, from), lte(robotFills.at, to));
    const kept = await this.db
      .select({
        robotId: robots.id,
        description: robots.description,
        type: robots.type,
        realised: sql<string>`coalesce(sum(${robotFills.realizedPnl}) filter (where ${inWindow}), 0)::text`,
        fees: sql<string>`coalesce(sum(${robotFills.fee}) filter (where ${inWindow}), 0)::text`,
        boughtBase: sql<string>`coalesce(sum(${robotFills.amount}) filter (where ${inWindow} and ${robotFills.side} = 'buy'), 0)::text`,
        soldBase: sql<string>`coalesce(sum(${robotFills.amount}) filter (where ${inWindow} and ${robotFills.side} = 'sell'), 0)::text`,
        boughtQuote: sql<string>`coalesce(sum(${robotFills.quoteAmount}) filter (where ${inWindow} and ${robotFills.side} = 'buy'), 0)::text`,
        soldQuote: sql<string>`coalesce(sum(${robotFills.quoteAmount}) filter (where ${inWindow} and ${robotFills.side} = 'sell'), 0)::text`,
        fillCount: sql<number>`(count(*) filter (where ${inWindow}))::int`,
      })
      .from(robots)
      .innerJoin(robotFills, and(eq(robotFills.robotId, robots.id), lte(robotFills.at, to)))
      .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId)))
      .groupBy(robots.id, robots.description, robots.type)
      .orderBy(asc(robots.id));
    // The days retention folded (services/retention): a window counts a day whole or not at all.
    const dayIn = and(gte(robotFillDays.firstAt, from), lte(robotFillDays.lastAt, to));
    const folded = await this.db
      .select({
        robotId: robots.id,
        description: robots.description,
        type: robots.type,
        realised: sql<string>`coalesce(sum(${robotFillDays.realised}) filter (where ${dayIn}), 0)::text`,
        fees: sql<string>`coalesce(sum(${robotFillDays.fees}) filter (where ${dayIn}), 0)::text`,
        boughtBase: sql<string>`coalesce(sum(${robotFillDays.boughtBase}) filter (where ${dayIn}), 0)::text`,
        soldBase: sql<string>`coalesce(sum(${robotFillDays.soldBase}) filter (where ${dayIn}), 0)::text`,
        boughtQuote: sql<string>`coalesce(sum(${robotFillDays.boughtQuote}) filter (where ${dayIn}), 0)::text`,
        soldQuote: sql<string>`coalesce(sum(${robotFillDays.soldQuote}) filter (where ${dayIn}), 0)::text`,
        fillCount: sql<number>`(coalesce(sum(${robotFillDays.fills}) filter (where ${dayIn}), 0))::int`,
      })
      .from(robots)
      .innerJoin(robotFillDays, and(eq(robotFillDays.robotId, robots.id), lte(robotFillDays.firstAt, to)))
      .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId)))
      .groupBy(robots.id, robots.description, robots.type);
    // Summed as decimals (the same strings whether a window's fills are kept rows, folded days or both).
    const sums = new Map<number, (typeof kept)[number]>();
    for (const row of [...kept, ...folded]) {
      const had = sums.get(row.robotId) ?? { ...row, realised: '0', fees: '0', boughtBase: '0', soldBase: '0', boughtQuote: '0', soldQuote: '0', fillCount: 0 };
      sums.set(row.robotId, {
        ...had,
        realised: add(had.realised, row.realised),
        fees: add(had.fees, row.fees),
        boughtBase: add(had.boughtBase, row.boughtBase),
        soldBase: add(had.soldBase, row.soldBase),
        boughtQuote: add(had.boughtQuote, row.boughtQuote),
        soldQuote: add(had.soldQuote, row.soldQuote),
        fillCount: Number(had.fillCount) + Number(row.fillCount),
      });
    }
    const out: BotWindowRow[] = [];
    for (const row of [...sums.values()].sort((a, b) => a.robotId - b.robotId)) {
      const [before, last] = await Promise.all([this.lastRow(row.robotId, from, 'before'), this.lastRow(row.robotId, to, 'until')]);
      out.push({ ...row, startBase: before?.positionAfter ?? null, startAvg: before?.avgCostAfter ?? null, endBase: last?.positionAfter ?? null, endAvg: last?.avgCostAfter ?? null });
    }
    return out;
  }

  /**
   * The bot's ledger state after its last fill before (or until) an instant: its kept row or the last
   * whole day retention folded by then, whichever is later in time (the kept row on a tie). The same
   * rule as the fold's (a day keeps the position of its latest fill), so a window's end reads the same
   * before and after a late fill older than the cut is pruned into its day.
   */
  private async lastRow(robotId: number, at: Date, bound: 'before' | 'until') {
    const [[row], [day]] = await Promise.all([
      this.db
        .select({ at: robotFills.at, positionAfter: robotFills.positionAfter, avgCostAfter: robotFills.avgCostAfter })
        .from(robotFills)
        .where(and(eq(robotFills.robotId, robotId), bound === 'before' ? lt(robotFills.at, at) : lte(robotFills.at, at)))
        .orderBy(desc(robotFills.at), desc(robotFills.id))
        .limit(1),
      this.db
        .select({ at: robotFillDays.lastAt, positionAfter: robotFillDays.positionAfter, avgCostAfter: robotFillDays.avgCostAfter })
        .from(robotFillDays)
        .where(and(eq(robotFillDays.robotId, robotId), bound === 'before' ? lt(robotFillDays.lastAt, at) : lte(robotFillDays.lastAt, at)))
        .orderBy(desc(robotFillDays.lastAt))
        .limit(1),
    ]);
    const later = !day || (row && row.at.getTime() >= day.at.getTime()) ? row : day;
    return later && { positionAfter: later.positionAfter, avgCostAfter: later.avgCostAfter };
  }

  /** The account's fills on the pair that no bot made, until `to`, oldest first. */
  async manualFills(adminId: number, coinId: number, to: Date): Promise<ManualFillRow[]> {
    return this.db
      .select({ at: manualFills.at, side: manualFills.side, price: manualFills.price, amount: manualFills.amount, feeQuote: manualFills.feeQuote })
      .from(manualFills)
      .where(and(eq(manualFills.adminId, adminId), eq(manualFills.coinId, coinId), lte(manualFills.at, to)))
      .orderBy(asc(manualFills.at), asc(manualFills.id));
  }

  /** Every fill of the account's bots on the pair (or of one bot), oldest first, with the bot it belongs to. */
  async botFills(adminId: number, coinId: number, robotId: number | null): Promise<(ManualFillRow & { robotId: number })[]> {
    return this.db
      .select({ robotId: robotFills.robotId, at: robotFills.at, side: robotFills.side, price: robotFills.price, amount: robotFills.amount, feeQuote: robotFills.fee })
      .from(robotFills)
      .innerJoin(robots, eq(robots.id, robotFills.robotId))
      .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), robotId === null ? undefined : eq(robots.id, robotId)))
      .orderBy(asc(robotFills.at), asc(robotFills.id))
      .limit(EQUITY_FILLS_MAX);
  }

  /**
   * What retention folded of the fills of the account's bots on the pair (or of one bot): per bot its
   * days (robot_fill_days) and its ledger checkpoint, for the bots with one.
   */
  async botFolds(adminId: number, coinId: number, robotId: number | null): Promise<Map<number, FoldedLedger>> {
    const mine = and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), robotId === null ? undefined : eq(robots.id, robotId));
    const [checkpoints, days] = await Promise.all([
      this.db
        .select({ robotId: robotFillCheckpoints.robotId, positionAfter: robotFillCheckpoints.positionAfter, avgCostAfter: robotFillCheckpoints.avgCostAfter, throughAt: robotFillCheckpoints.throughAt })
        .from(robotFillCheckpoints)
        .innerJoin(robots, eq(robots.id, robotFillCheckpoints.robotId))
        .where(mine),
      this.db
        .select({
          robotId: robotFillDays.robotId,
          firstAt: robotFillDays.firstAt,
          lastAt: robotFillDays.lastAt,
          realised: robotFillDays.realised,
          fees: robotFillDays.fees,
          positionAfter: robotFillDays.positionAfter,
          avgCostAfter: robotFillDays.avgCostAfter,
        })
        .from(robotFillDays)
        .innerJoin(robots, eq(robots.id, robotFillDays.robotId))
        .where(mine)
        .orderBy(asc(robotFillDays.robotId), asc(robotFillDays.lastAt)),
    ]);
    const out = new Map<number, FoldedLedger>();
    for (const c of checkpoints) {
      const own = days.filter((d) => d.robotId === c.robotId).map((d) => ({ ...d, firstAt: d.firstAt.getTime(), lastAt: d.lastAt.getTime() }));
      out.set(c.robotId, { days: own, checkpoint: { positionAfter: c.positionAfter, avgCostAfter: c.avgCostAfter, throughAt: c.throughAt.getTime() } });
    }
    return out;
  }

  /**
   * The ledger's rows, newest first, and how many match: the kept rows (the bots' and the manual fills)
   * and, past them, the bots' fills retention packed (robot_fill_packs), merged in the same order (time,
   * the bots' first, then id). A page wholly newer than every packed fill is the kept rows' SQL page;
   * one reaching into the packs decodes the packs it pages through (newest first) and merges them with
   * the kept rows as old (the manual fills, and a late fill not yet packed).
   */
  async ledger(filter: LedgerFilter, page: PageWindow | null): Promise<RowPage<LedgerRow>> {
    const packs = filter.table === 'nonBot' ? [] : await this.packSpans(filter);
    if (packs.length === 0) return this.keptLedger(filter, page, null);
    // Newest first (packSpans' order); no spread of a list that grows a row a bot-day.
    const newest = new Date(packs[0]!.lastAt);
    const kept = await this.keptLedger(filter, page, { after: newest });
    // The kept rows newer than every packed fill come first: a page among them reads as before.
    const want = page ? Math.max(0, page.offset + page.limit - kept.newer) : Infinity;
    const [older, packed] = await Promise.all([this.keptLedger(filter, page && { limit: want, offset: 0 }, { until: newest }), this.packedCount(filter, packs)]);
    const total = kept.total + older.total + packed;
    if (want === 0) return { rows: kept.rows, total };
    const names = await this.robotNames(packs.map((p) => p.robotId));
    const fromPacks = await takeNewest(packs, want, async (span) => (await this.packRows(span, filter)).map((f) => ({ ...f, ...names.get(span.robotId)! })));
    const merged = [...older.rows, ...fromPacks].sort(ledgerOrder);
    if (!page) return { rows: [...kept.rows, ...merged], total };
    // kept.rows: the newer rows from the page's offset on (none when the page starts past them).
    const start = page.offset - kept.newer;
    const head = start < 0 ? kept.rows : [];
    return { rows: [...head, ...merged.slice(Math.max(0, start), start + page.limit)], total };
  }

  /**
   * The kept rows' page and count; with `after`, only those newer (and `newer` how many), with `until`
   * only those as old or older. A page with `after` is the page of the whole kept list when it lies
   * among the newer ones; else its newer rows from the offset on.
   */
  private async keptLedger(filter: LedgerFilter, page: PageWindow | null, bound: { after: Date } | { until: Date } | null): Promise<RowPage<LedgerRow> & { newer: number }> {
    const extra = bound === null ? null : 'after' in bound ? { op: sql`>`, at: bound.after } : { op: sql`<=`, at: bound.until };
    const parts: SQL[] = [];
    if (filter.table !== 'nonBot') parts.push(this.botPart(filter, extra));
    if (filter.table !== 'bot' && filter.robotId === null) parts.push(this.nonBotPart(filter, extra));
    if (parts.length === 0) return { rows: [], total: 0, newer: 0 };
    const union = sql.join(parts, sql` union all `);
    const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
    const [rows, counted] = await Promise.all([
      this.rows<RawLedgerRow>(sql`select * from (${union}) as f order by f.at desc, f.kind asc, f.id desc${paging}`),
      this.rows<{ n: number | string }>(sql`select count(*) as n from (${union}) as f`),
    ]);
    const total = Number(counted[0]?.n ?? 0);
    return { rows: rows.map(ledgerRowOf), total, newer: total };
  }

  /** The packs of the account's bots on the pair (or of one bot) that may hold a fill in the filter's range, newest first. */
  private async packSpans(f: LedgerFilter): Promise<PackSpan[]> {
    const conditions = [sql`r.admin_id = ${f.adminId}`, sql`r.coin_id = ${f.coinId}`];
    if (f.robotId !== null) conditions.push(sql`r.id = ${f.robotId}`);
    if (f.from) conditions.push(sql`p.last_at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) conditions.push(sql`p.first_at <= ${f.to.toISOString()}::timestamptz`);
    const rows = await this.rows<{ robot_id: number; day: string; fills: number; first_ms: string; last_ms: string }>(
      sql`select p.robot_id, p.day::text as day, p.fills, floor(extract(epoch from p.first_at) * 1000)::text as first_ms, floor(extract(epoch from p.last_at) * 1000)::text as last_ms
          from robot_fill_packs p join robots r on r.id = p.robot_id where ${sql.join(conditions, sql` and `)} order by p.last_at desc, p.robot_id`,
    );
    return rows.map((r) => ({ robotId: Number(r.robot_id), day: r.day, fills: Number(r.fills), firstAt: Number(r.first_ms), lastAt: Number(r.last_ms) }));
  }

  /** How many packed fills match: a pack wholly inside the filter's range by its count, one across an end decoded. */
  private async packedCount(f: LedgerFilter, packs: readonly PackSpan[]): Promise<number> {
    let n = 0;
    for (const span of packs) {
      const whole = (!f.from || span.firstAt >= f.from.getTime()) && (!f.to || span.lastAt <= f.to.getTime());
      n += whole ? span.fills : (await this.packRows(span, f)).length;
    }
    return n;
  }

  /** A pack's fills in the filter's range, as ledger rows (newest first), without the bot's names. */
  private async packRows(span: PackSpan, f: LedgerFilter): Promise<Omit<LedgerRow, 'robotDescription' | 'robotType'>[]> {
    const [row] = await this.rows<{ pack: Uint8Array }>(sql`select pack from robot_fill_packs where robot_id = ${span.robotId} and day = ${span.day}::date`);
    if (!row) return [];
    const from = f.from?.getTime() ?? -Infinity;
    const to = f.to?.getTime() ?? Infinity;
    return decodeFillPack(row.pack)
      .filter((p) => p.at >= from && p.at <= to)
      .reverse()
      .map((p) => ({
        kind: 'bot' as const,
        id: p.id,
        at: new Date(p.at),
        side: p.side,
        price: p.price,
        amount: p.amount,
        fee: p.fee,
        feeAsset: null,
        feeQuote: p.fee,
        robotId: span.robotId,
        clientOrderId: p.clientOrderId,
        orderNo: p.orderNo,
      }));
  }

  private async robotNames(ids: readonly number[]): Promise<Map<number, { robotDescription: string | null; robotType: string | null }>> {
    const unique = [...new Set(ids)];
    const rows = await this.db.select({ id: robots.id, description: robots.description, type: robots.type }).from(robots).where(inArray(robots.id, unique));
    return new Map(rows.map((r) => [r.id, { robotDescription: r.description, robotType: r.type }]));
  }

  private botPart(f: LedgerFilter, extra: { op: SQL; at: Date } | null = null): SQL {
    const conditions = [sql`r.admin_id = ${f.adminId}`, sql`r.coin_id = ${f.coinId}`];
    if (extra) conditions.push(sql`rf.at ${extra.op} ${extra.at.toISOString()}::timestamptz`);
    if (f.robotId !== null) conditions.push(sql`r.id = ${f.robotId}`);
    if (f.from) conditions.push(sql`rf.at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) conditions.push(sql`rf.at <= ${f.to.toISOString()}::timestamptz`);
    return sql`select 'bot' as kind, rf.id as id, rf.at as at, rf.side as side, rf.price::text as price, rf.amount::text as amount,
      rf.fee::text as fee, null::text as fee_asset, rf.fee::text as fee_quote, r.id as robot_id, r.description as robot_description, r.type as robot_type,
      rf.client_order_id as client_order_id, coalesce(ro.order_no, rf.order_no) as order_no
      from robot_fills rf join robots r on r.id = rf.robot_id left join robot_orders ro on ro.client_order_id = rf.client_order_id
      where ${sql.join(conditions, sql` and `)}`;
  }

  private nonBotPart(f: LedgerFilter, extra: { op: SQL; at: Date } | null = null): SQL {
    const conditions = [sql`mf.admin_id = ${f.adminId}`, sql`mf.coin_id = ${f.coinId}`];
    if (extra) conditions.push(sql`mf.at ${extra.op} ${extra.at.toISOString()}::timestamptz`);
    if (f.from) conditions.push(sql`mf.at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) conditions.push(sql`mf.at <= ${f.to.toISOString()}::timestamptz`);
    // A row copied before the client order id was kept counts as the console's.
    if (f.manualOnly === true) conditions.push(sql`(mf.client_order_id is null or mf.client_order_id like ${MANUAL_ID_PATTERN})`);
    if (f.manualOnly === false) conditions.push(sql`(mf.client_order_id is not null and mf.client_order_id not like ${MANUAL_ID_PATTERN})`);
    return sql`select 'manual' as kind, mf.id as id, mf.at as at, mf.side as side, mf.price::text as price, mf.amount::text as amount,
      mf.fee::text as fee, mf.fee_asset as fee_asset, mf.fee_quote::text as fee_quote, null::int as robot_id, null::text as robot_description, null::text as robot_type,
      mf.client_order_id as client_order_id, mf.order_no as order_no
      from manual_fills mf where ${sql.join(conditions, sql` and `)}`;
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    const answer = (await this.db.execute(query)) as unknown as { rows: T[] };
    return answer.rows;
  }
}

interface RawLedgerRow {
  kind: 'bot' | 'manual';
  id: number | string;
  at: Date | string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  fee: string | null;
  fee_asset: string | null;
  fee_quote: string | null;
  robot_id: number | null;
  robot_description: string | null;
  robot_type: string | null;
  client_order_id: string | null;
  order_no: string | null;
}

function ledgerRowOf(r: RawLedgerRow): LedgerRow {
  return {
    kind: r.kind,
    id: Number(r.id),
    at: r.at instanceof Date ? r.at : new Date(r.at),
    side: r.side,
    price: r.price,
    amount: r.amount,
    fee: r.fee,
    feeAsset: r.fee_asset,
    feeQuote: r.fee_quote,
    robotId: r.robot_id === null ? null : Number(r.robot_id),
    robotDescription: r.robot_description,
    robotType: r.robot_type,
    clientOrderId: r.client_order_id,
    orderNo: r.order_no,
  };
}
