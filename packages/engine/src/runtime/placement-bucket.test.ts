import { describe, expect, it } from 'vitest';
import { cancel, place, type Intent } from '../intents.ts';
import type { OwnOrder } from '../strategy.ts';
import { deferPlacements, INNER_REQUOTE, MIN_BURST, PlacementBucket, RESERVE, safeToKeep } from './placement-bucket.ts';

const T0 = 1_700_000_000_000;

function own(clientOrderId: string, tag: string, side: 'buy' | 'sell', price: string, state: OwnOrder['state'] = 'open'): OwnOrder {
  return { clientOrderId, tag, side, price, amount: '1', filledAmount: '0', state, placedAt: T0 };
}

const bid = (tag: string, price: string) => place({ tag, side: 'buy', price, amount: '1' });
const ask = (tag: string, price: string) => place({ tag, side: 'sell', price, amount: '1' });
const tagsOf = (intents: Intent[]) => intents.map((i) => (i.kind === 'place' ? `+${i.tag}` : i.kind === 'cancel' ? `-${i.clientOrderId}` : i.kind === 'replace' ? `~${i.clientOrderId}` : i.kind));

describe('PlacementBucket', () => {
  it('starts full at the start-up ladder plus an inner requote, refills at the budget, and never holds more than its burst', () => {
    const bucket = new PlacementBucket();
    // A ladder of 4 a side: 8 placements wanted on the first tick.
    expect(bucket.available(T0, 2.36, 8)).toBe(8 + INNER_REQUOTE);
    expect(bucket.burst).toBe(10);
    bucket.spend(10);
    expect(bucket.available(T0 + 1_000, 2.36, 8)).toBe(0);
    // 2.36 a minute: the first whole token after 60 / 2.36 = 25.4 s.
    expect(bucket.available(T0 + 25_000, 2.36, 8)).toBe(0);
    expect(bucket.available(T0 + 26_000, 2.36, 8)).toBe(1);
    bucket.spend();
    // Ten idle minutes: back to the burst, no further.
    expect(bucket.available(T0 + 626_000, 2.36, 8)).toBe(10);
    // Over an hour of steady demand the bot places its budget, plus the burst once.
    let placed = 0;
    const b2 = new PlacementBucket();
    for (let now = T0; now < T0 + 3_600_000; now += 5_000) {
      const n = b2.available(now, 2.36, 8);
      const wanted = Math.min(n, 4);
      b2.spend(wanted);
      placed += wanted;
    }
    expect(placed).toBeGreaterThanOrEqual(Math.floor(2.36 * 60));
    expect(placed).toBeLessThanOrEqual(Math.ceil(2.36 * 60) + 10);
  });

  it('is unbounded without a budget (the simulator in process), and a small ladder still gets the minimum burst', () => {
    expect(new PlacementBucket().available(T0, null, 8)).toBe(Number.POSITIVE_INFINITY);
    expect(new PlacementBucket().available(T0, 5, 0)).toBe(MIN_BURST);
  });
});

