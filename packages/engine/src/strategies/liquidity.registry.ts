import type { RobotTypeKey } from '@makerdesk/contract';
import type { AnyStrategy } from '../strategy.ts';
import { ammStrategy } from './amm.strategy.ts';
import { depthFarStrategy } from './depth-far.strategy.ts';
import { depthNearStrategy } from './depth-near.strategy.ts';
import { depthSpreadStrategy } from './depth-spread.strategy.ts';

/** The liquidity bots by type key: the depth ladders and the AMM pool. */
export const liquidityStrategies = {
  depth_far: depthFarStrategy,
  depth_near: depthNearStrategy,
  depth_spread: depthSpreadStrategy,
  amm: ammStrategy,
} satisfies Partial<Record<RobotTypeKey, AnyStrategy>>;
