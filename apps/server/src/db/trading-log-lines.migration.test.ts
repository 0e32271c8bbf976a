/**
 * Migration 0027 (issue 21): a trading-log line with a text key is stored as its key and params
 * only. Rows written before it (a message alone, before 0016; a message beside a key, 0016 to 0026)
 * read the same after it through the API in both languages; lines written after it keep no English
 * beside their key and read as the same lines; a row needs its words or its key. On PGlite, and on
 * PostgreSQL in the suite's PostgreSQL pass.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN_ACCOUNT, renderServerText, text, verbatim, type ServerText } from '@makerdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BatchedTradingLogSink } from '../engine/trading-log-sink.ts';
import type { AdminRow } from '../domain/account.ts';
import { createRepositories } from '../repositories/repositories.ts';
import type { CoinService } from '../services/coin.service.ts';
import { TradingLogService } from '../services/trading-log.service.ts';
import { seedQuotingBot } from '../testing/order-history.ts';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './client.ts';
import { buildMigrations } from './migration-guard.ts';

const MIGRATION = '0027_log_lines_by_key';
const folders: string[] = [];
const open: { database: Database; drop(): Promise<void> }[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const { database, drop } of open.splice(0)) {
    await database.close();
    await drop();
  }
});

/** This build's migrations before 0027. */
function folderBefore(tag: string): string {
  const build = buildMigrations(MIGRATIONS_FOLDER);
  const at = build.findIndex((m) => m.tag === tag);
  expect(at).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), 'makerdesk-migrations-'));
  folders.push(dir);
  mkdirSync(join(dir, 'meta'));
  const kept = build.slice(0, at);
  for (const { tag: t } of kept) copyFileSync(join(MIGRATIONS_FOLDER, `${t}.sql`), join(dir, `${t}.sql`));
  const entries = kept.map(({ tag: t, when }, idx) => ({ idx, version: '7', when, tag: t, breakpoints: true }));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  return dir;
}

async function emptyDatabase(): Promise<Database> {
  const scratch = await scratchDatabase(suiteDatabaseUrl(), { inMemory: true });
  const database = await openDatabase(scratch.target);
  open.push({ database, drop: scratch.drop });
  return database;
}

// A depth near bot's lines as the engine writes them: a minute's requotes, a fill, a venue's own words.
const requote = text('bots.requote.many', { orders: 36, move: '+0.12 %', reason: '@bots.reason.midMoved', ticks: 9 });
const fill = text('bots.fill', { side: '@bots.side.sell', amount: '0.0123 BTC', price: '65,432.10 USDT', fee: '0.80490000 USDT' });
const venueWords = verbatim('{"code":-2010,"msg":"Account has insufficient balance for requested action."}');

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('trading-log lines across migration 0027', () => {
  it('old rows read as before in both languages; new rows keep only the key and read the same; a row needs words or a key', { timeout: 60_000 }, async () => {
    const database = await emptyDatabase();
    await database.migrate({ migrationsFolder: folderBefore(MIGRATION) });
    const robotId = await seedQuotingBot(database.db);
    const [bot] = await rowsOf<{ coin_id: number; admin_id: number }>(database, sql`select coin_id, admin_id from robots where id = ${robotId}`);
    const { coin_id: coinId, admin_id: adminId } = bot!;
    const at = (s: number) => Date.UTC(2026, 10, 20, 8, 0, s);

    // Written before 0027: a line before keys (its words only), and lines with their English beside their key (numbers as jsonb numbers).
    await database.db.execute(sql`insert into trading_logs (coin_id, admin_id, robot_id, level, message, created_at) values (${coinId}, ${adminId}, ${robotId}, 'info', 'L = 153.55876949', ${new Date(at(1)).toISOString()})`);
    for (const [s, line] of [[2, requote], [3, fill]] as const) {
      await database.db.execute(
        sql`insert into trading_logs (coin_id, admin_id, robot_id, level, message, text_key, text_params, created_at)
            values (${coinId}, ${adminId}, ${robotId}, 'info', ${renderServerText(line, 'en_US')}, ${line.key}, ${JSON.stringify(line.params)}::jsonb, ${new Date(at(s)).toISOString()})`,
      );
    }
    const before = await rowsOf(database, sql`select * from trading_logs order by id`);
    await database.migrate();
    expect(await rowsOf(database, sql`select * from trading_logs order by id`)).toEqual(before);

    // Written after 0027: the engine's way (its sink) and a service's way (append).
    const repos = createRepositories(database.db);
    const sink = new BatchedTradingLogSink(repos.tradingLogs);
    for (const [s, line] of [[4, requote], [5, fill], [6, venueWords]] as const) {
      sink.write({ robotId, coinId, adminId, level: 'info', message: renderServerText(line, 'en_US'), text: line, at: at(s) });
    }
    await sink.flush();
    await repos.tradingLogs.append({ coinId, adminId, robotId, level: 'warn', text: requote, createdAt: new Date(at(7)) });

    // The API's lines, newest first, in both languages: every line as it renders from what was written.
    const service = new TradingLogService(repos, { requireUsablePair: async () => ({}) as Awaited<ReturnType<CoinService['requireUsablePair']>> });
    const reader = { id: adminId, mainAccountId: MAIN_ACCOUNT } as AdminRow;
    const written: (ServerText | string)[] = ['L = 153.55876949', requote, fill, requote, fill, venueWords.params.text as string, requote];
    for (const lang of ['en_US', 'zh_CN'] as const) {
      const page = await service.list(reader, { coinId, current: 1, pageSize: 20 }, lang);
      expect(page.list.map((l) => l.message), lang).toEqual(written.map((w) => (typeof w === 'string' ? w : renderServerText(w, lang))).reverse());
    }
    expect(renderServerText(fill, 'zh_CN')).toBe('卖出 0.0123 BTC，价格 65,432.10 USDT，手续费 0.80490000 USDT');

    // What the new rows keep: no English beside a key, number params as the strings they render as; a venue's words as they are.
    const after = await rowsOf<{ message: string | null; text_key: string | null; text_params: unknown }>(database, sql`select message, text_key, text_params from trading_logs where id > ${(before.at(-1) as { id: number }).id} order by id`);
    expect(after).toEqual([
      { message: null, text_key: 'bots.requote.many', text_params: { orders: '36', move: '+0.12 %', reason: '@bots.reason.midMoved', ticks: '9' } },
      { message: null, text_key: 'bots.fill', text_params: fill.params },
      { message: venueWords.params.text, text_key: null, text_params: null },
      { message: null, text_key: 'bots.requote.many', text_params: { orders: '36', move: '+0.12 %', reason: '@bots.reason.midMoved', ticks: '9' } },
    ]);
    // A row with neither words nor a key would show nothing: refused.
    await expect(database.db.execute(sql`insert into trading_logs (coin_id, level) values (${coinId}, 'info')`)).rejects.toMatchObject({
      cause: { message: expect.stringContaining('trading_logs_message_or_key') },
    });
  });
});
