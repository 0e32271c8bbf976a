import { z } from 'zod';
import { SMART_TARGET_MIN_MINUTES, TRAILING_CALLBACK } from '../../constants.ts';
import { amountWorth, checkMinBelowMax, decimalField, integerField, priceAt, timeField, type PairDefaults } from './config-kit.ts';
import { intervalFields } from './shared-fields.ts';

/**
 * Smart sell / smart buy: work `totalAmount` off by `targetAt` in `stageCount` time slices, never
 * past `priceLimit` (a floor for selling, a ceiling for buying), never more than `maxLiquidityShare`
 * of the visible liquidity at once; optionally wait for a trailing callback before each stage.
 * The target date must be at least 60 minutes after the bot starts (checked when it is saved).
 */
function smartConfig(side: 'sell' | 'buy') {
  return z
    .object({
      totalAmount: decimalField({ title: side === 'sell' ? 'Total amount to sell' : 'Total amount to buy', titleZh: side === 'sell' ? '卖出总量' : '买入总量', min: '0', max: '1000000000', minExclusive: true, unit: 'base' }),
      priceLimit: decimalField({
        title: side === 'sell' ? 'Lowest sell price' : 'Highest buy price',
        titleZh: side === 'sell' ? '最低卖出价' : '最高买入价',
        min: '0',
        max: '1000000000',
        minExclusive: true,
        unit: 'price',
      }),
      targetAt: timeField({ title: 'Target date', titleZh: '目标完成时间', help: `At least ${SMART_TARGET_MIN_MINUTES} minutes after the start.`, helpZh: `至少晚于开始时间 ${SMART_TARGET_MIN_MINUTES} 分钟。` }),
      stageCount: integerField({ title: 'Stage count', titleZh: '分段数', min: 1, max: 500 }),
      maxLiquidityShare: decimalField({
        title: 'Max share of visible liquidity',
        titleZh: '单次最多占可见深度比例',
        min: '0.01',
        max: '1',
        unit: 'fraction',
      }),
      trailingCallback: decimalField({
        title: 'Trailing callback (%)',
        titleZh: '追踪回调（%）',
        help: 'Wait until the price has come back this % from its best before each stage. Empty = off.',
        helpZh: '每段执行前等待价格自最优点回调该百分比。留空 = 关闭。',
        min: String(TRAILING_CALLBACK.min),
        max: String(TRAILING_CALLBACK.max),
        unit: 'percent',
      }).optional(),
      ...intervalFields,
    })
    .superRefine((v, ctx) => checkMinBelowMax(v, ctx, 'intervalMin', 'intervalMax'));
}

export const smartSellConfig = smartConfig('sell');
export const smartBuyConfig = smartConfig('buy');
export type SmartSellConfig = z.infer<typeof smartSellConfig>;
export type SmartBuyConfig = z.infer<typeof smartBuyConfig>;
export type SmartExecutionConfig = SmartSellConfig;

export function smartSellDefaults(pair: PairDefaults, now: number): z.input<typeof smartSellConfig> {
  return {
    totalAmount: amountWorth(pair, '500'),
    priceLimit: priceAt(pair, '0.98'),
    targetAt: now + 2 * 3_600_000,
    stageCount: 12,
    maxLiquidityShare: '0.2',
    intervalMin: 5,
    intervalMax: 10,
  };
}

export function smartBuyDefaults(pair: PairDefaults, now: number): z.input<typeof smartBuyConfig> {
  return { ...smartSellDefaults(pair, now), priceLimit: priceAt(pair, '1.02') };
}
