import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.ts';
import { PgliteCheckpoints } from './pglite-checkpoints.ts';

describe('PGlite checkpoints on a timer', () => {
  afterEach(() => vi.useRealTimers());

  it('checkpoints every interval, one at a time, and none after stop', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    let runs = 0;
    const checkpoints = new PgliteCheckpoints({
      everyMs: 1000,
      checkpoint: () => {
        runs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    checkpoints.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running at the next interval: not a second one beside it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await checkpoints.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('holds them off while a backup runs, and resumes after it', async () => {
    let runs = 0;
    const checkpoints = new PgliteCheckpoints({ checkpoint: async () => void runs++ });
    let duringBackup: boolean | undefined;
    const answer = await checkpoints.holding(async () => {
      duringBackup = await checkpoints.tick();
      return 'backed up';
    });
    expect(answer).toBe('backed up');
    expect(duringBackup).toBe(false);
    expect(runs).toBe(0);
    expect(await checkpoints.tick()).toBe(true);
    expect(runs).toBe(1);
  });

  it('tells a failed checkpoint and tries again at the next', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const checkpoints = new PgliteCheckpoints({
      checkpoint: async () => {
        if (fail) throw new Error('disk full');
      },
      onError: (err) => errors.push(err),
    });
    expect(await checkpoints.tick()).toBe(true);
    expect(errors.map((e) => (e as Error).message)).toEqual(['disk full']);
    fail = false;
    expect(await checkpoints.tick()).toBe(true);
    expect(errors).toHaveLength(1);
  });
});

describe('a CHECKPOINT on a PGlite folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'makerdesk-checkpoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lets the WAL before it go: pg_wal no longer grows with what is written, one interval of it is reused', { timeout: 180_000 }, async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const pglite = database.pglite!;
    const walFiles = () => readdirSync(join(pglite.pgdata, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort();
    const checkpoints = new PgliteCheckpoints({ checkpoint: () => pglite.client.query('checkpoint') });
    // About 100 MB of WAL (1 MB segments) a round: more than min_wal_size (80 MB), far less than
    // the WAL after which PGlite checkpoints by itself (about half of max_wal_size, 1 GB).
    const round = async () => {
      for (let i = 0; i < 4; i++) await pglite.client.query(`insert into filler select g, repeat('x', 200) from generate_series(1, 100000) g`);
    };
    try {
      await pglite.client.query('create table filler (n int, pad text)');
      const counts: number[] = [];
      for (let r = 0; r < 3; r++) {
        await round();
        if (r === 0) expect(walFiles().length).toBeGreaterThan(80);
        expect(await checkpoints.tick()).toBe(true);
        const { rows } = await pglite.client.query<{ redo: string }>('select redo_wal_file as redo from pg_control_checkpoint()');
        // Every segment before the checkpoint's redo point is gone (removed, or renamed ahead for reuse).
        expect(walFiles()[0]! >= rows[0]!.redo).toBe(true);
        counts.push(walFiles().length);
      }
      // Three rounds written (over 300 segments), yet pg_wal holds about one round's worth.
      expect(counts[2]!).toBeLessThanOrEqual(counts[0]! + 10);
      expect(counts[2]!).toBeLessThan(200);
    } finally {
      await checkpoints.stop();
      await database.close();
    }
  });
});
