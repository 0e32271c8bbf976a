import { text, type RangeOscillationConfig } from '@makerdesk/contract';
import { abs, add, compare, div, floor, max, minus, mul, sign } from '@makerdesk/decimal';
import { alert, stop, type Intent } from '../intents.ts';
import type { OwnOrder, Strategy, TickInput } from '../strategy.ts';
import { capToFunds, fundsOf } from './kit/funds.ts';
import { meetsMinimums } from './kit/order-size.ts';
import { gridLevels } from './kit/grid-levels.ts';
import { touchPrice } from './kit/reference-price.ts';
import { syncSlots, type DesiredOrder } from './kit/sync-slots.ts';
import { priceOf } from '../monitors/monitor-kit.ts';

/**
 * Range oscillation (docs/strategies.md, "Range oscillation"): a grid of gridCount + 1 levels
 * between the lower and upper price. Cell i spans level i to level i + 1: it buys at level i,
 * and once that buy has filled it sells what it bought at level i + 1; once that sold, it buys at
 * level i again.
 */
export interface GridCell {
  /** buy: a buy at the cell's lower level is wanted; sell: its inventory is offered one level up. */
  phase: 'buy' | 'sell';
  /** Base bought in this cell and not sold yet. */
  held: string;
}

export interface RangeOscillationState {
  cells: GridCell[];
  /** Where the price was against the range at the last tick (alerts on the change only). */
  outside: 'above' | 'below' | null;
  /** The own book had no price at the last tick. */
  noPrice: boolean;
}

export const buyTag = (cell: number) => `grid-${cell}-buy`;
export const sellTag = (cell: number) => `grid-${cell}-sell`;
const TAG = /^grid-(\d+)-(buy|sell)$/;

export const rangeOscillationStrategy: Strategy<RangeOscillationConfig, RangeOscillationState> = {
  type: 'range_oscillation',
  initialState: (config) => ({ cells: Array.from({ length: config.gridCount }, () => ({ phase: 'buy' as const, held: '0' })), outside: null, noPrice: false }),
  needs: () => ({ bookDepth: 5, references: [] }),
  decide(input) {
    const { config, market } = input;
    const rules = market.rules;
    const levels = gridLevels(config.lowerPrice, config.upperPrice, config.gridCount, config.spacing, rules.pricePrecision);
    const collapsed = levels.findIndex((level, i) => i > 0 && compare(level, levels[i - 1]!) <= 0);
    if (collapsed > 0) {
      const level = priceOf(levels[collapsed]!, rules);
      return { intents: [stop(text('strategy.range.gridTooFine', { lower: collapsed - 1, upper: collapsed, level }))], state: input.state, reference: null };
    }

    const intents: Intent[] = [];
    const cells = advance(applyFills(input.state.cells, config.gridCount, input), levels, input);
    const price = touchPrice(market.book);
    let state: RangeOscillationState = { ...input.state, cells };
    if (price === null) {
      if (!state.noPrice) intents.push(alert('warn', text('bots.rangeEmptyBook')));
      state = { ...state, noPrice: true };
    } else {
      state = { ...state, noPrice: false };
      const outside = compare(price, config.upperPrice) > 0 ? 'above' : compare(price, config.lowerPrice) < 0 ? 'below' : null;
      if (outside && outside !== state.outside) intents.push(alert('warn', text('bots.rangeLeft', { price, lower: config.lowerPrice, upper: config.upperPrice })));
      if (!outside && state.outside) intents.push(alert('info', text('bots.rangeBack', { price })));
      state = { ...state, outside };
    }

    const desired = capToFunds(desiredOrders(state, levels, price, input), fundsOf(market.balances, input.orders), rules).orders;
    intents.push(...syncSlots(desired, input.orders, { now: input.now }));
    return { intents, state, reference: price };
  },
};

