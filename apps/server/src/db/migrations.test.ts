/**
 * Upgrades (issue 21 §3): the pending migrations of a start run in one transaction, so one failing
 * half-way leaves nothing of it; a server refuses a database a newer version migrated and names the
 * database's latest migration and its own; and a database made by the previous schema, a row in
 * every table, migrates to the latest with every row read back as it was. On PGlite, and on
 * PostgreSQL in the suite's PostgreSQL pass. The previous schema is this build's migrations but the
 * last, so the fixture follows each new migration; one that changes rows on purpose says so there.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@makerdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type Db } from './client.ts';
import { buildMigrations, DatabaseFromNewerVersionError, describeMigration, newerMigrations } from './migration-guard.ts';

const BUILD = buildMigrations(MIGRATIONS_FOLDER);
const LATEST = BUILD.at(-1)!;
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder with this build's first `count` migrations, then `extra` ones written here (tag, when, SQL). */
function migrationsFolder(count: number, extra: { tag: string; when: number; sql: string }[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'makerdesk-migrations-'));
  folders.push(dir);
  mkdirSync(join(dir, 'meta'));
  const kept = BUILD.slice(0, count);
  for (const { tag } of kept) copyFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(dir, `${tag}.sql`));
  for (const m of extra) writeFileSync(join(dir, `${m.tag}.sql`), m.sql);
  const entries = [...kept, ...extra].map(({ tag, when }, idx) => ({ idx, version: '7', when, tag, breakpoints: true }));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  return dir;
}

const open: { database: Database; drop(): Promise<void> }[] = [];
/** A new empty database: in-memory PGlite, or a scratch database in the PostgreSQL pass. */
async function emptyDatabase(): Promise<Database> {
  const scratch = await scratchDatabase(suiteDatabaseUrl(), { inMemory: true });
  const database = await openDatabase(scratch.target);
  open.push({ database, drop: scratch.drop });
  return database;
}
afterEach(async () => {
  for (const { database, drop } of open.splice(0)) {
    await database.close();
    await drop();
  }
});

