import type { FollowEtfConfig } from '@makerdesk/contract';
import type { Strategy } from '../strategy.ts';
import { fundsOf } from './kit/funds.ts';
import { referenceBack, syncLadder, withoutReference, type FollowState } from './kit/follow-quotes.ts';
import { basketPrice, distinctSources, mapPrice } from './kit/reference-price.ts';

/**
 * ETF follow (docs/strategies.md, "Follow modes"): the reference is Σ weight × mid over the basket
 * × the mapping ratio; a ladder around it as exchange follow quotes, without correction trades.
 */
export type FollowEtfState = FollowState;

export const followEtfStrategy: Strategy<FollowEtfConfig, FollowEtfState> = {
  type: 'follow_etf',
  initialState: () => ({ referenceMissing: false }),
  needs: (config) => ({ bookDepth: 5, references: distinctSources(config.components) }),
  decide(input) {
    const { config, market } = input;
    const basket = basketPrice(config.components, market.references);
    if (basket === null) return withoutReference(input.state, config.components.map((c) => `${c.symbol} on ${c.platform}`).join(' + '));
    const reference = mapPrice(basket, config.priceMappingRatio);
    const back = referenceBack(input.state);
    return { intents: [...back.intents, ...syncLadder(input, reference, fundsOf(market.balances, input.orders))], state: back.state, reference };
  },
};
