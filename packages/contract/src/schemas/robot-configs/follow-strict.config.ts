import { z } from 'zod';
import { amountWorth, decimalField, integerField, type PairDefaults } from './config-kit.ts';
import { intervalFields, maxDeviationField, orderAmountFields, priceMappingRatio, referenceSource, checkAmountAndInterval } from './shared-fields.ts';

/** Strict follow: mirror the reference book's levels (prices × ratio, amounts × scale, clamped to the single order amount). */
export const followStrictConfig = z
  .object({
    source: referenceSource,
    priceMappingRatio,
    amountScale: decimalField({ title: 'Amount scale', titleZh: '数量缩放比例', min: '0', max: '1000000', minExclusive: true, unit: 'ratio' }),
    levels: integerField({ title: 'Levels mirrored per side', titleZh: '每侧镜像档位数', min: 1, max: 50 }),
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
  })
  .superRefine((v, ctx) => {
    checkAmountAndInterval(v, ctx);
  });
export type FollowStrictConfig = z.infer<typeof followStrictConfig>;

export function followStrictDefaults(pair: PairDefaults): z.input<typeof followStrictConfig> {
  return {
    source: { platform: 'sim', symbol: pair.symbol },
    priceMappingRatio: '1',
    amountScale: '0.1',
    levels: 10,
    orderAmountMin: amountWorth(pair, '10'),
    orderAmountMax: amountWorth(pair, '200'),
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.05',
  };
}
