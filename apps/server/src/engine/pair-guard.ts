import { isRiskControlType, type ServerText } from '@makerdesk/contract';
import type { PairGuardPort, PairStopRequest } from '@makerdesk/engine';

/** The server's pair emergency stop (EmergencyStopService.emergencyStop), as the guard uses it. */
export interface PairStop {
  emergencyStop(
    coinId: number,
    cause: { reason: string; reasonText?: ServerText; byBot?: number; ownerId?: number; logAdminId?: number; spare?: (robot: { id: number; type: string }) => boolean },
  ): Promise<{ robotIds: number[] }>;
}

/**
 * The pair's emergency stop as a monitor asks for it (PairGuardPort): the server's emergency stop
 * (the stop button's path: every bot halted at once, their orders cancelled, answered at the last
 * acknowledged cancel), with the monitor's owner's authority: the owner's bots on the pair. The
 * calling bot and the other risk-control bots keep running (they place no orders; the caller is
 * inside its own tick, and a guard stops itself afterwards). Resolves with the ids it stopped.
 */
export class EnginePairGuard implements PairGuardPort {
  constructor(private readonly pairStop: () => PairStop) {}

  async emergencyStop({ adminId, coinId, robotId, reason, reasonText }: PairStopRequest): Promise<{ stopped: number[] }> {
    const { robotIds } = await this.pairStop().emergencyStop(coinId, {
      reason,
      ...(reasonText ? { reasonText } : {}),
      byBot: robotId,
      ownerId: adminId,
      logAdminId: adminId,
      spare: (robot) => robot.id === robotId || isRiskControlType(robot.type),
    });
    return { stopped: robotIds };
  }
}
