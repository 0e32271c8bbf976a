import { robotTypes, type RobotTypeKey } from '@makerdesk/contract';
import type { BotEngineApi, PairGuardPort, PairStopRequest } from '@makerdesk/engine';
import type { Repositories } from '../repositories/repositories.ts';

/** Risk-control bots keep watching through an emergency stop (and the guard stops itself). */
export function isRiskControl(type: string): boolean {
  return robotTypes[type as RobotTypeKey]?.category === 'risk_control';
}

/**
 * The pair's emergency stop as the engine asks for it (PairGuardPort), with what the server has
 * today: each running bot of the account on the pair, risk-control bots and the caller aside, is
 * switched off with the reason "emergency stop: <why>" (its run closed, a trading-log line), then the
 * engine host applies the change, which ends its ticks and cancels its own orders.
 *
 * MERGE SEAM (branch `estop`): when the server's `emergencyStop(coinId, { reason, by })` lands, the
 * body of `emergencyStop` below becomes a call to it, keeping this contract: the calling bot and the
 * risk-control bots are not stopped (the caller is inside its own tick: applying its stop from here
 * would wait for that tick forever), and it resolves with the ids it stopped.
 */
export class EnginePairGuard implements PairGuardPort {
  constructor(
    private readonly repos: Pick<Repositories, 'robots' | 'tradingLogs'>,
    private readonly engine: () => Pick<BotEngineApi, 'apply'>,
  ) {}

  async emergencyStop({ adminId, coinId, robotId, reason }: PairStopRequest): Promise<{ stopped: number[] }> {
    const rows = await this.repos.robots.listFor(adminId, coinId);
    const targets = rows.filter((r) => r.status === 'running' && r.id !== robotId && !isRiskControl(r.type));
    const why = `emergency stop: ${reason}`;
    for (const row of targets) {
      await this.repos.robots.markStopped(row.id, why);
      await this.repos.tradingLogs.append({ coinId, adminId, robotId: row.id, level: 'error', message: `Bot #${row.id} stopped by the emergency stop of bot #${robotId}: ${reason}` });
    }
    // Each stop cancels that bot's own orders (never another's); all at once, an emergency does not queue.
    await Promise.all(targets.map((row) => this.engine().apply(row.id)));
    return { stopped: targets.map((row) => row.id) };
  }
}
