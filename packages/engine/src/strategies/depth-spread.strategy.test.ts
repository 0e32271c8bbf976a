import { depthSpreadConfig, type DepthSpreadConfig } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import { depthSpreadStrategy as strategy, type DepthSpreadState } from './depth-spread.strategy.ts';
import { NO_REFERENCE_MESSAGE } from './kit/quoting-state.ts';
import { book, cancels, lowestRng, NOW, ownOrder, placed, places, tick } from './liquidity.fixture.ts';

const config = (over: Partial<DepthSpreadConfig> = {}): DepthSpreadConfig =>
  depthSpreadConfig.parse({
    baseSpreadMin: '0.001',
    baseSpreadMax: '0.003',
    orderAmountMin: '1',
    orderAmountMax: '2',
    intervalMin: 3,
    intervalMax: 6,
    maxDeviation: '0.05',
    ...over,
  });
const c = config();
const fresh: DepthSpreadState = strategy.initialState(c, NOW);
const wide = book([['99', '5']], [['101', '5']]);
const tight = book([['99.9', '5']], [['100.1', '5']]);

describe('depth spread', () => {
  it('stays out while the spread is at or under the base spread max, and says so in the log once', () => {
    const out = strategy.decide(tick(c, fresh, { market: { book: tight } }));
    expect(out.intents).toEqual([{ kind: 'alert', level: 'info', message: { key: 'bots.spreadWithin', params: { spread: '0.2 %', max: '0.3 %' } } }]);
    expect(out.reference).toBe('100');
    expect(out.state.baseSpread).toBeNull();
    expect(strategy.decide(tick(c, out.state, { market: { book: tight } })).intents).toEqual([]);
    // 0.003 exactly is not wider than the max.
    expect(places(strategy.decide(tick(c, fresh, { market: { book: book([['99.85', '1']], [['100.15', '1']]) } })).intents)).toEqual([]);
  });

  it('says in the log when it steps in, and when it stands aside again', () => {
    const aside = strategy.decide(tick(c, fresh, { market: { book: tight } }));
    const stepIn = strategy.decide(tick(c, aside.state, { rng: lowestRng, market: { book: wide } }));
    expect(stepIn.intents.filter((i) => i.kind === 'alert')).toEqual([
      { kind: 'alert', level: 'info', message: 'The spread is 2 %, wider than the base spread max 0.3 %: quoting a 0.1 % spread inside it' },
    ]);
    const staying = strategy.decide(tick(c, stepIn.state, { orders: placed(stepIn.intents), market: { book: wide } }));
    expect(staying.intents.filter((i) => i.kind === 'alert')).toEqual([]);
    const out = strategy.decide(tick(c, stepIn.state, { orders: placed(stepIn.intents), market: { book: tight } }));
    expect(out.intents.filter((i) => i.kind === 'alert')).toHaveLength(1);
    expect(cancels(out.intents)).toEqual(['c-bid-1', 'c-ask-1']);
  });

  it('quotes inside a wide spread so it becomes the base spread, centred on the mid', () => {
    const out = strategy.decide(tick(c, fresh, { rng: lowestRng, market: { book: wide } }));
    expect(out.intents).toEqual([
      { kind: 'place', tag: 'bid-1', side: 'buy', price: '99.95', amount: '1' },
      { kind: 'place', tag: 'ask-1', side: 'sell', price: '100.05', amount: '1' },
      { kind: 'alert', level: 'info', message: 'The spread is 2 %, wider than the base spread max 0.3 %: quoting a 0.1 % spread inside it' },
    ]);
    expect(out.state.baseSpread).toBe('0.001');
    const drawn = strategy.decide(tick(c, fresh, { market: { book: wide } }));
    const s = drawn.state.baseSpread as string;
    expect(compare(s, '0.001') >= 0 && compare(s, '0.003') <= 0).toBe(true);
    for (const p of places(drawn.intents)) expect(compare(p.price, '99') > 0 && compare(p.price, '101') < 0).toBe(true);
  });

  it('reads the spread without its own quotes: keeps them while the others stay wide, cancels them once the others tighten', () => {
    const first = strategy.decide(tick(c, fresh, { rng: lowestRng, market: { book: wide } }));
    const orders = placed(first.intents);
    const withOwn = book([['99.95', '1'], ['99', '5']], [['100.05', '1'], ['101', '5']]);
    expect(strategy.decide(tick(c, first.state, { orders, market: { book: withOwn } })).intents).toEqual([]);
    const tighter = book([['99.95', '1'], ['99.9', '5']], [['100.05', '1'], ['100.1', '5']]);
    const out = strategy.decide(tick(c, first.state, { orders, market: { book: tighter } }));
    expect(cancels(out.intents)).toEqual(['c-bid-1', 'c-ask-1']);
    expect(places(out.intents)).toEqual([]);
    expect(out.state.baseSpread).toBeNull();
  });

  it('quotes around the last price on a one-sided book without crossing it, and alerts once with no price at all', () => {
    const first = strategy.decide(tick(c, fresh, { rng: lowestRng, market: { book: tight } }));
    // Only an ask at 99.95 left: the bid at 99.95 would take it, so only the ask is placed.
    const oneSided = strategy.decide(tick(c, first.state, { rng: lowestRng, market: { book: book([], [['99.95', '1']]) } }));
    expect(oneSided.reference).toBe('100');
    expect(oneSided.intents).toEqual([
      { kind: 'place', tag: 'ask-1', side: 'sell', price: '100.05', amount: '1' },
      { kind: 'alert', level: 'info', message: 'The book is one-sided or empty: quoting a 0.1 % spread around the last price' },
    ]);
    const empty = strategy.decide(tick(c, fresh, { market: { book: book([], []) } }));
    expect(empty.intents).toEqual([{ kind: 'alert', level: 'warn', message: NO_REFERENCE_MESSAGE }]);
  });

  it('places nothing without balances', () => {
    const zero = { base: { available: '0', total: '0' }, quote: { available: '0', total: '0' } };
    expect(places(strategy.decide(tick(c, fresh, { market: { book: wide, balances: zero } })).intents)).toEqual([]);
  });

  it('cancels an own order left from an earlier layout', () => {
    const out = strategy.decide(tick(c, fresh, { rng: lowestRng, orders: [ownOrder('bid-2', 'buy', '99.5', '1')], market: { book: wide } }));
    expect(cancels(out.intents)).toEqual(['c-bid-2']);
    expect(places(out.intents)).toHaveLength(2);
  });
});
