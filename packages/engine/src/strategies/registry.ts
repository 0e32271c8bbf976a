import type { RobotTypeKey } from '@makerdesk/contract';
import type { StrategyRegistry } from '../runtime/engine-api.ts';
import type { AnyStrategy } from '../strategy.ts';
import { executionStrategies } from './execution.registry.ts';
import { liquidityStrategies } from './liquidity.registry.ts';
import { simulationStrategies } from './simulation.registry.ts';
import { riskControlStrategies } from '../monitors/registry.ts';

/** Every bot type the engine runs; a type listed in the contract without a strategy here fails to compile. */
export const strategies: Readonly<Record<RobotTypeKey, AnyStrategy>> = {
  ...liquidityStrategies,
  ...executionStrategies,
  ...simulationStrategies,
  ...riskControlStrategies,
};

export const strategyRegistry: StrategyRegistry = (type) => strategies[type];
