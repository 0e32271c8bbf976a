import { z } from 'zod';
import { amountWorth, decimalField, type PairDefaults, defaultRefreshTolerance } from './config-kit.ts';
import { intervalFields, ladderFields, maxDeviationField, orderAmountFields, priceMappingRatio, referenceSource, checkAmountAndInterval } from './shared-fields.ts';

/**
 * Exchange price follow: reference = the follow exchange's price of the follow pair × the price
 * mapping ratio; quote a ladder around it and, when the own market drifts further than the
 * correction threshold, trade within a budget to bring it back.
 */
export const followExchangeConfig = z
  .object({
    source: referenceSource,
    priceMappingRatio,
    ...ladderFields,
    correctionThreshold: decimalField({
      title: 'Correction threshold',
      titleZh: '纠偏阈值',
      help: 'When the own mid drifts further than this share (%) from the mapped price, trade to bring it back. 0 = never.',
      helpZh: '本盘中间价偏离映射价超过该比例时主动成交纠偏。0 = 不纠偏。',
      min: '0',
      max: '0.5',
      unit: 'fraction',
    }),
    correctionBudget: decimalField({
      title: 'Correction budget per hour (quote)',
      titleZh: '每小时纠偏预算（计价币）',
      min: '0',
      max: '1000000000',
      unit: 'quote',
    }),
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
  })
  .superRefine((v, ctx) => {
    checkAmountAndInterval(v, ctx);
  });
export type FollowExchangeConfig = z.infer<typeof followExchangeConfig>;

export function followExchangeDefaults(pair: PairDefaults): z.input<typeof followExchangeConfig> {
  return {
    source: { platform: 'sim', symbol: pair.symbol },
    priceMappingRatio: '1',
    layersPerSide: 5,
    layerStep: '0.001',
    baseSpread: '0.002',
    refreshTolerance: defaultRefreshTolerance(pair, '0.002'),
    correctionThreshold: '0.01',
    correctionBudget: '500',
    orderAmountMin: amountWorth(pair, '10'),
    orderAmountMax: amountWorth(pair, '40'),
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.05',
  };
}
