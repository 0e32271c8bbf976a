import type { RobotTypeKey } from '@makerdesk/contract';
import type { AnyStrategy } from '../strategy.ts';
import { followComboStrategy } from './follow-combo.strategy.ts';
import { followEtfStrategy } from './follow-etf.strategy.ts';
import { followExchangeStrategy } from './follow-exchange.strategy.ts';
import { followStrictStrategy } from './follow-strict.strategy.ts';
import { rangeOscillationStrategy } from './range-oscillation.strategy.ts';
import { smartBuyStrategy, smartSellStrategy } from './smart-execution.strategy.ts';

/** The follow, grid and execution strategies by type key (docs/strategies.md). */
export const executionStrategies = {
  follow_exchange: followExchangeStrategy,
  follow_strict: followStrictStrategy,
  follow_combo: followComboStrategy,
  follow_etf: followEtfStrategy,
  range_oscillation: rangeOscillationStrategy,
  smart_sell: smartSellStrategy,
  smart_buy: smartBuyStrategy,
} as const satisfies Partial<Record<RobotTypeKey, AnyStrategy>>;
