import type { FollowStrictConfig } from '@makerdesk/contract';
import { abs, ceil, compare, div, floor, max, min, minus, mul } from '@makerdesk/decimal';
import type { BookLevel, Side } from '@makerdesk/exchange';
import { referenceKey, type PairRules, type Strategy } from '../strategy.ts';
import { capToFunds, fundsOf } from './kit/funds.ts';
import { meetsMinimums } from './kit/order-size.ts';
import { referenceBack, withoutReference, type FollowState } from './kit/follow-quotes.ts';
import { externalBook } from './kit/book-price.ts';
import { withoutCrossing } from './kit/others-book.ts';
import { bookMid, mapPrice } from './kit/reference-price.ts';
import { syncSlots, type DesiredOrder } from './kit/sync-slots.ts';

/**
 * Strict follow (docs/strategies.md, "Follow modes"): mirrors the first `levels` levels of each side
 * of the reference book, prices × the mapping ratio, amounts × the amount scale clamped to the single
 * order amount.
 */
export type FollowStrictState = FollowState;

export const followStrictStrategy: Strategy<FollowStrictConfig, FollowStrictState> = {
  type: 'follow_strict',
  initialState: () => ({ referenceMissing: false }),
  needs: (config) => ({ bookDepth: config.levels, references: [{ platform: config.source.platform, symbol: config.source.symbol }] }),
  decide(input) {
    const { config, market } = input;
    const source = market.references[referenceKey(config.source)];
    const mid = bookMid(source);
    if (source === undefined || mid === null) return withoutReference(input.state, `${config.source.symbol} on ${config.source.platform}`);
    const reference = mapPrice(mid, config.priceMappingRatio);
    const back = referenceBack(input.state);

    const mirrored = [...mirror(source.bids, 'buy', config, market.rules), ...mirror(source.asks, 'sell', config, market.rules)];
    const allowed = input.priceMode === 'safe' ? mirrored.filter((o) => compare(distance(o.price, reference), config.maxDeviation) <= 0) : mirrored;
    const placeable = withoutCrossing(allowed, externalBook(market.book, input.orders));
    const { orders } = capToFunds(placeable, fundsOf(market.balances, input.orders), market.rules);
    return { intents: [...back.intents, ...syncSlots(orders, input.orders, { now: input.now })], state: back.state, reference };
  },
};

/** Levels best first, tags `bid-i` / `ask-i` by the reference level they mirror. */
function mirror(levels: readonly BookLevel[], side: Side, config: FollowStrictConfig, rules: PairRules): DesiredOrder[] {
  const out: DesiredOrder[] = [];
  const lowest = ceil(config.orderAmountMin, rules.amountPrecision);
  for (const [i, [refPrice, refAmount]] of levels.slice(0, config.levels).entries()) {
    const mapped = mul(refPrice, config.priceMappingRatio);
    const price = side === 'buy' ? floor(mapped, rules.pricePrecision) : ceil(mapped, rules.pricePrecision);
    const amount = floor(max(min(mul(refAmount, config.amountScale), config.orderAmountMax), lowest), rules.amountPrecision);
    if (!meetsMinimums(price, amount, rules)) continue;
    out.push({ tag: `${side === 'buy' ? 'bid' : 'ask'}-${i + 1}`, side, price, amount });
  }
  return out;
}

function distance(price: string, reference: string): string {
  return div(abs(minus(price, reference)), reference, { decimals: 12, rounding: 'up' });
}
