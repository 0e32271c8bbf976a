import type { SimCommand } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { JournalRow } from '../repositories/sim-state.repository.ts';
import { JournalClosedError, SimJournalWriter, type JournalStore, type SimJournalWriterOptions } from './sim-journal-writer.ts';

/**
 * A store with the repository's semantics (a group it already has is left as it is), whose writes
 * can be held, failed, or made to fail after they took effect (a lost answer).
 */
class FakeStore implements JournalStore {
  readonly rows = new Map<number, JournalRow>();
  snapshot: { text: string; seq: number } | null = null;
  writes = 0;
  /** Next writes: 'fail' before taking effect, 'lose' after taking effect. */
  faults: ('fail' | 'lose')[] = [];
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
    this.gate = null;
  }

  async appendCommands(row: JournalRow): Promise<void> {
    await this.write(() => {
      if (!this.rows.has(row.firstSeq)) this.rows.set(row.firstSeq, row);
    });
  }

  async saveSnapshot(text: string, seq: number): Promise<void> {
    await this.write(() => {
      this.snapshot = { text, seq };
      for (const [first, row] of this.rows) if (row.lastSeq <= seq) this.rows.delete(first);
    });
  }

  /** The commands the journal holds, in order. */
  commands(): SimCommand[] {
    return [...this.rows.values()].sort((a, b) => a.firstSeq - b.firstSeq).flatMap((r) => JSON.parse(r.commands) as SimCommand[]);
  }

  private async write(effect: () => void): Promise<void> {
    this.writes += 1;
    if (this.gate) await this.gate;
    await Promise.resolve();
    const fault = this.faults.shift();
    if (fault === 'fail') throw new Error('connection reset');
    effect();
    if (fault === 'lose') throw new Error('timeout after commit');
  }
}

const step = (t: number): SimCommand => ({ k: 'step', t });

/** A writer whose "venue state" is the number of commands it accepted. */
function writer(store: FakeStore, extra: Partial<SimJournalWriterOptions> = {}) {
  const w: SimJournalWriter = new SimJournalWriter(store, {
    lastSeq: 0,
    snapshotTime: 0,
    snapshot: () => `state-${w.lastSeq}`,
    compaction: { maxCommands: 1_000_000, maxAgeMs: Number.MAX_SAFE_INTEGER },
    ...extra,
  });
  return { w, append: (command: SimCommand) => w.append(command) };
}

function watch(promise: Promise<void>) {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SimJournalWriter', () => {
  it('writes an idle command at once, and what arrives during a write together in the next one', async () => {
    const store = new FakeStore();
    const { w, append } = writer(store);
    store.hold();
    const first = watch(append(step(1)));
    const later = Array.from({ length: 50 }, (_, i) => watch(append(step(i + 2))));
    await tick();
    expect(first.done).toBe(false);
    store.release();
    await w.idle();
    expect(first.done && later.every((p) => p.done && p.error === undefined)).toBe(true);
    expect([...store.rows.values()].map((r) => [r.firstSeq, r.lastSeq])).toEqual([
      [1, 1],
      [2, 51],
    ]);
    expect(store.commands().map((c) => c.t)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });

  it('acknowledges nothing until a failing store takes the write, then writes each group once and in order', async () => {
    const store = new FakeStore();
    store.faults = ['fail', 'fail', 'lose', 'fail'];
    const { w, append } = writer(store);
    const acks = Array.from({ length: 5 }, (_, i) => watch(append(step(i + 1))));
    await tick();
    expect(acks.some((a) => a.done)).toBe(false);
    await w.idle();
    expect(acks.every((a) => a.done && a.error === undefined)).toBe(true);
    // The lost answer was retried: the group is there once, and nothing after it came first.
    expect(store.commands().map((c) => c.t)).toEqual([1, 2, 3, 4, 5]);
    expect(store.writes).toBeGreaterThanOrEqual(6);
  });

  it('folds the journal into a snapshot of exactly the commands so far', async () => {
    const store = new FakeStore();
    const { w, append } = writer(store, { compaction: { maxCommands: 3, maxAgeMs: Number.MAX_SAFE_INTEGER } });
    for (let i = 1; i <= 7; i++) {
      await append(step(i));
    }
    await w.idle();
    expect(store.snapshot).toEqual({ text: 'state-6', seq: 6 });
    expect(store.commands().map((c) => c.t)).toEqual([7]);
  });

  it('compacts when venue time moves past the age limit', async () => {
    const store = new FakeStore();
    const { w, append } = writer(store, { snapshotTime: 1_000, compaction: { maxCommands: 1_000_000, maxAgeMs: 60_000 } });
    await append(step(30_000));
    await append(step(61_000));
    await w.idle();
    expect(store.snapshot).toEqual({ text: 'state-2', seq: 2 });
  });

  it('at close writes what waits, then a snapshot, and refuses anything after', async () => {
    const store = new FakeStore();
    const { w, append } = writer(store);
    store.hold();
    const a = watch(append(step(1)));
    const b = watch(append(step(2)));
    const closing = w.close();
    await expect(append(step(3))).rejects.toBeInstanceOf(JournalClosedError);
    store.release();
    await closing;
    expect(a.error ?? b.error).toBeUndefined();
    expect(store.snapshot).toEqual({ text: 'state-2', seq: 2 });
    expect(store.rows.size).toBe(0);
  });

  it('gives up at close on a store that never answers, telling every waiting caller, and writes nothing after the hole', async () => {
    const store = new FakeStore();
    store.faults = Array.from({ length: 1_000 }, () => 'fail' as const);
    const { w, append } = writer(store, { closeTimeoutMs: 300 });
    const first = watch(append(step(1)));
    const second = watch(append(step(2)));
    await tick();
    await w.close();
    expect(first.error).toBeInstanceOf(JournalClosedError);
    expect(second.error).toBeInstanceOf(JournalClosedError);
    expect(store.rows.size).toBe(0);
    expect(store.snapshot).toBeNull();
    await expect(append(step(3))).rejects.toBeInstanceOf(JournalClosedError);
  });
});
