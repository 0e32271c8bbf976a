import { depthFarConfig, type DepthFarConfig } from '@makerdesk/contract';
import { add, compare, decimalsOf, mul } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { depthFarStrategy as strategy, type DepthFarState } from './depth-far.strategy.ts';
import { NO_REFERENCE_MESSAGE } from './kit/quoting-state.ts';
import { book, cancels, NOW, placed, places, rules, side, tick } from './liquidity.fixture.ts';

const config = (over: Partial<DepthFarConfig> = {}): DepthFarConfig =>
  depthFarConfig.parse({
    depthLayersMin: 15,
    depthLayersMax: 20,
    nearestOffset: '0.01',
    farthestOffset: '0.05',
    distribution: 'even',
    orderAmountMin: '1',
    orderAmountMax: '2',
    intervalMin: 10,
    intervalMax: 20,
    maxDeviation: '0.1',
    ...over,
  });
const fresh = (c: DepthFarConfig): DepthFarState => strategy.initialState(c, NOW);
const between = (v: string, lo: string, hi: string) => compare(v, lo) >= 0 && compare(v, hi) <= 0;

describe('depth far', () => {
  it('puts exactly N orders per side inside the offsets, evenly from the nearest to the farthest, amounts in bounds', () => {
    const c = config();
    const out = strategy.decide(tick(c, fresh(c)));
    const n = out.state.layers as number;
    expect(n).toBeGreaterThanOrEqual(15);
    expect(n).toBeLessThanOrEqual(20);
    expect(out.reference).toBe('100');
    const bids = side(out.intents, 'buy');
    const asks = side(out.intents, 'sell');
    expect(bids).toHaveLength(n);
    expect(asks).toHaveLength(n);
    expect(bids.every((b) => between(b.price, '95', '99'))).toBe(true);
    expect(asks.every((a) => between(a.price, '101', '105'))).toBe(true);
    expect(bids.find((b) => b.tag === 'bid-1')?.price).toBe('99');
    expect(bids.find((b) => b.tag === `bid-${n}`)?.price).toBe('95');
    expect(asks.find((a) => a.tag === 'ask-1')?.price).toBe('101');
    expect(asks.find((a) => a.tag === `ask-${n}`)?.price).toBe('105');
    expect(new Set(bids.map((b) => b.price)).size).toBe(n);
    for (const p of places(out.intents)) {
      expect(between(p.amount, '1', '2')).toBe(true);
      expect(decimalsOf(p.amount)).toBeLessThanOrEqual(2);
    }
  });

  it('draws prices on the grid inside the band in random placement, the same for the same seed', () => {
    const c = config({ distribution: 'random' });
    const a = strategy.decide(tick(c, fresh(c), { rng: createRng(7) }));
    const b = strategy.decide(tick(c, fresh(c), { rng: createRng(7) }));
    const other = strategy.decide(tick(c, fresh(c), { rng: createRng(8) }));
    expect(b).toEqual(a);
    expect(other.intents).not.toEqual(a.intents);
    const n = a.state.layers as number;
    expect(side(a.intents, 'buy')).toHaveLength(n);
    expect(side(a.intents, 'buy').every((p) => between(p.price, '95', '99') && decimalsOf(p.price) <= 2)).toBe(true);
    expect(side(a.intents, 'sell').every((p) => between(p.price, '101', '105'))).toBe(true);
  });

  it('keeps orders still inside the band and replaces the ones that left it when the mid moves', () => {
    const c = config();
    const first = strategy.decide(tick(c, fresh(c)));
    const orders = placed(first.intents);
    // Mid 102: bids band [96.9, 100.98], asks band [103.02, 107.1].
    const moved = book([['101.5', '5']], [['102.5', '5']]);
    const next = strategy.decide(tick(c, first.state, { orders, now: NOW + 10_000, market: { book: moved } }));
    const outBids = orders.filter((o) => o.side === 'buy' && compare(o.price, '96.9') < 0);
    const outAsks = orders.filter((o) => o.side === 'sell' && compare(o.price, '103.02') < 0);
    expect(outBids.length).toBeGreaterThan(0);
    expect(outAsks.length).toBeGreaterThan(0);
    expect(cancels(next.intents).sort()).toEqual([...outBids, ...outAsks].map((o) => o.clientOrderId).sort());
    expect(places(next.intents).map((p) => p.tag).sort()).toEqual([...outBids, ...outAsks].map((o) => o.tag).sort());
    expect(side(next.intents, 'buy').every((p) => between(p.price, '96.9', '100.98'))).toBe(true);
    expect(side(next.intents, 'sell').every((p) => between(p.price, '103.02', '107.1'))).toBe(true);
    expect(next.state.layers).toBe(first.state.layers);
  });

  it('places nothing and alerts once without a price, then quotes around the last price when the book is one-sided', () => {
    const c = config();
    const empty = book([], []);
    const first = strategy.decide(tick(c, fresh(c), { market: { book: empty } }));
    expect(first.intents).toEqual([{ kind: 'alert', level: 'warn', message: NO_REFERENCE_MESSAGE }]);
    expect(first.reference).toBeNull();
    expect(strategy.decide(tick(c, first.state, { market: { book: empty } })).intents).toEqual([]);

    const quoted = strategy.decide(tick(c, fresh(c)));
    const oneSided = strategy.decide(tick(c, { ...quoted.state, layers: null }, { market: { book: book([], [['100.5', '3']]) } }));
    expect(oneSided.reference).toBe('100');
    expect(side(oneSided.intents, 'buy')).toHaveLength(oneSided.state.layers as number);
    expect(side(oneSided.intents, 'sell').every((p) => compare(p.price, '100.5') > 0)).toBe(true);
  });

  it('never places beyond the balances: nothing with none, the nearest orders only with a little', () => {
    const c = config();
    const none = strategy.decide(tick(c, fresh(c), { market: { balances: { base: { available: '0', total: '0' }, quote: { available: '0', total: '0' } } } }));
    expect(places(none.intents)).toEqual([]);

    const little = strategy.decide(tick(c, fresh(c), { market: { balances: { base: { available: '3', total: '3' }, quote: { available: '300', total: '300' } } } }));
    const bids = side(little.intents, 'buy');
    const asks = side(little.intents, 'sell');
    expect(bids.length).toBeGreaterThan(0);
    expect(bids.length).toBeLessThan(little.state.layers as number);
    expect(compare(bids.reduce((s, b) => add(s, mul(b.price, b.amount)), '0'), '300')).toBeLessThanOrEqual(0);
    expect(compare(asks.reduce((s, a) => add(s, a.amount), '0'), '3')).toBeLessThanOrEqual(0);
    expect(asks.map((a) => a.tag)).toContain('ask-1');
  });

  it("raises amounts to the venue's minimum order value", () => {
    const c = config({ orderAmountMin: '0', orderAmountMax: '0.01' });
    const out = strategy.decide(tick(c, fresh(c), { market: { rules: { ...rules, minNotional: '5' } } }));
    expect(places(out.intents).length).toBe(2 * (out.state.layers as number));
    for (const p of places(out.intents)) expect(compare(mul(p.price, p.amount), '5')).toBeGreaterThanOrEqual(0);
    expect(side(out.intents, 'buy').find((p) => p.tag === 'bid-1')?.amount).toBe('0.06');
  });

  it('redraws the layer count at a full refresh only', () => {
    const c = config();
    const first = strategy.decide(tick(c, fresh(c)));
    const orders = placed(first.intents);
    for (let seed = 1; seed < 6; seed++) {
      expect(strategy.decide(tick(c, first.state, { orders, rng: createRng(seed) })).state.layers).toBe(first.state.layers);
    }
    const redrawn = new Set([1, 2, 3, 4, 5, 6].map((seed) => strategy.decide(tick(c, first.state, { rng: createRng(seed) })).state.layers));
    expect(redrawn.size).toBeGreaterThan(1);
  });
});
