/**
 * For bench/log-rows.bench.ts. A trading-log row's bytes (issue 21): 100,000 depth near bot lines (LOG_ROWS_BENCH_ROWS), in the
 * soak's mix (a bot-day's 3,600 lines: some 1,300 minute requote lines, a line a fill, a few others),
 * written the way before migration 0027 (the English beside the key, number params as jsonb numbers)
 * and the way after it (key and params only, params as strings), on PGlite and on PostgreSQL when
 * DATABASE_URL is set: the table's rows and each index, bytes a row, and the 90 days kept for 100
 * bots. Then the readers' queries with EXPLAIN ANALYZE on the populated table, with both indexes
 * and with each of them dropped, to show which index each reader (and each foreign key) uses.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderServerText, text, verbatim, type ServerText } from '@makerdesk/contract';
import { amountWithUnit } from '@makerdesk/format';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database } from '../db/client.ts';
import { buildMigrations } from '../db/migration-guard.ts';
import { tradingLogs } from '../db/schema.ts';
import { tradingLogColumns } from '../repositories/trading-log.repository.ts';

export const BOTS = 100;
const PAIRS = [
  { name: 'BTC/USDT', base: 'BTC', quote: 'USDT', price: 65_000, amountDigits: 5, priceDigits: 2 },
  { name: 'ETH/USDT', base: 'ETH', quote: 'USDT', price: 3_400, amountDigits: 4, priceDigits: 2 },
  { name: 'SOL/USDT', base: 'SOL', quote: 'USDT', price: 150, amountDigits: 3, priceDigits: 3 },
  { name: 'DOGE/USDT', base: 'DOGE', quote: 'USDT', price: 0.16, amountDigits: 0, priceDigits: 5 },
  { name: 'XRP/USDT', base: 'XRP', quote: 'USDT', price: 0.6, amountDigits: 1, priceDigits: 4 },
];
/** A bot-day's lines (the soak's): requote lines, fill lines, others. */
export const PER_BOT_DAY = { requotes: 1_300, fills: 2_250, others: 50 };
const LINES_PER_BOT_DAY = PER_BOT_DAY.requotes + PER_BOT_DAY.fills + PER_BOT_DAY.others;
export const KEPT_LINES = BOTS * LINES_PER_BOT_DAY * 90;
const DAY = 86_400_000;
export const START = Date.UTC(2026, 10, 1);

export type Line = { robotId: number; coinIndex: number; level: 'info' | 'warn' | 'error'; text: ServerText; at: number };

/** The same lines every run: each bot on one pair, its lines spread over the days the rows span. */
export function lines(rows: number, random: () => number): Line[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const days = rows / (BOTS * LINES_PER_BOT_DAY);
  const out: Line[] = [];
  for (let i = 0; i < rows; i++) {
    const robotIndex = i % BOTS;
    const pair = PAIRS[robotIndex % PAIRS.length]!;
    const at = START + Math.floor((i / rows) * days * DAY);
    const roll = random() * LINES_PER_BOT_DAY;
    let line: ServerText;
    let level: Line['level'] = 'info';
    if (roll < PER_BOT_DAY.fills) {
      const price = pair.price * (1 + (random() - 0.5) / 50);
      const amount = (500 * random() + 5) / pair.price;
      line = text('bots.fill', {
        side: `@bots.side.${pick(['buy', 'sell'])}`,
        amount: amountWithUnit(amount.toFixed(8), pair.amountDigits, pair.base),
        price: amountWithUnit(price.toFixed(8), pair.priceDigits, pair.quote),
        fee: amountWithUnit((price * amount * 0.001).toFixed(10), pair.priceDigits + 2, pair.quote),
      });
    } else if (roll < PER_BOT_DAY.fills + PER_BOT_DAY.requotes) {
      const ticks = 1 + Math.floor(random() * 12);
      const orders = ticks * (2 + Math.floor(random() * 6));
      const why = random();
      const reason: Record<string, string | number> =
        why < 0.6
          ? { reason: '@bots.reason.midMoved', move: `${random() < 0.5 ? '-' : '+'}${(random() * 0.3).toFixed(2)} %` }
          : why < 0.9
            ? { reason: '@bots.reason.fills', fills: 1 + Math.floor(random() * 4) }
            : { reason: '@bots.reason.refresh' };
      line = text(ticks > 1 ? 'bots.requote.many' : 'bots.requote.one', { orders, ...reason, ...(ticks > 1 ? { ticks } : {}) });
    } else {
      level = 'warn';
      line = random() < 0.5 ? text('bots.tickFailed', { failures: 1, error: 'HTTP 502 Bad Gateway' }) : verbatim('{"code":-2010,"msg":"Account has insufficient balance for requested action."}');
    }
    out.push({ robotId: robotIndex, coinIndex: robotIndex % PAIRS.length, level, text: line, at });
  }
  return out;
}

