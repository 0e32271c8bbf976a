import { z } from 'zod';
import { amountWorth, checkMinBelowMax, decimalField, integerField, priceAt, type PairDefaults } from './config-kit.ts';
import { intervalFields, maxDeviationField, spacingField } from './shared-fields.ts';

/** Range oscillation: a grid between a low and a high price; buy at a level on the way down, sell one level up when it fills. */
export const rangeOscillationConfig = z
  .object({
    lowerPrice: decimalField({ title: 'Lower price', titleZh: '价格下限', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
    upperPrice: decimalField({ title: 'Upper price', titleZh: '价格上限', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
    gridCount: integerField({ title: 'Grid count', titleZh: '网格数量', min: 2, max: 100 }),
    spacing: spacingField,
    orderAmount: decimalField({ title: 'Order size', titleZh: '单格下单量', min: '0', max: '1000000', minExclusive: true, unit: 'base', orderAmount: true }),
    totalBudget: decimalField({ title: 'Total budget (quote)', titleZh: '总预算（计价币）', min: '0', max: '1000000000', minExclusive: true, unit: 'quote' }),
    ...intervalFields,
    ...maxDeviationField,
  })
  .superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'lowerPrice', 'upperPrice');
    checkMinBelowMax(v, ctx, 'intervalMin', 'intervalMax');
  });
export type RangeOscillationConfig = z.infer<typeof rangeOscillationConfig>;

export function rangeOscillationDefaults(pair: PairDefaults): z.input<typeof rangeOscillationConfig> {
  return {
    lowerPrice: priceAt(pair, '0.97'),
    upperPrice: priceAt(pair, '1.03'),
    gridCount: 10,
    spacing: 'arithmetic',
    orderAmount: amountWorth(pair, '20'),
    totalBudget: '1000',
    intervalMin: 3,
    intervalMax: 6,
    maxDeviation: '0.1',
  };
}
