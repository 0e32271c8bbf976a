import { describe, expect, it } from 'vitest';
import type { JournalOrder } from '../ports.ts';
import { EndedOrders, ENDED_KEPT_MS } from './ended-orders.ts';

const order = (id: string, state: JournalOrder['state'] = 'canceled'): JournalOrder =>
  ({ clientOrderId: id, state, filledAmount: '0' }) as unknown as JournalOrder;

describe('EndedOrders: what an executor remembers of the orders that ended', () => {
  it('answers an ended order as last written, and whether the venue said it ended', () => {
    const ended = new EndedOrders();
    ended.remember(order('a'), 0);
    expect(ended.has('a')).toBe(true);
    expect(ended.endedByVenue('a')).toBe(false);
    ended.markEndedByVenue('a');
    ended.remember(order('a', 'filled'), 1_000);
    expect(ended.get('a')?.state).toBe('filled');
    expect(ended.endedByVenue('a')).toBe(true);
    expect(ended.has('b')).toBe(false);
    ended.markEndedByVenue('b');
    expect(ended.endedByVenue('b')).toBe(false);
  });

  it('forgets an end older than ten minutes once another order ends, and keeps the younger ones', () => {
    const ended = new EndedOrders();
    ended.remember(order('old'), 0);
    ended.markEndedByVenue('old');
    ended.remember(order('mid'), 5 * 60_000);
    ended.remember(order('new'), ENDED_KEPT_MS);
    expect([ended.has('old'), ended.has('mid'), ended.has('new')]).toEqual([true, true, true]);
    ended.remember(order('newer'), ENDED_KEPT_MS + 1);
    expect([ended.has('old'), ended.endedByVenue('old'), ended.has('mid'), ended.has('newer')]).toEqual([false, false, true, true]);
    expect(ended.size).toBe(3);
  });

  it('keeps at most its count, forgetting the oldest end first (a repeated write keeps its first end)', () => {
    const ended = new EndedOrders(3, ENDED_KEPT_MS);
    for (const id of ['a', 'b', 'c']) ended.remember(order(id), 0);
    ended.remember(order('a', 'filled'), 1);
    ended.remember(order('d'), 2);
    expect([...['a', 'b', 'c', 'd']].map((id) => ended.has(id))).toEqual([false, true, true, true]);
    expect(ended.size).toBe(3);
  });

  it('a busy bot for an hour holds only its last ten minutes of ends', () => {
    const ended = new EndedOrders();
    // About ten ends a minute, as a quoting bot on the simulator.
    for (let i = 0; i < 600; i++) ended.remember(order(`o${i}`), i * 6_000);
    expect(ended.size).toBe(101);
    expect(ended.has('o499')).toBe(true);
    expect(ended.has('o498')).toBe(false);
  });
});
