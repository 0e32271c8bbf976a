import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { buildMigrations, recordMigrationNames, refuseNewerDatabase, type QueryRunner } from './migration-guard.ts';
import * as schema from './schema.ts';

export type PGliteClient = import('@electric-sql/pglite').PGlite;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Brings the schema to this build's latest migration, every pending migration in one transaction
   * (drizzle's migrator: a failure leaves none of them). Refuses a database a newer version migrated
   * (DatabaseFromNewerVersionError) before changing anything. `migrationsFolder`: another journal (tests).
   */
  migrate(options?: MigrateOptions): Promise<void>;
  /**
   * Claims `role` for this process until it closes the database; false when another process
   * holds it. On PostgreSQL a session advisory lock on a connection kept aside; PGlite is one
   * process per folder already (the data-folder lock).
   *
   * `onLost` is called once if the claim's connection ends while the claim is held (the database
   * restarted, an administrator ended it): the advisory lock went with it and another server may
   * now take the role, so the holder must stop acting on it. Without `onLost` the loss is ignored.
   */
  claim(role: string, onLost?: (err: Error) => void): Promise<boolean>;
  /**
   * PGlite on a folder: its client and its data folder (PostgreSQL's own PGDATA), which the online
   * backup (backup/hot-backup.ts) reads while the server serves. Absent on PostgreSQL and in memory.
   */
  pglite?: { client: PGliteClient; pgdata: string };
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = new URL('../../drizzle', import.meta.url).pathname;

export interface MigrateOptions {
  migrationsFolder?: string;
}

/** The refusal of a newer database, drizzle's migrator, then this build's migration names written down. */
async function guardedMigrate(db: QueryRunner, folder: string, migrate: (config: { migrationsFolder: string }) => Promise<void>): Promise<void> {
  const build = buildMigrations(folder);
  await refuseNewerDatabase(db, build);
  await migrate({ migrationsFolder: folder });
  await recordMigrationNames(db, build);
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

/** PGlite under the data folder by default (`dataDir: null` keeps it in memory, for tests), PostgreSQL when a URL is given. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection the server ends (a restart, an administrator, a dropped test database)
  // is removed from the pool and the next query opens another; without a listener pg would throw
  // its error as uncaught and end the process.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const db = drizzle(pool, { schema }) as unknown as Db;
  const claims: PoolClient[] = [];
  return {
    db,
    kind: 'postgres',
    async claim(role, onLost) {
      const client = await pool.connect();
      const { rows } = await client.query<{ claimed: boolean }>('select pg_try_advisory_lock(hashtext($1)) as claimed', [`makerdesk:${role}`]);
      if (rows[0]?.claimed) {
        claims.push(client);
        // A checked-out client is outside the pool's error listener: without one of its own, its
        // connection ending would be an uncaught error.
        let lost = false;
        client.on('error', (err: Error) => {
          if (lost || !claims.includes(client)) return;
          lost = true;
          onLost?.(err);
        });
        return true;
      }
      client.release();
      return false;
    },
    async migrate(options = {}) {
      // Several servers may share one database: serialise their migrations on an advisory lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        const locked = drizzle(client, { schema });
        await guardedMigrate(locked, options.migrationsFolder ?? MIGRATIONS_FOLDER, (config) => migrate(locked, config));
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    async close() {
      // Ending the session ends its advisory locks.
      for (const client of claims.splice(0)) client.release(true);
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    if (!existsSync(path)) await createPgliteFolder(PGlite, path);
  }
  const client = new PGlite(path);
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: (options = {}) => guardedMigrate(db, options.migrationsFolder ?? MIGRATIONS_FOLDER, (config) => migrate(drizzle(client, { schema }), config)),
    claim: async () => true,
    ...(path ? { pglite: { client, pgdata: path } } : {}),
    close: () => client.close(),
  };
}

/**
 * A new database cluster is made beside its place and moved in once complete: PGlite cannot open
 * a cluster whose creation was interrupted (a first start killed after a second), and it must
 * never be left half-made where the next start looks.
 */
async function createPgliteFolder(PGlite: typeof import('@electric-sql/pglite').PGlite, path: string): Promise<void> {
  const staging = `${path}.creating`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const client = new PGlite(staging);
  await client.waitReady;
  await client.close();
  renameSync(staging, path);
}