async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const exists = async (db: Db, name: string) => (await rows<{ found: boolean }>(db, sql`select to_regclass(${name}) is not null as found`))[0]?.found;
const columnsOf = async (db: Db, table: string) =>
  (await rows<{ column_name: string }>(db, sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`)).map((r) => r.column_name);
const recordedTimes = async (db: Db) => (await rows<{ created_at: string | number }>(db, sql`select created_at from drizzle.__drizzle_migrations order by created_at`)).map((r) => Number(r.created_at));

describe('which recorded migrations are newer than this build', () => {
  const build = [
    { tag: '0000_a', when: 100 },
    { tag: '0001_b', when: 200 },
  ];

  it('only those after the build’s latest that it does not know, oldest first', () => {
    expect(newerMigrations(build, [])).toEqual([]);
    expect(newerMigrations(build, [{ createdAt: 100, hash: 'h0' }, { createdAt: 200, hash: 'h1' }])).toEqual([]);
    // Unknown but older than the latest (a migration regenerated on merge): drizzle skips it, and so does the check.
    expect(newerMigrations(build, [{ createdAt: 150, hash: 'old' }])).toEqual([]);
    expect(newerMigrations(build, [{ createdAt: 100, hash: 'h0' }, { createdAt: 400, hash: 'h3', tag: '0003_d' }, { createdAt: 300, hash: 'h2' }])).toEqual([
      { createdAt: 300, hash: 'h2' },
      { createdAt: 400, hash: 'h3', tag: '0003_d' },
    ]);
  });

  it('names a migration by its name and time, or by its time and hash when no server wrote its name', () => {
    expect(describeMigration({ tag: '0021_retention', createdAt: Date.UTC(2026, 11, 1, 9, 30) })).toBe('0021_retention (2026-12-01T09:30:00.000Z)');
    expect(describeMigration({ createdAt: Date.UTC(2026, 11, 1, 9, 30), hash: 'f00dfacecafe0123456789' })).toBe('an unnamed migration of 2026-12-01T09:30:00.000Z (sha256 f00dfacecafe…)');
  });
});

/** The failing statement's error, as drizzle wraps it (its cause is the database's). */
const DIVISION_BY_ZERO = { cause: { message: expect.stringContaining('division by zero') } };

describe('migrations in one transaction', () => {
  const halfWay = (when: number) => ({
    tag: '0099_half_way',
    when,
    sql: [
      'CREATE TABLE "half_made" ("n" integer NOT NULL);',
      'INSERT INTO "half_made" VALUES (1);',
      'ALTER TABLE "admins" ADD COLUMN "half_way" text;',
      // Fails: the statements before it must not stay.
      'SELECT 1 / 0;',
    ].join('\n--> statement-breakpoint\n'),
  });

  it('a migration failing half-way leaves nothing of it, nor of the migrations pending with it', async () => {
    const database = await emptyDatabase();
    const failing = migrationsFolder(BUILD.length, [halfWay(LATEST.when + 1000)]);

    // A new database: every migration is pending, and the last one fails.
    await expect(database.migrate({ migrationsFolder: failing })).rejects.toMatchObject(DIVISION_BY_ZERO);
    expect(await exists(database.db, 'public.admins')).toBe(false);
    expect(await exists(database.db, 'public.half_made')).toBe(false);
    expect(await recordedTimes(database.db)).toEqual([]);

    // The same database, migrated to this build, then the failing one alone.
    await database.migrate();
    expect(await recordedTimes(database.db)).toEqual(BUILD.map((m) => m.when));
    await expect(database.migrate({ migrationsFolder: failing })).rejects.toMatchObject(DIVISION_BY_ZERO);
    expect(await exists(database.db, 'public.half_made')).toBe(false);
    expect(await columnsOf(database.db, 'admins')).not.toContain('half_way');
    expect(await recordedTimes(database.db)).toEqual(BUILD.map((m) => m.when));
    // And the database still migrates and answers.
    await database.migrate();
    expect(await exists(database.db, 'public.admins')).toBe(true);
  });
});

describe('a database a newer version migrated', () => {
  const future = LATEST.when + 86_400_000;

  async function migratedByNewer(name: string | null): Promise<Database> {
    const database = await emptyDatabase();
    await database.migrate();
    // What a newer build leaves: drizzle's record of its migration, and (this version on) its name.
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('f00dfacecafe0123456789abcdef', ${future})`);
    if (name) await database.db.execute(sql`insert into migration_names (created_at, tag) values (${future}, ${name})`);
    return database;
  }

  it('is refused at migration, naming the database’s latest migration and this build’s', async () => {
    const database = await migratedByNewer('0031_from_a_newer_version');
    const refusal = await database.migrate().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(DatabaseFromNewerVersionError);
    const error = refusal as DatabaseFromNewerVersionError;
    expect(error.code).toBe(ErrorCode.DATABASE_FROM_NEWER_VERSION);
    expect(error.message).toBe(
      `This database was migrated by a newer MakerDesk: its latest migration is 0031_from_a_newer_version (${new Date(future).toISOString()}), ` +
        `this build knows migrations up to ${LATEST.tag} (${new Date(LATEST.when).toISOString()}). ` +
        'Start the newer version on it, or restore a backup taken before the upgrade: MakerDesk does not downgrade a database',
    );
  });

  it('names an unnamed newer migration by its time and hash', async () => {
    const database = await migratedByNewer(null);
    await expect(database.migrate()).rejects.toThrow(`its latest migration is an unnamed migration of ${new Date(future).toISOString()} (sha256 f00dfacecafe…)`);
  });

  it('a database this build migrated records every migration’s name, and starts again', async () => {
    const database = await emptyDatabase();
    await database.migrate();
    await database.migrate();
    const names = await rows<{ created_at: string | number; tag: string }>(database.db, sql`select created_at, tag from migration_names order by created_at`);
    expect(names.map((n) => [Number(n.created_at), n.tag])).toEqual(BUILD.map((m) => [m.when, m.tag]));
  });
});

// ------------------------------------------------------------------ the previous schema's database

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  column_default: string | null;
}
interface ForeignKey {
  tbl: string;
  col: string;
  ref_tbl: string;
  ref_col: string;
}

/** Columns whose CHECK constraint admits only some values: one of them. */
const CHECKED: Record<string, string> = {
  'liquidity_obligations.depth_within_pct': '2',
  'liquidity_obligations.period': 'day',
  // 0024: from_hour_utc < to_hour_utc, within 0..24.
  'liquidity_obligations.from_hour_utc': '0',
  'liquidity_obligations.to_hour_utc': '24',
};

