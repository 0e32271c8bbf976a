import { z } from 'zod';
import { amountWorth, checkMinBelowMax, decimalField, integerField, priceAt, timeField, type PairDefaults } from './config-kit.ts';
import { intervalFields } from './shared-fields.ts';

/** A pump bot's target date must be at least this many minutes after its start (spec §5 "at least 1 minute"). */
export const PUMP_TARGET_MIN_MINUTES = 1;
export const PUMP_TARGET_TEXT = `The target date must be at least ${PUMP_TARGET_MIN_MINUTES} minute after the start`;

const pumpBase = {
  targetPrice: decimalField({ title: 'Target price', titleZh: '目标价格', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
  targetAt: timeField({ title: 'Target date', titleZh: '目标时间', help: `At least ${PUMP_TARGET_MIN_MINUTES} minute after the start.`, helpZh: `至少晚于开始时间 ${PUMP_TARGET_MIN_MINUTES} 分钟。` }),
  budget: decimalField({
    title: 'Budget (quote)',
    titleZh: '预算（计价币）',
    help: 'Most quote the bot trades towards the target, in total.',
    helpZh: '机器人朝目标方向交易的计价币总额上限。',
    min: '0',
    max: '1000000000',
    minExclusive: true,
    unit: 'quote',
  }),
  orderSizeMin: decimalField({ title: 'Order size min', titleZh: '单笔数量最小值', min: '0', max: '10000', unit: 'base', orderAmount: true }),
  orderSizeMax: decimalField({ title: 'Order size max', titleZh: '单笔数量最大值', min: '0', max: '1000000', minExclusive: true, unit: 'base', orderAmount: true }),
};

function pumpRefine(v: Record<string, unknown>, ctx: Parameters<typeof checkMinBelowMax>[1]): void {
  checkMinBelowMax(v, ctx, 'orderSizeMin', 'orderSizeMax');
  checkMinBelowMax(v, ctx, 'intervalMin', 'intervalMax');
}

/** Oscillating: follows a straight path in time from the start price to the target, buying below it and selling above it. */
export const pumpOscillatingConfig = z.object({ ...pumpBase, ...intervalFields }).superRefine(pumpRefine);

/** Rapid: pushes straight to the target, one order per push interval (round interval bounds). */
export const pumpRapidConfig = z
  .object({
    ...pumpBase,
    intervalMin: integerField({ title: 'Push interval min (s)', titleZh: '推动间隔最小值（秒）', min: 1, max: 5, unit: 'seconds' }),
    intervalMax: integerField({ title: 'Push interval max (s)', titleZh: '推动间隔最大值（秒）', min: 1, max: 300, unit: 'seconds' }),
  })
  .superRefine(pumpRefine);

/** Ratio: moves towards the target in swings of a drawn percentage of the price. */
export const pumpRatioConfig = z
  .object({
    ...pumpBase,
    swingMin: decimalField({ title: 'Swing min (%)', titleZh: '单次摆动最小值（%）', help: 'Each swing moves the price by a share drawn between the min and the max.', helpZh: '每次摆动的幅度在最小值与最大值之间随机。', min: '1', max: '100', unit: 'percent' }),
    swingMax: decimalField({ title: 'Swing max (%)', titleZh: '单次摆动最大值（%）', min: '1', max: '100', unit: 'percent' }),
    ...intervalFields,
  })
  .superRefine((v, ctx) => {
    pumpRefine(v, ctx);
    checkMinBelowMax(v, ctx, 'swingMin', 'swingMax');
  });

export type PumpOscillatingConfig = z.infer<typeof pumpOscillatingConfig>;
export type PumpRapidConfig = z.infer<typeof pumpRapidConfig>;
export type PumpRatioConfig = z.infer<typeof pumpRatioConfig>;
export type PumpConfig = PumpOscillatingConfig & Partial<Pick<PumpRatioConfig, 'swingMin' | 'swingMax'>>;

function pumpDefaults(pair: PairDefaults, now: number) {
  return {
    targetPrice: priceAt(pair, '1.02'),
    targetAt: now + 30 * 60_000,
    budget: '20000',
    orderSizeMin: amountWorth(pair, '50'),
    orderSizeMax: amountWorth(pair, '500'),
  };
}

export const pumpOscillatingDefaults = (pair: PairDefaults, now: number): z.input<typeof pumpOscillatingConfig> => ({ ...pumpDefaults(pair, now), intervalMin: 5, intervalMax: 10 });
export const pumpRapidDefaults = (pair: PairDefaults, now: number): z.input<typeof pumpRapidConfig> => ({ ...pumpDefaults(pair, now), intervalMin: 2, intervalMax: 5 });
export const pumpRatioDefaults = (pair: PairDefaults, now: number): z.input<typeof pumpRatioConfig> => ({ ...pumpDefaults(pair, now), swingMin: '1', swingMax: '3', intervalMin: 5, intervalMax: 10 });
