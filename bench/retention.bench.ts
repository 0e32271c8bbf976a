/**
 * Retention (issue 21): the space the bots' order journal takes before and after the retention job
 * prunes it, on PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set. A quoting bot's
 * journal: ORDERS orders over the last 8 days, 98 % cancelled unfilled, 2 % filled; the job prunes
 * the cancelled ones past 3 days (folded into day aggregates), vacuums, then the next day's orders
 * are written into the space given back, day after day: the journal's size levels off.
 */
import { execFileSync } from 'node:child_process';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { RetentionRepository } from '../apps/server/src/repositories/retention.repository.ts';
import { RETENTION_DEFAULTS } from '../apps/server/src/domain/retention.ts';
import { RetentionJob } from '../apps/server/src/services/retention/retention-job.ts';
import { seedQuotingBot, writeQuotingOrders } from '../apps/server/src/testing/order-history.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { printTable } from './report.ts';

const ORDERS = Number(process.env.RETENTION_BENCH_ORDERS ?? 400_000);
const DAY = 86_400_000;
/** A day's orders: the history's average. */
const DAILY = Math.round(ORDERS / 8);
/** Days of steady state after the first prune: the journal's size should stop growing. */
const DAYS_AFTER = Number(process.env.RETENTION_BENCH_DAYS ?? 4);

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function one(name: 'PGlite' | 'PostgreSQL', url: string | undefined): Promise<string[][]> {
  const scratch = await scratchDatabase(url);
  const database: Database = await openDatabase(scratch.target);
  const folder = scratch.target.kind === 'pglite' ? scratch.target.dataDir : null;
  const onDisk = () => (folder ? Number(execFileSync('du', ['-sb', folder]).toString().split('\t')[0]) : NaN);
  try {
    await database.migrate();
    const db = database.db;
    const robotId = await seedQuotingBot(db);
    const now = Date.now();
    const write = (count: number, from: number, span: number, prefix: string) => writeQuotingOrders(db, robotId, count, from, span, prefix);
    await write(ORDERS, now - 8 * DAY, 8 * DAY, 'a');
    const store = new RetentionRepository(db, database.kind);
    const rows: string[][] = [];
    const measure = async (step: string) => {
      const [counts, sizes, split] = [await store.counts(), await store.sizes(), await store.split('robot_orders')];
      rows.push([name, step, String(counts.robot_orders), String(counts.robot_order_days), mb(split.rows), mb(split.indexes), mb(sizes.database), folder ? mb(onDisk()) : '-']);
    };
    await measure(`${ORDERS} orders, 8 days`);
    const prune = async (at: number, label: string) => {
      const started = performance.now();
      const pass = await new RetentionJob({ repo: store, settings: RETENTION_DEFAULTS, now: () => at, vacuumAfterRows: Math.min(50_000, DAILY / 2) }).sweep();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      await measure(`${label}pruned ${pass.orders} in ${seconds} s${pass.vacuumed.length > 0 ? ', VACUUM' : ''}${pass.reindexed ? ', REINDEX' : ''}`);
    };
    await prune(now, '');
    // Steady state: each next day writes a day's orders, then the job runs at its end.
    for (let day = 1; day <= DAYS_AFTER; day++) {
      await write(DAILY, now + (day - 1) * DAY, DAY, `d${day}-`);
      await prune(now + day * DAY, `day +${day}: ${DAILY} written, `);
    }
    if (folder) {
      // PGlite writes its pages back to the folder when it closes.
      await database.close();
      const reopened = await openDatabase(scratch.target);
      rows.push([name, 'after closing (folder)', '', '', '', '', '', mb(onDisk())]);
      await reopened.close();
    }
    return rows;
  } finally {
    if (!folder) await database.close();
    await scratch.drop();
  }
}

export async function run(): Promise<void> {
  const rows = [...(await one('PGlite', undefined))];
  if (process.env.DATABASE_URL) rows.push(...(await one('PostgreSQL', process.env.DATABASE_URL)));
  console.log('\nretention: the order journal before and after pruning (robot_orders: rows and indexes; the whole database; PGlite: its folder)');
  printTable(['database', 'step', 'orders', 'day rows', 'order rows', 'order indexes', 'database', 'on disk'], rows);
}
