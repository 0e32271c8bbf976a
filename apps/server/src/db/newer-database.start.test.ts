/**
 * The real server refuses to start on a database a newer version migrated, and says which migration
 * the database has and which this build knows (PGlite by default, a scratch PostgreSQL database in
 * the suite's PostgreSQL pass). It changes nothing: not even the main account is seeded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { ServerProcess } from '../testing/server-process.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseTarget } from './client.ts';
import { buildMigrations } from './migration-guard.ts';

const LATEST = buildMigrations(MIGRATIONS_FOLDER).at(-1)!;
const FUTURE = LATEST.when + 7 * 86_400_000;
let target: DatabaseTarget;
let drop: () => Promise<void>;
let dataDir: string;
const started: ServerProcess[] = [];

beforeAll(async () => {
  ({ target, drop } = await scratchDatabase(suiteDatabaseUrl()));
  dataDir = target.kind === 'pglite' ? (target.dataDir as string) : mkdtempSync(join(tmpdir(), 'makerdesk-newer-db-'));
});

afterAll(async () => {
  for (const server of started) if (server.running) await server.kill('SIGKILL');
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a start on a database a newer version migrated', () => {
  it('is refused in words naming both migrations, and changes nothing', { timeout: 120_000 }, async () => {
    // What a newer version leaves: its migration recorded by drizzle, and its name.
    const database = await openDatabase(target);
    await database.migrate();
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('0123456789abcdef0123', ${FUTURE})`);
    await database.db.execute(sql`insert into migration_names (created_at, tag) values (${FUTURE}, '0042_from_a_newer_version')`);
    await database.close();

    const refused = await ServerProcess.start({ target, dataDir, password: 'Newer-db-adm-1', simSeed: 7, started }).then(
      () => '',
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/the server exited with 1/);
    expect(refused).toContain(
      `MakerDesk could not start: This database was migrated by a newer MakerDesk: its latest migration is 0042_from_a_newer_version (${new Date(FUTURE).toISOString()}), this build knows migrations up to ${LATEST.tag}`,
    );

    const after = await openDatabase(target);
    try {
      const { rows } = (await after.db.execute(sql`select count(*)::int as n from admins`)) as unknown as { rows: { n: number }[] };
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await after.close();
    }
  });
});
