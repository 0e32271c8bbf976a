import { z } from 'zod';
import { choiceField, decimalField, integerField, priceAt, type PairDefaults } from './config-kit.ts';
import { checkMinBelowMax } from './config-kit.ts';
import { intervalFields } from './shared-fields.ts';

/**
 * Bulldozer: walks the price by sweeping successive levels of one side of the book (buy: the asks
 * upwards, sell: the bids downwards), `levelsPerSweep` levels each tick, until the stop price or the
 * budget is reached.
 */
export const bulldozerConfig = z
  .object({
    side: choiceField(['buy', 'sell'] as const, {
      title: 'Direction',
      titleZh: '方向',
      labels: { buy: ['Buy: sweep the asks upwards', '买入：向上吃卖单'], sell: ['Sell: sweep the bids downwards', '卖出：向下吃买单'] },
    }),
    levelsPerSweep: integerField({ title: 'Levels per sweep', titleZh: '每次吃单档数', min: 1, max: 20 }),
    stopPrice: decimalField({
      title: 'Stop price',
      titleZh: '停止价格',
      help: 'Buying: never pays above it and stops once the asks start above it. Selling: the same below.',
      helpZh: '买入时不高于该价格成交，卖单全部高于该价格后停止；卖出时反之。',
      min: '0',
      max: '1000000000',
      minExclusive: true,
      unit: 'price',
    }),
    budget: decimalField({ title: 'Budget (quote)', titleZh: '预算（计价币）', help: 'Most quote value the bot trades in total.', helpZh: '机器人累计成交的计价币总额上限。', min: '0', max: '1000000000', minExclusive: true, unit: 'quote' }),
    ...intervalFields,
  })
  .superRefine((v, ctx) => checkMinBelowMax(v, ctx, 'intervalMin', 'intervalMax'));
export type BulldozerConfig = z.infer<typeof bulldozerConfig>;

export function bulldozerDefaults(pair: PairDefaults): z.input<typeof bulldozerConfig> {
  return { side: 'buy', levelsPerSweep: 2, stopPrice: priceAt(pair, '1.01'), budget: '10000', intervalMin: 5, intervalMax: 10 };
}
