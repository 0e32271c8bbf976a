import { depthNearConfig, type DepthNearConfig, type QuotingOptions } from '@makerdesk/contract';
import { add, ceil, compare, floor, minus, mul } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import type { MarketSnapshot } from '../strategy.ts';
import { depthNearStrategy as strategy, type DepthNearState } from './depth-near.strategy.ts';
import { book, cancels, fill, lowestRng, NOW, ownOrder, placed, places, side, tick } from './liquidity.fixture.ts';

const config = (options?: QuotingOptions, over: Partial<DepthNearConfig> = {}): DepthNearConfig =>
  depthNearConfig.parse({
    baseSpreadMin: '0.002',
    baseSpreadMax: '0.004',
    layersPerSideMin: 2,
    layersPerSideMax: 4,
    layerStep: '0.001',
    orderAmountMin: '1',
    orderAmountMax: '2',
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.05',
    ...(options ? { options } : {}),
    ...over,
  });
const fresh = (c: DepthNearConfig): DepthNearState => strategy.initialState(c, NOW);
const balances = (base: string, quote: string): MarketSnapshot['balances'] => ({ base: { available: base, total: base }, quote: { available: quote, total: quote } });
const price = (intents: Parameters<typeof places>[0], tag: string) => places(intents).find((p) => p.tag === tag)?.price;
const amount = (intents: Parameters<typeof places>[0], tag: string) => places(intents).find((p) => p.tag === tag)?.amount;

/** The first tick with the lowest draws (2 layers, spread 0.002, amount 1) and the orders it leaves resting. */
function quoted(c: DepthNearConfig) {
  const first = strategy.decide(tick(c, fresh(c), { rng: lowestRng }));
  return { first, orders: placed(first.intents) };
}

