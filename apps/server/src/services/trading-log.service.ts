import { MAIN_ACCOUNT, type Lang, type Page, type TradingLog } from '@makerdesk/contract';
import { pageWindow } from '../repositories/query-kit.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { TradingLogRow } from '../repositories/trading-log.repository.ts';
import type { AdminRow } from '../domain/account.ts';
import { renderStoredLine } from '../domain/trading-log-line.ts';
import type { CoinService } from './coin.service.ts';

export interface TradingLogQuery {
  coinId: number;
  current: number;
  pageSize: number;
  robotId?: number | undefined;
  level?: TradingLogRow['level'] | undefined;
  /** Epoch ms, inclusive. */
  from?: number | undefined;
  /** Epoch ms, exclusive. */
  to?: number | undefined;
}

/** A row as the API answers it: its text rendered in the reader's language (English too); a row without a key verbatim. */
export function toTradingLog(r: TradingLogRow, lang: Lang = 'en_US'): TradingLog {
  return { id: r.id, coinId: r.coinId, robotId: r.robotId, level: r.level, message: renderStoredLine(r, lang), createdAt: r.createdAt.getTime() };
}

export class TradingLogService {
  constructor(
    private readonly repos: Pick<Repositories, 'tradingLogs'>,
    private readonly coins: Pick<CoinService, 'requireUsablePair'>,
  ) {}

  /**
   * A pair's logs, newest first, for callers who may use the pair; narrowed by bot, level and time.
   * A restricted account reads its own entries only (its bots', its stops', its alerts'): another
   * account's bots, orders and balances on the same pair are not its to see. The main account,
   * which manages the accounts (spec §6), reads the whole pair's log.
   */
  async list(admin: AdminRow, { coinId, current, pageSize, robotId, level, from, to }: TradingLogQuery, lang: Lang = 'en_US'): Promise<Page<TradingLog>> {
    await this.coins.requireUsablePair(admin, coinId);
    const { rows, total } = await this.repos.tradingLogs.listByCoin(coinId, pageWindow(current, pageSize), {
      ...(admin.mainAccountId === MAIN_ACCOUNT ? {} : { adminId: admin.id }),
      ...(robotId !== undefined ? { robotId } : {}),
      ...(level !== undefined ? { level } : {}),
      ...(from !== undefined ? { from: new Date(from) } : {}),
      ...(to !== undefined ? { to: new Date(to) } : {}),
    });
    return { list: rows.map((r) => toTradingLog(r, lang)), total, current, pageSize };
  }
}
