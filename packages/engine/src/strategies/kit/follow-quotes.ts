import { text, type FollowExchangeConfig } from '@makerdesk/contract';
import { alert, type Intent } from '../../intents.ts';
import type { TickInput } from '../../strategy.ts';
import { capToFunds, type Funds } from './funds.ts';
import { ladderOrders } from './ladder.ts';
import { externalBook } from './book-price.ts';
import { withoutCrossing } from './others-book.ts';
import { syncSlots } from './sync-slots.ts';

/** What the follow modes share: a flag so a missing reference is said once, not every tick. */
export interface FollowState {
  referenceMissing: boolean;
}

export type LadderConfig = Pick<FollowExchangeConfig, 'layersPerSide' | 'layerStep' | 'baseSpread' | 'orderAmountMin' | 'orderAmountMax' | 'maxDeviation' | 'refreshTolerance'>;

/**
 * No reference price this tick: cancel nothing (the resting quotes were right a moment ago, and a
 * read failure must not empty the book), place nothing, say so once.
 */
export function withoutReference<S extends FollowState>(state: S, what: string): { intents: Intent[]; state: S; reference: null } {
  const intents = state.referenceMissing ? [] : [alert('warn', text('bots.noReference', { what }))];
  return { intents, state: { ...state, referenceMissing: true }, reference: null };
}

/** The reference is back after a gap: say so once and clear the flag. */
export function referenceBack<S extends FollowState>(state: S): { intents: Intent[]; state: S } {
  if (!state.referenceMissing) return { intents: [], state };
  return { intents: [alert('info', text('bots.referenceBack'))], state: { ...state, referenceMissing: false } };
}

/**
 * Keeps the ladder around `reference`: never crossing the others' book, within `funds`, and in safe
 * mode no layer further than the max deviation (the executor would refuse it anyway).
 */
export function syncLadder(input: TickInput<LadderConfig, unknown>, reference: string, funds: Funds): Intent[] {
  const { config, market, orders, rng, now } = input;
  const wanted = ladderOrders(
    {
      reference,
      layersPerSide: config.layersPerSide,
      layerStep: config.layerStep,
      baseSpread: config.baseSpread,
      orderAmountMin: config.orderAmountMin,
      orderAmountMax: config.orderAmountMax,
      maxDistance: input.priceMode === 'safe' ? config.maxDeviation : undefined,
    },
    market.rules,
    orders,
    rng,
  );
  const placeable = withoutCrossing(wanted, externalBook(market.book, orders));
  return syncSlots(capToFunds(placeable, funds, market.rules).orders, orders, { now, tolerance: config.refreshTolerance });
}
