import { z } from 'zod';
import { amountWorth, choiceField, type PairDefaults, defaultRefreshTolerance } from './config-kit.ts';
import { intervalFields, ladderFields, maxDeviationField, orderAmountFields, priceMappingRatio, referenceSource, checkAmountAndInterval } from './shared-fields.ts';

/** Combo follow: the reference price is a product of several pairs' prices (TOKEN/BTC × BTC/USDT), each optionally inverted. */
export const comboLeg = referenceSource.extend({
  use: choiceField(['price', 'inverse'] as const, { title: 'Use', titleZh: '使用方式', labels: { price: ['Price', '价格'], inverse: ['1 / price', '价格倒数'] } }),
});
export const followComboConfig = z
  .object({
    legs: z.array(comboLeg).min(2, { message: 'A combo needs 2 to 4 pairs' }).max(4, { message: 'A combo needs 2 to 4 pairs' }).meta({ title: 'Pairs multiplied', 'x-title-zh': '相乘的交易对', 'x-kind': 'list' }),
    priceMappingRatio,
    ...ladderFields,
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
  })
  .superRefine((v, ctx) => {
    checkAmountAndInterval(v, ctx);
  });
export type FollowComboConfig = z.infer<typeof followComboConfig>;

export function followComboDefaults(pair: PairDefaults): z.input<typeof followComboConfig> {
  // The reference venue lists the simulator's USDT pairs, so the default combo crosses through BTC:
  // TOKEN/USDT ÷ BTC/USDT gives TOKEN in BTC, × BTC/USDT gives it back in USDT.
  return {
    legs: [
      { platform: 'sim', symbol: pair.symbol, use: 'price' },
      { platform: 'sim', symbol: 'BTC/USDT', use: 'inverse' },
      { platform: 'sim', symbol: 'BTC/USDT', use: 'price' },
    ],
    priceMappingRatio: '1',
    layersPerSide: 5,
    layerStep: '0.001',
    baseSpread: '0.002',
    refreshTolerance: defaultRefreshTolerance(pair, '0.002'),
    orderAmountMin: amountWorth(pair, '10'),
    orderAmountMax: amountWorth(pair, '40'),
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.05',
  };
}
