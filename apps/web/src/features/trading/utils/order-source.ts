import type { OrderSource } from '@makerdesk/contract';
import { add, minus } from '@makerdesk/format';
import { compareDecimals, isPositive } from '@/lib/numbers';
import type { BookLevel, Direction, Order } from '@/market-data/types';

/**
 * A row's source as one key: `bot:<id>` per bot, `manual`, `other`. The filter's values are these
 * keys plus `all` and `bot` (every bot).
 */
export type SourceKey = `bot:${number}` | 'manual' | 'other';
export type SourceFilter = 'all' | 'bot' | SourceKey;

export function sourceKey(source: OrderSource): SourceKey {
  return source.kind === 'bot' && source.robotId !== null ? `bot:${source.robotId}` : source.kind === 'bot' ? 'other' : source.kind;
}

export function matchesSourceFilter(source: OrderSource, filter: SourceFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'bot') return source.kind === 'bot';
  return sourceKey(source) === filter;
}

export function filterBySource<Row extends { source: OrderSource }>(rows: readonly Row[], filter: SourceFilter): Row[] {
  return rows.filter((r) => matchesSourceFilter(r.source, filter));
}

/** The bots among the rows, each once, ordered by name then number: the filter's bot choices. */
export function botsAmong(rows: readonly { source: OrderSource }[]): OrderSource[] {
  const bots = new Map<number, OrderSource>();
  for (const { source } of rows) if (source.kind === 'bot' && source.robotId !== null && !bots.has(source.robotId)) bots.set(source.robotId, source);
  return [...bots.values()].sort((a, b) => (a.robotName ?? '').localeCompare(b.robotName ?? '') || (a.robotId ?? 0) - (b.robotId ?? 0));
}

export interface SourceGroup<Row> {
  key: SourceKey;
  source: OrderSource;
  rows: Row[];
  count: number;
  /** The rows' amounts summed, exact (decimal strings). */
  amount: string;
  /** The rows' quote values summed, exact; null when the rows have no value (orders without a price). */
  value: string | null;
}

/** Groups first the bots (by name), then manual, then other. */
const KIND_ORDER: Record<OrderSource['kind'], number> = { bot: 0, manual: 1, other: 2 };

/**
 * Rows grouped by source with their subtotals: how many, and their amounts and values summed with
 * decimal arithmetic. `valueOf` answers a row's quote value, or null when it has none.
 */
export function groupBySource<Row extends { source: OrderSource }>(
  rows: readonly Row[],
  amountOf: (row: Row) => string,
  valueOf: (row: Row) => string | null,
): SourceGroup<Row>[] {
  const groups = new Map<SourceKey, SourceGroup<Row>>();
  for (const row of rows) {
    const key = sourceKey(row.source);
    let group = groups.get(key);
    if (!group) {
      group = { key, source: row.source, rows: [], count: 0, amount: '0', value: '0' };
      groups.set(key, group);
    }
    group.rows.push(row);
    group.count += 1;
    group.amount = add(group.amount, amountOf(row));
    const value = valueOf(row);
    group.value = group.value === null || value === null ? null : add(group.value, value);
  }
  return [...groups.values()].sort(
    (a, b) => KIND_ORDER[a.source.kind] - KIND_ORDER[b.source.kind] || (a.source.robotName ?? '').localeCompare(b.source.robotName ?? '') || (a.source.robotId ?? 0) - (b.source.robotId ?? 0),
  );
}

/** What the desk holds at one level of the book: its open amount there, and whose it is. */
export interface OwnLevel {
  amount: string;
  sources: OrderSource[];
}

/** An open order's amount still resting: its amount less what has filled. */
export function restingAmount(order: Pick<Order, 'amount' | 'filledAmount'>): string {
  return minus(order.amount, order.filledAmount);
}

/**
 * The desk's own orders at each level of one side of the book: for every level, the account's open
 * limit orders of that side at exactly that price (compared as decimals, so "64300" is "64300.00"),
 * their resting amount summed and their sources, each once. Levels without an own order are absent.
 */
export function ownLevels(levels: readonly BookLevel[], orders: readonly Order[], side: Direction): Map<string, OwnLevel> {
  const mine = orders.filter((o) => o.direction === side && o.price !== null && isPositive(restingAmount(o)));
  const found = new Map<string, OwnLevel>();
  for (const [price] of levels) {
    for (const order of mine) {
      if (compareDecimals(order.price as string, price) !== 0) continue;
      const level = found.get(price) ?? { amount: '0', sources: [] };
      level.amount = add(level.amount, restingAmount(order));
      if (!level.sources.some((s) => sourceKey(s) === sourceKey(order.source))) level.sources.push(order.source);
      found.set(price, level);
    }
  }
  return found;
}

/** Whether a level's own orders are bots', by hand, placed elsewhere with the key, or a mix (the marker's colour). */
export function ownLevelKind(level: OwnLevel): OrderSource['kind'] | 'mixed' {
  const kinds = new Set(level.sources.map((s) => s.kind));
  return kinds.size === 1 ? [...kinds][0]! : 'mixed';
}
