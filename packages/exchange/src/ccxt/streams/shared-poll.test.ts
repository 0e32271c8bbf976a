import { describe, expect, it } from 'vitest';
import { SharedPoll } from './shared-poll.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SharedPoll', () => {
  it('one request in flight serves every reader of its key; another key asks on its own', async () => {
    const now = 0;
    const poll = new SharedPoll<string>(1000, () => now);
    const asked: string[] = [];
    const pending = deferred<string>();
    const reads = Array.from({ length: 10 }, () => poll.get('a', () => (asked.push('a'), pending.promise)));
    const other = poll.get('b', async () => (asked.push('b'), 'B'));
    pending.resolve('A');
    expect(await Promise.all(reads)).toEqual(Array(10).fill('A'));
    expect(await other).toBe('B');
    expect(asked).toEqual(['a', 'b']);
  });

  it('an answer serves reads for the reuse window, then the next read asks again', async () => {
    let now = 0;
    const poll = new SharedPoll<number>(1000, () => now);
    let calls = 0;
    const run = async () => ++calls;
    expect(await poll.get('k', run)).toBe(1);
    now = 999;
    expect(await poll.get('k', run)).toBe(1);
    now = 1000;
    expect(await poll.get('k', run)).toBe(2);
    poll.clear();
    expect(await poll.get('k', run)).toBe(3);
  });

  it('a failure is held by back-off over the failures in a row, and a success ends the back-off', async () => {
    let now = 0;
    const poll = new SharedPoll<string>(500, () => now, (failures) => failures * 2000);
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls++;
      throw new Error('down');
    };
    await expect(poll.get('k', failing)).rejects.toThrow('down');
    now = 1999;
    await expect(poll.get('k', failing)).rejects.toThrow('down');
    expect(calls).toBe(1);
    now = 2000;
    await expect(poll.get('k', failing)).rejects.toThrow('down');
    expect(calls).toBe(2);
    // Two failures in a row: held 4 s.
    now = 5999;
    await expect(poll.get('k', failing)).rejects.toThrow('down');
    expect(calls).toBe(2);
    now = 6000;
    expect(await poll.get('k', async () => (calls++, 'up'))).toBe('up');
    now = 6500;
    expect(await poll.get('k', async () => (calls++, 'again'))).toBe('again');
    expect(calls).toBe(4);
  });

  it('tells whether a read now would get a kept answer', async () => {
    let now = 0;
    const poll = new SharedPoll<number>(1000, () => now);
    const pending = deferred<number>();
    expect(poll.answersNow('k')).toBe(false);
    const read = poll.get('k', () => pending.promise);
    expect([poll.answersNow('k'), poll.answersNow('other')]).toEqual([true, false]);
    pending.resolve(1);
    await read;
    now = 999;
    expect(poll.answersNow('k')).toBe(true);
    now = 1000;
    expect(poll.answersNow('k')).toBe(false);
  });
});
