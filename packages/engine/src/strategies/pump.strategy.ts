import { text, type PumpConfig, type RobotTypeKey } from '@makerdesk/contract';
import { add, ceil, compare, div, floor, max, min, minus, mul, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { cancel, place, stop, type Intent } from '../intents.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { bestAsk, bestBid, externalBook } from './kit/book-price.ts';
import { drawDecimal, FRACTION_DECIMALS } from './kit/draw.ts';
import { meetsMinimums, venueMinimum } from './kit/order-size.ts';
import { alertOnce, type Warned } from './kit/warn-once.ts';

/**
 * Pump and dump bots (docs/strategies.md, "Pump and dump"), simulation only (DESIGN §8). The price
 * they move is the pair's last trade price. Each tick sets a goal price by the mode, then pushes
 * towards it with one IOC order (tag `pump`) limited at the goal, of a size drawn between the order
 * size min and max, within what is left of the budget. When nothing rests between the last price
 * and the goal, it prints the goal with a venue-minimum trade against itself (`pump-print-m`/`-t`).
 * It stops at the target date, when the budget is spent, and (rapid) once the target is reached.
 */
export type PumpMode = 'oscillating' | 'rapid' | 'ratio';

export interface PumpState extends Warned {
  /** When the schedule started (the first tick's startedAt). */
  since: number | null;
  /** The last price at the first tick. */
  startPrice: string | null;
  /** Quote value of the fills on the side that moves the price towards the target. */
  spent: string;
  /** A trade printed at or beyond the target since the start. */
  reached: boolean;
  /** Ratio mode: the current swing's goal. */
  swingGoal: string | null;
}

export const PUMP_TAG = 'pump';

type Input = TickInput<PumpConfig, PumpState>;

/** +1 when the target is above the start price, -1 below, 0 when it is there already. */
function directionOf(state: PumpState, target: string): number {
  return state.startPrice === null ? 0 : compare(target, state.startPrice);
}

/** At or beyond the target, seen from the direction of travel. */
function beyond(price: string, target: string, direction: number): boolean {
  return direction >= 0 ? compare(price, target) >= 0 : compare(price, target) <= 0;
}

/** Oscillating: the straight path in time from the start price (at `since`) to the target (at `targetAt`). */
export function pathPrice(start: string, target: string, since: number, targetAt: number, now: number, pricePrecision: number): string {
  if (now >= targetAt || targetAt <= since) return target;
  const fraction = div(String(Math.max(0, now - since)), String(targetAt - since), { decimals: FRACTION_DECIMALS, rounding: 'floor' });
  return floor(add(start, mul(minus(target, start), fraction)), pricePrecision + 2);
}

export function decidePump(mode: PumpMode, input: Input): TickOutput<PumpState> {
  const { config, market, rng, orders, now } = input;
  const rules = market.rules;
  const last = market.trades?.[0]?.price ?? null;
  let state: PumpState = { ...input.state, since: input.state.since ?? input.startedAt };
  if (state.startPrice === null && last !== null) state = { ...state, startPrice: last };
  const direction = directionOf(state, config.targetPrice);
  const towards: Side = direction >= 0 ? 'buy' : 'sell';
  for (const fill of input.fills) {
    if (!fill.tag.startsWith(PUMP_TAG)) continue;
    if (fill.side === towards) state = { ...state, spent: add(state.spent, mul(fill.price, fill.amount)) };
    if (beyond(fill.price, config.targetPrice, direction)) state = { ...state, reached: true };
  }
  if (last !== null && state.startPrice !== null && beyond(last, config.targetPrice, direction)) state = { ...state, reached: true };
  const reference = last;
  const summary = () => ({ summary: '@bots.pump.summary', target: config.targetPrice, reached: state.reached ? '@bots.word.reached' : '@bots.word.notReached', spent: state.spent, budget: `${config.budget} ${rules.quote}` });

  if (now >= config.targetAt) return { intents: [stop(text('bots.stopReason.targetDate', summary()))], state, reference };
  if (mode === 'rapid' && state.reached) return { intents: [stop(text('bots.stopReason.targetReached', summary()))], state, reference };
  const left = minus(config.budget, state.spent);
  if (compare(left, rules.minNotional) < 0 || sign(left) <= 0) return { intents: [stop(text('bots.stopReason.budgetSpent', summary()))], state, reference };

  // Leftovers (a print's maker the taker did not meet) are cancelled first; an order in flight makes the push wait.
  const leftovers = orders.filter((o) => o.state === 'open').map((o) => cancel(o.clientOrderId));
  if (orders.some((o) => o.state !== 'open')) return { intents: leftovers, state, reference };
  if (last === null || state.startPrice === null) {
    const { intents, state: next } = alertOnce(state, 'no-price', 'warn', 'no trade on the pair yet: no last price to move; waiting');
    return { intents, state: next, reference };
  }

  let goal: string;
  if (state.reached || mode === 'rapid') {
    goal = config.targetPrice;
  } else if (mode === 'oscillating') {
    goal = pathPrice(state.startPrice, config.targetPrice, state.since!, config.targetAt, now, rules.pricePrecision);
  } else {
    let swing = state.swingGoal;
    if (swing === null || beyond(last, swing, direction)) {
      const share = div(drawDecimal(rng, config.swingMin ?? '1', config.swingMax ?? '1', 2), '100', { decimals: 4, rounding: 'floor' });
      const next = mul(last, direction >= 0 ? add('1', share) : minus('1', share));
      swing = direction >= 0 ? min(next, config.targetPrice) : max(next, config.targetPrice);
    }
    state = { ...state, swingGoal: swing };
    goal = swing;
  }

  const behind = direction >= 0 ? compare(last, goal) < 0 : compare(last, goal) > 0;
  const ahead = direction >= 0 ? compare(last, goal) > 0 : compare(last, goal) < 0;
  let intents: Intent[] = [];
  if (behind) intents = push(input, towards, goal, left);
  else if (ahead && mode === 'oscillating') intents = push(input, towards === 'buy' ? 'sell' : 'buy', goal, null);
  if (intents.length === 0 && behind) {
    const { intents: alerts, state: next } = alertOnce(state, 'funds', 'warn', `not enough ${rules.base} or ${rules.quote} (or budget) to push towards ${goal}; waiting`);
    return { intents: [...leftovers, ...alerts], state: next, reference };
  }
  return { intents: [...leftovers, ...intents], state: { ...state, warned: null }, reference };
}

/**
 * One push towards `goal` on `side`: an IOC at the goal of a drawn size, capped by the budget left
 * (null: not counted) and the balance, sweeping what rests up to the goal; then a venue-minimum trade
 * against the bot's own order at the goal prints it as the last price (once the sweep cleared the
 * way; otherwise the print's taker meets what is left before the goal).
 */
function push(input: Input, side: Side, goal: string, budgetLeft: string | null): Intent[] {
  const { config, market, rng, orders } = input;
  const rules = market.rules;
  const ap = rules.amountPrecision;
  const others = externalBook(market.book, orders);
  const price = side === 'buy' ? floor(goal, rules.pricePrecision) : ceil(goal, rules.pricePrecision);
  const print = venueMinimum(price, rules);
  const printValue = mul(print, price);
  let budget = budgetLeft === null ? null : minus(budgetLeft, printValue);
  let quote = minus(market.balances.quote.available, mul(printValue, '1.01'));
  let base = minus(market.balances.base.available, print);
  const intents: Intent[] = [];

  const opposite = side === 'buy' ? bestAsk(others) : bestBid(others);
  const reachable = opposite !== null && (side === 'buy' ? compare(opposite, price) <= 0 : compare(opposite, price) >= 0);
  if (reachable) {
    let amount = drawDecimal(rng, config.orderSizeMin, config.orderSizeMax, ap);
    if (budget !== null) amount = min(amount, floor(div(max(budget, '0'), price, { decimals: ap, rounding: 'floor' }), ap));
    amount = side === 'buy' ? min(amount, floor(div(max(quote, '0'), price, { decimals: ap, rounding: 'floor' }), ap)) : min(amount, floor(max(base, '0'), ap));
    if (meetsMinimums(price, amount, rules)) {
      intents.push(place({ tag: PUMP_TAG, side, price, amount, timeInForce: 'IOC' }));
      const value = mul(amount, price);
      if (budget !== null) budget = minus(budget, value);
      if (side === 'buy') quote = minus(quote, value);
      else base = minus(base, amount);
    }
  }

  // The print's maker must not meet the rest of the market on its own side's touch.
  const touch = side === 'buy' ? bestBid(others) : bestAsk(others);
  const makerCrosses = touch !== null && (side === 'buy' ? compare(price, touch) <= 0 : compare(price, touch) >= 0);
  const affordable = (budget === null || sign(budget) >= 0) && sign(quote) >= 0 && sign(base) >= 0;
  if (!makerCrosses && affordable) {
    const makerSide: Side = side === 'buy' ? 'sell' : 'buy';
    intents.push(place({ tag: `${PUMP_TAG}-print-m`, side: makerSide, price, amount: print, timeInForce: 'GTC', selfTrade: true }));
    intents.push(place({ tag: `${PUMP_TAG}-print-t`, side, price, amount: print, timeInForce: 'IOC', selfTrade: true }));
  }
  return intents;
}

function pumpStrategy(type: RobotTypeKey, mode: PumpMode): Strategy<PumpConfig, PumpState> {
  return {
    type,
    initialState: () => ({ since: null, startPrice: null, spent: '0', reached: false, swingGoal: null, warned: null }),
    needs: () => ({ bookDepth: 50, references: [], trades: 1 }),
    decide: (input) => decidePump(mode, input),
  };
}

export const pumpOscillatingStrategy = pumpStrategy('pump_oscillating', 'oscillating');
export const pumpRapidStrategy = pumpStrategy('pump_rapid', 'rapid');
export const pumpRatioStrategy = pumpStrategy('pump_ratio', 'ratio');
