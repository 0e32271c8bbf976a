import { compare } from '@makerdesk/decimal';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { foldFills, foldOrders, type FoldableFill, type FoldableOrder, type RetentionCuts } from '../domain/retention.ts';

/**
 * The advisory lock each pruning batch takes for its transaction: two servers on one PostgreSQL never
 * fold the same rows at once (a batch that finds it taken does nothing and says so).
 */
const RETENTION_LOCK = 0x4d44_0021;

/** The tables retention prunes, whose size it measures and whose space it gives back. */
export const RETENTION_TABLES = ['robot_orders', 'robot_order_days', 'robot_fills', 'robot_fill_days', 'trading_logs', 'incidents'] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];

/** A batch's outcome: rows it removed, or `busy` when another server's batch held the lock. */
export interface BatchResult {
  pruned: number;
  busy: boolean;
}

interface OrderRow {
  id: string | number;
  robot_id: number;
  state: string;
  filled_amount: string;
  filled_value: string;
  created_ms: string | number;
  updated_ms: string | number;
  client_order_id: string;
  order_no: string | null;
}

interface FillRow {
  id: string;
  robot_id: number;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  quote_amount: string;
  fee: string;
  realized_pnl: string;
  position_after: string;
  avg_cost_after: string | null;
  at_ms: string;
}

/**
 * The retention job's SQL (services/retention): each prune is one short transaction over at most
 * `limit` rows, so it never holds long locks; the bots' orders are folded into `robot_order_days` in
 * the same transaction as they are deleted, so the figures (aggregates + remaining rows) never see
 * them twice or not at all.
 */
