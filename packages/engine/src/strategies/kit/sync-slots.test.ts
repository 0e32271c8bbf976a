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
