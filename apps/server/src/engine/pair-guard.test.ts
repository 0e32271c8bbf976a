import { describe, expect, it } from 'vitest';
import { isRiskControlType } from '@makerdesk/contract';
import { EnginePairGuard, type PairStop } from './pair-guard.ts';

type Cause = Parameters<PairStop['emergencyStop']>[1];

describe("a monitor's pair stop", () => {
  it("goes through the server's emergency stop with the monitor owner's authority, sparing the monitor and the other risk-control bots", async () => {
    const calls: { coinId: number; cause: Cause }[] = [];
    const guard = new EnginePairGuard(() => ({
      emergencyStop: async (coinId, cause) => {
        calls.push({ coinId, cause });
        return { robotIds: [3, 9] };
      },
    }));

    const answer = await guard.emergencyStop({ adminId: 4, coinId: 2, robotId: 7, reason: 'price 1 below the bound 2' });

    expect(answer).toEqual({ stopped: [3, 9] });
    expect(calls).toHaveLength(1);
    const { coinId, cause } = calls[0]!;
    expect(coinId).toBe(2);
    // Who asked is the bot's id, read "bot #7" / "机器人 #7" by each reader, never English words.
    expect(cause).toMatchObject({ reason: 'price 1 below the bound 2', byBot: 7, ownerId: 4, logAdminId: 4 });
    expect(cause).not.toHaveProperty('by');
    expect(cause.spare?.({ id: 7, type: 'depth_far' })).toBe(true);
    expect(cause.spare?.({ id: 8, type: 'monitor_balance' })).toBe(true);
    expect(cause.spare?.({ id: 10, type: 'emergency_stop' })).toBe(true);
    expect(cause.spare?.({ id: 3, type: 'depth_far' })).toBe(false);
    expect(cause.spare?.({ id: 9, type: 'volume_random' })).toBe(false);
  });

  it('fails (and the monitor asks again at its next tick) when the server has no emergency stop', async () => {
    const guard = new EnginePairGuard(() => {
      throw new Error('the emergency stop is not available in this server');
    });
    await expect(guard.emergencyStop({ adminId: 1, coinId: 1, robotId: 1, reason: 'x' })).rejects.toThrow(/not available/);
  });

  it('knows the risk-control types from the contract', () => {
    expect(['monitor_balance', 'monitor_price', 'report_balance', 'emergency_stop'].every(isRiskControlType)).toBe(true);
    expect(isRiskControlType('depth_near')).toBe(false);
    expect(isRiskControlType('no_such_type')).toBe(false);
  });
});
