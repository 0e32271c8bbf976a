import { ammConfig, type AmmConfig } from '@makerdesk/contract';
import { add, compare, minus, mul, sign } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import type { PlaceIntent } from '../intents.ts';
import { ammStrategy as strategy, EMPTY_POOL_REASON, type AmmState } from './amm.strategy.ts';
import { NO_REFERENCE_MESSAGE } from './kit/quoting-state.ts';
import { book, cancels, fill, NOW, placed, places, rules as baseRules, side, tick } from './liquidity.fixture.ts';

const rules = { ...baseRules, amountPrecision: 6 };
const UNIT = 0.000001;
const config = (over: Partial<AmmConfig> = {}): AmmConfig =>
  ammConfig.parse({
    baseInvestment: '10',
    quoteInvestment: '2000',
    lowerPrice: '80',
    upperPrice: '125',
    gridCount: 9,
    spacing: 'arithmetic',
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.3',
    ...over,
  });
const fresh = (c: AmmConfig): AmmState => strategy.initialState(c, NOW);
const at = (mid: number) => book([[String(mid - 0.5), '10']], [[String(mid + 0.5), '10']]);
const sum = (ps: PlaceIntent[]) => ps.reduce((s, p) => add(s, p.amount), '0');
const n = Number;

/** The naive reference: the same pool in floats, straight from the textbook formulas. */
function naivePool(x0: number, y0: number, pa: number, pb: number, p: number) {
  const L = Math.min(x0 / (1 / Math.sqrt(p) - 1 / Math.sqrt(pb)), y0 / (Math.sqrt(p) - Math.sqrt(pa)));
  const x = (q: number) => L * (1 / Math.sqrt(q) - 1 / Math.sqrt(pb));
  const y = (q: number) => L * (Math.sqrt(q) - Math.sqrt(pa));
  return { L, x, y };
}

function first(c = config(), mid = 100) {
  const out = strategy.decide(tick(c, fresh(c), { market: { rules, book: at(mid) } }));
  return { out, orders: placed(out.intents) };
}

