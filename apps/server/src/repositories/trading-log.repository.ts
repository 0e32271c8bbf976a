import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tradingLogs } from '../db/schema.ts';
import type { PageWindow, RowPage } from './query-kit.ts';

export type TradingLogRow = typeof tradingLogs.$inferSelect;
export type NewTradingLog = Pick<TradingLogRow, 'coinId' | 'adminId' | 'robotId' | 'level' | 'message'>;

/** What bots and the console record per pair; the bot engine's trading-log sink writes here. */
export class TradingLogRepository {
  constructor(private readonly db: Db) {}

  async append(entry: NewTradingLog): Promise<TradingLogRow> {
    const [row] = await this.db.insert(tradingLogs).values(entry).returning();
    if (!row) throw new Error('trading log insert returned no row');
    return row;
  }

  /** Newest first. */
  async listByCoin(coinId: number, window: PageWindow): Promise<RowPage<TradingLogRow>> {
    const where = eq(tradingLogs.coinId, coinId);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(tradingLogs).where(where).orderBy(desc(tradingLogs.id)).limit(window.limit).offset(window.offset),
      this.db.select({ n: count() }).from(tradingLogs).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
