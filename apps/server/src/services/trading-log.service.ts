import type { Page, TradingLog } from '@makerdesk/contract';
import { pageWindow } from '../repositories/query-kit.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { AdminRow } from './admin-mapper.ts';
import type { CoinService } from './coin.service.ts';

export interface TradingLogQuery {
  coinId: number;
  current: number;
  pageSize: number;
}

export class TradingLogService {
  constructor(
    private readonly repos: Pick<Repositories, 'tradingLogs'>,
    private readonly coins: Pick<CoinService, 'requireUsablePair'>,
  ) {}

  /** A pair's logs, newest first, for callers who may use the pair. */
  async list(admin: AdminRow, { coinId, current, pageSize }: TradingLogQuery): Promise<Page<TradingLog>> {
    await this.coins.requireUsablePair(admin, coinId);
    const { rows, total } = await this.repos.tradingLogs.listByCoin(coinId, pageWindow(current, pageSize));
    return {
      list: rows.map((r) => ({ id: r.id, coinId: r.coinId, robotId: r.robotId, level: r.level, message: r.message, createdAt: r.createdAt.getTime() })),
      total,
      current,
      pageSize,
    };
  }
}
