import type { Page, TradingLog } from '@makerdesk/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tradingLogs } from '../db/schema.ts';

export class TradingLogService {
  constructor(private readonly db: Db) {}

  async list(coinId: number, current: number, pageSize: number): Promise<Page<TradingLog>> {
    const where = eq(tradingLogs.coinId, coinId);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(tradingLogs).where(where).orderBy(desc(tradingLogs.id)).limit(pageSize).offset((current - 1) * pageSize),
      this.db.select({ n: count() }).from(tradingLogs).where(where),
    ]);
    return {
      list: rows.map((r) => ({ id: r.id, coinId: r.coinId, robotId: r.robotId, level: r.level, message: r.message, createdAt: r.createdAt.getTime() })),
      total: total?.n ?? 0,
      current,
      pageSize,
    };
  }
}
