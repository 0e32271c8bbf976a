import { z } from 'zod';
import { amountWorth, checkMinBelowMax, choiceField, integerField, type PairDefaults } from './config-kit.ts';
import { orderAmountFields } from './shared-fields.ts';
import { checkRoundFields, roundIntervalFields, roundOrderCountFields } from './volume.config.ts';

/**
 * Order-book flash: every round (round interval) it places a round order count of orders at levels
 * of the book between `levelMin` and `levelMax`, each of a single order amount, and at the next
 * round cancels them and places the next set elsewhere.
 */
export const bookFlashConfig = z
  .object({
    levelMin: integerField({ title: 'Nearest book level', titleZh: '最近盘口档位', help: '1 = the best bid / ask.', helpZh: '1 = 买一 / 卖一。', min: 1, max: 50 }),
    levelMax: integerField({ title: 'Farthest book level', titleZh: '最远盘口档位', min: 1, max: 50 }),
    side: choiceField(['both', 'buy', 'sell'] as const, {
      title: 'Side',
      titleZh: '方向',
      labels: { both: ['Both sides', '双边'], buy: ['Bids only', '仅买单'], sell: ['Asks only', '仅卖单'] },
    }),
    ...roundOrderCountFields,
    ...roundIntervalFields,
    ...orderAmountFields,
  })
  .superRefine((v, ctx) => {
    checkMinBelowMax(v, ctx, 'levelMin', 'levelMax');
    checkMinBelowMax(v, ctx, 'orderAmountMin', 'orderAmountMax');
    checkRoundFields(v, ctx);
  });
export type BookFlashConfig = z.infer<typeof bookFlashConfig>;

export function bookFlashDefaults(pair: PairDefaults): z.input<typeof bookFlashConfig> {
  return {
    levelMin: 2,
    levelMax: 8,
    side: 'both',
    orderCountMin: 2,
    orderCountMax: 6,
    intervalMin: 3,
    intervalMax: 10,
    orderAmountMin: amountWorth(pair, '10'),
    orderAmountMax: amountWorth(pair, '50'),
  };
}
