import { z } from 'zod';
import { checkMinBelowMax, decimalField } from './config-kit.ts';
import { amountWorth, type PairDefaults, defaultRefreshTolerance } from './config-kit.ts';
import { intervalFields, maxDeviationField, orderAmountFields, quotingOptions, checkAmountAndInterval } from './shared-fields.ts';

/** Depth spread: when the best bid/ask spread is wider than the base spread max, quote inside it. */
export const depthSpreadConfig = z
  .object({
    baseSpreadMin: decimalField({ title: 'Base spread min', titleZh: '基础价差最小值', min: '0', max: '0.05', unit: 'fraction' }),
    baseSpreadMax: decimalField({ title: 'Base spread max', titleZh: '基础价差最大值', min: '0.0005', max: '0.1', unit: 'fraction' }),
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
    options: quotingOptions.optional(),
  })
  .superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'baseSpreadMin', 'baseSpreadMax', '0.0005');
    checkAmountAndInterval(v, ctx);
  });
export type DepthSpreadConfig = z.infer<typeof depthSpreadConfig>;

export function depthSpreadDefaults(pair: PairDefaults): z.input<typeof depthSpreadConfig> {
  return {
  baseSpreadMin: '0.001',
  baseSpreadMax: '0.003',
  orderAmountMin: amountWorth(pair, '10'),
  orderAmountMax: amountWorth(pair, '40'),
  intervalMin: 3,
  intervalMax: 6,
  maxDeviation: '0.05',
  options: { refreshTolerance: defaultRefreshTolerance(pair, '0.001') },
  };
}
