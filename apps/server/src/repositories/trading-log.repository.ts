import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ServerText } from '@makerdesk/contract';
import { tradingLogs } from '../db/schema.ts';
import { storedLine } from '../domain/trading-log-line.ts';
import type { PageWindow, RowPage } from './query-kit.ts';

export type TradingLogRow = typeof tradingLogs.$inferSelect;
/**
 * A line to write: a server text (stored as its key and params, rendered in each reader's language),
 * or words without a key (`message`, shown as they are in every language).
 */
export type NewTradingLog = Pick<TradingLogRow, 'coinId' | 'adminId' | 'robotId' | 'level'> & { createdAt?: Date } & ({ text: ServerText } | { message: string });

/** The row's columns for a line to write (domain/trading-log-line.ts: no English beside a key). */
export function tradingLogColumns(entry: NewTradingLog): typeof tradingLogs.$inferInsert {
  const { coinId, adminId, robotId, level, createdAt } = entry;
  const line = 'text' in entry ? storedLine(entry.text) : { message: entry.message, textKey: null, textParams: null };
  return { coinId, adminId, robotId, level, ...line, ...(createdAt !== undefined ? { createdAt } : {}) };
}

/** Narrows a pair's logs: one account's, one bot, one level, a time window (from inclusive, to exclusive). */
export interface TradingLogFilter {
  adminId?: number;
  robotId?: number;
  level?: TradingLogRow['level'];
  from?: Date;
  to?: Date;
}

/** What bots and the console record per pair; the bot engine's trading-log sink writes here. */
export class TradingLogRepository {
  constructor(private readonly db: Db) {}

  async append(entry: NewTradingLog): Promise<TradingLogRow> {
    const [row] = await this.db.insert(tradingLogs).values(tradingLogColumns(entry)).returning();
    if (!row) throw new Error('trading log insert returned no row');
    return row;
  }

  /** One insert for a batch (the engine's sink flushes this way). */
  async appendMany(entries: NewTradingLog[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.insert(tradingLogs).values(entries.map(tradingLogColumns));
  }

  /** Newest first. */
  async listByCoin(coinId: number, window: PageWindow, filter: TradingLogFilter = {}): Promise<RowPage<TradingLogRow>> {
    const conditions: SQL[] = [eq(tradingLogs.coinId, coinId)];
    if (filter.adminId !== undefined) conditions.push(eq(tradingLogs.adminId, filter.adminId));
    if (filter.robotId !== undefined) conditions.push(eq(tradingLogs.robotId, filter.robotId));
    if (filter.level !== undefined) conditions.push(eq(tradingLogs.level, filter.level));
    if (filter.from !== undefined) conditions.push(gte(tradingLogs.createdAt, filter.from));
    if (filter.to !== undefined) conditions.push(lt(tradingLogs.createdAt, filter.to));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(tradingLogs).where(where).orderBy(desc(tradingLogs.id)).limit(window.limit).offset(window.offset),
      this.db.select({ n: count() }).from(tradingLogs).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
