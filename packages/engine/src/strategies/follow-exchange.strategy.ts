import { text, type FollowExchangeConfig } from '@makerdesk/contract';
import { abs, add, ceil, compare, div, floor, min, minus, mul, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { alert, place, type Intent, type PlaceIntent } from '../intents.ts';
import type { Strategy, TickInput } from '../strategy.ts';
import { affordable, fundsOf, spend } from './kit/funds.ts';
import { meetsMinimums } from './kit/order-size.ts';
import { referenceBack, syncLadder, withoutReference, type FollowState } from './kit/follow-quotes.ts';
import { levelsWithin, totalAmount } from './kit/liquidity.ts';
import { deskBook } from './kit/book-price.ts';
import { bookMid, mapPrice, sourceMid } from './kit/reference-price.ts';
import { figureOf, percentOf, priceOf } from '../monitors/monitor-kit.ts';
import { fractionToPercent } from '@makerdesk/format';

/**
 * Exchange price follow (docs/strategies.md, "Follow modes"): a ladder around the follow
 * exchange's mid × the price mapping ratio, and, in normal price mode, an IOC trade toward that
 * price when the others' mid on the own venue drifts further than the correction threshold, within
 * an hourly quote budget.
 */
export interface FollowExchangeState extends FollowState {
  /** The drift is being reported (safe mode) or corrected: said once per episode. */
  drifting: boolean;
  /** Start of the hour the budget below belongs to, epoch ms. */
  budgetHour: number;
  /** Quote committed to correction orders in that hour, at their limit price (an upper bound). */
  budgetSpent: string;
}

const HOUR_MS = 3_600_000;
export const CORRECTION_TAG = 'correction';

export const followExchangeStrategy: Strategy<FollowExchangeConfig, FollowExchangeState> = {
  type: 'follow_exchange',
  initialState: (_config, now) => ({ referenceMissing: false, drifting: false, budgetHour: hourOf(now), budgetSpent: '0' }),
  needs: (config) => ({ bookDepth: 50, references: [{ platform: config.source.platform, symbol: config.source.symbol }], accountOrders: true }),
  decide(input) {
    const { config, market, now } = input;
    const mid = sourceMid(market.references, config.source);
    if (mid === null) return withoutReference(input.state, `${config.source.symbol} on ${config.source.platform}`);
    const reference = mapPrice(mid, config.priceMappingRatio);
    const back = referenceBack(input.state);
    let state: FollowExchangeState = back.state;
    if (state.budgetHour !== hourOf(now)) state = { ...state, budgetHour: hourOf(now), budgetSpent: '0' };

    const intents: Intent[] = [...back.intents];
    const funds = fundsOf(market.balances, input.orders);
    const drift = driftOf(input, reference);
    const rules = market.rules;
    const gap: Record<string, string> = drift ? { mid: priceOf(drift.mid, rules), gap: percent(drift.gap), reference: priceOf(reference, rules) } : {};
    let correction: PlaceIntent | null = null;
    if (drift === null) {
      state = { ...state, drifting: false };
    } else if (input.priceMode === 'safe') {
      if (!state.drifting) intents.push(alert('warn', text('strategy.follow.driftSafe', gap)));
      state = { ...state, drifting: true };
    } else {
      correction = correctionOrder(input, reference, drift.mid, state);
      if (correction) {
        state = { ...state, budgetSpent: add(state.budgetSpent, mul(correction.price, correction.amount)) };
        intents.push(
          alert(
            'info',
            text('strategy.follow.correcting', {
              ...gap,
              side: `@bots.sideWord.${correction.side}`,
              amount: figureOf(correction.amount, rules.amountPrecision, rules.base),
              price: priceOf(correction.price, rules),
            }),
          ),
        );
      } else if (!state.drifting) {
        intents.push(alert('warn', text('strategy.follow.driftStuck', gap)));
      }
      state = { ...state, drifting: true };
    }

    intents.push(...syncLadder(input, reference, correction ? spend(funds, correction) : funds));
    if (correction) intents.push(correction);
    return { intents, state, reference };
  },
};

function hourOf(now: number): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS;
}

/**
 * The others' mid (the book without the desk's own orders: the bot's ladder and its sister bots'
 * quotes say nothing of where the rest of the market prices the pair) and its distance from the
 * reference, when further than the threshold (0 = never).
 */
function driftOf(input: TickInput<FollowExchangeConfig, FollowExchangeState>, reference: string): { mid: string; gap: string } | null {
  if (sign(input.config.correctionThreshold) <= 0) return null;
  const mid = bookMid(deskBook(input.market, input.orders));
  if (mid === null) return null;
  const gap = div(abs(minus(mid, reference)), reference, { decimals: 12, rounding: 'down' });
  return compare(gap, input.config.correctionThreshold) > 0 ? { mid, gap } : null;
}

/**
 * An IOC order toward the reference: a buy at the reference (rounded down) when the market is below
 * it, a sell (rounded up) when above; its amount is the others' liquidity up to that price, capped by
 * what is left of the hour's budget and by the available balance (not what resting orders hold:
 * they are still there when the IOC arrives). None while an earlier correction is still in flight.
 */
function correctionOrder(input: TickInput<FollowExchangeConfig, FollowExchangeState>, reference: string, marketMid: string, state: FollowExchangeState): PlaceIntent | null {
  const { market, orders, config } = input;
  if (orders.some((o) => o.tag === CORRECTION_TAG)) return null;
  const rules = market.rules;
  const side: Side = compare(marketMid, reference) < 0 ? 'buy' : 'sell';
  const price = side === 'buy' ? floor(reference, rules.pricePrecision) : ceil(reference, rules.pricePrecision);
  if (sign(price) <= 0) return null;
  // The others' liquidity: the key's own orders on the way are self-trades the venue prevents.
  const others = deskBook(market, orders);
  const liquidity = totalAmount(side === 'buy' ? levelsWithin(others.asks, (p) => compare(p, price) <= 0) : levelsWithin(others.bids, (p) => compare(p, price) >= 0));
  const budgetLeft = minus(config.correctionBudget, state.budgetSpent);
  if (sign(budgetLeft) <= 0) return null;
  let amount = min(floor(liquidity, rules.amountPrecision), affordable(budgetLeft, price, rules.amountPrecision));
  amount = side === 'buy' ? min(amount, affordable(market.balances.quote.available, price, rules.amountPrecision)) : min(amount, floor(market.balances.base.available, rules.amountPrecision));
  if (!meetsMinimums(price, amount, rules)) return null;
  return place({ tag: CORRECTION_TAG, side, price, amount, timeInForce: 'IOC' });
}

/** A fraction as a message writes it, cut at 2 decimals as the console shows it: '0.01234' → '1.23 %'. */
function percent(fraction: string): string {
  return percentOf(fractionToPercent(fraction, 2));
}
