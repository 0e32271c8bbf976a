import type { DepthFarConfig } from '@makerdesk/contract';
import { add, ceil, compare, div, floor, minus, mul } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import type { Strategy, TickInput } from '../strategy.ts';
import { quoteReference } from './kit/book-price.ts';
import { drawDecimal } from './kit/draw.ts';
import { activeObligation, obligationNotice, obligationSlots, type ObligationState } from './kit/obligation.ts';
import { isFullRefresh, quoteDepthSlots, type Slot } from './kit/quoting-options.ts';
import { heldInt, initialQuotingState, noReference, type QuotingState } from './kit/quoting-state.ts';

/**
 * Depth far: N orders per side (N drawn between depth layers min and max, held until a full refresh)
 * between the nearest and farthest offset from the reference price: a deep, visible book away from
 * the touch. An order stays while its price is inside its side's band and is replaced once it left it.
 */
export interface DepthFarState extends QuotingState, ObligationState {
  layers: number | null;
}

export const depthFarStrategy: Strategy<DepthFarConfig, DepthFarState> = {
  type: 'depth_far',
  initialState: () => ({ ...initialQuotingState, layers: null }),
  // Room for the bot's own levels plus the market's touch behind them.
  needs: (config) => ({ bookDepth: config.depthLayersMax + 20, references: [], accountOrders: true, ...(config.options?.keepObligation ? { obligation: true } : {}) }),
  decide(input) {
    const { config, state, market, orders, now, rng } = input;
    const reference = quoteReference(market, orders, state.reference);
    if (reference === null) return noReference(state);
    const refresh = isFullRefresh(orders, now, config.options);
    const layers = heldInt(state.layers, config.depthLayersMin, config.depthLayersMax, refresh, () => rng.int(config.depthLayersMin, config.depthLayersMax));
    const obligation = activeObligation(config.options, market, now);
    const slots = [...sideSlots(input, 'buy', reference, layers, obligation !== undefined), ...sideSlots(input, 'sell', reference, layers, obligation !== undefined)];
    if (obligation) {
      // Issue 20 §6: the nearest bid and ask pulled in to the cap (and into the band), sizes raised for its depth.
      const held = obligationSlots(slots, reference, obligation, market.rules.pricePrecision);
      const quoted = quoteDepthSlots(input, held, reference, undefined, obligation);
      const notice = obligationNotice(quoted.obligationShort ?? [], state.obligationShort, obligation);
      return {
        intents: [...notice.intents, ...quoted.intents],
        state: { ...state, reference, noReferenceAlerted: false, pausedUntil: quoted.pausedUntil, layers, obligationShort: notice.short },
        reference,
        obligationShort: notice.short,
      };
    }
    const quoted = quoteDepthSlots(input, slots, reference);
    return { intents: quoted.intents, state: { ...state, reference, noReferenceAlerted: false, pausedUntil: quoted.pausedUntil, layers }, reference };
  },
};

/** A side's band, on the price grid and inside the offsets: [lo, hi]; null when no tick fits in it. */
export function depthFarBand(config: Pick<DepthFarConfig, 'nearestOffset' | 'farthestOffset'>, side: Side, reference: string, pricePrecision: number): { lo: string; hi: string } | null {
  const near = side === 'buy' ? minus('1', config.nearestOffset) : add('1', config.nearestOffset);
  const far = side === 'buy' ? minus('1', config.farthestOffset) : add('1', config.farthestOffset);
  const [low, high] = side === 'buy' ? [far, near] : [near, far];
  const lo = ceil(mul(reference, low), pricePrecision);
  const hi = floor(mul(reference, high), pricePrecision);
  return compare(lo, hi) <= 0 ? { lo, hi } : null;
}

/**
 * Slots `bid-1`…`bid-N` / `ask-1`…`ask-N`, 1 nearest the reference. A slot whose open order is still in
 * the band keeps that price; an empty or out-of-band slot gets its even step (nearest edge to farthest
 * edge) or a uniform draw on the price grid inside the band. Quoting to the obligation, slot 1 is always
 * at the nearest edge: it is the level the obligation pulls in (obligationSlots), so the same slot
 * holds it from tick to tick whatever the distribution.
 */
function sideSlots(input: TickInput<DepthFarConfig, DepthFarState>, side: Side, reference: string, layers: number, obligation = false): Slot[] {
  const { config, market, orders, rng } = input;
  const pp = market.rules.pricePrecision;
  const band = depthFarBand(config, side, reference, pp);
  if (band === null) return [];
  const prefix = side === 'buy' ? 'bid' : 'ask';
  const [nearest, farthest] = side === 'buy' ? [band.hi, band.lo] : [band.lo, band.hi];
  const open = new Map(orders.filter((o) => o.side === side && o.state === 'open').map((o) => [o.tag, o]));
  const slots: Slot[] = [];
  for (let i = 1; i <= layers; i++) {
    const tag = `${prefix}-${i}`;
    const current = open.get(tag);
    if (obligation && i === 1) {
      slots.push({ tag, side, price: nearest });
    } else if (current && compare(current.price, band.lo) >= 0 && compare(current.price, band.hi) <= 0) {
      slots.push({ tag, side, price: current.price });
    } else if (config.distribution === 'random') {
      slots.push({ tag, side, price: drawDecimal(rng, band.lo, band.hi, pp) });
    } else {
      const step = layers === 1 ? '0' : div(mul(minus(farthest, nearest), String(i - 1)), String(layers - 1), { decimals: pp, rounding: 'half-up' });
      slots.push({ tag, side, price: add(nearest, step) });
    }
  }
  return slots;
}
