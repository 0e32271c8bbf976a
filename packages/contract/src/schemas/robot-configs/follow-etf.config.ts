import { compare, div, isDecimal } from '@makerdesk/decimal';
import { z } from 'zod';
import { amountWorth, decimalField, type PairDefaults, defaultRefreshTolerance } from './config-kit.ts';
import { intervalFields, ladderFields, maxDeviationField, orderAmountFields, priceMappingRatio, referenceSource, checkAmountAndInterval } from './shared-fields.ts';

/** ETF follow: the reference price is a weighted basket, Σ weight × price of each component. */
export const etfComponent = referenceSource.extend({
  weight: decimalField({ title: 'Weight', titleZh: '权重', min: '0', max: '1000000', minExclusive: true, unit: 'ratio' }),
});
export const followEtfConfig = z
  .object({
    components: z.array(etfComponent).min(2, { message: 'A basket needs 2 to 10 pairs' }).max(10, { message: 'A basket needs 2 to 10 pairs' }).meta({ title: 'Basket', 'x-title-zh': '篮子成分', 'x-kind': 'list' }),
    priceMappingRatio,
    ...ladderFields,
    ...orderAmountFields,
    ...intervalFields,
    ...maxDeviationField,
  })
  .superRefine((v, ctx) => {
    checkAmountAndInterval(v, ctx);
  });
export type FollowEtfConfig = z.infer<typeof followEtfConfig>;

/** The default basket's rough worth in USDT (0.5 BTC + 0.5 ETH at the simulator's opening prices). */
const DEFAULT_BASKET_WORTH = '34000';

function basketRatio(pair: PairDefaults): string {
  const ratio = isDecimal(pair.price) && compare(pair.price, '0') > 0 ? div(pair.price, DEFAULT_BASKET_WORTH, { decimals: 8, rounding: 'half-up' }) : '1';
  return compare(ratio, '0') > 0 ? ratio : '0.00000001';
}

export function followEtfDefaults(pair: PairDefaults): z.input<typeof followEtfConfig> {
  return {
    components: [
      { platform: 'sim', symbol: 'BTC/USDT', weight: '0.5' },
      { platform: 'sim', symbol: 'ETH/USDT', weight: '0.5' },
    ],
    // A default basket is worth about 34,000 USDT; the ratio maps it onto the pair's own price (at 1 the
    // bot would quote some 10x an ETH-priced pair, which the venue's PERCENT_PRICE_BY_SIDE refuses).
    priceMappingRatio: basketRatio(pair),
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