describe('amm', () => {
  it('buys at the levels below the pool price and sells above, nothing at it', () => {
    const { out } = first();
    expect(out.reference).toBe('100');
    expect(side(out.intents, 'buy').map((p) => p.price)).toEqual(['80', '85', '90', '95']);
    expect(side(out.intents, 'sell').map((p) => p.price)).toEqual(['105', '110', '115', '120', '125']);
    expect(out.intents[0]).toMatchObject({ kind: 'alert', level: 'info' });
  });

  it.each([100, 102])('quotes follow x·y = k at %d: the base sold up to each level is x(P) − x(level), and the reserves there multiply to L²', (mid) => {
    const { out } = first(config(), mid);
    const pool = naivePool(10, 2000, 80, 125, mid);
    expect(n(out.state.pool?.liquidity)).toBeCloseTo(pool.L, 6);
    let sold = 0;
    for (const sell of side(out.intents, 'sell')) {
      sold += n(sell.amount);
      const p = n(sell.price);
      expect(Math.abs(sold - (pool.x(mid) - pool.x(p)))).toBeLessThan(5 * UNIT);
      const virtualX = pool.x(mid) - sold + pool.L / Math.sqrt(125);
      const virtualY = pool.y(p) + pool.L * Math.sqrt(80);
      expect((virtualX * virtualY) / pool.L ** 2).toBeCloseTo(1, 6);
    }
    // All the sells together give what the pool holds at its price, to rounding, never more.
    const sells = n(sum(side(out.intents, 'sell')));
    expect(sells).toBeLessThanOrEqual(pool.x(mid) + 1e-9);
    expect(sells).toBeGreaterThan(pool.x(mid) - 10 * UNIT);
    let bought = 0;
    for (const buy of [...side(out.intents, 'buy')].reverse()) {
      bought += n(buy.amount);
      expect(Math.abs(bought - (pool.x(n(buy.price)) - pool.x(mid)))).toBeLessThan(5 * UNIT);
    }
    const cost = side(out.intents, 'buy').reduce((s, b) => add(s, mul(b.price, b.amount)), '0');
    expect(compare(cost, '2000')).toBeLessThanOrEqual(0);
    expect(n(cost)).toBeLessThanOrEqual(pool.y(mid));
  });

  it('a filled sell moves the pool to its level and comes back as a buy one level down; the rest stays', () => {
    const { out, orders } = first();
    const filled = orders.find((o) => o.tag === 'level-5') as (typeof orders)[number];
    expect(filled.price).toBe('105');
    const next = strategy.decide(
      tick(config(), out.state, { orders: orders.filter((o) => o !== filled), fills: [fill(filled, filled.amount)], now: NOW + 5_000, market: { rules, book: at(105) } }),
    );
    expect(n(next.reference)).toBeCloseTo(105, 4);
    expect(cancels(next.intents)).toEqual([]);
    const [buy, ...others] = places(next.intents);
    expect(others).toEqual([]);
    expect(buy).toMatchObject({ tag: 'level-4', side: 'buy', price: '100' });
    expect(Math.abs(n(minus(buy!.amount, filled.amount)))).toBeLessThanOrEqual(UNIT);
    // The sells still resting are the pool's x at its new price.
    const pool = naivePool(10, 2000, 80, 125, 100);
    const resting = orders.filter((o) => o.side === 'sell' && o !== filled).reduce((s, o) => s + n(o.amount), 0);
    expect(Math.abs(resting - pool.x(105))).toBeLessThan(5 * UNIT);
  });

  it('a filled buy comes back as a sell one level up', () => {
    const { out, orders } = first();
    const filled = orders.find((o) => o.tag === 'level-3') as (typeof orders)[number];
    const next = strategy.decide(tick(config(), out.state, { orders: orders.filter((o) => o !== filled), fills: [fill(filled, filled.amount)], market: { rules, book: at(95) } }));
    expect(n(next.reference)).toBeCloseTo(95, 4);
    expect(places(next.intents)).toEqual([{ kind: 'place', tag: 'level-4', side: 'sell', price: '100', amount: filled.amount }]);
  });

  it('a partly filled level keeps its order and the pool buys back what it sold, one level down', () => {
    const { out, orders } = first();
    const level5 = orders.find((o) => o.tag === 'level-5') as (typeof orders)[number];
    const partly = orders.map((o) => (o === level5 ? { ...o, filledAmount: '1' } : o));
    const next = strategy.decide(tick(config(), out.state, { orders: partly, fills: [fill(level5, '1')], market: { rules, book: at(102) } }));
    expect(n(next.reference)).toBeGreaterThan(100);
    expect(n(next.reference)).toBeLessThan(105);
    expect(next.intents).toEqual([{ kind: 'place', tag: 'level-4', side: 'buy', price: '100', amount: '1' }]);
  });

  it('sets geometric levels at equal ratios between the bounds', () => {
    const { out } = first(config({ spacing: 'geometric', gridCount: 10 }));
    const prices = places(out.intents).map((p) => n(p.price)).sort((a, b) => a - b);
    const ratio = (125 / 80) ** (1 / 10);
    const expected = Array.from({ length: 11 }, (_, i) => Math.round(80 * ratio ** i * 100) / 100).filter((p) => Math.abs(p - 100) > 1e-9);
    expect(prices).toEqual(expected);
  });

  it('outside the range the pool holds one asset: all sells below it, all buys above it', () => {
    const below = first(config(), 70).out;
    expect(side(below.intents, 'buy')).toEqual([]);
    expect(side(below.intents, 'sell')).toHaveLength(9);
    expect(compare(sum(side(below.intents, 'sell')), '10')).toBeLessThanOrEqual(0);
    expect(compare(sum(side(below.intents, 'sell')), '9.99999')).toBeGreaterThan(0);
    const above = first(config(), 130).out;
    expect(side(above.intents, 'sell')).toEqual([]);
    expect(side(above.intents, 'buy')).toHaveLength(9);
    const cost = side(above.intents, 'buy').reduce((s, b) => add(s, mul(b.price, b.amount)), '0');
    expect(compare(cost, '2000')).toBeLessThanOrEqual(0);
  });

  it('stops when the pool would hold nothing, waits with one alert without a price', () => {
    expect(first(config({ baseInvestment: '0' })).out.intents).toEqual([{ kind: 'stop', reason: EMPTY_POOL_REASON }]);
    const c = config();
    const empty = strategy.decide(tick(c, fresh(c), { market: { rules, book: book([], []) } }));
    expect(empty.intents).toEqual([{ kind: 'alert', level: 'warn', message: NO_REFERENCE_MESSAGE }]);
    expect(empty.state.pool).toBeNull();
    expect(strategy.decide(tick(c, empty.state, { market: { rules, book: book([], []) } })).intents).toEqual([]);
  });

  it('in safe mode leaves out the levels the market has run past; normal mode keeps them', () => {
    const { out, orders } = first();
    const runAway = book([['110.5', '10']], [['111', '10']]);
    const normal = strategy.decide(tick(config(), out.state, { orders, market: { rules, book: runAway } }));
    expect(normal.intents).toEqual([]);
    const safe = strategy.decide(tick(config(), out.state, { orders, priceMode: 'safe', market: { rules, book: runAway } }));
    expect(cancels(safe.intents)).toEqual(['c-level-5', 'c-level-6']);
    expect(places(safe.intents)).toEqual([]);
  });

  it('never offers more than the balances hold', () => {
    const c = config();
    const poor = strategy.decide(tick(c, fresh(c), { market: { rules, book: at(100), balances: { base: { available: '3', total: '3' }, quote: { available: '200', total: '200' } } } }));
    expect(compare(sum(side(poor.intents, 'sell')), '3')).toBeLessThanOrEqual(0);
    const cost = side(poor.intents, 'buy').reduce((s, b) => add(s, mul(b.price, b.amount)), '0');
    expect(compare(cost, '200')).toBeLessThanOrEqual(0);
    expect(side(poor.intents, 'buy').map((b) => b.price)).toEqual(['95']);
    const none = strategy.decide(tick(c, fresh(c), { market: { rules, book: at(100), balances: { base: { available: '0', total: '0' }, quote: { available: '0', total: '0' } } } }));
    expect(places(none.intents)).toEqual([]);
  });

  it('rebuilds the pool when the range changes', () => {
    const { out, orders } = first();
    const wider = config({ upperPrice: '130' });
    const next = strategy.decide(tick(wider, out.state, { orders, market: { rules, book: at(100) } }));
    expect(next.state.pool?.key).not.toBe(out.state.pool?.key);
    expect(next.intents[0]).toMatchObject({ kind: 'alert', level: 'info' });
    expect(places(next.intents).every((p) => sign(p.amount) > 0)).toBe(true);
  });
});
