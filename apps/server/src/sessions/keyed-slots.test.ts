import { describe, expect, it } from 'vitest';
import { KeyedSlots } from './keyed-slots.ts';

describe('KeyedSlots', () => {
  it('gives each key up to max slots, frees a slot once however often it is released, and forgets empty keys', () => {
    const slots = new KeyedSlots<string>(2);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(slots.take('a')).toBeUndefined();
    expect(slots.take('b')).toBeDefined();
    expect([slots.heldBy('a'), slots.heldBy('b'), slots.total]).toEqual([2, 1, 3]);
    a1!();
    a1!();
    expect(slots.heldBy('a')).toBe(1);
    expect(slots.take('a')).toBeDefined();
    expect(slots.take('a')).toBeUndefined();
    a2!();
    expect(slots.heldBy('a')).toBe(1);
  });
});
