import { z } from 'zod';
import { checkMinBelowMax, decimalField, integerField } from './config-kit.ts';
import { amountWorth, type PairDefaults, defaultRefreshTolerance } from './config-kit.ts';
import { intervalFields, maxDeviationField, orderAmountFields, obligationQuotingOptions, checkAmountAndInterval } from './shared-fields.ts';

/** Depth near: `layers per side` orders per side, the first at half the base spread from the reference price. */
export const depthNearConfig = z
  .object({
    baseSpreadMin: decimalField({ title: 'Base spread min', titleZh: '基础价差最小值', min: '0', max: '0.05', unit: 'fraction' }),
    baseSpreadMax: decimalField({ title: 'Base spread max', titleZh: '基础价差最大值', min: '0.0005', max: '0.1', unit: 'fraction' }),
    layersPerSideMin: integerField({ title: 'Layers per side min', titleZh: '每侧档位最小值', min: 1, max: 3 }),
    layersPerSideMax: integerField({ title: 'Layers per side max', titleZh: '每侧档位最大值', min: 3, max: 8 }),
    layerStep: decimalField({ title: 'Layer step', titleZh: '档位间距', help: 'Distance between layers, a share of the price in percent.', helpZh: '相邻档位间距，占价格的百分比。', min: '0.0001', max: '0.05', unit: 'fraction' }),
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
    options: obligationQuotingOptions.optional(),
  })
  .superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'baseSpreadMin', 'baseSpreadMax', '0.0005');
    checkMinBelowMax(v, ctx, 'layersPerSideMin', 'layersPerSideMax');
    checkAmountAndInterval(v, ctx);
  });
export type DepthNearConfig = z.infer<typeof depthNearConfig>;

export function depthNearDefaults(pair: PairDefaults): z.input<typeof depthNearConfig> {
  return {
  baseSpreadMin: '0.002',
  baseSpreadMax: '0.004',
  layersPerSideMin: 2,
  layersPerSideMax: 4,
  layerStep: '0.001',
  orderAmountMin: amountWorth(pair, '10'),
  orderAmountMax: amountWorth(pair, '40'),
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.05',
  options: { refreshTolerance: defaultRefreshTolerance(pair, '0.002') },
  };
}
