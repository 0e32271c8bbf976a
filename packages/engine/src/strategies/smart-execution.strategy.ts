import { text, type SmartBuyConfig, type SmartSellConfig } from '@makerdesk/contract';
import { add, ceil, compare, div, floor, max, min, minus, mul, sign, stepOf } from '@makerdesk/decimal';
import type { BookLevel, Side } from '@makerdesk/exchange';
import { cancel, place, stop, type Intent, type PlaceIntent } from '../intents.ts';
import type { Strategy, TickInput } from '../strategy.ts';
import { affordable } from './kit/funds.ts';
import { meetsMinimums } from './kit/order-size.ts';
import { levelsWithin, totalAmount } from './kit/liquidity.ts';
import { touchPrice } from './kit/reference-price.ts';

/**
 * Smart sell and smart buy (docs/strategies.md, "Smart sell and smart buy"): work `totalAmount`
 * off by `targetAt` in `stageCount` time slices, never past the price limit, never more than a share
 * of the visible liquidity within it at once, optionally waiting for a trailing callback before each
 * stage. One order at a time, tagged `smart`: IOC in normal price mode, POST_ONLY at the touch in
 * safe mode.
 */
export interface SmartExecutionState {
  /** When the schedule started (the first tick's startedAt), kept across restarts. */
  since: number | null;
  /** Base filled so far. */
  filled: string;
  /** Trailing callback tracking of the current stage. */
  trail: { stage: number; best: string; triggered: boolean } | null;
}

export const SMART_TAG = 'smart';

export const smartSellStrategy = smartExecution('sell');
export const smartBuyStrategy = smartExecution('buy');

function smartExecution(side: Side): Strategy<SmartSellConfig | SmartBuyConfig, SmartExecutionState> {
  return {
    type: side === 'sell' ? 'smart_sell' : 'smart_buy',
    initialState: () => ({ since: null, filled: '0', trail: null }),
    needs: () => ({ bookDepth: 50, references: [] }),
    decide: (input) => decide(side, input),
  };
}

type Input = TickInput<SmartSellConfig | SmartBuyConfig, SmartExecutionState>;

function decide(side: Side, input: Input): { intents: Intent[]; state: SmartExecutionState; reference: string | null } {
  const { config, market, now } = input;
  const rules = market.rules;
  const since = input.state.since ?? input.startedAt;
  let filled = input.state.filled;
  for (const fill of input.fills) if (fill.tag === SMART_TAG && fill.side === side) filled = add(filled, fill.amount);
  let state: SmartExecutionState = { ...input.state, since, filled };
  const reference = touchPrice(market.book);
  const done = { summary: '@bots.smart.done', verb: side === 'sell' ? '@bots.smart.sold' : '@bots.smart.bought', filled, total: config.totalAmount };

  if (compare(minus(config.totalAmount, filled), rules.minAmount) < 0) return { intents: [stop(text('bots.stopReason.done', done))], state, reference };
  if (now >= config.targetAt || config.targetAt <= since) return { intents: [stop(text('bots.stopReason.smartTargetDate', done))], state, reference };

  const stage = Math.min(config.stageCount - 1, Math.floor(((now - since) * config.stageCount) / (config.targetAt - since)));
  const due = stage === config.stageCount - 1 ? config.totalAmount : floor(div(mul(config.totalAmount, String(stage + 1)), String(config.stageCount), { decimals: rules.amountPrecision, rounding: 'floor' }), rules.amountPrecision);
  const want = floor(minus(due, filled), rules.amountPrecision);

  let armed = true;
  if (config.trailingCallback !== undefined) {
    const trail = trailing(side, input, stage, config.trailingCallback);
    state = { ...state, trail };
    armed = trail?.triggered ?? false;
  }

  const order = armed && sign(want) > 0 ? nextOrder(side, input, want) : null;
  return { intents: withLiveOrder(input, order), state, reference };
}

/**
 * Before each stage: the best price since the stage was due (sell: highest bid, buy: lowest ask),
 * and whether the price has since come back `callback` % from it. Once it has, the stage acts until
 * the next one is due, which tracks afresh.
 */
