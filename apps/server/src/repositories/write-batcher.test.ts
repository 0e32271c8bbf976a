import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher.ts';

describe('WriteBatcher', () => {
  it('writes what is asked in one turn as one batch, and what comes while it is written as the next, in order', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new WriteBatcher<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
    });
    const first = [1, 2, 3].map((n) => batcher.add(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);
    // Asked while the first batch is still being written: held for the next one.
    const second = [4, 5].map((n) => batcher.add(n));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toEqual([[1, 2, 3]]);
    release();
    await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('a caller is answered only once its batch is written', async () => {
    let written = false;
    const batcher = new WriteBatcher<string>(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      written = true;
    });
    await batcher.add('a');
    expect(written).toBe(true);
  });

  it('a failed batch is written again one by one: the bad write fails alone, the others land', async () => {
    const landed: string[] = [];
    const batcher = new WriteBatcher<string>(async (items) => {
      if (items.includes('bad')) throw new Error(`refused ${items.join(',')}`);
      landed.push(...items);
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((x) => batcher.add(x)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused bad'));
    expect(landed).toEqual(['a', 'c']);
  });

  it('a batch holds at most maxBatch writes; the rest follow in the next', async () => {
    const sizes: number[] = [];
    const batcher = new WriteBatcher<number>(async (items) => {
      sizes.push(items.length);
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.add(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
