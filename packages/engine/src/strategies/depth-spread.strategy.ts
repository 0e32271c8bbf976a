import { text, type DepthSpreadConfig } from '@makerdesk/contract';
import { compare, mul, round } from '@makerdesk/decimal';
import { alert } from '../intents.ts';
import type { Strategy } from '../strategy.ts';
import { externalBook, midPrice, spreadFraction } from './kit/book-price.ts';
import { drawDecimal, FRACTION_DECIMALS } from './kit/draw.ts';
import { isFullRefresh, pauseAfterFills, quoteDepthSlots } from './kit/quoting-options.ts';
import { heldDecimal, initialQuotingState, noReference, type QuotingState } from './kit/quoting-state.ts';
import { syncSlots } from './kit/sync-slots.ts';
import { pricesAround } from './kit/touch-prices.ts';

/**
 * Depth spread: watches the market's best bid and ask (the bot's own quotes taken off). While their
 * spread is wider than the base spread max, one bid and one ask centred on the mid bring it to the
 * base spread (drawn between min and max when the bot steps in, held while it stays in); when the
 * spread is at or under the max, the bot cancels its quotes and stays out.
 */
export interface DepthSpreadState extends QuotingState {
  /** The spread quoted while in; null while out. */
  baseSpread: string | null;
  /**
   * Whether the last tick stood in or aside, to say so in the trading log on each change only (a bot
   * that stands aside is running, with no orders: its log says why). Absent in states saved before.
   */
  stance?: 'in' | 'aside' | null;
}

/** A fraction as a percentage for the log: 0.0012345 → '0.123 %'. */
const asPercent = (fraction: string) => `${round(mul(fraction, '100'), 3, 'half-even')} %`;

export const depthSpreadStrategy: Strategy<DepthSpreadConfig, DepthSpreadState> = {
  type: 'depth_spread',
  initialState: () => ({ ...initialQuotingState, baseSpread: null, stance: null }),
  needs: () => ({ bookDepth: 20, references: [] }),
  decide(input) {
    const { config, state, market, orders, now, rng } = input;
    const others = externalBook(market.book, orders);
    const reference = midPrice(others) ?? state.reference;
    if (reference === null) return noReference(state);
    const spread = spreadFraction(others);
    // A one-sided or empty book has no spread at all: the widest there is.
    const wide = spread === null || compare(spread, config.baseSpreadMax) > 0;
    const settled = { ...state, reference, noReferenceAlerted: false };
    if (spread !== null && !wide) {
      const pausedUntil = pauseAfterFills(state.pausedUntil, input.fills, config.options?.fillPauseSec);
      const intents = syncSlots([], orders, { now });
      if (state.stance !== 'aside') {
        intents.push(alert('info', text('bots.spreadWithin', { spread: asPercent(spread), max: asPercent(config.baseSpreadMax) })));
      }
      return { intents, state: { ...settled, pausedUntil, baseSpread: null, stance: 'aside' }, reference };
    }
    const refresh = state.baseSpread === null || isFullRefresh(orders, now, config.options);
    const baseSpread = heldDecimal(state.baseSpread, config.baseSpreadMin, config.baseSpreadMax, refresh, () =>
      drawDecimal(rng, config.baseSpreadMin, config.baseSpreadMax, FRACTION_DECIMALS),
    );
    const { bid, ask } = pricesAround(reference, mul(baseSpread, '0.5'), market.rules.pricePrecision);
    const quoted = quoteDepthSlots(input, [{ tag: 'bid-1', side: 'buy', price: bid }, { tag: 'ask-1', side: 'sell', price: ask }], reference);
    const intents = [...quoted.intents];
    if (state.stance !== 'in') {
      intents.push(
        alert(
          'info',
          spread === null
            ? `The book is one-sided or empty: quoting a ${asPercent(baseSpread)} spread around the last price`
            : `The spread is ${asPercent(spread)}, wider than the base spread max ${asPercent(config.baseSpreadMax)}: quoting a ${asPercent(baseSpread)} spread inside it`,
        ),
      );
    }
    return { intents, state: { ...settled, pausedUntil: quoted.pausedUntil, baseSpread, stance: 'in' }, reference };
  },
};
