import { describe, expect, it } from 'vitest';
import type { OwnOrder } from '../../strategy.ts';
import { syncSlots, type DesiredOrder } from './sync-slots.ts';

const own = (tag: string, price: string, extra: Partial<OwnOrder> = {}): OwnOrder => ({
  clientOrderId: `id-${tag}-${price}`,
  tag,
  side: 'buy',
  price,
  amount: '1',
  filledAmount: '0',
  state: 'open',
  placedAt: 0,
  ...extra,
});
const want = (tag: string, price: string): DesiredOrder => ({ tag, side: 'buy', price, amount: '1' });

describe('syncSlots', () => {
  it('places empty slots, keeps matching orders and cancels orders of slots no longer wanted, cancels first', () => {
    const intents = syncSlots([want('b1', '100'), want('b2', '99')], [own('b1', '100'), own('b9', '90')], { now: 1 });
    expect(intents).toEqual([
      { kind: 'cancel', clientOrderId: 'id-b9-90' },
      { kind: 'place', tag: 'b2', side: 'buy', price: '99', amount: '1' },
    ]);
  });

  it('replaces an order whose price moved, unless the move is inside the tolerance', () => {
    expect(syncSlots([want('b1', '100.5')], [own('b1', '100')], { now: 1 })).toEqual([
      { kind: 'cancel', clientOrderId: 'id-b1-100' },
      { kind: 'place', tag: 'b1', side: 'buy', price: '100.5', amount: '1' },
    ]);
    expect(syncSlots([want('b1', '100.5')], [own('b1', '100')], { now: 1, tolerance: '0.01' })).toEqual([]);
    expect(syncSlots([want('b1', '102')], [own('b1', '100')], { now: 1, tolerance: '0.01' })).toHaveLength(2);
  });

  it('never places into a slot whose order is in flight (unknown or canceling)', () => {
    expect(syncSlots([want('b1', '101')], [own('b1', '100', { state: 'unknown' })], { now: 1 })).toEqual([]);
    expect(syncSlots([want('b1', '101')], [own('b1', '100', { state: 'canceling' })], { now: 1 })).toEqual([]);
    expect(syncSlots([], [own('b1', '100', { state: 'unknown' })], { now: 1 })).toEqual([]);
  });

  it('replaces an unchanged order once it is older than the maximum age', () => {
    expect(syncSlots([want('b1', '100')], [own('b1', '100', { placedAt: 0 })], { now: 59_999, maxAgeMs: 60_000 })).toEqual([]);
    expect(syncSlots([want('b1', '100')], [own('b1', '100', { placedAt: 0 })], { now: 60_000, maxAgeMs: 60_000 })).toHaveLength(2);
  });
});

