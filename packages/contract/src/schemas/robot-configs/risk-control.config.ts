import { compare, isDecimal } from '@makerdesk/decimal';
import { z } from 'zod';
import { checkMinBelowMax, choiceField, decimalField, integerField, priceAt, textField, type PairDefaults } from './config-kit.ts';

/**
 * The risk-control bots (docs/strategies.md, "Risk control"): they watch the pair and the account
 * and never place an order. Amounts and prices are decimal strings; bounds are chosen there.
 */

/** How often a monitor looks, seconds (5 s to 1 h). */
export const MONITOR_INTERVAL = { min: 5, max: 3600 } as const;
/** Price monitor's move: % within a window of minutes. */
export const PRICE_MOVE_PERCENT = { min: '0.1', max: '100' } as const;
export const PRICE_MOVE_WINDOW_MINUTES = { min: 1, max: 1440 } as const;
/** Report every N hours: N divides a day, so the slots fall at the same local times every day. */
export const REPORT_EVERY_HOURS = [1, 2, 3, 4, 6, 8, 12, 24] as const;
export const AT_LEAST_ONE_RULE = 'Set at least one rule';
export const BELOW_UNDER_ABOVE = 'The "below" threshold must be under the "above" one';

const BIG = '1000000000000';

const intervalSec = integerField({
  title: 'Check interval (s)',
  titleZh: '检查间隔（秒）',
  help: 'How often the monitor reads the market or the balances (5 s to 1 h).',
  helpZh: '监控读取行情或余额的频率（5 秒至 1 小时）。',
  min: MONITOR_INTERVAL.min,
  max: MONITOR_INTERVAL.max,
  unit: 'seconds',
});

const recoveryMargin = decimalField({
  title: 'Recovery margin',
  titleZh: '恢复余量',
  help: 'Back to normal only once the value is this share (%) inside the threshold again, so a value hovering at it does not alert every check.',
  helpZh: '数值需回到阈值以内超过该比例才算恢复正常，避免在阈值附近反复告警。',
  min: '0',
  max: '0.2',
  unit: 'fraction',
});

const priceBound = (side: 'lower' | 'upper') =>
  decimalField({
    title: side === 'lower' ? 'Lower price bound' : 'Upper price bound',
    titleZh: side === 'lower' ? '价格下限' : '价格上限',
    help: side === 'lower' ? 'Breached when the mid price falls below it. Empty = off.' : 'Breached when the mid price rises above it. Empty = off.',
    helpZh: side === 'lower' ? '中间价低于该价格即为突破。留空 = 关闭。' : '中间价高于该价格即为突破。留空 = 关闭。',
    min: '0',
    max: BIG,
    minExclusive: true,
    unit: 'price',
  }).optional();

interface RefineCtx {
  addIssue(issue: { code: 'custom'; message: string; path: (string | number)[] }): void;
}

function atLeastOne(value: Record<string, unknown>, ctx: RefineCtx, keys: readonly string[]): void {
  if (keys.some((k) => value[k] !== undefined && value[k] !== null && value[k] !== '')) return;
  for (const key of keys) ctx.addIssue({ code: 'custom', message: AT_LEAST_ONE_RULE, path: [key] });
}

// ---- Balance monitor ----

export const balanceThreshold = z
  .object({
    asset: choiceField(['base', 'quote'] as const, { title: 'Asset', titleZh: '资产', labels: { base: ['Base asset', '基础币'], quote: ['Quote asset', '计价币'] } }),
    below: decimalField({ title: 'Alert below', titleZh: '低于告警', help: 'Empty = off.', helpZh: '留空 = 关闭。', min: '0', max: BIG, unit: 'asset' }).optional(),
    above: decimalField({ title: 'Alert above', titleZh: '高于告警', help: 'Empty = off.', helpZh: '留空 = 关闭。', min: '0', max: BIG, minExclusive: true, unit: 'asset' }).optional(),
  })
  .superRefine((v, ctx) => {
    atLeastOne(v, ctx, ['below', 'above']);
    if (isDecimal(v.below) && isDecimal(v.above) && compare(v.below, v.above) >= 0) {
      ctx.addIssue({ code: 'custom', message: BELOW_UNDER_ABOVE, path: ['below'] });
      ctx.addIssue({ code: 'custom', message: BELOW_UNDER_ABOVE, path: ['above'] });
    }
  });
export type BalanceThreshold = z.infer<typeof balanceThreshold>;

export const monitorBalanceConfig = z.object({
  thresholds: z
    .array(balanceThreshold)
    .min(1, { message: 'Set 1 to 10 thresholds' })
    .max(10, { message: 'Set 1 to 10 thresholds' })
    .meta({ title: 'Thresholds', 'x-title-zh': '阈值', 'x-kind': 'list', 'x-row-title': ['Threshold {{index}}', '阈值 {{index}}'], 'x-add-label': ['Add a threshold', '添加阈值'] }),
  balanceKind: choiceField(['total', 'available'] as const, {
    title: 'Balance checked',
    titleZh: '检查的余额',
    help: 'Total includes what open orders hold; available does not.',
    helpZh: '总额包含挂单冻结部分；可用余额不含。',
    labels: { total: ['Total', '总额'], available: ['Available', '可用'] },
  }),
  recoveryMargin,
  intervalSec,
});
export type MonitorBalanceConfig = z.infer<typeof monitorBalanceConfig>;

export function monitorBalanceDefaults(): z.input<typeof monitorBalanceConfig> {
  return {
    thresholds: [
      { asset: 'base', below: '0.01' },
      { asset: 'quote', below: '100' },
    ],
    balanceKind: 'total',
    recoveryMargin: '0.01',
    intervalSec: 60,
  };
}

