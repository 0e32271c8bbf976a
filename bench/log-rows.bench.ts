/**
 * A trading-log row's bytes (issue 21): 100,000 depth near bot lines (LOG_ROWS_BENCH_ROWS) written the
 * way before migration 0027 and the way after it, on PGlite and on PostgreSQL when DATABASE_URL is
 * set, and the readers' queries with EXPLAIN ANALYZE (apps/server/src/testing/log-rows.ts says how).
 */
import { rmSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createIndex, dropIndex, folderBefore, INDEXES, KEPT_LINES, lines, PER_BOT_DAY, plan, readers, seed, sizes, write, type Line, type Writer } from '../apps/server/src/testing/log-rows.ts';
import { prng } from './prng.ts';
import { printTable } from './report.ts';

const ROWS = Number(process.env.LOG_ROWS_BENCH_ROWS ?? 100_000);

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;

async function one(name: 'PGlite' | 'PostgreSQL', url: string | undefined, writer: Writer, all: Line[], explain: boolean): Promise<{ size: string[]; plans: string[][] }> {
  const scratch = await scratchDatabase(url);
  const database = await openDatabase(scratch.target);
  const folder = writer === 'before 0027' ? folderBefore('0027_log_lines_by_key') : undefined;
  try {
    await database.migrate(folder ? { migrationsFolder: folder } : undefined);
    const ids = await seed(database);
    const began = performance.now();
    await write(database, writer, all, ids);
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    const s = await sizes(database);
    const perRow = s.total / s.rows;
    const size = [
      name,
      writer,
      String(s.rows),
      `${seconds} s`,
      mb(s.table),
      ...INDEXES.map((i) => mb(s.indexes[i]!)),
      (s.table / s.rows).toFixed(0),
      perRow.toFixed(0),
      `${((perRow * KEPT_LINES) / 1e9).toFixed(1)} GB`,
    ];
    const plans: string[][] = [];
    if (explain) {
      const queries = readers(ids);
      const variants: [string, string | null][] = [
        ['both indexes', null],
        ['without (coin_id, created_at)', 'trading_logs_coin_created_idx'],
        ['without (robot_id, id)', 'trading_logs_robot_idx'],
      ];
      for (const [variant, dropped] of variants) {
        if (dropped) await dropIndex(database, dropped);
        for (const q of queries) plans.push([name, variant, q.name, await plan(database, q.query)]);
        if (dropped) await createIndex(database, dropped);
      }
    }
    return { size, plans };
  } finally {
    await database.close();
    await scratch.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const all = lines(ROWS, prng(21));
  const targets: ['PGlite' | 'PostgreSQL', string | undefined][] = [['PGlite', undefined]];
  if (process.env.DATABASE_URL) targets.push(['PostgreSQL', process.env.DATABASE_URL]);
  const sizeRows: string[][] = [];
  const planRows: string[][] = [];
  for (const [name, url] of targets) {
    for (const writer of ['before 0027', 'after 0027'] as const) {
      const { size, plans } = await one(name, url, writer, all, writer === 'after 0027');
      sizeRows.push(size);
      planRows.push(...plans);
    }
  }
  console.log(`\nlog-rows: ${ROWS} depth near bot lines (${PER_BOT_DAY.requotes} requotes, ${PER_BOT_DAY.fills} fills, ${PER_BOT_DAY.others} others a bot-day), 100 bots on 5 pairs; 90 days = ${KEPT_LINES.toLocaleString('en-US')} lines`);
  printTable(['database', 'writer', 'rows', 'written in', 'rows (heap)', 'pkey', '(coin_id, created_at)', '(robot_id, id)', 'heap B/row', 'B/row with indexes', '90 days, 100 bots'], sizeRows);
  console.log('\nlog-rows: the readers’ queries (EXPLAIN ANALYZE: scans and the index each uses, execution time)');
  printTable(['database', 'indexes', 'reader', 'plan'], planRows);
}
