import { describe, expect, it } from 'vitest';
import { PairStream } from './pair-stream.ts';

/** An `open` that takes a moment, as reaching a venue does, and counts what it opened and what is still open. */
function venue() {
  const open = new Set<number>();
  let opened = 0;
  const subscribe = async (_coinId: number) => {
    await new Promise((r) => setTimeout(r, 1));
    const id = ++opened;
    open.add(id);
    return () => {
      open.delete(id);
    };
  };
  return { open, subscribe, opened: () => opened };
}

describe('PairStream', () => {
  it('opens one subscription however often the same pair is asked for, overlapping requests included', async () => {
    const v = venue();
    const stream = new PairStream(v.subscribe);
    const answers = Array.from({ length: 1000 }, () => stream.subscribe(1));
    expect(await Promise.all(answers)).toEqual(Array(1000).fill(true));
    expect(v.opened()).toBe(1);
    expect(v.open.size).toBe(1);
    expect(stream.coinId).toBe(1);
  });

  it('replaces the pair with another; unsubscribe releases it', async () => {
    const v = venue();
    const stream = new PairStream(v.subscribe);
    const first = stream.subscribe(1);
    const second = stream.subscribe(2);
    expect([await first, await second]).toEqual([true, true]);
    expect([v.opened(), v.open.size, stream.coinId]).toEqual([2, 1, 2]);
    await stream.unsubscribe();
    expect([v.open.size, stream.coinId]).toEqual([0, undefined]);
  });

  it('close releases what a pending subscribe opens, skips the queued ones, and opens nothing after', async () => {
    const v = venue();
    let started!: () => void;
    const began = new Promise<void>((resolve) => (started = resolve));
    const stream = new PairStream((coinId) => {
      started();
      return v.subscribe(coinId);
    });
    const pending = stream.subscribe(1);
    const queued = stream.subscribe(2);
    await began;
    stream.close();
    expect([await pending, await queued]).toEqual([false, false]);
    expect([v.opened(), v.open.size]).toEqual([1, 0]);
    expect(await stream.subscribe(3)).toBe(false);
    expect(v.opened()).toBe(1);
  });

  it('a refused pair leaves nothing streaming, and the next request still runs', async () => {
    const v = venue();
    const stream = new PairStream((coinId) => (coinId === 2 ? Promise.reject(new Error('no key')) : v.subscribe(coinId)));
    await stream.subscribe(1);
    await expect(stream.subscribe(2)).rejects.toThrow('no key');
    expect([v.open.size, stream.coinId]).toEqual([0, undefined]);
    const again = stream.subscribe(1);
    expect(await again).toBe(true);
    expect(v.open.size).toBe(1);
  });
});
