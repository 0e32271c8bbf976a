import type { RobotRecord } from '../ports.ts';
import { createRng, tickSeed } from '../rng.ts';
import { drawIntervalMs } from '../strategy.ts';

/**
 * When a bot ticks (pure). Each bot has its own timer chain, so one slow venue never delays the
 * bots on others, and a bot's next tick is set only once its previous one finished, so its ticks
 * never overlap.
 */

/** Epoch ms of a bot's first strategy tick: now, or its scheduled start. */
export function firstTickAt(robot: Pick<RobotRecord, 'startMode' | 'startAt'>, now: number): number {
  return robot.startMode === 'scheduled' && robot.startAt !== null && robot.startAt > now ? robot.startAt : now;
}

/** The pause after tick `tick`, drawn between the config's interval min and max (seconds). */
export function nextTickDelayMs(robotId: number, tick: number, config: { intervalMin: number; intervalMax: number }): number {
  return drawIntervalMs(config, createRng(tickSeed(robotId, tick) ^ 0x5eed));
}
