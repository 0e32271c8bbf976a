import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, messageFor } from '@makerdesk/contract';
import { sql, type SQL } from 'drizzle-orm';

/** What the guard needs of a database: raw queries (drizzle's `execute`), so client.ts can hand it any of its connections. */
export interface QueryRunner {
  execute(query: SQL): Promise<unknown>;
}

/** A migration of this build: its name and its journal time (drizzle records the time, `created_at`, not the name). */
export interface BuildMigration {
  tag: string;
  when: number;
}

/** A migration the database records (drizzle's `__drizzle_migrations`), with its name when a server wrote it down (`migration_names`). */
export interface RecordedMigration {
  createdAt: number;
  hash: string;
  tag?: string;
}

/** This build's migrations, in journal order. */
export function buildMigrations(folder: string): BuildMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The recorded migrations this build does not know and that come after its own latest: the
 * database was migrated by a newer version. Drizzle applies only migrations later than the latest
 * it finds recorded, so without this check an older build would start on a newer schema silently.
 */
export function newerMigrations(build: readonly BuildMigration[], recorded: readonly RecordedMigration[]): RecordedMigration[] {
  const latest = Math.max(...build.map((m) => m.when), Number.NEGATIVE_INFINITY);
  const known = new Set(build.map((m) => m.when));
  return recorded.filter((m) => m.createdAt > latest && !known.has(m.createdAt)).sort((a, b) => a.createdAt - b.createdAt);
}

/** A migration as the start-up error names it: its name when known, and when it was written. */
export function describeMigration(m: { tag?: string | undefined; createdAt: number; hash?: string }): string {
  const at = new Date(m.createdAt).toISOString();
  if (m.tag) return `${m.tag} (${at})`;
  return `an unnamed migration of ${at}${m.hash ? ` (sha256 ${m.hash.slice(0, 12)}…)` : ''}`;
}

/** The server refuses to start: a newer version migrated the database. Says the database's latest migration and this build's. */
export class DatabaseFromNewerVersionError extends Error {
  readonly code = ErrorCode.DATABASE_FROM_NEWER_VERSION;
  constructor(
    readonly databaseLatest: RecordedMigration,
    readonly buildLatest: BuildMigration | undefined,
  ) {
    super(
      messageFor(ErrorCode.DATABASE_FROM_NEWER_VERSION, 'en_US', {
        database: describeMigration(databaseLatest),
        build: buildLatest ? describeMigration({ tag: buildLatest.tag, createdAt: buildLatest.when }) : 'none',
      }),
    );
    this.name = 'DatabaseFromNewerVersionError';
  }
}

async function rows<T>(db: QueryRunner, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What the database records: drizzle's migrations (none on a new database), with the names servers wrote down. */
export async function recordedMigrations(db: QueryRunner): Promise<RecordedMigration[]> {
  const [present] = await rows<{ drizzle: boolean; names: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as drizzle, to_regclass('public.migration_names') is not null as names`,
  );
  if (!present?.drizzle) return [];
  const recorded = await rows<{ created_at: string | number; hash: string }>(db, sql`select created_at, hash from drizzle.__drizzle_migrations order by created_at`);
  const names = present.names ? await rows<{ created_at: string | number; tag: string }>(db, sql`select created_at, tag from migration_names`) : [];
  const tagOf = new Map(names.map((n) => [Number(n.created_at), n.tag]));
  return recorded.map((r) => {
    const createdAt = Number(r.created_at);
    const tag = tagOf.get(createdAt);
    return { createdAt, hash: r.hash, ...(tag ? { tag } : {}) };
  });
}

/** Throws DatabaseFromNewerVersionError when the database holds a migration later than this build's latest. */
export async function refuseNewerDatabase(db: QueryRunner, build: readonly BuildMigration[]): Promise<void> {
  const newer = newerMigrations(build, await recordedMigrations(db));
  const databaseLatest = newer.at(-1);
  if (databaseLatest) throw new DatabaseFromNewerVersionError(databaseLatest, build.at(-1));
}

/** Writes down the name of each of this build's migrations (by its time), so an older build can name them (migration 0020). */
export async function recordMigrationNames(db: QueryRunner, build: readonly BuildMigration[]): Promise<void> {
  if (build.length === 0) return;
  const [present] = await rows<{ names: boolean }>(db, sql`select to_regclass('public.migration_names') is not null as names`);
  if (!present?.names) return;
  const values = build.map((m) => sql`(${m.when}, ${m.tag})`);
  await db.execute(sql`insert into migration_names (created_at, tag) values ${sql.join(values, sql`, `)} on conflict (created_at) do nothing`);
}