/** A value of a column's type that says where it was written (text) or differs per table (numbers). */
function valueFor(column: Column, tableIndex: number): string {
  const checked = CHECKED[`${column.table_name}.${column.column_name}`];
  if (checked !== undefined) return checked;
  const n = tableIndex + 3;
  switch (column.udt_name) {
    case 'int2':
    case 'int4':
      return String(n);
    case 'int8':
      return String(9_000_000_000 + n);
    case 'numeric':
      return `${n}.12345678`;
    case 'bool':
      return 'true';
    case 'timestamptz':
      return new Date(Date.UTC(2026, 10, 20, 8, 0, n)).toISOString();
    case 'date':
      return new Date(Date.UTC(2026, 10, n)).toISOString().slice(0, 10);
    case 'jsonb':
      return JSON.stringify({ table: column.table_name, column: column.column_name, n });
    case 'bytea':
      return `\\x0102${n.toString(16).padStart(2, '0')}`;
    case '_text':
      return `{"${column.table_name}","${column.column_name}"}`;
    case 'text':
      return `${column.table_name}.${column.column_name}`;
    default:
      throw new Error(`no fixture value for ${column.table_name}.${column.column_name} of type ${column.udt_name}: add one here`);
  }
}

/** Tables in an order where every table comes after those its foreign keys name. */
function referencedFirst(tables: string[], keys: ForeignKey[]): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys in a cycle: ${[...path, table].join(' -> ')}`);
    for (const key of keys) if (key.tbl === table && key.ref_tbl !== table) visit(key.ref_tbl, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/**
 * One row in every table of the database, every column given a value (serial ids from their
 * sequence; a foreign key the id of the row written in the table it names). Answers each table's row
 * as the database returned it.
 */
async function aRowInEveryTable(db: Db): Promise<Map<string, Record<string, unknown>>> {
  const tables = (await rows<{ table_name: string }>(db, sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).map((r) => r.table_name);
  const columns = await rows<Column>(db, sql`select table_name, column_name, udt_name, column_default from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`);
  const keys = await rows<ForeignKey>(
    db,
    sql`select c.conrelid::regclass::text as tbl, a.attname as col, c.confrelid::regclass::text as ref_tbl, af.attname as ref_col
        from pg_constraint c
        cross join lateral unnest(c.conkey, c.confkey) as k(con, ref)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.con
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = k.ref
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const written = new Map<string, Record<string, unknown>>();
  const ordered = referencedFirst(tables, keys);
  for (const [index, table] of ordered.entries()) {
    const own = columns.filter((c) => c.table_name === table && !c.column_default?.startsWith('nextval('));
    const values = own.map((column) => {
      const key = keys.find((k) => k.tbl === table && k.col === column.column_name);
      const value = key ? String(written.get(key.ref_tbl)?.[key.ref_col]) : valueFor(column, index);
      // Sent as text and cast by the database (PGlite would serialize a parameter by the cast's type).
      return sql`(${value}::text)::${sql.raw(column.udt_name === '_text' ? 'text[]' : column.udt_name)}`;
    });
    const names = sql.join(
      own.map((c) => sql.identifier(c.column_name)),
      sql`, `,
    );
    const [row] = await rows(db, sql`insert into ${sql.identifier(table)} (${names}) values (${sql.join(values, sql`, `)}) returning *`);
    written.set(table, row!);
  }
  return written;
}

describe('a database made by the previous schema', () => {
  it('migrates to the latest with a row in every table, each read back as it was', { timeout: 120_000 }, async () => {
    const database = await emptyDatabase();
    const previous = BUILD.at(-2)!;
    await database.migrate({ migrationsFolder: migrationsFolder(BUILD.length - 1) });
    expect((await recordedTimes(database.db)).at(-1)).toBe(previous.when);

    const written = await aRowInEveryTable(database.db);
    // The fixture covers the schema: every table of the previous schema has its row.
    expect(written.size).toBeGreaterThan(25);
    expect([...written.keys()]).toEqual(expect.arrayContaining(['admins', 'coins', 'credentials', 'robots', 'robot_orders', 'robot_fills', 'sim_journal', 'trading_logs']));
    // Every row of every table before the upgrade: the fixture's, and what migrating wrote (migration names).
    const before = new Map<string, Record<string, unknown>[]>();
    for (const table of written.keys()) {
      const all = await rows(database.db, sql`select * from ${sql.identifier(table)}`);
      expect(all, table).toContainEqual(written.get(table));
      before.set(table, all);
    }

    await database.migrate();
    expect((await recordedTimes(database.db)).at(-1)).toBe(LATEST.when);

    for (const [table, rowsBefore] of before) {
      const after = await rows(database.db, sql`select * from ${sql.identifier(table)}`);
      // Columns a later migration added are not the fixture's; every row reads the same in the columns
      // it had. (A table may gain rows: migration_names gets the latest migration's name.)
      const columns = Object.keys(rowsBefore[0] ?? {});
      const kept = after.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
      expect(kept.length, table).toBeGreaterThanOrEqual(rowsBefore.length);
      expect(kept, table).toEqual(expect.arrayContaining(rowsBefore));
    }
  });
});
