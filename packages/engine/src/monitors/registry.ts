import type { RobotTypeKey } from '@makerdesk/contract';
import type { AnyStrategy } from '../strategy.ts';
import { emergencyStopStrategy } from './emergency-stop.strategy.ts';
import { monitorBalanceStrategy } from './monitor-balance.strategy.ts';
import { monitorPriceStrategy } from './monitor-price.strategy.ts';
import { reportBalanceStrategy } from './report-balance.strategy.ts';

/** The risk-control monitors by type key (docs/strategies.md, "Risk control"). */
export const riskControlStrategies = {
  monitor_balance: monitorBalanceStrategy,
  monitor_price: monitorPriceStrategy,
  report_balance: reportBalanceStrategy,
  emergency_stop: emergencyStopStrategy,
} as const satisfies Partial<Record<RobotTypeKey, AnyStrategy>>;