// ---- Price monitor ----

export const monitorPriceConfig = z
  .object({
    lowerBound: priceBound('lower'),
    upperBound: priceBound('upper'),
    movePercent: decimalField({
      title: 'Move within the window (%)',
      titleZh: '窗口内涨跌幅（%）',
      help: 'Alert when the price moved this % from the lowest or highest price of the window. Empty = off.',
      helpZh: '价格相对窗口内最低价或最高价变动达到该百分比时告警。留空 = 关闭。',
      min: PRICE_MOVE_PERCENT.min,
      max: PRICE_MOVE_PERCENT.max,
      unit: 'percent',
    }).optional(),
    windowMinutes: integerField({ title: 'Window (min)', titleZh: '时间窗口（分钟）', min: PRICE_MOVE_WINDOW_MINUTES.min, max: PRICE_MOVE_WINDOW_MINUTES.max, unit: 'minutes' }),
    action: choiceField(['alert', 'stop_pair'] as const, {
      title: 'On a breach',
      titleZh: '触发后',
      help: "Stop the pair's bots: every running bot of yours on this pair is stopped and its orders cancelled.",
      helpZh: '停止交易对机器人：停止您在该交易对上所有运行中的机器人并撤销其挂单。',
      labels: { alert: ['Alert only', '仅告警'], stop_pair: ["Alert and stop the pair's bots", '告警并停止交易对机器人'] },
    }),
    recoveryMargin,
    intervalSec,
  })
  .superRefine((v, ctx) => {
    atLeastOne(v, ctx, ['lowerBound', 'upperBound', 'movePercent']);
    checkMinBelowMax(v, ctx, 'lowerBound', 'upperBound');
  });
export type MonitorPriceConfig = z.infer<typeof monitorPriceConfig>;

export function monitorPriceDefaults(pair: PairDefaults): z.input<typeof monitorPriceConfig> {
  return {
    lowerBound: priceAt(pair, '0.9'),
    upperBound: priceAt(pair, '1.1'),
    movePercent: '5',
    windowMinutes: 15,
    action: 'alert',
    recoveryMargin: '0.005',
    intervalSec: 10,
  };
}

// ---- Balance timed report ----

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/;

export const reportBalanceConfig = z.object({
  schedule: choiceField(['every', 'daily'] as const, {
    title: 'Schedule',
    titleZh: '发送时间',
    labels: { every: ['Every N hours', '每 N 小时'], daily: ['Daily at a time', '每天定时'] },
  }),
  everyHours: integerField({
    title: 'Every (hours)',
    titleZh: '间隔（小时）',
    help: 'On the hour, counted from midnight in the time zone below: 1, 2, 3, 4, 6, 8, 12 or 24.',
    helpZh: '按下方时区从零点起整点计算：1、2、3、4、6、8、12 或 24。',
    min: 1,
    max: 24,
    unit: 'hours',
  })
    .refine((n) => (REPORT_EVERY_HOURS as readonly number[]).includes(n), { message: 'Choose 1, 2, 3, 4, 6, 8, 12 or 24 hours' })
    .meta({ 'x-show-when': { field: 'schedule', value: 'every' } }),
  dailyAt: textField({ title: 'Daily at (HH:MM)', titleZh: '每天时间（HH:MM）', help: 'e.g. 08:00', helpZh: '例如 08:00', max: 5 })
    .refine((s) => HHMM.test(s), { message: 'Use HH:MM, e.g. 08:00' })
    .meta({ 'x-show-when': { field: 'schedule', value: 'daily' } }),
  utcOffset: textField({
    title: 'Time zone (UTC offset)',
    titleZh: '时区（UTC 偏移）',
    help: 'e.g. +08:00 for Beijing, +00:00 for UTC, -05:00 for New York in winter.',
    helpZh: '例如北京为 +08:00，UTC 为 +00:00，纽约冬令时为 -05:00。',
    max: 6,
  }).refine((s) => OFFSET.test(s) && s.slice(1) <= '14:00', { message: 'Use +HH:MM or -HH:MM, from -14:00 to +14:00' }),
});
export type ReportBalanceConfig = z.infer<typeof reportBalanceConfig>;

export function reportBalanceDefaults(): z.input<typeof reportBalanceConfig> {
  return { schedule: 'daily', everyHours: 1, dailyAt: '08:00', utcOffset: '+00:00' };
}

/** Minutes east of UTC of a checked `utcOffset` ('+08:00' → 480). */
export function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0));
}

// ---- Emergency stop guard ----

export const emergencyStopConfig = z
  .object({
    maxDrawdown: decimalField({
      title: 'Max drawdown',
      titleZh: '最大回撤',
      help: "Stop the pair when the summed total P&L of its bots falls this much below its peak since the guard started. Empty = off.",
      helpZh: '交易对各机器人总盈亏之和自守护启动以来的峰值回落超过该金额时，紧急停止交易对。留空 = 关闭。',
      min: '0',
      max: BIG,
      minExclusive: true,
      unit: 'quote',
    }).optional(),
    lowerBound: priceBound('lower'),
    upperBound: priceBound('upper'),
    intervalSec,
  })
  .superRefine((v, ctx) => {
    atLeastOne(v, ctx, ['maxDrawdown', 'lowerBound', 'upperBound']);
    checkMinBelowMax(v, ctx, 'lowerBound', 'upperBound');
  });
export type EmergencyStopConfig = z.infer<typeof emergencyStopConfig>;

export function emergencyStopDefaults(pair: PairDefaults): z.input<typeof emergencyStopConfig> {
  return { maxDrawdown: '100', lowerBound: priceAt(pair, '0.8'), upperBound: priceAt(pair, '1.2'), intervalSec: 10 };
}