/** Fills add to (buy) or take from (sell) their cell's inventory. */
function applyFills(previous: readonly GridCell[], gridCount: number, input: TickInput<RangeOscillationConfig, RangeOscillationState>): GridCell[] {
  const cells = Array.from({ length: gridCount }, (_, i) => previous[i] ?? { phase: 'buy' as const, held: '0' });
  for (const fill of input.fills) {
    const m = TAG.exec(fill.tag);
    if (!m) continue;
    const i = Number(m[1]);
    const cell = cells[i];
    if (!cell) continue;
    cells[i] = { ...cell, held: m[2] === 'buy' ? add(cell.held, fill.amount) : max(minus(cell.held, fill.amount), '0') };
  }
  return cells;
}

/**
 * A buying cell turns to selling once it holds the order size, or once its buy is gone (filled, or
 * cancelled after a partial fill) with a sellable amount; a selling cell turns back to buying once its
 * inventory is sold (what is left is under the pair's minimums) and no sell of it is live.
 */
function advance(cells: GridCell[], levels: readonly string[], input: TickInput<RangeOscillationConfig, RangeOscillationState>): GridCell[] {
  const { config, orders, market } = input;
  const live = (tag: string) => orders.some((o) => o.tag === tag);
  return cells.map((cell, i) => {
    const sellable = meetsMinimums(levels[i + 1]!, floor(cell.held, market.rules.amountPrecision), market.rules);
    if (cell.phase === 'buy') {
      const full = compare(cell.held, config.orderAmount) >= 0;
      return full || (!live(buyTag(i)) && sellable) ? { ...cell, phase: 'sell' } : cell;
    }
    return !sellable && !live(sellTag(i)) ? { ...cell, phase: 'buy' } : cell;
  });
}

/**
 * Kept first (resting buys stay wherever the price went), then the sells, then new buys nearest the
 * price first while the budget lasts (inventory held at its buy level and resting buys count against
 * it): only at levels strictly below the price, none while the price is above the range, and in safe
 * mode none further than the max deviation.
 */
function desiredOrders(state: RangeOscillationState, levels: readonly string[], price: string | null, input: TickInput<RangeOscillationConfig, RangeOscillationState>): DesiredOrder[] {
  const { config, orders, market } = input;
  const rules = market.rules;
  const open = (tag: string): OwnOrder | undefined => orders.find((o) => o.tag === tag && o.state === 'open');
  const kept: DesiredOrder[] = [];
  const sells: DesiredOrder[] = [];
  const fresh: DesiredOrder[] = [];
  let budgetOut = false;
  let committed = '0';
  for (const [i, cell] of state.cells.entries()) committed = add(committed, mul(cell.held, levels[i]!));
  for (const o of orders) if (o.side === 'buy' && TAG.test(o.tag)) committed = add(committed, mul(o.price, minus(o.amount, o.filledAmount)));

  for (let i = state.cells.length - 1; i >= 0; i--) {
    const cell = state.cells[i]!;
    if (cell.phase === 'sell') {
      const resting = open(sellTag(i));
      const amount = resting && compare(resting.price, levels[i + 1]!) === 0 ? resting.amount : floor(cell.held, rules.amountPrecision);
      sells.push({ tag: sellTag(i), side: 'sell', price: levels[i + 1]!, amount });
      continue;
    }
    const resting = open(buyTag(i));
    if (resting) {
      kept.push({ tag: buyTag(i), side: 'buy', price: resting.price, amount: resting.amount });
      continue;
    }
    if (budgetOut || price === null || compare(price, config.upperPrice) > 0 || compare(levels[i]!, price) >= 0) continue;
    if (input.priceMode === 'safe' && compare(div(abs(minus(price, levels[i]!)), price, { decimals: 12, rounding: 'up' }), config.maxDeviation) > 0) continue;
    const amount = floor(minus(config.orderAmount, cell.held), rules.amountPrecision);
    if (!meetsMinimums(levels[i]!, amount, rules)) continue;
    const cost = mul(levels[i]!, amount);
    if (compare(add(committed, cost), config.totalBudget) > 0) {
      budgetOut = true;
      continue;
    }
    committed = add(committed, cost);
    fresh.push({ tag: buyTag(i), side: 'buy', price: levels[i]!, amount });
  }
  return [...kept, ...sells.filter((s) => sign(s.amount) > 0), ...fresh];
}