describe('deferPlacements', () => {
  // A ladder around 100: bids 99.9, 99.8, 99.7; asks 100.1, 100.2, 100.3.
  const context = { reference: '100', maxDeviation: '0.05' };

  it('places the innermost bid and ask first and defers the further levels, keeping the orders they would replace', () => {
    const orders = [own('b1', 'bid-1', 'buy', '99.85'), own('b2', 'bid-2', 'buy', '99.75'), own('a1', 'ask-1', 'sell', '100.15'), own('a2', 'ask-2', 'sell', '100.25')];
    // The strategy requotes every level (by tag: cancel the old, place the new).
    const intents = [cancel('b1'), cancel('b2'), cancel('a1'), cancel('a2'), bid('bid-1', '99.9'), bid('bid-2', '99.8'), ask('ask-1', '100.1'), ask('ask-2', '100.2')];
    // Three: the innermost bid and ask; the third token stays in reserve.
    const plan = deferPlacements({ intents, own: orders, allowed: 3, ...context });
    expect(tagsOf(plan.intents)).toEqual(['-b1', '-a1', '+bid-1', '+ask-1']);
    // Two: one placement, the other token in reserve (both sides keep their orders).
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 2, ...context }).intents)).toEqual(['-b1', '+bid-1']);
    expect(plan).toMatchObject({ deferred: 2, kept: 2 });
    // Nothing allowed: everything waits, every order stays.
    expect(deferPlacements({ intents, own: orders, allowed: 0, ...context })).toMatchObject({ intents: [], deferred: 4, kept: 4 });
    // Four: a token stays in reserve, so the last (further) ask waits and its order stays.
    expect(RESERVE).toBe(1);
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 4, ...context }).intents)).toEqual(['-b1', '-b2', '-a1', '+bid-1', '+bid-2', '+ask-1']);
    // Within the allowance and its reserve: unchanged.
    expect(deferPlacements({ intents, own: orders, allowed: 5, ...context }).intents).toEqual(intents);
  });

  it('picks by distance from the reference whatever order the placements come in: an empty side first, then a thin one, then the nearest', () => {
    // The bid side holds nothing, the ask side three orders: a single placement goes to the bid side.
    const orders = [own('a1', 'ask-1', 'sell', '100.1'), own('a2', 'ask-2', 'sell', '100.2'), own('a3', 'ask-3', 'sell', '100.3')];
    const intents = [ask('ask-4', '100.4'), bid('bid-3', '99.7'), bid('bid-1', '99.9'), bid('bid-2', '99.8')];
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 1, ...context }).intents)).toEqual(['+bid-1']);
    // Two: the bid restores its side; the ask side holds orders, so its placement leaves the reserve alone.
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 2, ...context }).intents)).toEqual(['+bid-1']);
    // Three: the bid side, holding one order, is refilled before the ask side (three) moves on; one in reserve.
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 3, ...context }).intents)).toEqual(['+bid-1', '+bid-2']);
    // Four: then the nearer of the sides' next placements (bid-3 at 0.3 from the reference, ask-4 at 0.4).
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 4, ...context }).intents)).toEqual(['+bid-3', '+bid-1', '+bid-2']);
  });

  it('keeps its reserve for a side a fill left empty', () => {
    // The asks were filled; the bids want a deep refill first in the strategy's order.
    const orders = [own('b1', 'bid-1', 'buy', '99.9'), own('b2', 'bid-2', 'buy', '99.8')];
    const intents = [bid('bid-3', '99.7'), ask('ask-1', '100.1')];
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 1, ...context }).intents)).toEqual(['+ask-1']);
    // No empty side: the last token stays in the bucket.
    expect(deferPlacements({ intents: [bid('bid-3', '99.7')], own: orders, allowed: 1, ...context })).toMatchObject({ intents: [], deferred: 1 });
  });

  it('still cancels an order that must go (across the reference, past the max deviation, no reference), and keeps a safe one while its side waits', () => {
    const orders = [own('b1', 'bid-1', 'buy', '100.05'), own('b2', 'bid-2', 'buy', '94'), own('a1', 'ask-1', 'sell', '100.2'), own('x', 'bid-9', 'buy', '99')];
    const intents = [cancel('b1'), cancel('b2'), cancel('a1'), cancel('x'), bid('bid-1', '99.9'), bid('bid-2', '99.8'), ask('ask-1', '100.1')];
    const plan = deferPlacements({ intents, own: orders, allowed: 0, ...context });
    // b1 is over the reference, b2 further than 5 % from it: they go. a1 is kept for the deferred ask, and
    // x (a slot no longer wanted, safe) for one of the two deferred bids.
    expect(tagsOf(plan.intents)).toEqual(['-b1', '-b2']);
    expect(plan).toMatchObject({ deferred: 3, kept: 2 });
    expect(tagsOf(deferPlacements({ intents, own: orders, allowed: 0, reference: null, maxDeviation: null }).intents)).toEqual(['-b1', '-b2', '-a1', '-x']);
  });

  it('drops a deferred replace whole (its order kept), or keeps only its cancel when its order must go', () => {
    const orders = [own('b1', 'bid-1', 'buy', '99.85'), own('a1', 'ask-1', 'sell', '99.95')];
    const intents: Intent[] = [
      { kind: 'replace', clientOrderId: 'b1', place: { tag: 'bid-1', side: 'buy', price: '99.9', amount: '1' } },
      { kind: 'replace', clientOrderId: 'a1', place: { tag: 'ask-1', side: 'sell', price: '100.1', amount: '1' } },
    ];
    const plan = deferPlacements({ intents, own: orders, allowed: 0, ...context });
    expect(tagsOf(plan.intents)).toEqual(['-a1']);
    expect(plan).toMatchObject({ deferred: 2, kept: 1 });
  });

  it('leaves a stopping tick and the self-trade legs alone', () => {
    const orders = [own('b1', 'bid-1', 'buy', '99.85')];
    const stopping: Intent[] = [cancel('b1'), bid('bid-1', '99.9'), { kind: 'stop', reason: 'done' }];
    expect(deferPlacements({ intents: stopping, own: orders, allowed: 0, ...context }).intents).toEqual(stopping);
    const legs: Intent[] = [place({ tag: 'v', side: 'buy', price: '100', amount: '1', selfTrade: true }), place({ tag: 'v-ioc', side: 'sell', price: '100', amount: '1', selfTrade: true, timeInForce: 'IOC' })];
    expect(deferPlacements({ intents: legs, own: [], allowed: 0, ...context }).intents).toEqual(legs);
  });

  it('keeps an order only while it rests on its own side of the reference and within the deviation', () => {
    expect(safeToKeep({ side: 'buy', price: '99.9' }, context)).toBe(true);
    expect(safeToKeep({ side: 'buy', price: '100' }, context)).toBe(false);
    expect(safeToKeep({ side: 'sell', price: '100' }, context)).toBe(false);
    expect(safeToKeep({ side: 'sell', price: '105' }, context)).toBe(true);
    expect(safeToKeep({ side: 'sell', price: '105.01' }, context)).toBe(false);
    expect(safeToKeep({ side: 'sell', price: '200' }, { reference: '100', maxDeviation: null })).toBe(true);
  });
});