/** This build's migrations before `tag`. */
export function folderBefore(tag: string): string {
  const build = buildMigrations(MIGRATIONS_FOLDER);
  const kept = build.slice(0, build.findIndex((m) => m.tag === tag));
  const dir = mkdtempSync(join(tmpdir(), 'makerdesk-migrations-'));
  mkdirSync(join(dir, 'meta'));
  for (const { tag: t } of kept) copyFileSync(join(MIGRATIONS_FOLDER, `${t}.sql`), join(dir, `${t}.sql`));
  const entries = kept.map(({ tag: t, when }, idx) => ({ idx, version: '7', when, tag: t, breakpoints: true }));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  return dir;
}

const rowsOf = async <T>(database: Database, query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

export async function seed(database: Database): Promise<{ robots: number[]; coins: number[]; adminId: number }> {
  await database.db.execute(sql`insert into platforms (code, name) values ('sim', 'Sim')`);
  const coins: number[] = [];
  for (const pair of PAIRS) coins.push((await rowsOf<{ id: number }>(database, sql`insert into coins (platform_id, coin_name) select id, ${pair.name} from platforms where code = 'sim' returning id`))[0]!.id);
  const [admin] = await rowsOf<{ id: number }>(database, sql`insert into admins (account, password_hash, role, employee_name, main_account_id) values ('bench', 'h', 'trader', 'bench', 1) returning id`);
  const robots: number[] = [];
  for (let i = 0; i < BOTS; i++) {
    const [robot] = await rowsOf<{ id: number }>(
      database,
      sql`insert into robots (admin_id, coin_id, type, config, status, start_mode, price_mode, description) values (${admin!.id}, ${coins[i % PAIRS.length]}, 'depth_near', '{}', 'running', 'now', 'normal', '') returning id`,
    );
    robots.push(robot!.id);
  }
  return { robots, coins, adminId: admin!.id };
}

export type Writer = 'before 0027' | 'after 0027';

export async function write(database: Database, writer: Writer, all: Line[], ids: Awaited<ReturnType<typeof seed>>): Promise<void> {
  for (let start = 0; start < all.length; start += 500) {
    const batch = all.slice(start, start + 500).map((l) => {
      const base = { coinId: ids.coins[l.coinIndex]!, adminId: ids.adminId, robotId: ids.robots[l.robotId]!, level: l.level, createdAt: new Date(l.at) };
      if (writer === 'after 0027') return tradingLogColumns({ ...base, text: l.text });
      // As the writers did before 0027: the English always, the key and params (numbers as numbers) beside it.
      const keyed = l.text.key !== 'verbatim';
      return { ...base, message: renderServerText(l.text, 'en_US'), textKey: keyed ? l.text.key : null, textParams: keyed ? l.text.params : null };
    });
    await database.db.insert(tradingLogs).values(batch);
  }
  await database.db.execute(sql`analyze trading_logs`);
}

export const INDEXES = ['trading_logs_pkey', 'trading_logs_coin_created_idx', 'trading_logs_robot_idx'] as const;
const INDEX_DEFINITIONS: Record<string, string> = {
  trading_logs_coin_created_idx: 'create index trading_logs_coin_created_idx on trading_logs (coin_id, created_at)',
  trading_logs_robot_idx: 'create index trading_logs_robot_idx on trading_logs (robot_id, id)',
};

/** Drops one of the table's secondary indexes (to see the readers' plans without it); createIndex puts it back. */
export async function dropIndex(database: Database, name: string): Promise<void> {
  if (!INDEX_DEFINITIONS[name]) throw new Error(`not a trading_logs index: ${name}`);
  await database.db.execute(sql.raw(`drop index ${name}`));
}

export async function createIndex(database: Database, name: string): Promise<void> {
  await database.db.execute(sql.raw(INDEX_DEFINITIONS[name]!));
}

export async function sizes(database: Database): Promise<{ table: number; indexes: Record<string, number>; total: number; rows: number }> {
  const [t] = await rowsOf<{ table: string; total: string; rows: string }>(
    database,
    sql`select pg_table_size('trading_logs')::text as table, pg_total_relation_size('trading_logs')::text as total, (select count(*) from trading_logs)::text as rows`,
  );
  const indexes: Record<string, number> = {};
  for (const name of INDEXES) indexes[name] = Number((await rowsOf<{ n: string }>(database, sql`select pg_relation_size(${name}::regclass)::text as n`))[0]!.n);
  return { table: Number(t!.table), total: Number(t!.total), rows: Number(t!.rows), indexes };
}

/** The readers' queries (trading-log.repository.ts listByCoin and its count, robot.service recent lines, retention's prune, the foreign keys' actions). */
export function readers(ids: Awaited<ReturnType<typeof seed>>): { name: string; query: SQL }[] {
  const coin = ids.coins[0]!;
  const robot = ids.robots[0]!;
  const from = new Date(START + 3 * 3_600_000).toISOString();
  const to = new Date(START + 4 * 3_600_000).toISOString();
  return [
    { name: 'pair page', query: sql`select * from trading_logs where coin_id = ${coin} order by id desc limit 20` },
    { name: 'pair count', query: sql`select count(*) from trading_logs where coin_id = ${coin}` },
    { name: 'pair, an hour', query: sql`select * from trading_logs where coin_id = ${coin} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz order by id desc limit 20` },
    { name: 'pair, an hour, count', query: sql`select count(*) from trading_logs where coin_id = ${coin} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz` },
    { name: 'account on pair', query: sql`select * from trading_logs where coin_id = ${coin} and admin_id = ${ids.adminId} and level = 'error' order by id desc limit 20` },
    { name: 'bot page', query: sql`select * from trading_logs where coin_id = ${coin} and robot_id = ${robot} order by id desc limit 50` },
    { name: 'bot count', query: sql`select count(*) from trading_logs where coin_id = ${coin} and robot_id = ${robot}` },
    { name: 'prune (oldest)', query: sql`select id from trading_logs where created_at < ${new Date(START + 3_600_000).toISOString()}::timestamptz order by id limit 1000` },
    { name: 'bot deleted (FK set null)', query: sql`select id from trading_logs where robot_id = ${robot}` },
    { name: 'pair deleted (FK cascade)', query: sql`select id from trading_logs where coin_id = ${coin}` },
  ];
}

export async function plan(database: Database, query: SQL): Promise<string> {
  const lines = (await rowsOf<Record<string, string>>(database, sql`explain (analyze, costs off, timing off, summary on) ${query}`)).map((r) => Object.values(r)[0]!);
  const used = lines.map((l) => /(Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Index Scan|Seq Scan)(?: (?:using|on) (\w+))?/.exec(l)).filter((m) => m !== null);
  const ms = /Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1];
  return `${used.map((m) => (m![2] ? `${m![1]} ${m![2].replace('trading_logs_', '')}` : m![1])).join(' + ')} ${ms ? `${Number(ms).toFixed(1)} ms` : ''}`;
}

