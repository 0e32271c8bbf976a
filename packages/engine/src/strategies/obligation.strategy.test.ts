import { depthFarConfig, depthNearConfig, type DepthFarConfig, type DepthNearConfig, type LiquidityObligationTerms } from '@makerdesk/contract';
import { add, compare, div, max, min, minus, mul } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../intents.ts';
import { spreadWithin } from '../liquidity/measure.ts';
import { createRng } from '../rng.ts';
import type { MarketSnapshot, OwnOrder } from '../strategy.ts';
import { depthFarStrategy, type DepthFarState } from './depth-far.strategy.ts';
import { depthNearStrategy, type DepthNearState } from './depth-near.strategy.ts';
import { capLimit, obligationProgress, restingAfter } from './kit/obligation.ts';
import { book, lowestRng, NOW, ownOrder, placed, places, rules, tick } from './liquidity.fixture.ts';

/** Issue 20 §6: depth near and depth far quoting to the pair's obligation. */

const obligation = (over: Partial<LiquidityObligationTerms> = {}): LiquidityObligationTerms => ({
  maxSpreadBps: '25',
  depthWithinPct: '2',
  minDepthQuote: '1000',
  minUptimePct: '95',
  period: 'day',
  ...over,
});

const nearConfig = (keep: boolean | undefined, over: Partial<DepthNearConfig> = {}): DepthNearConfig =>
  depthNearConfig.parse({
    baseSpreadMin: '0.004',
    baseSpreadMax: '0.006',
    layersPerSideMin: 2,
    layersPerSideMax: 4,
    layerStep: '0.001',
    orderAmountMin: '1',
    orderAmountMax: '2',
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.05',
    options: { refreshTolerance: '0.0005', ...(keep === undefined ? {} : { keepObligation: keep }) },
    ...over,
  });

const farConfig = (keep: boolean, over: Partial<DepthFarConfig> = {}): DepthFarConfig =>
  depthFarConfig.parse({
    depthLayersMin: 15,
    depthLayersMax: 16,
    nearestOffset: '0.01',
    farthestOffset: '0.05',
    distribution: 'even',
    orderAmountMin: '1',
    orderAmountMax: '2',
    intervalMin: 5,
    intervalMax: 10,
    maxDeviation: '0.1',
    options: { keepObligation: keep },
    ...over,
  });

const near = (c: DepthNearConfig): DepthNearState => depthNearStrategy.initialState(c, NOW);
const balances = (base: string, quote: string): MarketSnapshot['balances'] => ({ base: { available: base, total: base }, quote: { available: quote, total: quote } });

/** Quote value of the side's placements within `pct` % of `mid`. */
function depthWithin(intents: readonly Intent[], side: 'buy' | 'sell', mid: string, pct: string): string {
  const x = div(pct, '100', { decimals: 12, rounding: 'down' });
  return restingAfter(intents, [])
    .filter((o) => o.side === side && (side === 'buy' ? compare(o.price, mul(mid, minus('1', x))) >= 0 : compare(o.price, mul(mid, add('1', x))) <= 0))
    .reduce((sum, o) => add(sum, mul(o.price, o.amount)), '0');
}

function innermost(intents: readonly Intent[], side: 'buy' | 'sell'): string {
  const prices = places(intents).filter((p) => p.side === side).map((p) => p.price);
  return prices.reduce((a, b) => (side === 'buy' ? max(a, b) : min(a, b)));
}

