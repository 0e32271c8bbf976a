import { isRiskControlType, type RobotTypeKey } from '@makerdesk/contract';
import { computeFigures, figureWindows, type PairBotFigures, type PairFiguresPort } from '@makerdesk/engine';
import type { Repositories } from '../repositories/repositories.ts';

/**
 * The pair's bots' all-time figures for the report and the drawdown guard (PairFiguresPort), read
 * as the robot list reads them (a few aggregated selects for any number of bots), valued at the mid
 * the monitor's own tick read, so it costs no venue call.
 */
export class RepositoryPairFigures implements PairFiguresPort {
  constructor(
    private readonly repos: Pick<Repositories, 'robots' | 'robotJournal'>,
    private readonly now: () => number = Date.now,
  ) {}

  async read({ adminId, coinId, mid }: { adminId: number; coinId: number; mid: string | null }): Promise<PairBotFigures[]> {
    const rows = (await this.repos.robots.listFor(adminId, coinId)).filter((r) => !isRiskControlType(r.type));
    if (rows.length === 0) return [];
    const window = figureWindows(this.now()).allTime;
    const data = await this.repos.robotJournal.figuresData(
      rows.map((r) => r.id),
      [window],
    );
    return rows.map((row) => {
      const d = data.get(row.id)!;
      const f = computeFigures({ fills: d.fills[0]!, orderCounts: d.orders[0]!, window, position: d.position, mid, uptimeMs: 0 });
      return {
        id: row.id,
        type: row.type as RobotTypeKey,
        status: row.status,
        trades: f.tradeCount,
        baseVolume: f.baseVolume,
        quoteVolume: f.quoteVolume,
        fees: f.fees,
        realizedPnl: f.realizedPnl,
        unrealizedPnl: f.unrealizedPnl,
        totalPnl: f.pnlVsHold,
      };
    });
  }
}
