import { compare } from '@makerdesk/decimal';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positionOf } from '@makerdesk/engine';
import { byReplayOrder, REPLAY_START, replayFills, type ReplayFill, type ReplayState } from '../domain/account-replay.ts';
import { addToFillPack, type PackedFill } from '../domain/fill-pack.ts';
import { dayOf, foldFills, foldOrders, type FoldableFill, type FoldableOrder, type RetentionCuts } from '../domain/retention.ts';

/**
 * The advisory lock each pruning batch takes for its transaction: two servers on one PostgreSQL never
 * fold the same rows at once (a batch that finds it taken does nothing and says so).
 */
const RETENTION_LOCK = 0x4d44_0021;

/** The tables retention prunes, whose size it measures and whose space it gives back. */
export const RETENTION_TABLES = ['robot_orders', 'robot_order_days', 'robot_fills', 'robot_fill_days', 'robot_fill_packs', 'trading_logs', 'incidents'] as const;
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
  at_text: string;
  client_order_id: string;
  filled_after: string;
  order_no: string | null;
}

/** An account and a pair: the bots' fills are pruned, and the analysis replays them, by both. */
export interface FillPair {
  adminId: number;
  coinId: number;
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

  /** The accounts and pairs whose bots have a fill older than `cut` (each bot's oldest found by its (robot, time) index). */
  async pairsWithFillsBefore(cut: number): Promise<FillPair[]> {
    const rows = await rowsOf<{ admin_id: number; coin_id: number }>(
      this.db,
      sql`select distinct r.admin_id, r.coin_id from robots r
          where exists (select 1 from robot_fills f where f.robot_id = r.id and f.at < ${new Date(cut).toISOString()}::timestamptz) order by r.admin_id, r.coin_id`,
    );
    return rows.map((r) => ({ adminId: Number(r.admin_id), coinId: Number(r.coin_id) }));
  }

  /**
   * Up to `limit` of the fills older than `cut` of an account's bots on a pair, oldest first (by time,
   * then id, across its bots): deleted, and in the same transaction folded into each bot's day
   * aggregates (robot_fill_days) and ledger checkpoint (robot_fill_checkpoints, the state after its
   * pruned fill of greatest id), and the analysis's merged replay of the pair (its bots' and manual
   * fills, domain/account-replay.ts) folded up to the last fill deleted into the pair's checkpoint
   * (pair_fill_checkpoints), the manual fills it took marked. A pair at a time, not a bot: every bot
   * fill before the last one deleted is then deleted too, so what the replay folded is exactly what
   * goes (deleted) and what is marked. A rerun after a failure finds the fills it did not delete and
   * folds them once: the folds and the delete commit together.
   */
  async pruneFills(pair: FillPair, cut: number, limit: number): Promise<BatchResult> {
    return this.db.transaction(async (tx) => {
      if (!(await locked(tx))) return { pruned: 0, busy: true };
      // No manual fill is copied in while the replay is folded: one committed after the fold with an
      // older time would be replayed after the checkpoint, not in its place before the fills deleted.
      await tx.execute(sql`lock table manual_fills in share mode`);
      const rows = await rowsOf<FillRow>(
        tx,
        // The pair's oldest are among each bot's oldest `limit` (each read by its (robot, time) index):
        // a batch sorts at most `limit` rows a bot, however many are past the cut.
        sql`delete from robot_fills where id in (
              select f.id from robots r
              cross join lateral (
                select id, at from robot_fills where robot_id = r.id and at < ${new Date(cut).toISOString()}::timestamptz order by at, id limit ${limit}) f
              where r.admin_id = ${pair.adminId} and r.coin_id = ${pair.coinId}
              order by f.at, f.id limit ${limit})
            returning id::text as id, robot_id, side, price::text as price, amount::text as amount, quote_amount::text as quote_amount, fee::text as fee,
              realized_pnl::text as realized_pnl, position_after::text as position_after, avg_cost_after::text as avg_cost_after,
              floor(extract(epoch from at) * 1000)::text as at_ms, at::text as at_text,
              client_order_id, filled_after::text as filled_after, order_no`,
      );
      if (rows.length === 0) return { pruned: 0, busy: false };
      const fills = rows.map((r) => ({ ...packedFillOf(r), robotId: Number(r.robot_id) }));
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
      await this.foldPairReplay(tx, pair, fills, rows);
      await this.packFills(tx, fills);
      return { pruned: rows.length, busy: false };
    });
  }