describe('quoting to the obligation: off', () => {
  it('quotes byte for byte as today with the option absent or off, whatever the pair holds, and reads no obligation', () => {
    for (const keep of [undefined, false]) {
      const c = nearConfig(keep);
      expect(depthNearStrategy.needs(c).obligation).toBeUndefined();
      const today = depthNearStrategy.decide(tick(c, near(c)));
      const withObligation = depthNearStrategy.decide(tick(c, near(c), { market: { obligation: obligation() } }));
      expect(JSON.stringify(withObligation)).toBe(JSON.stringify(today));
    }
  });

  it('quotes as configured with the option on and no obligation on the pair', () => {
    const off = nearConfig(undefined);
    const on = nearConfig(true);
    expect(depthNearStrategy.needs(on).obligation).toBe(true);
    const today = depthNearStrategy.decide(tick(off, near(off)));
    const none = depthNearStrategy.decide(tick(on, near(on), { market: { obligation: null } }));
    expect(none.intents).toEqual(today.intents);
    expect(none.state).toEqual(today.state);
    expect(none.obligationShort).toBeUndefined();
  });
});

describe('quoting to the obligation: its hours', () => {
  it('quotes as configured outside the hours the obligation applies, and to it inside them', () => {
    // NOW is 22:13 UTC.
    const c = nearConfig(true);
    const off = depthNearStrategy.decide(tick(nearConfig(undefined), near(c), { rng: lowestRng }));
    const outside = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation({ fromHourUtc: 8, toHourUtc: 20 }) } }));
    expect(outside.intents).toEqual(off.intents);
    const inside = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation({ fromHourUtc: 20, toHourUtc: 24 }) } }));
    expect(innermost(inside.intents, 'buy')).toBe('99.88');
  });
});

describe('quoting to the obligation: depth near', () => {
  it('moves the innermost bid and ask in to the spread cap when its configured spread is wider, and no further', () => {
    const c = nearConfig(true);
    // Lowest draws: base spread 0.004 (40 bps, wider than the 25 bps cap), 2 layers, amount 1.
    const off = depthNearStrategy.decide(tick(nearConfig(undefined), near(c), { rng: lowestRng }));
    const out = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation({ minDepthQuote: '0' }) } }));
    expect(innermost(off.intents, 'buy')).toBe('99.8');
    expect(innermost(off.intents, 'sell')).toBe('100.2');
    // 100 × (1 ∓ 0.00125), rounded inward.
    expect(innermost(out.intents, 'buy')).toBe('99.88');
    expect(innermost(out.intents, 'sell')).toBe('100.12');
    expect(spreadWithin('99.88', '100.12', '25')).toBe(true);
    // The next layer stays where the configuration put it.
    expect(places(out.intents).find((p) => p.tag === 'bid-2')?.price).toBe(places(off.intents).find((p) => p.tag === 'bid-2')?.price);
  });

  it('never tightens past its configured spread when that is inside the cap', () => {
    const c = nearConfig(true, { baseSpreadMin: '0.001', baseSpreadMax: '0.002' });
    const off = depthNearStrategy.decide(tick(nearConfig(undefined, { baseSpreadMin: '0.001', baseSpreadMax: '0.002' }), near(c), { rng: lowestRng }));
    const out = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation({ minDepthQuote: '0' }) } }));
    expect(out.intents).toEqual(off.intents);
  });

  it('raises the sizes inside the band to the minimum depth per side and its small margin, no more', () => {
    const c = nearConfig(true);
    const out = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation() } }));
    for (const side of ['buy', 'sell'] as const) {
      const depth = depthWithin(out.intents, side, '100', '2');
      expect(compare(depth, '1000')).toBeGreaterThanOrEqual(0);
      // The aim is 1,050; each of the two levels rounds up by at most one amount step (0.01 × ~100).
      expect(compare(depth, '1053')).toBeLessThanOrEqual(0);
    }
    expect(out.obligationShort).toBe(false);
    expect(out.intents.some((i) => i.kind === 'alert')).toBe(false);
  });

  it('keeps its raised orders on the next tick (no churn while they hold the obligation)', () => {
    const c = nearConfig(true);
    const first = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation() } }));
    const orders = placed(first.intents);
    const second = depthNearStrategy.decide(tick(c, first.state, { orders, rng: createRng(7), market: { obligation: obligation() } }));
    expect(second.intents).toEqual([]);
  });

  it('quotes what it can when the funds fall short, says so once, and says when it covers it again', () => {
    const c = nearConfig(true);
    const poor = depthNearStrategy.decide(tick(c, near(c), { rng: lowestRng, market: { obligation: obligation(), balances: balances('100000', '500') } }));
    expect(poor.obligationShort).toBe(true);
    expect(poor.intents[0]).toEqual({
      kind: 'alert',
      level: 'warn',
      message: { key: 'bots.obligationShort', params: { sides: '@bots.obligationShort.buy', band: '2' } },
    });
    // The bids it could afford rest, nearest first; the asks keep the obligation.
    expect(compare(depthWithin(poor.intents, 'buy', '100', '2'), '500')).toBeLessThanOrEqual(0);
    expect(compare(depthWithin(poor.intents, 'buy', '100', '2'), '400')).toBeGreaterThan(0);
    expect(compare(depthWithin(poor.intents, 'sell', '100', '2'), '1000')).toBeGreaterThanOrEqual(0);
    const again = depthNearStrategy.decide(tick(c, poor.state, { rng: lowestRng, market: { obligation: obligation(), balances: balances('100000', '500') } }));
    expect(again.intents.filter((i) => i.kind === 'alert')).toEqual([]);
    const rich = depthNearStrategy.decide(tick(c, again.state, { rng: lowestRng, market: { obligation: obligation() } }));
    expect(rich.obligationShort).toBe(false);
    expect(rich.intents[0]).toEqual({ kind: 'alert', level: 'info', message: { key: 'bots.obligationCovered', params: {} } });
  });
});