export class RetentionRepository {
  /** `kind`: PGlite is one connection, so its indexes are rebuilt in place (it has no CONCURRENTLY). */
  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres' = 'postgres',
  ) {}

  /**
   * Up to `limit` final orders past their cut, oldest change first: deleted, folded into the day
   * aggregates and their fills given their order number, in one transaction. `from` (epoch ms, the
   * previous batch's `next`) starts the scan where the last batch ended, past the index entries of
   * the rows it deleted that no vacuum has cleared yet.
   */
  async pruneOrders(cuts: Pick<RetentionCuts, 'cancelledOrders' | 'filledOrders'>, limit: number, from?: number): Promise<BatchResult & { next?: number }> {
    const cancelled = new Date(cuts.cancelledOrders).toISOString();
    const filled = new Date(cuts.filledOrders).toISOString();
    const latest = new Date(Math.max(cuts.cancelledOrders, cuts.filledOrders)).toISOString();
    const since = from === undefined ? sql`` : sql` and updated_at >= ${new Date(from).toISOString()}::timestamptz`;
    return this.db.transaction(async (tx) => {
      if (!(await locked(tx))) return { pruned: 0, busy: true };
      const rows = await rowsOf<OrderRow>(
        tx,
        sql`delete from robot_orders where id in (
              select id from robot_orders
              where state in ('filled', 'canceled', 'rejected') and updated_at < ${latest}::timestamptz${since}
                and ((filled_amount = 0 and updated_at < ${cancelled}::timestamptz) or (filled_amount > 0 and updated_at < ${filled}::timestamptz))
              order by updated_at
              limit ${limit})
            returning id, robot_id, state, filled_amount::text as filled_amount, filled_value::text as filled_value,
              floor(extract(epoch from created_at) * 1000)::text as created_ms, floor(extract(epoch from updated_at) * 1000)::text as updated_ms,
              client_order_id, order_no`,
      );
      if (rows.length === 0) return { pruned: 0, busy: false };
      const orders: FoldableOrder[] = rows.map((r) => ({
        robotId: Number(r.robot_id),
        state: r.state,
        filledAmount: r.filled_amount,
        filledValue: r.filled_value,
        createdAt: Number(r.created_ms),
        updatedAt: Number(r.updated_ms),
      }));
      const days = foldOrders(orders);
      const values = days.map(
        (d) =>
          sql`(${d.robotId}::integer, ${d.day}::date, ${d.placed}::integer, ${d.filled}::integer, ${d.canceled}::integer, ${d.rejected}::integer,
               ${d.filledBase}::numeric, ${d.filledQuote}::numeric, ${new Date(d.firstAt).toISOString()}::timestamptz, ${new Date(d.lastAt).toISOString()}::timestamptz)`,
      );
      await tx.execute(sql`insert into robot_order_days (robot_id, day, placed, filled, canceled, rejected, filled_base, filled_quote, first_at, last_at)
        values ${sql.join(values, sql`, `)}
        on conflict (robot_id, day) do update set
          placed = robot_order_days.placed + excluded.placed,
          filled = robot_order_days.filled + excluded.filled,
          canceled = robot_order_days.canceled + excluded.canceled,
          rejected = robot_order_days.rejected + excluded.rejected,
          filled_base = robot_order_days.filled_base + excluded.filled_base,
          filled_quote = robot_order_days.filled_quote + excluded.filled_quote,
          first_at = least(robot_order_days.first_at, excluded.first_at),
          last_at = greatest(robot_order_days.last_at, excluded.last_at)`);
      const numbered = rows.filter((r) => r.order_no !== null && compare(r.filled_amount, '0') > 0);
      if (numbered.length > 0) {
        const pairs = numbered.map((r) => sql`(${r.client_order_id}::text, ${r.order_no}::text)`);
        await tx.execute(sql`update robot_fills as f set order_no = v.order_no
          from (values ${sql.join(pairs, sql`, `)}) as v(client_order_id, order_no)
          where f.client_order_id = v.client_order_id and f.order_no is null`);
      }
      // The next scan starts a millisecond before the latest change taken (ties and rounding included).
      return { pruned: rows.length, busy: false, next: Math.max(...orders.map((o) => o.updatedAt)) - 1 };
    });
  }

  /** The bots with a fill older than `cut` (each one's oldest fill found by its (robot, time) index). */
  async botsWithFillsBefore(cut: number): Promise<number[]> {
    const rows = await rowsOf<{ id: number }>(
      this.db,
      sql`select r.id from robots r where exists (select 1 from robot_fills f where f.robot_id = r.id and f.at < ${new Date(cut).toISOString()}::timestamptz) order by r.id`,
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Up to `limit` of one bot's fills older than `cut`, oldest first (by time, then id): deleted, and in
   * the same transaction folded into the bot's day aggregates (robot_fill_days) and its ledger
   * checkpoint (robot_fill_checkpoints, the state after the pruned fill of greatest id). A rerun after
   * a failure finds the fills it did not delete and folds them once: the fold and the delete commit together.
   */
  async pruneFills(robotId: number, cut: number, limit: number): Promise<BatchResult> {
    return this.db.transaction(async (tx) => {
      if (!(await locked(tx))) return { pruned: 0, busy: true };
      const rows = await rowsOf<FillRow>(
        tx,
        sql`delete from robot_fills where id in (
              select id from robot_fills where robot_id = ${robotId} and at < ${new Date(cut).toISOString()}::timestamptz order by at, id limit ${limit})
            returning id::text as id, robot_id, side, price::text as price, amount::text as amount, quote_amount::text as quote_amount, fee::text as fee,
              realized_pnl::text as realized_pnl, position_after::text as position_after, avg_cost_after::text as avg_cost_after,
              floor(extract(epoch from at) * 1000)::text as at_ms`,
      );
      if (rows.length === 0) return { pruned: 0, busy: false };
      const fills: FoldableFill[] = rows.map((r) => ({
        id: Number(r.id),
        robotId: Number(r.robot_id),
        side: r.side,
        price: r.price,
        amount: r.amount,
        quoteAmount: r.quote_amount,
        fee: r.fee,
        realizedPnl: r.realized_pnl,
        positionAfter: r.position_after,
        avgCostAfter: r.avg_cost_after,
        at: Number(r.at_ms),
      }));
      const { days, checkpoints } = foldFills(fills);
      const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
      const values = days.map(
        (d) =>
          sql`(${d.robotId}::integer, ${d.day}::date, ${d.fills}::integer, ${d.boughtBase}::numeric, ${d.soldBase}::numeric, ${d.boughtQuote}::numeric,
               ${d.soldQuote}::numeric, ${d.priceQuote}::numeric, ${d.fees}::numeric, ${d.realised}::numeric, ${ts(d.firstAt)}, ${ts(d.lastAt)},
               ${d.positionAfter}::numeric, ${d.avgCostAfter}::numeric)`,
      );
      // The day's position is its later fill's: the batch's when it reaches as late (a later batch of the same instant comes later by id).
      await tx.execute(sql`insert into robot_fill_days (robot_id, day, fills, bought_base, sold_base, bought_quote, sold_quote, price_quote, fees, realised, first_at, last_at, position_after, avg_cost_after)
        values ${sql.join(values, sql`, `)}
        on conflict (robot_id, day) do update set
          fills = robot_fill_days.fills + excluded.fills,
          bought_base = robot_fill_days.bought_base + excluded.bought_base,
          sold_base = robot_fill_days.sold_base + excluded.sold_base,
          bought_quote = robot_fill_days.bought_quote + excluded.bought_quote,
          sold_quote = robot_fill_days.sold_quote + excluded.sold_quote,
          price_quote = robot_fill_days.price_quote + excluded.price_quote,
          fees = robot_fill_days.fees + excluded.fees,
          realised = robot_fill_days.realised + excluded.realised,
          position_after = case when excluded.last_at >= robot_fill_days.last_at then excluded.position_after else robot_fill_days.position_after end,
          avg_cost_after = case when excluded.last_at >= robot_fill_days.last_at then excluded.avg_cost_after else robot_fill_days.avg_cost_after end,
          first_at = least(robot_fill_days.first_at, excluded.first_at),
          last_at = greatest(robot_fill_days.last_at, excluded.last_at)`);
      for (const c of checkpoints) {
        await tx.execute(sql`insert into robot_fill_checkpoints (robot_id, last_fill_id, position_after, avg_cost_after, through_at, fills)
          values (${c.robotId}, ${c.lastFillId}, ${c.positionAfter}::numeric, ${c.avgCostAfter}::numeric, ${ts(c.throughAt)}, ${c.fills})
          on conflict (robot_id) do update set
            position_after = case when excluded.last_fill_id > robot_fill_checkpoints.last_fill_id then excluded.position_after else robot_fill_checkpoints.position_after end,
            avg_cost_after = case when excluded.last_fill_id > robot_fill_checkpoints.last_fill_id then excluded.avg_cost_after else robot_fill_checkpoints.avg_cost_after end,
            last_fill_id = greatest(robot_fill_checkpoints.last_fill_id, excluded.last_fill_id),
            through_at = greatest(robot_fill_checkpoints.through_at, excluded.through_at),
            fills = robot_fill_checkpoints.fills + excluded.fills`);
      }
      return { pruned: rows.length, busy: false };
    });
  }

  /** Up to `limit` trading-log lines written before `cut`, oldest first. */
  async pruneTradingLogs(cut: number, limit: number): Promise<BatchResult> {
    return this.pruneOldest(sql`trading_logs`, sql`created_at < ${new Date(cut).toISOString()}::timestamptz`, limit);
  }

  /** Up to `limit` incidents raised before `cut`, oldest first; an emergency stop still halting its pair is kept. */
  async pruneIncidents(cut: number, limit: number): Promise<BatchResult> {
    return this.pruneOldest(sql`incidents`, sql`created_at < ${new Date(cut).toISOString()}::timestamptz and not (kind = 'emergency_stop' and cleared_at is null)`, limit);
  }

  private async pruneOldest(table: SQL, where: SQL, limit: number): Promise<BatchResult> {
    return this.db.transaction(async (tx) => {
      if (!(await locked(tx))) return { pruned: 0, busy: true };
      const gone = await rowsOf<{ id: unknown }>(tx, sql`delete from ${table} where id in (select id from ${table} where ${where} order by id limit ${limit}) returning id`);
      return { pruned: gone.length, busy: false };
    });
  }

  /** Bytes each table takes (rows, indexes and TOAST), and the whole database. */
  async sizes(): Promise<Record<RetentionTable | 'database', number>> {
    const columns = RETENTION_TABLES.map((t) => sql`pg_total_relation_size(${t}::regclass)::text as ${sql.raw(t)}`);
    const [row] = await rowsOf<Record<string, string>>(this.db, sql`select ${sql.join(columns, sql`, `)}, pg_database_size(current_database())::text as database`);
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as Record<RetentionTable | 'database', number>;
  }

  /** Bytes of a table's rows (with TOAST) and of its indexes. */
  async split(table: RetentionTable): Promise<{ rows: number; indexes: number }> {
    const [row] = await rowsOf<{ rows: string; indexes: string }>(
      this.db,
      sql`select pg_table_size(${table}::regclass)::text as rows, pg_indexes_size(${table}::regclass)::text as indexes`,
    );
    return { rows: Number(row!.rows), indexes: Number(row!.indexes) };
  }

  /**
   * Rebuilds the table's indexes when they take more than REINDEX_RATIO times its rows: on
   * PostgreSQL without blocking its writes (REINDEX … CONCURRENTLY); on PGlite in place (its one
   * connection runs one statement at a time anyway). Answers whether it did.
   */
  async reindexIfBloated(table: RetentionTable): Promise<boolean> {
    const { rows, indexes } = await this.split(table);
    if (indexes <= rows * REINDEX_RATIO) return false;
    await this.reindex(table);
    return true;
  }

  async reindex(table: RetentionTable): Promise<void> {
    await this.db.execute(this.kind === 'postgres' ? sql`reindex table concurrently ${sql.raw(table)}` : sql`reindex table ${sql.raw(table)}`);
  }

  /** Rows in each table (exact counts: for reports and tests, not the hot path). */
  async counts(): Promise<Record<RetentionTable, number>> {
    const columns = RETENTION_TABLES.map((t) => sql`(select count(*) from ${sql.raw(t)})::text as ${sql.raw(t)}`);
    const [row] = await rowsOf<Record<string, string>>(this.db, sql`select ${sql.join(columns, sql`, `)}`);
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as Record<RetentionTable, number>;
  }

  /**
   * Plain VACUUM of the tables: the deleted rows' space is reusable by new rows (PostgreSQL keeps the
   * file, trailing empty pages excepted; PGlite likewise in its data folder). Not in a transaction.
   */
  async vacuum(tables: readonly RetentionTable[]): Promise<void> {
    for (const table of tables) await this.db.execute(sql`vacuum ${sql.raw(table)}`);
  }
}

/**
 * The order journal's indexes rebuilt when they take more than this many times its rows: a pruned
 * day's index pages stay in use while the few orders with a fill on them are kept (30 days), and
 * the new orders' ever-growing keys never land there.
 */
export const REINDEX_RATIO = 1.5;

async function locked(tx: Pick<Db, 'execute'>): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as ok`);
  return row?.ok === true;
}

async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