  /**
   * The fills just deleted written into their bots' packs of their UTC days (domain/fill-pack.ts), in the
   * prune's transaction: a day's pack already written (an earlier batch, or a late fill's day) is read,
   * the fills added and written back, one pack a bot and day. A fill whose order still has its row takes
   * the order's venue number with it (the ledger shows it; the order's own prune finds no fill row left to give it to).
   */
  private async packFills(tx: Pick<Db, 'execute'>, rows: readonly (PackedFill & { robotId: number })[]): Promise<void> {
    const unnumbered = [...new Set(rows.filter((r) => r.orderNo === null).map((r) => r.clientOrderId))];
    const numbers = new Map<string, string>();
    if (unnumbered.length > 0) {
      const found = await rowsOf<{ client_order_id: string; order_no: string }>(
        tx,
        sql`select client_order_id, order_no from robot_orders where order_no is not null and client_order_id in (${sql.join(
          unnumbered.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const f of found) numbers.set(f.client_order_id, f.order_no);
    }
    const byDay = new Map<string, { robotId: number; day: string; fills: PackedFill[] }>();
    for (const { robotId, ...fill } of rows) {
      const key = `${robotId}|${dayOf(fill.at)}`;
      let group = byDay.get(key);
      if (!group) byDay.set(key, (group = { robotId, day: dayOf(fill.at), fills: [] }));
      group.fills.push({ ...fill, orderNo: fill.orderNo ?? numbers.get(fill.clientOrderId) ?? null });
    }
    for (const { robotId, day, fills } of byDay.values()) {
      const [had] = await rowsOf<{ pack: Uint8Array }>(tx, sql`select pack from robot_fill_packs where robot_id = ${robotId} and day = ${day}::date for update`);
      const { pack, fills: all } = addToFillPack(had ? had.pack : null, fills);
      const first = all[0] as PackedFill;
      const last = all.at(-1) as PackedFill;
      // A day's ids by a loop: a spread of a busy bot's whole day could pass the engine's argument limit.
      let firstId = first.id;
      let lastId = first.id;
      for (const f of all) {
        if (f.id < firstId) firstId = f.id;
        if (f.id > lastId) lastId = f.id;
      }
      await tx.execute(sql`insert into robot_fill_packs (robot_id, day, fills, first_at, last_at, first_id, last_id, pack)
        values (${robotId}, ${day}::date, ${all.length}, ${new Date(first.at).toISOString()}::timestamptz, ${new Date(last.at).toISOString()}::timestamptz,
                ${firstId}, ${lastId}, ${pack}::bytea)
        on conflict (robot_id, day) do update set fills = excluded.fills, first_at = excluded.first_at, last_at = excluded.last_at,
          first_id = excluded.first_id, last_id = excluded.last_id, pack = excluded.pack`);
    }
  }

  /** Up to `limit` fill packs whose every fill is older than `cut` (the ledger's retention): already folded, they go. */
  async pruneFillPacks(cut: number, limit: number): Promise<BatchResult> {
    return this.db.transaction(async (tx) => {
      if (!(await locked(tx))) return { pruned: 0, busy: true };
      const gone = await rowsOf<{ robot_id: unknown }>(
        tx,
        sql`delete from robot_fill_packs where (robot_id, day) in (
              select robot_id, day from robot_fill_packs where last_at < ${new Date(cut).toISOString()}::timestamptz order by last_at limit ${limit})
            returning robot_id`,
      );
      return { pruned: gone.length, busy: false };
    });
  }

  /**
   * The pair's replay checkpoint moved on over the bot fills just deleted and the manual fills before
   * the last of them (by the replay's order: bots first at the same instant) that no fold took yet,
   * those marked. Every bot fill before the last deleted one is gone (a batch takes the pair's oldest),
   * so the fold is the replay's next stretch: from the checkpoint (or flat), the same fills, the same order.
   */
  private async foldPairReplay(tx: Pick<Db, 'execute'>, pair: FillPair, deleted: readonly FoldableFill[], rows: readonly FillRow[]): Promise<void> {
    const last = rows.reduce((a, b) => (byReplayOrder(toReplay(a), toReplay(b)) >= 0 ? a : b));
    const [had] = await rowsOf<CheckpointRow>(
      tx,
      sql`select base::text as base, avg_cost::text as avg_cost, realised::text as realised, fees::text as fees, trades::text as trades, bot_trades::text as bot_trades
          from pair_fill_checkpoints where admin_id = ${pair.adminId} and coin_id = ${pair.coinId} for update`,
    );
    const manual = await rowsOf<ManualRow>(
      tx,
      sql`update manual_fills set checkpointed = true
          where admin_id = ${pair.adminId} and coin_id = ${pair.coinId} and not checkpointed and at < ${last.at_text}::timestamptz
          returning id::text as id, side, price::text as price, amount::text as amount, fee_quote::text as fee_quote, floor(extract(epoch from at) * 1000)::text as at_ms`,
    );
    const from: ReplayState = had
      ? {
          position: positionOf({ positionAfter: had.base, avgCostAfter: had.avg_cost }),
          realized: had.realised,
          fees: had.fees,
          trades: Number(had.trades),
          botTrades: Number(had.bot_trades),
        }
      : REPLAY_START;
    const replayed: ReplayFill[] = [
      ...deleted.map((f) => ({ at: f.at, side: f.side, price: f.price, amount: f.amount, feeQuote: f.fee, origin: 'bot' as const, id: f.id })),
      ...manual.map((m) => ({ at: Number(m.at_ms), side: m.side, price: m.price, amount: m.amount, feeQuote: m.fee_quote, origin: 'manual' as const, id: Number(m.id) })),
    ];
    const state = replayFills(from, replayed);
    const throughAt = Math.max(...replayed.map((f) => f.at));
    await tx.execute(sql`insert into pair_fill_checkpoints (admin_id, coin_id, through_at, last_bot_fill_id, base, avg_cost, realised, fees, trades, bot_trades)
      values (${pair.adminId}, ${pair.coinId}, ${new Date(throughAt).toISOString()}::timestamptz, ${Number(last.id)}, ${state.position.base}::numeric,
              ${state.position.avgCost}::numeric, ${state.realized}::numeric, ${state.fees}::numeric, ${state.trades}, ${state.botTrades})
      on conflict (admin_id, coin_id) do update set
        through_at = greatest(pair_fill_checkpoints.through_at, excluded.through_at),
        last_bot_fill_id = excluded.last_bot_fill_id,
        base = excluded.base, avg_cost = excluded.avg_cost, realised = excluded.realised, fees = excluded.fees,
        trades = excluded.trades, bot_trades = excluded.bot_trades`);
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

interface CheckpointRow {
  base: string;
  avg_cost: string | null;
  realised: string;
  fees: string;
  trades: string;
  bot_trades: string;
}

interface ManualRow {
  id: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  fee_quote: string | null;
  at_ms: string;
}

const toReplay = (r: FillRow) => ({ at: Number(r.at_ms), origin: 'bot' as const, id: Number(r.id) });

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

/** A deleted fill row as its pack keeps it (and as the folds read it). */
function packedFillOf(r: FillRow): PackedFill {
  return {
    id: Number(r.id),
    clientOrderId: r.client_order_id,
    filledAfter: r.filled_after,
    side: r.side,
    price: r.price,
    amount: r.amount,
    quoteAmount: r.quote_amount,
    fee: r.fee,
    realizedPnl: r.realized_pnl,
    positionAfter: r.position_after,
    avgCostAfter: r.avg_cost_after,
    at: Number(r.at_ms),
    orderNo: r.order_no,
  };
}
