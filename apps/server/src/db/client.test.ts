import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { openDatabase } from './client.ts';

const dir = mkdtempSync(join(tmpdir(), 'makerdesk-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database folder', () => {
  it('is created aside and moved in whole, so a first start killed half-way leaves nothing the next start trips on', { timeout: 120_000 }, async () => {
    // What a first start killed during creation leaves behind.
    mkdirSync(join(dir, 'pglite.creating'));
    writeFileSync(join(dir, 'pglite.creating', 'PG_VERSION'), '17\n');

    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();
    expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dir, 'pglite.creating'))).toBe(false);

    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    const { rows } = (await again.db.execute(sql`select n from kept`)) as unknown as { rows: { n: number }[] };
    expect(rows).toEqual([{ n: 42 }]);
    await again.close();
  });
});

describe('claiming a role for one process', () => {
  it('gives the simulator to one server per database, and frees it when that server closes', async () => {
    const scratch = await scratchDatabase(suiteDatabaseUrl());
    try {
      const first = await openDatabase(scratch.target);
      expect(await first.claim('simulator')).toBe(true);
      if (scratch.target.kind === 'postgres') {
        // A second server on the same PostgreSQL: refused while the first holds it, free once it is gone.
        const second = await openDatabase(scratch.target);
        expect(await second.claim('simulator')).toBe(false);
        expect(await second.claim('another role')).toBe(true);
        await first.close();
        expect(await second.claim('simulator')).toBe(true);
        await second.close();
      } else {
        // PGlite is one process per folder already (the data-folder lock): nothing to share.
        await first.close();
      }
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});

describe('losing a claim', () => {
  it('says so once when the claim\'s connection ends, and another server may then take the role', async () => {
    const scratch = await scratchDatabase(suiteDatabaseUrl());
    try {
      const first = await openDatabase(scratch.target);
      const losses: Error[] = [];
      expect(await first.claim('simulator', (err) => losses.push(err))).toBe(true);
      if (scratch.target.kind === 'postgres') {
        // What a PostgreSQL restart or an administrator does to every session of the database.
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: scratch.target.url });
        await admin.connect();
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        await admin.end();
        await expect.poll(() => losses.length, { timeout: 5_000 }).toBe(1);
        expect(losses[0]?.message).toMatch(/terminat/i);
        // The pool opens a fresh connection for the next query, and the role is free again.
        const second = await openDatabase(scratch.target);
        expect(await second.claim('simulator')).toBe(true);
        await second.close();
      }
      // PGlite lives in this process: its claim cannot be lost, only closed.
      await first.close();
      expect(losses).toHaveLength(scratch.target.kind === 'postgres' ? 1 : 0);
    } finally {
      await scratch.drop();
    }
  }, 60_000);
});
