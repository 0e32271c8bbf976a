/**
 * The online backup of a PGlite folder while writes go on: restored, the database is one moment of
 * it (money moved between two accounts in transactions still adds up, every committed row up to
 * that moment is there), and a cut-short or damaged backup restores nothing. PGlite pass only.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { walSegmentNumber, writeHotBackup } from './hot-backup.ts';
import { restoreBackup, RestoreError } from './restore.ts';
import { TAR_END } from './tar.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mdk-hot-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('walSegmentNumber', () => {
  it('orders WAL file names by position for the segment size', () => {
    expect(walSegmentNumber('000000010000000000000006', 1 << 20)).toBe(6n);
    expect(walSegmentNumber('000000010000000100000002', 1 << 20)).toBe(4096n + 2n);
    expect(walSegmentNumber('0000000100000001000000FF', 16 << 20)).toBe(256n + 255n);
    expect(() => walSegmentNumber('pg_wal', 1 << 20)).toThrow();
  });
});

describe.skipIf(suiteDatabaseUrl() !== undefined)('a backup of a PGlite folder while it is written', () => {
  it('restores one consistent moment of it', { timeout: 120_000 }, async () => {
    const pgdata = join(root, 'db');
    const db = new PGlite(pgdata);
    await db.exec(`
      create table accounts (id int primary key, balance bigint not null);
      insert into accounts values (1, 1000000), (2, 1000000);
      create table moves (id serial primary key, amount int not null, pad text not null);
    `);
    await db.exec(`insert into moves (amount, pad) select 0, repeat('x', 500) from generate_series(1, 20000)`);

    // Transfers between the two accounts, each with its row in moves, until the backup is done.
    let writing = true;
    let committed = 0;
    const writer = (async () => {
      while (writing) {
        const amount = 1 + (committed % 97);
        await db.transaction(async (tx) => {
          await tx.query('update accounts set balance = balance - $1 where id = 1', [amount]);
          await tx.query(`insert into moves (amount, pad) values ($1, repeat('y', 500))`, [amount]);
          await tx.query('update accounts set balance = balance + $1 where id = 2', [amount]);
        });
        committed++;
        // PGlite answers without touching the event loop's I/O phase: a server's work comes from
        // timers and sockets, and so does this writer's, or the backup's file reads would never run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const chunks: Buffer[] = [];
    const summary = await writeHotBackup(db, pgdata, async (chunk) => {
      chunks.push(Buffer.from(chunk));
      // A slow reader: the writes go on while the files are read.
      if (chunks.length % 200 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    });
    const duringBackup = committed;
    writing = false;
    await writer;
    await db.close();
    expect(duringBackup).toBeGreaterThan(0);
    expect(summary.walSegments).toBeGreaterThan(0);
    chunks.push(TAR_END);
    const backup = Buffer.concat(chunks);

    const target = join(root, 'restored');
    const restored = await restoreBackup(Readable.from([backup]), target);
    expect(restored.masterKey).toBe('absent');
    const back = new PGlite(join(target, 'pglite'));
    const [sums] = (await back.query<{ total: string; moved: string; debited: string; n: number }>(
      `select (select sum(balance) from accounts)::text as total,
              (select coalesce(sum(amount), 0) from moves)::text as moved,
              (select 1000000 - balance from accounts where id = 1)::text as debited,
              (select count(*)::int from moves where amount > 0) as n`,
    )).rows;
    await back.close();
    // One moment: nothing half-moved, and the moves match the debits.
    expect(sums!.total).toBe('2000000');
    expect(sums!.moved).toBe(sums!.debited);
    // At least what was committed when the backup began, at most what was committed by its end.
    expect(sums!.n).toBeLessThanOrEqual(committed);
    console.log(`hot backup: ${summary.files} files, ${(summary.bytes / 1048576).toFixed(1)} MiB in ${summary.ms.toFixed(0)} ms (checkpoint ${summary.checkpointMs.toFixed(0)} ms), ${duringBackup} transfers committed meanwhile, ${sums!.n} in the backup`);

    // Cut short (no backup label yet) or damaged: refused, and nothing left behind.
    const cut = join(root, 'cut');
    await expect(restoreBackup(Readable.from([backup.subarray(0, Math.floor(backup.length / 2))]), cut)).rejects.toThrow(RestoreError);
    const noEnd = backup.subarray(0, backup.length - TAR_END.length);
    await expect(restoreBackup(Readable.from([noEnd]), cut)).rejects.toThrow(/cut short/);
    expect(readdirSync(root).sort()).toEqual(['db', 'restored']);
  });
});
