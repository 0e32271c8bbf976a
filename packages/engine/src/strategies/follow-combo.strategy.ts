import type { FollowComboConfig } from '@makerdesk/contract';
import type { Strategy } from '../strategy.ts';
import { fundsOf } from './kit/funds.ts';
import { referenceBack, syncLadder, withoutReference, type FollowState } from './kit/follow-quotes.ts';
import { comboPrice, distinctSources, mapPrice } from './kit/reference-price.ts';

/**
 * Combo follow (docs/strategies.md, "Follow modes"): the reference is the product of the legs'
 * mids (1 / mid for an inverse leg) × the mapping ratio; a ladder around it as exchange follow
 * quotes, without correction trades.
 */
export type FollowComboState = FollowState;

export const followComboStrategy: Strategy<FollowComboConfig, FollowComboState> = {
  type: 'follow_combo',
  initialState: () => ({ referenceMissing: false }),
  needs: (config) => ({ bookDepth: 5, references: distinctSources(config.legs) }),
  decide(input) {
    const { config, market } = input;
    const product = comboPrice(config.legs, market.references);
    if (product === null) return withoutReference(input.state, config.legs.map((l) => `${l.symbol} on ${l.platform}`).join(' × '));
    const reference = mapPrice(product, config.priceMappingRatio);
    const back = referenceBack(input.state);
    return { intents: [...back.intents, ...syncLadder(input, reference, fundsOf(market.balances, input.orders))], state: back.state, reference };
  },
};
