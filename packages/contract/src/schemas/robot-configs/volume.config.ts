import { z } from 'zod';
import { amountWorth, checkMinBelowMax, decimalField, integerField, priceAt, type PairDefaults } from './config-kit.ts';

/**
 * The round fields of the simulation-only volume bots and order-book flash, with the spec's §5 bounds:
 * single volume min 0-10,000 / max up to 100,000; round interval min 1-5 s / max up to 300 s; round
 * order count min 1-3 / max up to 15. The round interval is the bot's tick interval, so it keeps the
 * names every config's scheduler reads (`intervalMin`, `intervalMax`).
 */
export const roundIntervalFields = {
  intervalMin: integerField({ title: 'Round interval min (s)', titleZh: '轮次间隔最小值（秒）', min: 1, max: 5, unit: 'seconds' }),
  intervalMax: integerField({ title: 'Round interval max (s)', titleZh: '轮次间隔最大值（秒）', min: 1, max: 300, unit: 'seconds' }),
};

export const roundOrderCountFields = {
  orderCountMin: integerField({ title: 'Round order count min', titleZh: '每轮订单数最小值', min: 1, max: 3 }),
  orderCountMax: integerField({ title: 'Round order count max', titleZh: '每轮订单数最大值', min: 1, max: 15 }),
};

export const singleVolumeFields = {
  volumeMin: decimalField({ title: 'Single volume min', titleZh: '单次成交量最小值', help: 'Base amount traded per round, at least.', helpZh: '每轮成交的基础币数量下限。', min: '0', max: '10000', unit: 'base', orderAmount: true }),
  volumeMax: decimalField({ title: 'Single volume max', titleZh: '单次成交量最大值', help: 'Base amount traded per round, at most.', helpZh: '每轮成交的基础币数量上限。', min: '0', max: '100000', minExclusive: true, unit: 'base', orderAmount: true }),
};

/** The min < max checks of the round fields, each with the spec's two messages. */
export function checkRoundFields(value: Record<string, unknown>, ctx: Parameters<typeof checkMinBelowMax>[1]): void {
  checkMinBelowMax(value, ctx, 'intervalMin', 'intervalMax');
  checkMinBelowMax(value, ctx, 'orderCountMin', 'orderCountMax');
}

const volumeBase = {
  ...singleVolumeFields,
  ...roundIntervalFields,
  ...roundOrderCountFields,
};

function volumeConfig<T extends z.ZodRawShape>(extra: T, refine?: (v: Record<string, unknown>, ctx: Parameters<typeof checkMinBelowMax>[1]) => void) {
  return z.object({ ...volumeBase, ...extra }).superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'volumeMin', 'volumeMax');
    checkRoundFields(v, ctx);
    refine?.(v, ctx);
  });
}

/** Random: a uniform price strictly inside the spread. */
export const volumeRandomConfig = volumeConfig({});
/** Natural: a slow random walk inside the spread (step: a fraction of the spread per round). */
export const volumeNaturalConfig = volumeConfig({
  walkStep: decimalField({
    title: 'Walk step',
    titleZh: '游走步长',
    help: 'Largest move of the price per round, as a share of the spread in percent (10 % = a tenth of it).',
    helpZh: '每轮价格最大移动幅度，占价差的百分比（10% = 十分之一）。',
    min: '0.01',
    max: '1',
    unit: 'fraction',
  }),
});
/** Range: inside the spread and inside [priceLow, priceHigh]. */
export const volumeRangeConfig = volumeConfig(
  {
    priceLow: decimalField({ title: 'Range low price', titleZh: '区间最低价', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
    priceHigh: decimalField({ title: 'Range high price', titleZh: '区间最高价', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
  },
  (v, ctx) => checkMinBelowMax(v, ctx, 'priceLow', 'priceHigh'),
);
/** Mid-price: the middle of the spread. */
export const volumeMidConfig = volumeConfig({});
/** Sine: between the best bid and ask along a sine of a period. */
export const volumeSineConfig = volumeConfig({
  periodSec: integerField({ title: 'Sine period (s)', titleZh: '正弦周期（秒）', help: 'Time the price takes to go from the bid side to the ask side and back.', helpZh: '价格从买方一侧到卖方一侧再返回所用的时间。', min: 10, max: 86400, unit: 'seconds' }),
});
/** Minimum hold: trades only when nobody traded on the pair for the quiet window. */
export const volumeMinHoldConfig = volumeConfig({
  quietSec: integerField({
    title: 'Quiet window (s)',
    titleZh: '静默时长（秒）',
    help: 'A round trades only when the pair has had no trade for this long.',
    helpZh: '仅当交易对在该时长内没有任何成交时，本轮才成交。',
    min: 5,
    max: 86400,
    unit: 'seconds',
  }),
});

export type VolumeRandomConfig = z.infer<typeof volumeRandomConfig>;
export type VolumeNaturalConfig = z.infer<typeof volumeNaturalConfig>;
export type VolumeRangeConfig = z.infer<typeof volumeRangeConfig>;
export type VolumeMidConfig = z.infer<typeof volumeMidConfig>;
export type VolumeSineConfig = z.infer<typeof volumeSineConfig>;
export type VolumeMinHoldConfig = z.infer<typeof volumeMinHoldConfig>;
/** What every volume mode shares. */
export type VolumeConfig = VolumeRandomConfig & Partial<Omit<VolumeNaturalConfig & VolumeRangeConfig & VolumeSineConfig & VolumeMinHoldConfig, keyof VolumeRandomConfig>>;

function volumeDefaults(pair: PairDefaults) {
  return {
    volumeMin: amountWorth(pair, '20'),
    volumeMax: amountWorth(pair, '60'),
    intervalMin: 3,
    intervalMax: 8,
    orderCountMin: 1,
    orderCountMax: 3,
  };
}

export const volumeRandomDefaults = (pair: PairDefaults): z.input<typeof volumeRandomConfig> => volumeDefaults(pair);
export const volumeNaturalDefaults = (pair: PairDefaults): z.input<typeof volumeNaturalConfig> => ({ ...volumeDefaults(pair), walkStep: '0.1' });
export const volumeRangeDefaults = (pair: PairDefaults): z.input<typeof volumeRangeConfig> => ({ ...volumeDefaults(pair), priceLow: priceAt(pair, '0.99'), priceHigh: priceAt(pair, '1.01') });
export const volumeMidDefaults = (pair: PairDefaults): z.input<typeof volumeMidConfig> => volumeDefaults(pair);
export const volumeSineDefaults = (pair: PairDefaults): z.input<typeof volumeSineConfig> => ({ ...volumeDefaults(pair), periodSec: 600 });
export const volumeMinHoldDefaults = (pair: PairDefaults): z.input<typeof volumeMinHoldConfig> => ({ ...volumeDefaults(pair), quietSec: 60 });
