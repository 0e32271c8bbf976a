import { rangeOscillationConfig } from '@makerdesk/contract';
import { readIntents } from '../testing/read-intents.ts';
import { describe, expect, it } from 'vitest';
import { atMost, balances, book, committed, kinds, market, ownFill, ownOrder, placements, tick } from './testing/execution-fixtures.ts';
import { buyTag, rangeOscillationStrategy as strategy, sellTag, type RangeOscillationState } from './range-oscillation.strategy.ts';

const config = rangeOscillationConfig.parse({
  lowerPrice: '90',
  upperPrice: '110',
  gridCount: 4,
  spacing: 'arithmetic',
  orderAmount: '1',
  totalBudget: '1000',
  intervalMin: 3,
  intervalMax: 6,
  maxDeviation: '0.1',
});
// Levels 90, 95, 100, 105, 110; the market at 102.
const at102 = book([['101', '5']], [['103', '5']]);
const fresh = (): RangeOscillationState => strategy.initialState(config, 0);
const run = (state: RangeOscillationState, over: Parameters<typeof tick>[2] = {}) => strategy.decide(tick(config, state, { market: market({ book: at102 }), ...over }));

describe('range_oscillation', () => {
  it('at start buys at every level below the price, nearest first, and sells nothing', () => {
    const out = run(fresh());
    expect(out.reference).toBe('102');
    expect(placements(out.intents).map((p) => [p.tag, p.side, p.price, p.amount])).toEqual([
      ['grid-2-buy', 'buy', '100', '1'],
      ['grid-1-buy', 'buy', '95', '1'],
      ['grid-0-buy', 'buy', '90', '1'],
    ]);
  });

  it('stops at the total budget and at the available balance', () => {
    const budget = strategy.decide(tick({ ...config, totalBudget: '200' }, fresh(), { market: market({ book: at102 }) }));
    expect(placements(budget.intents).map((p) => p.price)).toEqual(['100', '95']);
    const poor = run(fresh(), { market: market({ book: at102, balances: balances('0', '150') }) });
    expect(atMost(committed(poor.intents).quote, '150')).toBe(true);
    expect(placements(poor.intents).map((p) => [p.price, p.amount])).toEqual([['100', '1'], ['95', '0.5263']]);
  });

  it('sells exactly one level up what a filled buy bought, and does not buy there again meanwhile', () => {
    const start = run(fresh());
    const resting = [ownOrder(buyTag(1), 'buy', '95', '1'), ownOrder(buyTag(0), 'buy', '90', '1')];
    const out = run(start.state, { orders: resting, fills: [ownFill(buyTag(2), 'buy', '100', '1')] });
    expect(placements(out.intents).map((p) => [p.tag, p.side, p.price, p.amount])).toEqual([['grid-2-sell', 'sell', '105', '1']]);
    expect(out.state.cells[2]).toEqual({ phase: 'sell', held: '1' });
  });

  it('after that sell fills, buys at the lower level again', () => {
    const state: RangeOscillationState = { ...fresh(), cells: [{ phase: 'buy', held: '0' }, { phase: 'buy', held: '0' }, { phase: 'sell', held: '1' }, { phase: 'buy', held: '0' }] };
    const resting = [ownOrder(buyTag(1), 'buy', '95', '1'), ownOrder(buyTag(0), 'buy', '90', '1')];
    const out = run(state, { market: market({ book: book([['105.5', '1']], [['106', '1']]) }), orders: resting, fills: [ownFill(sellTag(2), 'sell', '105', '1')] });
    expect(out.state.cells[2]).toEqual({ phase: 'buy', held: '0' });
    // The price climbed past 105, so level 105 is now below it too.
    expect(placements(out.intents).map((p) => [p.tag, p.price])).toEqual([
      ['grid-3-buy', '105'],
      ['grid-2-buy', '100'],
    ]);
  });

  it('keeps a partly filled buy resting and sells what it bought once the buy is gone', () => {
    const state: RangeOscillationState = fresh();
    const partly = [ownOrder(buyTag(2), 'buy', '100', '1', { filledAmount: '0.4' }), ownOrder(buyTag(1), 'buy', '95', '1'), ownOrder(buyTag(0), 'buy', '90', '1')];
    const first = run(state, { orders: partly, fills: [ownFill(buyTag(2), 'buy', '100', '0.4')] });
    expect(first.intents).toEqual([]);
    expect(first.state.cells[2]).toEqual({ phase: 'buy', held: '0.4' });
    const gone = run(first.state, { orders: partly.slice(1) });
    expect(placements(gone.intents).map((p) => [p.tag, p.price, p.amount])).toEqual([['grid-2-sell', '105', '0.4']]);
  });

  it('above the range: no new buys, what rests stays, one alert', () => {
    const above = book([['120', '1']], [['121', '1']]);
    const resting = [ownOrder(buyTag(2), 'buy', '100', '1')];
    const out = run(fresh(), { market: market({ book: above }), orders: resting });
    expect(kinds(out.intents)).toEqual(['alert']);
    expect(out.state.outside).toBe('above');
    expect(run(out.state, { market: market({ book: above }), orders: resting }).intents).toEqual([]);
  });

  it('below the range: no level is under the price, so nothing is bought', () => {
    const out = run(fresh(), { market: market({ book: book([['80', '1']], [['81', '1']]) }) });
    expect(kinds(out.intents)).toEqual(['alert']);
    expect(out.state.outside).toBe('below');
  });

  it('an empty book places nothing, keeps what rests and says so once', () => {
    const resting = [ownOrder(buyTag(2), 'buy', '100', '1')];
    const out = run(fresh(), { market: market(), orders: resting });
    expect(kinds(out.intents)).toEqual(['alert']);
    expect(out.reference).toBeNull();
    expect(run(out.state, { market: market(), orders: resting }).intents).toEqual([]);
  });

  it('uses geometric levels when asked', () => {
    const geo = { ...config, lowerPrice: '100', upperPrice: '400', gridCount: 2, spacing: 'geometric' as const };
    const out = strategy.decide(tick(geo, strategy.initialState(geo, 0), { market: market({ book: book([['300', '1']], [['302', '1']]) }) }));
    expect(placements(out.intents).map((p) => p.price)).toEqual(['200', '100']);
  });

  it('stops when the grid is finer than the price step', () => {
    const fine = { ...config, lowerPrice: '100', upperPrice: '100.02', gridCount: 4 };
    const out = strategy.decide(tick(fine, strategy.initialState(fine, 0), { market: market({ book: at102 }) }));
    expect(kinds(out.intents)).toEqual(['stop']);
    expect(readIntents(out.intents)).toEqual([{ kind: 'stop', reason: "The grid is finer than the pair's price step: levels 0 and 1 are both 100.00 USDT. Use fewer grids or a wider range." }]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([{ kind: 'stop', reason: '网格比交易对的价格最小变动单位更细：第 0 和第 1 档都是 100.00 USDT。请减少网格数或扩大区间。' }]);
  });
});
