import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

function cache(maxEntries = 3, ttlMs = 1000) {
  const clock = { now: 0 };
  return { clock, cache: new ReadCache<string, number>({ maxEntries, ttlMs, now: () => clock.now }) };
}

describe('ReadCache', () => {
  it('answers a stored entry until its TTL runs out, then reads again', async () => {
    const { clock, cache: c } = cache();
    let reads = 0;
    const load = async () => ++reads;
    expect(await c.through('a', load)).toBe(1);
    clock.now = 999;
    expect(await c.through('a', load)).toBe(1);
    clock.now = 1000;
    expect(await c.through('a', load)).toBe(2);
    expect(reads).toBe(2);
  });

  it('keeps at most maxEntries, the oldest going first', async () => {
    const { cache: c } = cache(2);
    for (const key of ['a', 'b', 'c']) await c.through(key, async () => 1);
    expect(c.size).toBe(2);
    expect(c.lookup('a')).toBeUndefined();
    expect(c.lookup('b')).toBe(1);
    expect(c.lookup('c')).toBe(1);
  });

  it('does not keep misses (null or undefined)', async () => {
    const { cache: c } = cache();
    expect(await c.through('a', async () => null)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('forget drops the matching entries at once', async () => {
    const { cache: c } = cache();
    await c.through('1:a', async () => 1);
    await c.through('2:a', async () => 2);
    c.forget((key) => key.startsWith('1:'));
    expect(c.lookup('1:a')).toBeUndefined();
    expect(c.lookup('2:a')).toBe(2);
  });

  it('a read that began before a forget is answered but not kept (it may predate the write)', async () => {
    const { cache: c } = cache();
    let release!: () => void;
    const slow = c.through('a', () => new Promise<number>((resolve) => (release = () => resolve(1))));
    c.forget(() => true);
    release();
    expect(await slow).toBe(1);
    expect(c.lookup('a')).toBeUndefined();
    await c.through('a', async () => 2);
    expect(c.lookup('a')).toBe(2);
  });

  it('with a TTL of 0 keeps nothing', async () => {
    const { cache: c } = cache(3, 0);
    let reads = 0;
    await c.through('a', async () => ++reads);
    await c.through('a', async () => ++reads);
    expect(reads).toBe(2);
  });
});
