import { z } from 'zod';
import { checkMinBelowMax, choiceField, decimalField, integerField } from './config-kit.ts';
import { amountWorth, type PairDefaults } from './config-kit.ts';
import { intervalFields, maxDeviationField, orderAmountFields, obligationQuotingOptions, checkAmountAndInterval } from './shared-fields.ts';

/** Depth far: `depth layers` orders per side between the nearest and farthest offset from the reference price. */
export const depthFarConfig = z
  .object({
    depthLayersMin: integerField({ title: 'Depth layers min', titleZh: '深度档位最小值', min: 15, max: 50 }),
    depthLayersMax: integerField({ title: 'Depth layers max', titleZh: '深度档位最大值', min: 16, max: 80 }),
    nearestOffset: decimalField({ title: 'Nearest offset', titleZh: '最近偏移', help: 'A share of the reference price, in percent.', helpZh: '占参考价的百分比。', min: '0', max: '0.2', unit: 'fraction' }),
    farthestOffset: decimalField({ title: 'Farthest offset', titleZh: '最远偏移', min: '0.005', max: '0.5', unit: 'fraction' }),
    distribution: choiceField(['even', 'random'] as const, {
      title: 'Layer placement',
      titleZh: '档位分布',
      labels: { even: ['Even steps', '均匀分布'], random: ['Random in the band', '区间内随机'] },
    }),
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
    options: obligationQuotingOptions.optional(),
  })
  .superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'depthLayersMin', 'depthLayersMax');
    checkMinBelowMax(v, ctx, 'nearestOffset', 'farthestOffset', '0.005');
    checkAmountAndInterval(v, ctx);
  });
export type DepthFarConfig = z.infer<typeof depthFarConfig>;

export function depthFarDefaults(pair: PairDefaults): z.input<typeof depthFarConfig> {
  return {
  depthLayersMin: 15,
  depthLayersMax: 20,
  nearestOffset: '0.01',
  farthestOffset: '0.05',
  distribution: 'even',
  orderAmountMin: amountWorth(pair, '10'),
  orderAmountMax: amountWorth(pair, '40'),
  intervalMin: 10,
  intervalMax: 20,
  maxDeviation: '0.1',
  };
}
