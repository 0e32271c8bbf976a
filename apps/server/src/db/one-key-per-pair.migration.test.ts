/**
 * Migration 0013 on a database that already holds several keys of one account for one pair: the
 * newest is kept (the one the console and the bots traded with), a bot that named an older one names
 * the kept one, a balance snapshot read with an older one keeps its figures (without the key), and
 * from then on the database refuses a second key for the pair. On PGlite, or PostgreSQL with
 * DATABASE_URL.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../testing/scratch-database.ts';
import type { Db } from './client.ts';
import * as schema from './schema.ts';
import { seed } from '../services/seed.ts';

const MIGRATIONS = new URL('../../drizzle', import.meta.url).pathname;
const BEFORE = '0013_one_key_per_pair';

/** The migrations folder as it was before 0013. */
function folderBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'makerdesk-migrations-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(join(MIGRATIONS, `${tag}.sql`), join(dir, `${tag}.sql`));
  return dir;
}

/** Every `ALTER TABLE … ADD COLUMN IF NOT EXISTS …` of the migrations after `tag`, so today's schema can write to a database migrated only up to it. */
function columnsAddedAfter(tag: string): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const later = journal.entries.slice(journal.entries.findIndex((e) => e.tag === tag) + 1);
  return later.flatMap(({ tag: t }) =>
    readFileSync(join(MIGRATIONS, `${t}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) =>
        statement
          .split('\n')
          .filter((line) => !line.trimStart().startsWith('--'))
          .join('\n')
          .trim()
          .replace(/;$/, ''),
      )
      .filter((statement) => /^ALTER TABLE "\w+" ADD COLUMN IF NOT EXISTS /.test(statement)),
  );
}

/** The scratch database (PGlite in memory, or PostgreSQL with DATABASE_URL), migrated from any migrations folder. */
async function openScratch(): Promise<{ db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> }> {
  const scratch = await scratchDatabase(process.env.DATABASE_URL, { inMemory: true });
  if (scratch.target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite();
    const db = drizzle(client, { schema });
    return { db: db as unknown as Db, migrate: (folder) => migrate(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: scratch.target.url });
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await scratch.drop();
    },
  };
}

let scratch: Awaited<ReturnType<typeof openScratch>>;
let db: Db;
beforeAll(async () => {
  scratch = await openScratch();
  db = scratch.db;
});
afterAll(() => scratch.close());

describe('migration 0013: one key per account and pair', () => {
  it('keeps the newest of duplicate keys, re-points bots, and refuses duplicates from then on', async () => {
    const before = folderBefore();
    try {
      await scratch.migrate(before);
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
    // The app's seed writes through today's schema: the columns later migrations add (each with IF NOT EXISTS) come first.
    // (A table a later migration creates is not here yet: its columns come with it.)
    for (const statement of columnsAddedAfter(BEFORE)) {
      const table = /^ALTER TABLE "(\w+)"/.exec(statement)![1]!;
      const found = (await db.execute(sql`select to_regclass(${`public.${table}`}) is not null as present`)) as unknown as { rows: { present: boolean }[] };
      if (found.rows[0]?.present) await db.execute(sql.raw(statement));
    }
    await seed(db, 'Seed-pass-1234');
    const [main] = await db.select().from(schema.admins);
    const pairs = await db.select().from(schema.coins).orderBy(asc(schema.coins.id));
    const [btc, eth] = [pairs[0]!, pairs[1]!];
    const key = (coinId: number, name: string) => ({ adminId: main!.id, platformId: btc.platformId, coinId, apiKeySealed: name, apiKeyHash: name, secretKeySealed: `${name}-secret` });
    const [oldest, older, newest, ethKey] = await db
      .insert(schema.credentials)
      .values([key(btc.id, 'oldest'), key(btc.id, 'older'), key(btc.id, 'newest'), key(eth.id, 'eth')])
      .returning();
    const bot = (credentialId: number, coinId = btc.id) => ({ adminId: main!.id, coinId, credentialId, type: 'depth_far', config: {} });
    const [onOldest, onNewest, onEth] = await db.insert(schema.robots).values([bot(oldest!.id), bot(newest!.id), bot(ethKey!.id, eth.id)]).returning();
    const reading = { baseAvailable: '1', baseFrozen: '0', quoteAvailable: '2', quoteFrozen: '0', at: new Date(0) };
    await db.insert(schema.balanceSnapshots).values({ adminId: main!.id, coinId: btc.id, credentialId: older!.id, slotAt: new Date(0), ...reading });

    await scratch.migrate(MIGRATIONS);

    const keys = await db.select().from(schema.credentials).orderBy(asc(schema.credentials.id));
    expect(keys.map((k) => k.apiKeySealed)).toEqual(['newest', 'eth']);
    const bots = await db.select().from(schema.robots).orderBy(asc(schema.robots.id));
    expect(bots.map((b) => [b.id, b.credentialId])).toEqual([
      [onOldest!.id, newest!.id],
      [onNewest!.id, newest!.id],
      [onEth!.id, ethKey!.id],
    ]);
    const [snapshot] = await db.select().from(schema.balanceSnapshots).where(eq(schema.balanceSnapshots.coinId, btc.id));
    expect(snapshot).toMatchObject({ credentialId: null, baseAvailable: '1', quoteAvailable: '2' });

    await expect(db.insert(schema.credentials).values(key(btc.id, 'another'))).rejects.toMatchObject({ cause: { message: expect.stringContaining('credentials_admin_coin_idx') } });
    await db.insert(schema.credentials).values({ ...key(btc.id, 'another'), coinId: pairs[2]!.id });
  });
});