describe('depth near', () => {
  it('puts the first layer at half the base spread from the mid and each next one a layer step further', () => {
    const c = config();
    const { first } = quoted(c);
    expect(first.state).toMatchObject({ layers: 2, baseSpread: '0.002', reference: '100' });
    expect(first.intents).toEqual([
      { kind: 'place', tag: 'bid-1', side: 'buy', price: '99.9', amount: '1' },
      { kind: 'place', tag: 'ask-1', side: 'sell', price: '100.1', amount: '1' },
      { kind: 'place', tag: 'bid-2', side: 'buy', price: '99.8', amount: '1' },
      { kind: 'place', tag: 'ask-2', side: 'sell', price: '100.2', amount: '1' },
    ]);
  });

  it('holds drawn layers and spread in bounds, first layer at half the drawn spread', () => {
    const c = config();
    const out = strategy.decide(tick(c, fresh(c)));
    const s = out.state.baseSpread as string;
    const n = out.state.layers as number;
    expect(compare(s, '0.002') >= 0 && compare(s, '0.004') <= 0).toBe(true);
    expect(n >= 2 && n <= 4).toBe(true);
    expect(side(out.intents, 'buy')).toHaveLength(n);
    expect(price(out.intents, 'bid-1')).toBe(floor(minus('100', mul('50', s)), 2));
    expect(price(out.intents, 'ask-1')).toBe(ceil(add('100', mul('50', s)), 2));
  });

  it('takes its own orders off the book before reading the mid', () => {
    const c = config();
    const { first, orders } = quoted(c);
    // With its own orders the mid would read 100; the others' best are 99.7 and 100.5.
    const withOwn = book([['99.9', '1'], ['99.8', '1'], ['99.7', '10']], [['100.1', '1'], ['100.2', '1'], ['100.5', '10']]);
    const out = strategy.decide(tick(c, first.state, { orders, market: { book: withOwn } }));
    expect(out.reference).toBe('100.1');
    expect(price(out.intents, 'bid-1')).toBe('99.99');
  });

  it("does not chase the desk's other bots: their resting orders on the key come off the book too (issue 19)", () => {
    const c = config();
    const { first, orders } = quoted(c);
    // A sister bot on the same key quotes 99.95 / 100.3 inside the others' 99.7 / 100.5: the raw mid
    // without this bot's own orders would be 100.125; the others' mid is 100.1.
    const withDesk = book([['99.95', '2'], ['99.9', '1'], ['99.8', '1'], ['99.7', '10']], [['100.1', '1'], ['100.2', '1'], ['100.3', '2'], ['100.5', '10']]);
    const sister = [
      { clientOrderId: 'sister-bid', side: 'buy' as const, price: '99.95', amount: '2', filledAmount: '0' },
      { clientOrderId: 'sister-ask', side: 'sell' as const, price: '100.3', amount: '2', filledAmount: '0' },
    ];
    const accountOrders = [...sister, ...orders.map((o) => ({ clientOrderId: o.clientOrderId, side: o.side, price: o.price, amount: o.amount, filledAmount: o.filledAmount }))];
    expect(strategy.decide(tick(c, first.state, { orders, market: { book: withDesk } })).reference).toBe('100.125');
    const out = strategy.decide(tick(c, first.state, { orders, market: { book: withDesk, accountOrders } }));
    expect(out.reference).toBe('100.1');
    expect(price(out.intents, 'bid-1')).toBe('99.99');
  });

  it('refresh tolerance keeps orders whose ideal price moved less than it; without it they are replaced', () => {
    const { first, orders } = quoted(config());
    const moved = { orders, now: NOW + 5_000, market: { book: book([['99.55', '10']], [['100.55', '10']]) } };
    const strict = strategy.decide(tick(config(), first.state, moved));
    expect(cancels(strict.intents)).toHaveLength(4);
    expect(price(strict.intents, 'bid-1')).toBe('99.94');
    const c = config({ refreshTolerance: '0.001' });
    expect(strategy.decide(tick(c, first.state, moved)).intents).toEqual([]);
  });

  it('max order age replaces unchanged orders once they are that old', () => {
    const c = config({ maxOrderAgeSec: 60 });
    const { first, orders } = quoted(c);
    expect(strategy.decide(tick(c, first.state, { orders, now: NOW + 59_999, rng: lowestRng })).intents).toEqual([]);
    const aged = strategy.decide(tick(c, first.state, { orders, now: NOW + 60_000, rng: lowestRng }));
    expect(cancels(aged.intents)).toEqual(['c-bid-1', 'c-ask-1', 'c-bid-2', 'c-ask-2']);
    expect(places(aged.intents)).toHaveLength(4);
  });

  it('skews sizes with the inventory: 1x at the target, 1.5x / 0.5x half-way below, 2x / 0x at the band edges', () => {
    const c = config({ inventoryTarget: '0.5', inventoryRange: '0.1' });
    const run = (base: string, quote: string) => strategy.decide(tick(c, fresh(c), { rng: lowestRng, market: { balances: balances(base, quote) } })).intents;
    const at = run('5', '500');
    expect([amount(at, 'bid-1'), amount(at, 'ask-1')]).toEqual(['1', '1']);
    const halfBelow = run('4.5', '550');
    expect([amount(halfBelow, 'bid-1'), amount(halfBelow, 'ask-1')]).toEqual(['1.5', '0.5']);
    const below = run('0', '1000');
    expect(side(below, 'buy').map((p) => p.amount)).toEqual(['2', '2']);
    expect(side(below, 'sell')).toEqual([]);
    const above = run('6', '400');
    expect(side(above, 'buy')).toEqual([]);
    expect(side(above, 'sell').map((p) => p.amount)).toEqual(['2', '2']);
  });

  it('only sells above the price ceiling and only buys below the floor', () => {
    const over = strategy.decide(tick(config({ priceCeiling: '90' }), fresh(config()), { rng: lowestRng })).intents;
    expect(places(over).map((p) => p.side)).toEqual(['sell', 'sell']);
    const under = strategy.decide(tick(config({ priceFloor: '110' }), fresh(config()), { rng: lowestRng })).intents;
    expect(places(under).map((p) => p.side)).toEqual(['buy', 'buy']);
  });

  it('min spread cancels and keeps out anything closer to the reference than it', () => {
    const c = config({ minSpread: '0.0015' });
    const { first, orders } = quoted(config());
    const out = strategy.decide(tick(c, first.state, { orders, rng: lowestRng }));
    expect(out.intents).toEqual([
      { kind: 'cancel', clientOrderId: 'c-bid-1' },
      { kind: 'cancel', clientOrderId: 'c-ask-1' },
    ]);
  });

  it('pauses placing and re-pricing after a fill, then fills the slot again', () => {
    const c = config({ fillPauseSec: 30 });
    const { first, orders } = quoted(c);
    const filled = orders.find((o) => o.tag === 'bid-1');
    const resting = orders.filter((o) => o !== filled);
    const moved = book([['99.55', '10']], [['100.55', '10']]);
    const paused = strategy.decide(tick(c, first.state, { orders: resting, fills: [fill(filled!, '1', NOW + 5_000)], now: NOW + 10_000, market: { book: moved } }));
    expect(paused.intents).toEqual([]);
    expect(paused.state.pausedUntil).toBe(NOW + 35_000);
    const later = strategy.decide(tick(c, paused.state, { orders: resting, now: NOW + 35_000, rng: lowestRng }));
    expect(places(later.intents).map((p) => p.tag)).toEqual(['bid-1']);
  });

  it('caps the bids by the quote available and the asks by the base available', () => {
    const c = config();
    const out = strategy.decide(tick(c, fresh(c), { rng: lowestRng, market: { balances: balances('1.5', '150') } }));
    expect(places(out.intents)).toEqual([
      { kind: 'place', tag: 'bid-1', side: 'buy', price: '99.9', amount: '1' },
      { kind: 'place', tag: 'ask-1', side: 'sell', price: '100.1', amount: '1' },
      { kind: 'place', tag: 'bid-2', side: 'buy', price: '99.8', amount: '0.5' },
      { kind: 'place', tag: 'ask-2', side: 'sell', price: '100.2', amount: '0.5' },
    ]);
    const none = strategy.decide(tick(c, fresh(c), { market: { balances: balances('0', '0'), book: book([], [['100.5', '1']]) } }));
    expect(places(none.intents)).toEqual([]);
  });

  it('counts what its own open orders lock as available to their replacements', () => {
    const c = config();
    const own = [ownOrder('bid-1', 'buy', '99', '1'), ownOrder('ask-1', 'sell', '101', '1')];
    const out = strategy.decide(tick(c, { ...fresh(c), layers: 1 }, { orders: own, rng: lowestRng, market: { balances: balances('0', '0') } }));
    expect(cancels(out.intents)).toEqual(['c-bid-1', 'c-ask-1']);
    expect(places(out.intents).map((p) => [p.tag, p.price, p.amount])).toEqual([
      ['bid-1', '99.9', '0.99'],
      ['ask-1', '100.1', '1'],
    ]);
  });
});
