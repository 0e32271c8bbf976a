import type { DepthNearConfig } from '@makerdesk/contract';
import { add, mul } from '@makerdesk/decimal';
import type { Strategy } from '../strategy.ts';
import { quoteReference } from './kit/book-price.ts';
import { drawDecimal, FRACTION_DECIMALS } from './kit/draw.ts';
import { activeObligation, obligationNotice, obligationSlots, type ObligationState } from './kit/obligation.ts';
import { isFullRefresh, quoteDepthSlots, type LadderSync, type Slot } from './kit/quoting-options.ts';
import { heldDecimal, heldInt, initialQuotingState, noReference, type QuotingState } from './kit/quoting-state.ts';
import { pricesAround } from './kit/touch-prices.ts';

/**
 * Depth near: a tight book at the touch. N orders per side (drawn between layers per side min and
 * max), the first at half the base spread (drawn between base spread min and max) from the reference
 * price, each next one a layer step further. N and the spread are held until a full refresh, so the
 * ladder only moves with the reference.
 */
export interface DepthNearState extends QuotingState, ObligationState {
  layers: number | null;
  baseSpread: string | null;
}

export const depthNearStrategy: Strategy<DepthNearConfig, DepthNearState> = {
  type: 'depth_near',
  initialState: () => ({ ...initialQuotingState, layers: null, baseSpread: null }),
  needs: (config) => ({ bookDepth: config.layersPerSideMax + 20, references: [], accountOrders: true, ...(config.options?.keepObligation ? { obligation: true } : {}) }),
  decide(input) {
    const { config, state, market, orders, now, rng } = input;
    const reference = quoteReference(market, orders, state.reference);
    if (reference === null) return noReference(state);
    const refresh = isFullRefresh(orders, now, config.options);
    const layers = heldInt(state.layers, config.layersPerSideMin, config.layersPerSideMax, refresh, () => rng.int(config.layersPerSideMin, config.layersPerSideMax));
    const baseSpread = heldDecimal(state.baseSpread, config.baseSpreadMin, config.baseSpreadMax, refresh, () =>
      drawDecimal(rng, config.baseSpreadMin, config.baseSpreadMax, FRACTION_DECIMALS),
    );
    const slots: Slot[] = [];
    for (let i = 1; i <= layers; i++) {
      const distance = add(mul(baseSpread, '0.5'), mul(config.layerStep, String(i - 1)));
      const { bid, ask } = pricesAround(reference, distance, market.rules.pricePrecision);
      slots.push({ tag: `bid-${i}`, side: 'buy', price: bid }, { tag: `ask-${i}`, side: 'sell', price: ask });
    }
    const obligation = activeObligation(config.options, market, now);
    if (obligation) {
      // Issue 20 §6: the innermost bid and ask inside the cap, a level inside the band on each side.
      const held = obligationSlots(slots, reference, obligation, market.rules.pricePrecision);
      const quoted = quoteDepthSlots(input, held, reference, depthNearLadder(config, layers), obligation);
      const notice = obligationNotice(quoted.obligationShort ?? [], state.obligationShort, obligation);
      return {
        intents: [...notice.intents, ...quoted.intents],
        state: { ...state, reference, noReferenceAlerted: false, pausedUntil: quoted.pausedUntil, layers, baseSpread, obligationShort: notice.short },
        reference,
        obligationShort: notice.short,
      };
    }
    const quoted = quoteDepthSlots(input, slots, reference, depthNearLadder(config, layers));
    return {
      intents: quoted.intents,
      state: { ...state, reference, noReferenceAlerted: false, pausedUntil: quoted.pausedUntil, layers, baseSpread },
      reference,
    };
  },
};

/**
 * How depth near keeps its ladder (issue 19's churn): a move of the market by a layer step shifts the
 * orders into the neighbouring slots and replaces only the ends. An order may come nearer the market
 * than its slot by the refresh tolerance (it never quotes much tighter than asked), and fall behind by
 * the tolerance plus a layer step; with three layers or more a side may leave its deepest slot empty
 * until it loses a second one. With a tolerance of 0 every order stays exactly in place.
 */
export function depthNearLadder(config: Pick<DepthNearConfig, 'layerStep' | 'options'>, layers: number): LadderSync {
  return { passiveTolerance: add(config.options?.refreshTolerance ?? '0', config.layerStep), slack: layers > 2 ? 1 : 0 };
}
