import { text, type BulldozerConfig } from '@makerdesk/contract';
import { add, compare, div, floor, min, mul, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { cancel, place, stop } from '../intents.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { bestAsk, bestBid, externalBook } from './kit/book-price.ts';
import { meetsMinimums } from './kit/order-size.ts';
import { alertOnce, type Warned } from './kit/warn-once.ts';

/**
 * Bulldozer (docs/strategies.md, "Bulldozer"), simulation only (DESIGN §8): each tick sweeps the
 * first `levelsPerSweep` levels of the other side of the book without the bot (buy: the asks,
 * sell: the bids) that lie within the stop price, with one IOC (tag `dozer`) limited at the deepest
 * of them, sized to their total amount, within the budget left and the balance. It stops once the
 * other side starts beyond the stop price or the budget is spent.
 */
export interface BulldozerState extends Warned {
  /** Quote value of the bot's fills so far. */
  spent: string;
  sweeps: number;
}

export const DOZER_TAG = 'dozer';

type Input = TickInput<BulldozerConfig, BulldozerState>;

export function decideBulldozer(input: Input): TickOutput<BulldozerState> {
  const { config, market, orders } = input;
  const rules = market.rules;
  const ap = rules.amountPrecision;
  const side: Side = config.side;
  let state = input.state;
  for (const fill of input.fills) if (fill.tag === DOZER_TAG) state = { ...state, spent: add(state.spent, mul(fill.price, fill.amount)) };
  const others = externalBook(market.book, orders);
  const bid = bestBid(others);
  const ask = bestAsk(others);
  const reference = bid !== null && ask !== null ? div(add(bid, ask), '2', { decimals: rules.pricePrecision + 1, rounding: 'half-even' }) : null;
  const summary = () => ({ summary: '@bots.bulldozer.summary', sweeps: state.sweeps, spent: state.spent, budget: `${config.budget} ${rules.quote}` });

  if (orders.length > 0) return { intents: orders.filter((o) => o.state === 'open').map((o) => cancel(o.clientOrderId)), state, reference };
  const left = add(config.budget, `-${state.spent}`);
  if (sign(left) <= 0 || compare(left, rules.minNotional) < 0) return { intents: [stop(text('bots.stopReason.budgetSpent', summary()))], state, reference };
  const opposite = side === 'buy' ? others.asks : others.bids;
  if (opposite.length === 0) {
    const { intents, state: next } = alertOnce(state, 'empty', 'warn', `no ${side === 'buy' ? 'asks' : 'bids'} to sweep; waiting`);
    return { intents, state: next, reference };
  }
  const within = (price: string) => (side === 'buy' ? compare(price, config.stopPrice) <= 0 : compare(price, config.stopPrice) >= 0);
  if (!within(opposite[0]![0])) return { intents: [stop(text('bots.stopReason.stopPrice', { ...summary(), stopPrice: config.stopPrice, where: side === 'buy' ? '@bots.bulldozer.asksAbove' : '@bots.bulldozer.bidsBelow' }))], state, reference };

  const levels = opposite.slice(0, config.levelsPerSweep).filter(([price]) => within(price));
  const limit = levels.at(-1)![0];
  let amount = levels.reduce((sum, [, size]) => add(sum, size), '0');
  amount = min(amount, floor(div(left, limit, { decimals: ap, rounding: 'floor' }), ap));
  amount = side === 'buy' ? min(amount, floor(div(market.balances.quote.available, limit, { decimals: ap, rounding: 'floor' }), ap)) : min(amount, floor(market.balances.base.available, ap));
  if (!meetsMinimums(limit, amount, rules)) {
    const { intents, state: next } = alertOnce(state, 'funds', 'warn', `not enough ${side === 'buy' ? rules.quote : rules.base} (or budget) to sweep at ${limit}; waiting`);
    return { intents, state: next, reference };
  }
  return { intents: [place({ tag: DOZER_TAG, side, price: limit, amount, timeInForce: 'IOC' })], state: { ...state, sweeps: state.sweeps + 1, warned: null }, reference };
}

export const bulldozerStrategy: Strategy<BulldozerConfig, BulldozerState> = {
  type: 'bulldozer',
  initialState: () => ({ spent: '0', sweeps: 0, warned: null }),
  needs: (config) => ({ bookDepth: Math.max(5, config.levelsPerSweep + 1), references: [] }),
  decide: decideBulldozer,
};
