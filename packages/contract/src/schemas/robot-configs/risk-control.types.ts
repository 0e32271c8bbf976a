import {
  emergencyStopConfig,
  emergencyStopDefaults,
  monitorBalanceConfig,
  monitorBalanceDefaults,
  monitorPriceConfig,
  monitorPriceDefaults,
  reportBalanceConfig,
  reportBalanceDefaults,
} from './risk-control.config.ts';
import type { z } from 'zod';
import type { TypeDefinition } from './robot-type-definition.ts';

/**
 * The risk-control bot types (category `risk_control`): monitors that watch the pair and the account
 * and never place an order, so they run on live venues too and are not quoting.
 */
export const riskControlTypeKeys = ['monitor_balance', 'monitor_price', 'report_balance', 'emergency_stop'] as const;
type RiskControlTypeKey = (typeof riskControlTypeKeys)[number];

const watcher = { category: 'risk_control', simulationOnly: false, quoting: false, follows: false } as const;

/** A risk-control type, typed as every other type definition (its defaults take the pair and the time). */
function define<S extends z.ZodType>(d: TypeDefinition<S, RiskControlTypeKey>): TypeDefinition<S, RiskControlTypeKey> {
  return d;
}

export const riskControlTypes = {
  monitor_balance: define({
    type: 'monitor_balance',
    ...watcher,
    name: 'Balance monitor',
    nameZh: '余额监控',
    description: "Watches the account's balances of the pair's assets; alerts once when one crosses a threshold and once when it is back to normal.",
    descriptionZh: '监控账户中该交易对资产的余额；越过阈值时告警一次，恢复正常时再通知一次。',
    config: monitorBalanceConfig,
    defaults: monitorBalanceDefaults,
  }),
  monitor_price: define({
    type: 'monitor_price',
    ...watcher,
    name: 'Price monitor',
    nameZh: '价格监控',
    description: "Alerts when the price leaves its bounds or moves a % within a window; can stop the pair's bots.",
    descriptionZh: '价格突破上下限或在时间窗口内涨跌超过设定百分比时告警，可选停止交易对机器人。',
    config: monitorPriceConfig,
    defaults: monitorPriceDefaults,
  }),
  report_balance: define({
    type: 'report_balance',
    ...watcher,
    name: 'Balance timed report',
    nameZh: '余额定时报告',
    description: "Sends the pair's balances and its bots' figures on a schedule: every N hours or daily at a time.",
    descriptionZh: '按计划（每 N 小时或每天定时）发送交易对余额及机器人数据。',
    config: reportBalanceConfig,
    defaults: reportBalanceDefaults,
  }),
  emergency_stop: define({
    type: 'emergency_stop',
    ...watcher,
    name: 'Emergency stop',
    nameZh: '紧急停止',
    description: "Stops every bot of the pair and cancels their orders when their drawdown passes a limit in quote or the price breaks a bound, then stops itself.",
    descriptionZh: '当交易对机器人回撤超过设定金额或价格突破上下限时，停止该交易对所有机器人并撤单，随后自身停止。',
    config: emergencyStopConfig,
    defaults: emergencyStopDefaults,
  }),
} satisfies Record<RiskControlTypeKey, TypeDefinition<z.ZodType, RiskControlTypeKey>>;
