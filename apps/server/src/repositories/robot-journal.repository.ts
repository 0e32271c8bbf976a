import type { RobotFill, RobotJournalOrder } from '@makerdesk/contract';
import { add, parse } from '@makerdesk/decimal';
import {
  applyFill,
  EMPTY_SUMMARY,
  FINAL_JOURNAL_STATES,
  NO_ORDERS,
  positionOf,
  type FillRecord,
  type FillSummary,
  type FiguresWindow,
  type JournalOrder,
  type JournalPatch,
  type OrderCounts,
  type OrderJournal,
  type Position,
} from '@makerdesk/engine';
import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { robotFillCheckpoints, robotFillDays, robotFillPacks, robotFills, robotOrderDays, robotOrders } from '../db/schema.ts';
import { decodeFillPack } from '../domain/fill-pack.ts';
import { WriteBatcher } from './write-batcher.ts';

type OrderRow = typeof robotOrders.$inferSelect;
const FINAL = [...FINAL_JOURNAL_STATES];

function toJournalOrder(row: OrderRow): JournalOrder {
  return {
    robotId: row.robotId,
    clientOrderId: row.clientOrderId,
    tag: row.tag,
    symbol: row.symbol,
    side: row.side,
    price: parse(row.price),
    amount: parse(row.amount),
    timeInForce: row.timeInForce,
    state: row.state,
    orderNo: row.orderNo,
    filledAmount: parse(row.filledAmount),
    filledValue: parse(row.filledValue),
    error: row.error,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** One order's change, written with others of the same columns in one statement. */
interface OrderChange {
  robotId: number;
  clientOrderId: string;
  patch: JournalPatch;
}

/** The columns a patch may set, with their SQL name and the type their values are cast to. */
const PATCH_COLUMNS: Record<keyof JournalPatch, { name: string; type: string }> = {
  state: { name: 'state', type: 'text' },
  orderNo: { name: 'order_no', type: 'text' },
  filledAmount: { name: 'filled_amount', type: 'numeric' },
  filledValue: { name: 'filled_value', type: 'numeric' },
  error: { name: 'error', type: 'text' },
  updatedAt: { name: 'updated_at', type: 'timestamptz' },
};

function patchKeys(patch: JournalPatch): (keyof JournalPatch)[] {
  return (Object.keys(PATCH_COLUMNS) as (keyof JournalPatch)[]).filter((k) => patch[k] !== undefined);
}

/**
 * Changes as statements to run one after the other: an order changed twice has its second change in
 * a later round; within a round, one statement per set of columns (an emergency stop's "canceled at
 * t" for every order is one statement). A change that sets nothing is dropped.
 */
function changeRounds(changes: readonly OrderChange[]): OrderChange[][][] {
  const seen = new Map<string, number>();
  const rounds: Map<string, OrderChange[]>[] = [];
  for (const change of changes) {
    if (patchKeys(change.patch).length === 0) continue;
    const id = `${change.robotId}:${change.clientOrderId}`;
    const round = seen.get(id) ?? 0;
    seen.set(id, round + 1);
    const shapes = (rounds[round] ??= new Map());
    const shape = patchKeys(change.patch).join(',');
    shapes.set(shape, [...(shapes.get(shape) ?? []), change]);
  }
  return rounds.map((shapes) => [...shapes.values()]);
}

/** One UPDATE … FROM (VALUES …) for changes that set the same columns. */
function updateStatement(changes: readonly OrderChange[]) {
  const keys = patchKeys(changes[0]!.patch);
  const value = (key: keyof JournalPatch, change: OrderChange) => {
    const raw = change.patch[key];
    const param = key === 'updatedAt' ? new Date(raw as number).toISOString() : (raw ?? null);
    return sql`${param}::${sql.raw(PATCH_COLUMNS[key].type)}`;
  };
  const rows = changes.map((c) => sql`(${c.robotId}::integer, ${c.clientOrderId}::text${sql.join(keys.map((k) => sql`, ${value(k, c)}`))})`);
  const names = keys.map((k) => PATCH_COLUMNS[k].name);
  return sql`update robot_orders as o set ${sql.raw(names.map((n) => `${n} = v.${n}`).join(', '))}
    from (values ${sql.join(rows, sql`, `)}) as v(robot_id, client_order_id${sql.raw(names.map((n) => `, ${n}`).join(''))})
    where o.robot_id = v.robot_id and o.client_order_id = v.client_order_id`;
}

/** What the figures of a list of bots are made of, per bot and per window (in the order asked). */
export interface FiguresData {
  fills: FillSummary[];
  orders: OrderCounts[];
  position: Position;
}

const iso = (ms: number) => new Date(ms).toISOString();
const num = (value: unknown) => parse(String(value ?? '0'));

/**
 * The engine's order journal and the bots' fill ledger. `settle` writes state changes and fills in
 * one transaction; a fill seen twice (same client order id and filled amount after it) is kept once,
 * and each new fill carries the realised P&L, position and average cost the ledger gives it.
 */
export class RobotJournalRepository implements OrderJournal {
  /** Every bot's new orders, written together (group commit). */
  private readonly inserts = new WriteBatcher<JournalOrder[]>((calls) => this.insertNow(calls.flat()));
  /** Every bot's single-order changes (an acknowledgement, a cancel), written together. */
  private readonly changes = new WriteBatcher<OrderChange>((batch) => this.changeNow(batch));

  constructor(private readonly db: Db) {}

  /** Resolves once the rows are written: an order is journaled before it is sent. */
  async insert(orders: JournalOrder[]): Promise<void> {
    if (orders.length === 0) return;
    await this.inserts.add(orders);
  }

  private async insertNow(orders: JournalOrder[]): Promise<void> {
    // 15 parameters an order: well under PostgreSQL's 65,535 per statement.
    for (let from = 0; from < orders.length; from += 1000) {
      // Idempotent by client order id: reconciliation inserts what it adopts whether or not a row exists.
      await this.db
        .insert(robotOrders)
        .values(orders.slice(from, from + 1000).map((o) => ({ ...o, createdAt: new Date(o.createdAt), updatedAt: new Date(o.updatedAt) })))
        .onConflictDoNothing({ target: robotOrders.clientOrderId });
    }
  }

  private async changeNow(changes: OrderChange[]): Promise<void> {
    for (const round of changeRounds(changes)) {
      await Promise.all(round.map((same) => this.db.execute(updateStatement(same))));
    }
  }

  async settle(changes: OrderChange[], fills: FillRecord[]): Promise<void> {
    if (changes.length === 0 && fills.length === 0) return;
    // The common case, one order acknowledged or cancelled: written with the other bots' changes of
    // the moment (one statement is atomic by itself; no transaction, no round trip of its own).
    if (fills.length === 0 && changes.length === 1) return this.changes.add(changes[0]!);
    await this.db.transaction(async (tx) => {
      for (const round of changeRounds(changes)) for (const same of round) await tx.execute(updateStatement(same));
      const positions = new Map<number, Position>();
      for (const fill of fills) {
        let position = positions.get(fill.robotId);
        if (!position) {
          // The bot's latest ledger state by id: its last kept fill, or the checkpoint of its pruned ones when that is later.
          const answer = (await tx.execute(
            sql`select position_after::text as position_after, avg_cost_after::text as avg_cost_after from (
                  (select id, position_after, avg_cost_after from ${robotFills} where robot_id = ${fill.robotId} order by id desc limit 1)
                  union all
                  (select last_fill_id as id, position_after, avg_cost_after from ${robotFillCheckpoints} where robot_id = ${fill.robotId})
                ) as latest order by id desc limit 1`,
          )) as unknown as { rows: { position_after: string; avg_cost_after: string | null }[] };
          const last = answer.rows[0];
          position = positionOf(last && { positionAfter: parse(last.position_after), avgCostAfter: last.avg_cost_after === null ? null : parse(last.avg_cost_after) });
        }
        const { row, position: after } = ledgerRow(position, fill);
        const inserted = await tx
          .insert(robotFills)
          .values({ ...row, at: new Date(fill.at) })
          .onConflictDoNothing()
          .returning({ id: robotFills.id });
        positions.set(fill.robotId, inserted.length > 0 ? after : position);
      }
    });
  }

  async live(robotId: number): Promise<JournalOrder[]> {
    const rows = await this.db
      .select()
      .from(robotOrders)
      .where(and(eq(robotOrders.robotId, robotId), notInArray(robotOrders.state, FINAL)))
      .orderBy(robotOrders.id);
    return rows.map(toJournalOrder);
  }

  /** The bot's latest orders, newest first (the detail drawer). */
  async recentOrders(robotId: number, limit: number): Promise<RobotJournalOrder[]> {
    const rows = await this.db.select().from(robotOrders).where(eq(robotOrders.robotId, robotId)).orderBy(desc(robotOrders.id)).limit(limit);
    return rows.map((r) => ({
      clientOrderId: r.clientOrderId,
      orderNo: r.orderNo,
      tag: r.tag,
      side: r.side,
      price: parse(r.price),
      amount: parse(r.amount),
      filledAmount: parse(r.filledAmount),
      state: r.state,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    }));
  }

  /** The bot's latest fills, newest first (the detail drawer): its rows, then its packed days (robot_fill_packs) newest first when they are fewer. */
  async recentFills(robotId: number, limit: number): Promise<RobotFill[]> {
    const rows = await this.db.select().from(robotFills).where(eq(robotFills.robotId, robotId)).orderBy(desc(robotFills.at), desc(robotFills.id)).limit(limit);
    const out: RobotFill[] = rows.map((r) => ({
      clientOrderId: r.clientOrderId,
      side: r.side,
      price: parse(r.price),
      amount: parse(r.amount),
      quoteAmount: parse(r.quoteAmount),
      fee: parse(r.fee),
      at: r.at.getTime(),
    }));
    if (out.length >= limit) return out;
    // Packed fills are older than the bot's rows but a late fill's: the pack days before its oldest row, newest first.
    const oldest = rows.at(-1)?.at;
    // The days first, then each day's pack only while more fills are wanted: a bot stopped a month has
    // up to a year of packs, and its drawer needs the newest one or two.
    const days = await this.db
      .select({ day: robotFillPacks.day })
      .from(robotFillPacks)
      .where(and(eq(robotFillPacks.robotId, robotId), oldest ? lt(robotFillPacks.firstAt, oldest) : undefined))
      .orderBy(desc(robotFillPacks.day));
    for (const { day } of days) {
      if (out.length >= limit) break;
      const [found] = await this.db
        .select({ pack: robotFillPacks.pack })
        .from(robotFillPacks)
        .where(and(eq(robotFillPacks.robotId, robotId), eq(robotFillPacks.day, day)));
      if (!found) continue;
      const pack = found.pack;
      const fills = decodeFillPack(pack).filter((f) => !oldest || f.at < oldest.getTime()).reverse();
      for (const f of fills.slice(0, limit - out.length)) {
        out.push({ clientOrderId: f.clientOrderId, side: f.side, price: parse(f.price), amount: parse(f.amount), quoteAmount: parse(f.quoteAmount), fee: parse(f.fee), at: f.at });
      }
    }
    return out;
  }

  /** Open orders per bot as the journal has them (not final), for many bots at once. */
  async liveCounts(robotIds: number[]): Promise<Map<number, number>> {
    if (robotIds.length === 0) return new Map();
    const rows = await this.db
      .select({ robotId: robotOrders.robotId, n: sql<number>`count(*)::int` })
      .from(robotOrders)
      .where(and(inArray(robotOrders.robotId, robotIds), notInArray(robotOrders.state, FINAL)))
      .groupBy(robotOrders.robotId);
    return new Map(rows.map((r) => [r.robotId, Number(r.n)]));
  }

  /**
   * The figures' raw material for many bots in three aggregated selects, whatever their number:
   * fill sums per window, order counts per window, and each bot's position after its latest fill.
   */
  async figuresData(robotIds: number[], windows: FiguresWindow[]): Promise<Map<number, FiguresData>> {
    const result = new Map<number, FiguresData>();
    if (robotIds.length === 0) return result;
    for (const id of robotIds) result.set(id, { fills: windows.map(() => EMPTY_SUMMARY), orders: windows.map(() => NO_ORDERS), position: positionOf(null) });

    const fillColumns = windows.flatMap((w, i) => {
      const inWindow = sql`at >= ${iso(w.from)}::timestamptz and at <= ${iso(w.to)}::timestamptz`;
      return [
        sql`count(*) filter (where ${inWindow}) as ${sql.raw(`n${i}`)}`,
        sql`coalesce(sum(amount) filter (where ${inWindow} and side = 'buy'), 0)::text as ${sql.raw(`bb${i}`)}`,
        sql`coalesce(sum(amount) filter (where ${inWindow} and side = 'sell'), 0)::text as ${sql.raw(`sb${i}`)}`,
        sql`coalesce(sum(quote_amount) filter (where ${inWindow} and side = 'buy'), 0)::text as ${sql.raw(`bq${i}`)}`,
        sql`coalesce(sum(quote_amount) filter (where ${inWindow} and side = 'sell'), 0)::text as ${sql.raw(`sq${i}`)}`,
        sql`coalesce(sum(fee) filter (where ${inWindow}), 0)::text as ${sql.raw(`fe${i}`)}`,
        sql`coalesce(sum(realized_pnl) filter (where ${inWindow}), 0)::text as ${sql.raw(`re${i}`)}`,
      ];
    });
    const ids = sql.join(robotIds.map((id) => sql`${id}`), sql`, `);
    // The fills still kept, plus the days retention folded (services/retention): a window counts a day whole or not at all.
    const fillDayColumns = windows.flatMap((w, i) => {
      const inWindow = sql`first_at >= ${iso(w.from)}::timestamptz and last_at <= ${iso(w.to)}::timestamptz`;
      return [
        sql`coalesce(sum(fills) filter (where ${inWindow}), 0) as ${sql.raw(`n${i}`)}`,
        sql`coalesce(sum(bought_base) filter (where ${inWindow}), 0)::text as ${sql.raw(`bb${i}`)}`,
        sql`coalesce(sum(sold_base) filter (where ${inWindow}), 0)::text as ${sql.raw(`sb${i}`)}`,
        sql`coalesce(sum(bought_quote) filter (where ${inWindow}), 0)::text as ${sql.raw(`bq${i}`)}`,
        sql`coalesce(sum(sold_quote) filter (where ${inWindow}), 0)::text as ${sql.raw(`sq${i}`)}`,
        sql`coalesce(sum(fees) filter (where ${inWindow}), 0)::text as ${sql.raw(`fe${i}`)}`,
        sql`coalesce(sum(realised) filter (where ${inWindow}), 0)::text as ${sql.raw(`re${i}`)}`,
      ];
    });
    const [fillRows, fillDayRows] = await Promise.all([
      this.rows(sql`select robot_id, ${sql.join(fillColumns, sql`, `)} from ${robotFills} where robot_id in (${ids}) group by robot_id`),
      this.rows(sql`select robot_id, ${sql.join(fillDayColumns, sql`, `)} from ${robotFillDays} where robot_id in (${ids}) group by robot_id`),
    ]);
    for (const row of [...fillRows, ...fillDayRows]) {
      const data = result.get(Number(row.robot_id));
      if (!data) continue;
      data.fills = data.fills.map((f, i) => ({
        count: f.count + Number(row[`n${i}`]),
        boughtBase: add(f.boughtBase, num(row[`bb${i}`])),
        soldBase: add(f.soldBase, num(row[`sb${i}`])),
        boughtQuote: add(f.boughtQuote, num(row[`bq${i}`])),
        soldQuote: add(f.soldQuote, num(row[`sq${i}`])),
        fees: add(f.fees, num(row[`fe${i}`])),
        realized: add(f.realized, num(row[`re${i}`])),
      }));
    }

    const orderColumns = windows.flatMap((w, i) => {
      const from = sql`${iso(w.from)}::timestamptz`;
      const to = sql`${iso(w.to)}::timestamptz`;
      return [
        sql`count(*) filter (where created_at >= ${from} and created_at <= ${to} and state <> 'rejected') as ${sql.raw(`p${i}`)}`,
        sql`count(*) filter (where state = 'filled' and updated_at >= ${from} and updated_at <= ${to}) as ${sql.raw(`f${i}`)}`,
        sql`count(*) filter (where state = 'canceled' and updated_at >= ${from} and updated_at <= ${to}) as ${sql.raw(`c${i}`)}`,
      ];
    });
    // The rows still kept, plus the days retention folded (services/retention): a window counts a day whole or not at all.
    const dayColumns = windows.flatMap((w, i) => {
      const inWindow = sql`first_at >= ${iso(w.from)}::timestamptz and last_at <= ${iso(w.to)}::timestamptz`;
      return [
        sql`coalesce(sum(placed) filter (where ${inWindow}), 0) as ${sql.raw(`p${i}`)}`,
        sql`coalesce(sum(filled) filter (where ${inWindow}), 0) as ${sql.raw(`f${i}`)}`,
        sql`coalesce(sum(canceled) filter (where ${inWindow}), 0) as ${sql.raw(`c${i}`)}`,
      ];
    });
    const [orderRows, dayRows] = await Promise.all([
      this.rows(sql`select robot_id, ${sql.join(orderColumns, sql`, `)} from ${robotOrders} where robot_id in (${ids}) group by robot_id`),
      this.rows(sql`select robot_id, ${sql.join(dayColumns, sql`, `)} from ${robotOrderDays} where robot_id in (${ids}) group by robot_id`),
    ]);
    for (const row of [...orderRows, ...dayRows]) {
      const data = result.get(Number(row.robot_id));
      if (!data) continue;
      data.orders = data.orders.map((o, i) => ({
        placed: o.placed + Number(row[`p${i}`]),
        filled: o.filled + Number(row[`f${i}`]),
        canceled: o.canceled + Number(row[`c${i}`]),
      }));
    }

    const lastRows = await this.rows(
      // Each bot's latest ledger state by id: its last kept fill, or its pruned fills' checkpoint when that is later.
      sql`select distinct on (robot_id) robot_id, position_after::text as position_after, avg_cost_after::text as avg_cost_after from (
            (select distinct on (robot_id) robot_id, id, position_after, avg_cost_after from ${robotFills} where robot_id in (${ids}) order by robot_id, id desc)
            union all
            (select robot_id, last_fill_id as id, position_after, avg_cost_after from ${robotFillCheckpoints} where robot_id in (${ids}))
          ) as latest order by robot_id, id desc`,
    );
    for (const row of lastRows) {
      const data = result.get(Number(row.robot_id));
      if (data) data.position = positionOf({ positionAfter: num(row.position_after), avgCostAfter: row.avg_cost_after === null ? null : num(row.avg_cost_after) });
    }
    return result;
  }

  private async rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
    const answer = (await this.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return answer.rows;
  }
}

/**
 * A fill as the ledger keeps it: the fill, and the bot's position and realised P&L after it (average
 * cost, from the position before). One builder for the PostgreSQL journal and its in-memory fake.
 */
export function ledgerRow(position: Position, fill: FillRecord) {
  const step = applyFill(position, fill);
  const { robotId, clientOrderId, filledAfter, side, price, amount, quoteAmount, fee } = fill;
  return {
    row: { robotId, clientOrderId, filledAfter, side, price, amount, quoteAmount, fee, realizedPnl: step.realized, positionAfter: step.position.base, avgCostAfter: step.position.avgCost },
    position: step.position,
  };
}