describe('syncSlots as a ladder (issue 19: a move of the market replaces only the ladder’s ends)', () => {
  const bid = (tag: string, price: string, extra: Partial<OwnOrder> = {}) => own(tag, price, extra);
  const ask = (tag: string, price: string, extra: Partial<OwnOrder> = {}) => own(tag, price, { side: 'sell', ...extra });
  const wantAsk = (tag: string, price: string): DesiredOrder => ({ tag, side: 'sell', price, amount: '1' });
  const ladder = { now: 1, tolerance: '0.002', passiveTolerance: '0.005', ladder: true };

  it('the market a step up: the bids shift one slot out (one new bid at the top, the deepest cancelled), the asks one slot in (the nearest cancelled, one new at the back)', () => {
    const orders = [bid('b1', '99'), bid('b2', '98'), bid('b3', '97'), ask('a1', '101'), ask('a2', '102'), ask('a3', '103')];
    const wanted = [want('b1', '100'), wantAsk('a1', '102'), want('b2', '99'), wantAsk('a2', '103'), want('b3', '98'), wantAsk('a3', '104')];
    // Tolerance 0.2 %: an order a whole step (1 %) from its slot fits no slot but the one a step away.
    expect(syncSlots(wanted, orders, { ...ladder, passiveTolerance: '0.002' })).toEqual([
      { kind: 'cancel', clientOrderId: 'id-b3-97' },
      { kind: 'cancel', clientOrderId: 'id-a1-101' },
      { kind: 'place', tag: 'b3', side: 'buy', price: '100', amount: '1' },
      { kind: 'place', tag: 'a1', side: 'sell', price: '104', amount: '1' },
    ]);
    // By tag, the same move replaces all six.
    expect(syncSlots(wanted, orders, { now: 1, tolerance: '0.002' }).filter((i) => i.kind === 'place')).toHaveLength(6);
  });

  it('an order nearer the market than its slot by more than the tolerance is cancelled; one further out is kept within the passive tolerance', () => {
    // Bids: nearer = higher. 100.3 is 0.3 % above its slot at 100: over 0.2 %, cancelled and replaced.
    expect(syncSlots([want('b1', '100')], [bid('b1', '100.3')], ladder)).toEqual([
      { kind: 'cancel', clientOrderId: 'id-b1-100.3' },
      { kind: 'place', tag: 'b1', side: 'buy', price: '100', amount: '1' },
    ]);
    // 99.6 is 0.4 % below: behind the market, inside the passive 0.5 %, kept.
    expect(syncSlots([want('b1', '100')], [bid('b1', '99.6')], ladder)).toEqual([]);
    expect(syncSlots([want('b1', '100')], [bid('b1', '99.4')], ladder)).toHaveLength(2);
    // Asks: nearer = lower.
    expect(syncSlots([wantAsk('a1', '100')], [ask('a1', '99.7')], ladder)).toHaveLength(2);
    expect(syncSlots([wantAsk('a1', '100')], [ask('a1', '100.4')], ladder)).toEqual([]);
  });

  it('an order in flight takes the slot its price fits and is never cancelled; nothing is placed twice', () => {
    expect(syncSlots([want('b1', '100'), want('b2', '99')], [bid('b2', '100', { state: 'unknown' }), bid('b1', '99')], ladder)).toEqual([]);
    // In flight and fitting no slot: left alone, the free slots are filled around it...
    expect(syncSlots([want('b1', '100'), want('b2', '99')], [bid('b1', '90', { state: 'canceling' })], ladder)).toEqual([{ kind: 'place', tag: 'b2', side: 'buy', price: '100', amount: '1' }]);
    // ...and a slot whose tag it holds waits for it to end.
    expect(syncSlots([want('b1', '100')], [bid('b1', '90', { state: 'canceling' })], ladder)).toEqual([]);
  });

  it('a new order takes a tag no kept order holds, so tags stay unique as orders move between slots', () => {
    const intents = syncSlots([want('b1', '100'), want('b2', '99')], [bid('b1', '99')], { ...ladder, passiveTolerance: '0.002' });
    expect(intents).toEqual([{ kind: 'place', tag: 'b2', side: 'buy', price: '100', amount: '1' }]);
  });

  it('keeps an order whose amount lies in the slot’s range, and replaces one outside it', () => {
    const ranged = (tag: string, price: string): DesiredOrder => ({ ...want(tag, price), amount: '2', amountRange: { min: '1', max: '3' } });
    expect(syncSlots([ranged('b1', '100')], [bid('b1', '100', { amount: '1.5' })], ladder)).toEqual([]);
    expect(syncSlots([ranged('b1', '100')], [bid('b1', '100', { amount: '4' })], ladder)).toHaveLength(2);
    expect(syncSlots([want('b1', '100')], [bid('b1', '100', { amount: '1.5' })], ladder), 'no range: only the amount itself').toHaveLength(2);
  });

  it('with a slack of one, a side that lost only its deepest order leaves it empty; losing two refills both', () => {
    const slots = [want('b1', '100'), want('b2', '99'), want('b3', '98')];
    expect(syncSlots(slots, [bid('b1', '100'), bid('b2', '99')], { ...ladder, ladderSlack: 1 })).toEqual([]);
    expect(syncSlots(slots, [bid('b1', '100')], { ...ladder, ladderSlack: 1 })).toEqual([
      { kind: 'place', tag: 'b2', side: 'buy', price: '99', amount: '1' },
      { kind: 'place', tag: 'b3', side: 'buy', price: '98', amount: '1' },
    ]);
    // An empty slot nearer the market is always filled.
    expect(syncSlots(slots, [bid('b2', '99'), bid('b3', '98')], { ...ladder, ladderSlack: 1 })).toEqual([{ kind: 'place', tag: 'b1', side: 'buy', price: '100', amount: '1' }]);
    // A bare side is laid out whole.
    expect(syncSlots(slots, [], { ...ladder, ladderSlack: 1 })).toHaveLength(3);
  });
});
