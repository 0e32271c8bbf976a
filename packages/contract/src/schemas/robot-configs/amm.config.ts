import { z } from 'zod';
import { checkMinBelowMax, decimalField, integerField } from './config-kit.ts';
import { amountWorth, priceAt, type PairDefaults } from './config-kit.ts';
import { intervalFields, maxDeviationField, spacingField } from './shared-fields.ts';

/** AMM market making: a constant-product pool (x·y = k) made of limit orders between a lower and upper price. */
export const ammConfig = z
  .object({
    baseInvestment: decimalField({ title: 'Token investment', titleZh: '投入代币数量', min: '0', max: '1000000000', unit: 'base' }),
    quoteInvestment: decimalField({ title: 'Quote investment', titleZh: '投入计价币数量', min: '0', max: '1000000000', unit: 'quote' }),
    lowerPrice: decimalField({ title: 'Lower price', titleZh: '价格下限', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
    upperPrice: decimalField({ title: 'Upper price', titleZh: '价格上限', min: '0', max: '1000000000', minExclusive: true, unit: 'price' }),
    gridCount: integerField({ title: 'Grid count', titleZh: '网格数量', min: 5, max: 40 }),
    spacing: spacingField,
    ...intervalFields,
    ...maxDeviationField,
  })
  .superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'lowerPrice', 'upperPrice');
    checkMinBelowMax(v, ctx, 'intervalMin', 'intervalMax');
  });
export type AmmConfig = z.infer<typeof ammConfig>;

export function ammDefaults(pair: PairDefaults): z.input<typeof ammConfig> {
  return {
  baseInvestment: amountWorth(pair, '2000'),
  quoteInvestment: '2000',
  lowerPrice: priceAt(pair, '0.9'),
  upperPrice: priceAt(pair, '1.1'),
  gridCount: 20,
  spacing: 'geometric',
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.2',
  };
}
