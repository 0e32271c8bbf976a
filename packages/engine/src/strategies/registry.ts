import type { RobotTypeKey } from '@makerdesk/contract';
import type { StrategyRegistry } from '../runtime/engine-api.ts';
import type { AnyStrategy } from '../strategy.ts';
import { executionStrategies } from './execution.registry.ts';
import { liquidityStrategies } from './liquidity.registry.ts';
// ---- risk control (monitors branch) ----
import { simulationStrategies } from './simulation.registry.ts';
import { riskControlStrategies } from '../monitors/registry.ts';
// ---- end risk control ----

/** Every bot type the engine runs; a type listed in the contract without a strategy here fails to compile. */
export const strategies: Readonly<Record<RobotTypeKey, AnyStrategy>> = {
  ...liquidityStrategies,
  ...executionStrategies,
  ...simulationStrategies,
  // ---- risk control (monitors branch) ----
  ...riskControlStrategies,
  // ---- end risk control ----
};

export const strategyRegistry: StrategyRegistry = (type) => strategies[type];