describe('quoting to the obligation: depth far', () => {
  it('pulls its nearest levels in to the cap and sizes them for the band when its own band lies outside', () => {
    const c = farConfig(true);
    const terms = obligation({ depthWithinPct: '0.5', minDepthQuote: '2000' });
    const off = depthFarStrategy.decide(tick(farConfig(false), depthFarStrategy.initialState(c, NOW), { rng: lowestRng }));
    expect(depthWithin(off.intents, 'buy', '100', '0.5')).toBe('0');
    const out = depthFarStrategy.decide(tick(c, depthFarStrategy.initialState(c, NOW) as DepthFarState, { rng: lowestRng, market: { obligation: terms } }));
    expect(innermost(out.intents, 'buy')).toBe('99.88');
    expect(innermost(out.intents, 'sell')).toBe('100.12');
    for (const side of ['buy', 'sell'] as const) expect(compare(depthWithin(out.intents, side, '100', '0.5'), '2000')).toBeGreaterThanOrEqual(0);
    // The rest of the ladder stays in its far band, at its configured sizes.
    expect(places(out.intents).filter((p) => p.side === 'buy' && compare(p.price, '99') <= 0 && p.amount === '1')).toHaveLength(14);
  });
});

describe('quoting to the obligation: depth far, held', () => {
  it('holds the pulled-in level in its first slot whatever the distribution: the next tick keeps every order', () => {
    for (const distribution of ['even', 'random'] as const) {
      const c = farConfig(true, { distribution });
      const terms = obligation({ depthWithinPct: '0.5', minDepthQuote: '2000' });
      const first = depthFarStrategy.decide(tick(c, depthFarStrategy.initialState(c, NOW), { rng: createRng(3), market: { obligation: terms } }));
      expect(places(first.intents).find((p) => p.tag === 'bid-1')?.price).toBe('99.88');
      const second = depthFarStrategy.decide(tick(c, first.state, { orders: placed(first.intents), rng: createRng(4), market: { obligation: terms } }));
      expect(second.intents, distribution).toEqual([]);
    }
  });
});