function trailing(side: Side, input: Input, stage: number, callback: string): SmartExecutionState['trail'] {
  const current = side === 'sell' ? input.market.book.bids[0]?.[0] : input.market.book.asks[0]?.[0];
  const previous = input.state.trail;
  const fresh = previous === null || previous.stage !== stage;
  if (current === undefined) return fresh ? null : previous;
  if (fresh) return { stage, best: current, triggered: false };
  if (previous.triggered) return previous;
  const best = side === 'sell' ? max(previous.best, current) : min(previous.best, current);
  const back = div(callback, '100', { decimals: 12, rounding: 'half-even' });
  const trigger = side === 'sell' ? mul(best, minus('1', back)) : mul(best, add('1', back));
  const triggered = side === 'sell' ? compare(current, trigger) <= 0 : compare(current, trigger) >= 0;
  return { stage, best, triggered };
}

/**
 * The order for `want`: at most maxLiquidityShare of the opposite side's visible amount within the
 * price limit, at most the balance. Normal mode: IOC priced at the deepest level that amount
 * reaches (never past the limit). Safe mode: POST_ONLY at the own side's touch (the best ask for a
 * sell, one tick outside the best bid when there is no ask), never past the limit, never crossing.
 */
function nextOrder(side: Side, input: Input, want: string): PlaceIntent | null {
  const { config, market, priceMode } = input;
  const rules = market.rules;
  const opposite = side === 'sell' ? market.book.bids : market.book.asks;
  const inside = (price: string) => (side === 'sell' ? compare(price, config.priceLimit) >= 0 : compare(price, config.priceLimit) <= 0);
  const levels = levelsWithin(opposite, inside);
  const visible = totalAmount(levels);
  let amount = min(want, floor(mul(visible, config.maxLiquidityShare), rules.amountPrecision));
  if (sign(amount) <= 0) return null;

  let price: string | null;
  if (priceMode === 'safe') {
    const tick = stepOf(rules.pricePrecision);
    if (side === 'sell') {
      const touch = market.book.asks[0]?.[0] ?? add(levels[0]![0], tick);
      price = max(touch, ceil(config.priceLimit, rules.pricePrecision));
    } else {
      const touch = market.book.bids[0]?.[0] ?? minus(levels[0]![0], tick);
      price = min(touch, floor(config.priceLimit, rules.pricePrecision));
    }
    // A crossed or locked book leaves no price that rests without taking: wait.
    const bestOpposite = opposite[0]![0];
    if (side === 'sell' ? compare(price, bestOpposite) <= 0 : compare(price, bestOpposite) >= 0) return null;
  } else {
    price = reach(levels, amount);
  }
  if (price === null || sign(price) <= 0) return null;
  amount = side === 'sell' ? min(amount, floor(market.balances.base.available, rules.amountPrecision)) : min(amount, affordable(market.balances.quote.available, price, rules.amountPrecision));
  if (!meetsMinimums(price, amount, rules)) return null;
  return place({ tag: SMART_TAG, side, price, amount, timeInForce: priceMode === 'safe' ? 'POST_ONLY' : 'IOC' });
}

/**
 * One smart order at a time, so fills never add up past the total: a live order that is exactly the
 * wanted one stays; any other is cancelled and nothing is placed until the venue has confirmed it
 * gone (an order in flight, unknown or canceling, also waits).
 */
function withLiveOrder(input: Input, order: PlaceIntent | null): Intent[] {
  const live = input.orders.filter((o) => o.tag === SMART_TAG);
  if (live.length === 0) return order ? [order] : [];
  const [only] = live;
  const same = live.length === 1 && only!.state === 'open' && order !== null && only!.side === order.side && compare(only!.price, order.price) === 0 && compare(minus(only!.amount, only!.filledAmount), order.amount) === 0;
  if (same) return [];
  return live.filter((o) => o.state === 'open').map((o) => cancel(o.clientOrderId));
}

/** The price of the deepest level `amount` reaches, best first. */
function reach(levels: readonly BookLevel[], amount: string): string | null {
  let sum = '0';
  for (const [price, size] of levels) {
    sum = add(sum, size);
    if (compare(sum, amount) >= 0) return price;
  }
  return levels.at(-1)?.[0] ?? null;
}