describe('quoting to the obligation: properties', () => {
  const terms = fc.record({
    maxSpreadBps: fc.constantFrom('5', '10', '12.5', '25', '35', '100'),
    depthWithinPct: fc.constantFrom('0.5', '1', '2', '5') as fc.Arbitrary<LiquidityObligationTerms['depthWithinPct']>,
    minDepthQuote: fc.integer({ min: 0, max: 5000 }).map(String),
  });
  const setup = fc.record({
    terms,
    mid: fc.integer({ min: 5000, max: 20000 }),
    halfSpreadTicks: fc.integer({ min: 1, max: 40 }),
    spread: fc.integer({ min: 1, max: 60 }).map((n) => String(n / 10000)),
    layersMax: fc.integer({ min: 3, max: 8 }),
    step: fc.integer({ min: 1, max: 50 }).map((n) => String(n / 10000)),
    tolerance: fc.constantFrom('0', '0.0002', '0.001'),
    seed: fc.integer(),
    moveTicks: fc.integer({ min: -30, max: 30 }),
  });

  function bookAround(midTicks: number, halfSpreadTicks: number) {
    const at = (t: number) => String(t / 100);
    return book(
      [[at(midTicks - halfSpreadTicks), '50'], [at(midTicks - halfSpreadTicks - 100), '50']],
      [[at(midTicks + halfSpreadTicks), '50'], [at(midTicks + halfSpreadTicks + 100), '50']],
    );
  }

  function holds(resting: readonly { side: 'buy' | 'sell'; price: string; amount: string }[], reference: string, t: LiquidityObligationTerms): boolean {
    const progress = obligationProgress(resting, t, reference, false);
    return progress.met;
  }

  it('with funds enough, the ladder keeps the spread cap and the band depth around its reference, tick after tick; the innermost orders move only in to the cap', () => {
    fc.assert(
      fc.property(setup, ({ terms: t, mid, halfSpreadTicks, spread, layersMax, step, tolerance, seed, moveTicks }) => {
        const o = { ...t, minUptimePct: '95', period: 'day' as const };
        const c = nearConfig(true, { baseSpreadMin: '0', baseSpreadMax: max(spread, '0.0005'), layersPerSideMax: layersMax, layerStep: step, options: { refreshTolerance: tolerance, keepObligation: true } });
        const offConfig = { ...c, options: { refreshTolerance: tolerance } };
        const first = depthNearStrategy.decide(tick(c, near(c), { rng: createRng(seed), market: { book: bookAround(mid, halfSpreadTicks), obligation: o } }));
        const reference = first.reference!;
        expect(holds(restingAfter(first.intents, []), reference, o)).toBe(true);
        expect(first.obligationShort).toBe(false);
        // Against the same tick without the obligation: the innermost orders only move in, and only to the cap.
        const off = depthNearStrategy.decide(tick(offConfig, near(c), { rng: createRng(seed), market: { book: bookAround(mid, halfSpreadTicks) } }));
        const bidCap = capLimit('buy', reference, o, rules.pricePrecision);
        const askCap = capLimit('sell', reference, o, rules.pricePrecision);
        expect(innermost(first.intents, 'buy')).toBe(max(innermost(off.intents, 'buy'), bidCap));
        expect(innermost(first.intents, 'sell')).toBe(min(innermost(off.intents, 'sell'), askCap));
        // The market moves; the orders rest where the first tick put them (with their own in the book).
        const orders: OwnOrder[] = placed(first.intents);
        const second = depthNearStrategy.decide(tick(c, first.state, { orders, rng: createRng(seed + 1), now: NOW + 5000, market: { book: bookAround(mid + moveTicks, halfSpreadTicks), obligation: o } }));
        expect(holds(restingAfter(second.intents, orders), second.reference!, o)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('the status reads the own spread and the depth per side within the band of mid, against the terms', () => {
    const resting = [ownOrder('bid-1', 'buy', '99.9', '5'), ownOrder('bid-2', 'buy', '97', '100'), ownOrder('ask-1', 'sell', '100.1', '12', { filledAmount: '2' })];
    expect(obligationProgress(resting, obligation(), '100', false)).toEqual({
      spreadBps: '20',
      maxSpreadBps: '25',
      depthWithinPct: '2',
      bidQuote: '499.5',
      askQuote: '1001',
      minDepthQuote: '1000',
      met: false,
      shortOfFunds: false,
    });
  });
});
