/**
 * Issue 21's long run: SOAK_BOTS (100) depth near bots with their defaults on the simulator's four
 * pairs (one key a pair), the whole server in one process (createTestApp, the engine, the simulator
 * with its background market), for SOAK_MINUTES (30) on PGlite (a data folder) and on PostgreSQL.
 * Every SOAK_SAMPLE_SECONDS (60) after a forced GC: the heap used, V8's external memory (PGlite's
 * WebAssembly memory is counted there) and the RSS; PGlite's WebAssembly memory itself; the database
 * (PGlite: its folder on disk and its pg_wal; both: pg_database_size and each table with its
 * indexes); the rows of robot_orders, robot_fills and trading_logs. At the end: memory growth an hour
 * after the warm-up (SOAK_WARMUP_MINUTES, 5, excluded), rows and bytes per bot-day, and the size 100
 * bots take after a year with the default retention (the model is printed with it).
 *
 * Each database runs in its own child process (`node --expose-gc`), so one's memory does not count
 * in the other's. PostgreSQL: DATABASE_URL, else what the tests use (scripts/ensure-postgres.ts: the
 * local server, else a throwaway one), a scratch database on it, dropped afterwards.
 *
 * Gated like the other long benches: in a whole `npm run bench` it runs only when SOAK_MINUTES is set
 * (else it prints how to run it); `npm run bench -- soak` runs it with the defaults (about 65 min for
 * both databases). SOAK_DB=pglite|postgres|both (both). SOAK_PGLITE_CHECKPOINT_MINUTES (5, as the
 * server does: db/pglite-checkpoints.ts; 0: never, as before it) issues a CHECKPOINT on PGlite that often.
 *
 * What the runs found (issue 21; figures in the README, under retention): PGlite's extra memory is its WebAssembly
 * memory, about 174 MB and nearly all resident from the start (PGlite 0.3 starts PostgreSQL with
 * shared_buffers=128MB on its command line and reads no postgresql.conf, so it cannot be lowered;
 * Emscripten zero-fills the shared memory it maps, so it is touched at once), plus V8's compiled code
 * of pglite.wasm; it is a fixed cost, not growth. The folder's growth beyond the tables' is pg_wal:
 * PGlite has no checkpointer, so before the timed checkpoints it kept every segment until about half of
 * max_wal_size (1 GB) was written.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { openDatabase, type PGliteClient } from '../apps/server/src/db/client.ts';
import { RetentionRepository } from '../apps/server/src/repositories/retention.repository.ts';
import { RETENTION_DEFAULTS } from '../apps/server/src/domain/retention.ts';
import { encodeFillPack, type PackedFill } from '../apps/server/src/domain/fill-pack.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { printTable } from './report.ts';
import { startSimFleet } from './sim-fleet.ts';

const BOTS = Number(process.env.SOAK_BOTS ?? 100);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
const WARMUP_MIN = Number(process.env.SOAK_WARMUP_MINUTES ?? 5);
const CHECKPOINT_MIN = Number(process.env.SOAK_PGLITE_CHECKPOINT_MINUTES ?? 5);
const TABLES = ['robot_orders', 'robot_fills', 'trading_logs'] as const;
const MB = 1048576;
const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / MB).toFixed(1) : '-');

export interface Sample {
  minute: number;
  heapUsed: number;
  external: number;
  rss: number;
  /** PGlite's WebAssembly memory (never given back once grown), NaN on PostgreSQL. */
  wasm: number;
  /** PGlite: the folder; PostgreSQL: NaN. */
  folder: number;
  wal: number;
  database: number;
  tables: Record<(typeof TABLES)[number], { rows: number; bytes: number }>;
  /** Orders with a fill (kept 30 days rather than 3). */
  filledOrders: number;
}

/** The run's own fills packed as retention packs them (domain/fill-pack.ts), one pack a bot and UTC day. */
export interface PackMeasure {
  fills: number;
  packs: number;
  bytes: number;
  /** Each pack's fills and bytes: a pack's bytes over its fills (least squares) tell a day's pack from a short run's. */
  each?: [number, number][];
}

interface SoakResult {
  kind: string;
  bots: number;
  checkpointMs: number[];
  samples: Sample[];
  packed?: PackMeasure;
}

/**
 * Every fill of the run read back as the prune reads it and packed per bot and UTC day: the bytes a
 * packed fill takes. A 30-minute run's packs hold about 45 fills a bot, a day's about 2,150: the
 * compression of a short pack is the worse one, so the figure errs high.
 */
async function packRunFills(db: { execute: (q: string) => Promise<unknown> }): Promise<PackMeasure> {
  const answer = (await db.execute(
    `select id::text as id, robot_id, client_order_id, filled_after::text as filled_after, side, price::text as price, amount::text as amount,
          quote_amount::text as quote_amount, fee::text as fee, realized_pnl::text as realized_pnl, position_after::text as position_after,
          avg_cost_after::text as avg_cost_after, floor(extract(epoch from at) * 1000)::text as at_ms, order_no from robot_fills`,
  )) as { rows: Record<string, string | null>[] } | Record<string, string | null>[];
  const rows = Array.isArray(answer) ? answer : answer.rows;
  const groups = new Map<string, PackedFill[]>();
  for (const r of rows) {
    const at = Number(r.at_ms);
    const key = `${r.robot_id}|${new Date(at).toISOString().slice(0, 10)}`;
    const fill: PackedFill = {
      id: Number(r.id),
      clientOrderId: r.client_order_id as string,
      filledAfter: r.filled_after as string,
      side: r.side as 'buy' | 'sell',
      price: r.price as string,
      amount: r.amount as string,
      quoteAmount: r.quote_amount as string,
      fee: r.fee as string,
      realizedPnl: r.realized_pnl as string,
      positionAfter: r.position_after as string,
      avgCostAfter: r.avg_cost_after ?? null,
      at,
      orderNo: r.order_no ?? null,
    };
    groups.set(key, [...(groups.get(key) ?? []), fill]);
  }
  let bytes = 0;
  const each: [number, number][] = [];
  for (const fills of groups.values()) {
    const size = encodeFillPack(fills).length;
    bytes += size;
    each.push([fills.length, size]);
  }
  return { fills: rows.length, packs: groups.size, bytes, each };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const du = (path: string) => (existsSync(path) ? Number(execFileSync('du', ['-sb', path]).toString().split('\t')[0]) : NaN);

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('the soak needs node --expose-gc (npm run bench passes it)');
  // Twice: what the first frees may let the second free more (weak maps, finalizers).
  collect();
  collect();
}

/** The child: one database, the server with its bots, sampled; prints its samples as one JSON line. */
async function soakOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const scratch = await scratchDatabase(kind === 'postgres' ? process.env.DATABASE_URL : undefined);
  const database = await openDatabase(scratch.target);
  const pglite: PGliteClient | undefined = database.pglite?.client;
  const pgdata = database.pglite?.pgdata;
  const t = await createTestApp({ database, engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  const venue = t.services.sim.localHost.venue;
  const store = new RetentionRepository(database.db, database.kind);
  const samples: Sample[] = [];
  const checkpointMs: number[] = [];
  let packed: PackMeasure | undefined;
  try {
    await startSimFleet(t, BOTS);
    const started = Date.now();
    let nextCheckpoint = CHECKPOINT_MIN > 0 ? started + CHECKPOINT_MIN * 60_000 : Infinity;
    const sample = async () => {
      if (pglite && Date.now() >= nextCheckpoint) {
        const began = performance.now();
        await pglite.query('checkpoint');
        checkpointMs.push(performance.now() - began);
        nextCheckpoint += CHECKPOINT_MIN * 60_000;
      }
      gc();
      const memory = process.memoryUsage();
      const wasm = (pglite as unknown as { mod?: { HEAP8?: Int8Array } } | undefined)?.mod?.HEAP8?.byteLength ?? NaN;
      const [counts, sizes] = [await store.counts(), await store.sizes()];
      const filled = await database.db.execute<{ n: string }>("select count(*)::text as n from robot_orders where filled_amount > 0");
      const filledRows = (Array.isArray(filled) ? filled : (filled as unknown as { rows: { n: string }[] }).rows) as { n: string }[];
      samples.push({
        minute: (Date.now() - started) / 60_000,
        heapUsed: memory.heapUsed,
        external: memory.external,
        rss: memory.rss,
        wasm,
        folder: pgdata ? du(pgdata) : NaN,
        wal: pgdata ? du(join(pgdata, 'pg_wal')) : NaN,
        database: sizes.database,
        tables: Object.fromEntries(TABLES.map((name) => [name, { rows: counts[name], bytes: sizes[name] }])) as Sample['tables'],
        filledOrders: Number(filledRows[0]?.n ?? 0),
      });
    };
    await sample();
    while (Date.now() - started < MINUTES * 60_000) {
      await sleep(Math.min(SAMPLE_S * 1000, started + MINUTES * 60_000 - Date.now()));
      await sample();
    }
    packed = await packRunFills(database.db as never);
  } finally {
    venue.stop();
    await t.close();
    await database.close();
    await scratch.drop();
  }
  console.log(`SOAK ${JSON.stringify({ kind, bots: BOTS, checkpointMs, samples, packed })}`);
}

/** Least-squares slope of y over x. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

/** Per-bot-day figures of one table: rows written, and bytes a row takes (heap, indexes, TOAST: the growth over the rows added). */
function perBotDay(samples: readonly Sample[], bots: number, table: (typeof TABLES)[number]): { rows: number; bytesPerRow: number } {
  const first = samples[0] as Sample;
  const last = samples.at(-1) as Sample;
  const days = (last.minute - first.minute) / 1440;
  const rows = (last.tables[table].rows - first.tables[table].rows) / days / bots;
  // The run's added bytes over its added rows: a small table's fixed pages do not count.
  const added = last.tables[table].rows - first.tables[table].rows;
  const bytesPerRow = added > 0 ? (last.tables[table].bytes - first.tables[table].bytes) / added : NaN;
  return { rows, bytesPerRow };
}

/**
 * What a packed fill takes in robot_fill_packs beyond its share of the encoded pack: the pack's row,
 * its two index entries and TOAST's chunk headers, measured with 60 packs of 2,150 fills on PGlite
 * (29.9 bytes a fill in the table for 27.6 encoded): about 8 %.
 */
export const PACK_TABLE_OVERHEAD = 1.08;
/** Bytes a packed fill takes when the run packed none (SOAK measures it; this is a bot-day of 2,150 synthetic fills in the table). */
export const PACKED_FILL_BYTES_DEFAULT = 30;

/**
 * The size after a year for `bots` bots with the default retention, from the run's rates: orders
 * cancelled without a fill are kept RETENTION_DEFAULTS.cancelledOrderDays (3), orders with a fill
 * filledOrderDays (30), trading-log lines tradingLogDays (90); fills stay rows fillRowDays (30), then
 * are packed per bot and day until fillDays (400: a year keeps them all, the rest of the year as packs)
 * at the bytes the run's own fills take packed (`packed`, times PACK_TABLE_OVERHEAD); each bot-day's
 * pruned orders fold into one robot_order_days row (365 of them, ~200 B each) and each bot-day's packed
 * fills into one robot_fill_days row (~250 B). Pruned space is reused after the retention job's VACUUM,
 * so a table levels off at its kept days × its daily rows × its bytes a row (measured: heap, indexes and
 * TOAST over rows). Orders with a fill are counted as the share of the journal's orders with
 * filled_amount > 0 at the end. Plus the fixed part (the empty schema, catalogs) and the WAL.
 */
export function projectYear(kind: string, samples: readonly Sample[], runBots: number, bots = 100, packed?: PackMeasure): { bytes: number; lines: string[] } {
  const orders = perBotDay(samples, runBots, 'robot_orders');
  const fills = perBotDay(samples, runBots, 'robot_fills');
  const logs = perBotDay(samples, runBots, 'trading_logs');
  const last = samples.at(-1) as Sample;
  const filledShare = last.tables.robot_orders.rows > 0 ? last.filledOrders / last.tables.robot_orders.rows : 0;
  const filledOrders = orders.rows * filledShare;
  const cancelledOrders = orders.rows - filledOrders;
  const r = RETENTION_DEFAULTS;
  const orderBytes = Number.isFinite(orders.bytesPerRow) ? orders.bytesPerRow : 0;
  const fillBytes = Number.isFinite(fills.bytesPerRow) ? fills.bytesPerRow : 0;
  const encoded = packed && packed.fills > 0 ? packed.bytes / packed.fills : NaN;
  // A day's pack holds a bot-day's fills: its bytes from the run's packs' fixed part and bytes a fill
  // (least squares of a pack's bytes over its fills), since a short run's packs pay the fixed part over few fills.
  const xs = (packed?.each ?? []).map(([n]) => n);
  const ys = (packed?.each ?? []).map(([, b]) => b);
  const perFill = slope(xs, ys);
  const fixedPart = xs.length > 1 ? ys.reduce((a, b) => a + b, 0) / ys.length - (perFill * xs.reduce((a, b) => a + b, 0)) / xs.length : NaN;
  const dayPack = Number.isFinite(perFill) && fills.rows > 0 ? (fixedPart + perFill * fills.rows) / fills.rows : encoded;
  const packedBytes = Number.isFinite(dayPack) ? dayPack * PACK_TABLE_OVERHEAD : PACKED_FILL_BYTES_DEFAULT;
  const rowDays = Math.min(365, r.fillRowDays, r.fillDays);
  const packDays = Math.min(365, r.fillDays) - rowDays;
  const parts = {
    'cancelled orders': bots * cancelledOrders * r.cancelledOrderDays * orderBytes,
    'orders with a fill': bots * filledOrders * r.filledOrderDays * orderBytes,
    'fill rows': bots * fills.rows * rowDays * fillBytes,
    'fill packs': bots * fills.rows * packDays * packedBytes,
    'trading logs': bots * logs.rows * Math.min(365, r.tradingLogDays) * (Number.isFinite(logs.bytesPerRow) ? logs.bytesPerRow : 0),
    'order days': bots * 365 * 200,
    'fill days': bots * packDays * 250,
  };
  const first = samples[0] as Sample;
  const tablesAtStart = TABLES.reduce((sum, name) => sum + first.tables[name].bytes, 0);
  const fixed = first.database - tablesAtStart;
  // PostgreSQL keeps up to max_wal_size (1 GB by default) between checkpoints; PGlite with its timed
  // checkpoints about min_wal_size (80 MB), without them up to its 1 GB as well.
  const timed = kind === 'pglite' && CHECKPOINT_MIN > 0;
  const wal = (timed ? 80 : 1024) * MB;
  const bytes = Object.values(parts).reduce((a, b) => a + b, 0) + fixed + wal;
  const ledgerDays = (days: number) => bots * fills.rows * (rowDays * fillBytes + Math.max(0, days - rowDays) * packedBytes) + bots * Math.max(0, days - rowDays) * 250;
  const lines = [
    `  per bot-day: ${orders.rows.toFixed(0)} orders (${cancelledOrders.toFixed(0)} without a fill, ${filledOrders.toFixed(0)} with one), ${fills.rows.toFixed(0)} fills, ${logs.rows.toFixed(0)} log lines; bytes a row: orders ${orders.bytesPerRow.toFixed(0)}, fills ${fills.bytesPerRow.toFixed(0)}, logs ${logs.bytesPerRow.toFixed(0)}`,
    packed && packed.fills > 0
      ? `  the run's ${packed.fills} fills packed as retention packs them (${packed.packs} packs, a bot and UTC day each): ${encoded.toFixed(1)} bytes a fill in these short packs; a pack's bytes ≈ ${fixedPart.toFixed(0)} + ${perFill.toFixed(1)} a fill (least squares), so a bot-day's pack of ${fills.rows.toFixed(0)} fills ≈ ${dayPack.toFixed(1)} bytes a fill, ${packedBytes.toFixed(1)} in the table (× ${PACK_TABLE_OVERHEAD} for the pack's row, indexes and TOAST)`
      : `  packed fills: ${packedBytes} bytes a fill (not measured in this run)`,
    `  ${bots} bots after a year, default retention (cancelled orders ${r.cancelledOrderDays} d, orders with a fill ${r.filledOrderDays} d, logs ${r.tradingLogDays} d, fills ${r.fillDays} d of which ${r.fillRowDays} d as rows, day rows kept):`,
    ...Object.entries(parts).map(([name, size]) => `    ${name.padEnd(20)} ${(size / 1e9).toFixed(2)} GB`),
    `    ${'fixed part'.padEnd(20)} ${(fixed / 1e9).toFixed(2)} GB (the database at the start less these tables)`,
    `    ${'WAL'.padEnd(20)} ${(wal / 1e9).toFixed(2)} GB (${timed ? 'min_wal_size: PGlite checkpointed every few minutes' : 'max_wal_size, the default: the most kept between checkpoints'})`,
    `    ${'total'.padEnd(20)} ${(bytes / 1e9).toFixed(2)} GB (target: under 20 GB)`,
    `  the fills level off after ${r.fillDays} days at ${(ledgerDays(r.fillDays) / 1e9).toFixed(2)} GB (rows, packs and their day rows)`,
  ];
  return { bytes, lines };
}

function report(kind: string, bots: number, checkpointMs: readonly number[], samples: readonly Sample[], packed?: PackMeasure): void {
  const name = kind === 'pglite' ? 'PGlite (a data folder)' : 'PostgreSQL';
  console.log(`\nsoak on ${name}: ${bots} depth near bots on the simulator's 4 pairs, ${(samples.at(-1)?.minute ?? 0).toFixed(1)} min, after a forced GC every ${SAMPLE_S} s${checkpointMs.length > 0 ? `; ${checkpointMs.length} CHECKPOINTs (every ${CHECKPOINT_MIN} min, ${checkpointMs.map((ms) => ms.toFixed(0)).join(', ')} ms)` : ''}`);
  printTable(
    ['min', 'heap used MB', 'external MB', 'RSS MB', 'PGlite wasm MB', 'folder MB', 'pg_wal MB', 'database MB', 'orders', 'orders MB', 'fills', 'fills MB', 'logs', 'logs MB'],
    samples.map((s) => [
      s.minute.toFixed(1),
      mb(s.heapUsed),
      mb(s.external),
      mb(s.rss),
      mb(s.wasm),
      mb(s.folder),
      mb(s.wal),
      mb(s.database),
      String(s.tables.robot_orders.rows),
      mb(s.tables.robot_orders.bytes),
      String(s.tables.robot_fills.rows),
      mb(s.tables.robot_fills.bytes),
      String(s.tables.trading_logs.rows),
      mb(s.tables.trading_logs.bytes),
    ]),
  );
  const warm = samples.filter((s) => s.minute >= WARMUP_MIN);
  const growth = (over: readonly Sample[], pick: (s: Sample) => number) => {
    const base = warm[0] ? pick(warm[0]) : NaN;
    const perHour = slope(over.map((s) => s.minute / 60), over.map(pick));
    return `${mb(perHour)} MB/h (${((perHour / base) * 100).toFixed(1)} % of ${mb(base)} MB)`;
  };
  if (warm.length >= 2) {
    console.log(`  memory after the warm-up (${WARMUP_MIN} min excluded, least squares over ${warm.length} samples): heap used ${growth(warm, (s) => s.heapUsed)}, RSS ${growth(warm, (s) => s.rss)} (target: < 5 % an hour)`);
    // Capped caches still filling (the executor's ended orders: 512 a bot, about 55 minutes at the
    // soak's rate) read as growth over the whole run; a slope that falls in the last third is one
    // levelling off, a leak keeps it.
    const lastThird = warm.slice(Math.floor((warm.length * 2) / 3));
    if (lastThird.length >= 3) console.log(`  the same over the last third (${lastThird.length} samples from minute ${lastThird[0]!.minute.toFixed(1)}): heap used ${growth(lastThird, (s) => s.heapUsed)}, RSS ${growth(lastThird, (s) => s.rss)}`);
  } else {
    console.log(`  memory growth: too few samples after the ${WARMUP_MIN} min warm-up (run longer)`);
  }
  const first = samples[0] as Sample;
  const last = samples.at(-1) as Sample;
  const botDays = (bots * (last.minute - first.minute)) / 1440;
  const grew = (kind === 'pglite' ? last.folder - first.folder : last.database - first.database) / botDays;
  console.log(`  ${kind === 'pglite' ? 'folder' : 'database'} growth: ${(grew / MB).toFixed(1)} MB a bot-day (${((last.database - first.database) / botDays / MB).toFixed(1)} MB a bot-day by pg_database_size)`);
  for (const line of projectYear(kind, samples, bots, 100, packed).lines) console.log(line);
}

function runChild(kind: 'pglite' | 'postgres', env: NodeJS.ProcessEnv): Promise<SoakResult> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', self], { env: { ...env, SOAK_CHILD: kind }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('SOAK '));
      if (code !== 0 || !line) return reject(new Error(`soak on ${kind} ended with ${code}: ${out.slice(-2000)}`));
      resolve(JSON.parse(line.slice(5)) as SoakResult);
    });
  });
}

export async function run(): Promise<void> {
  const chosen = process.argv.slice(2).some((name) => 'soak.bench.ts'.includes(name));
  if (!chosen && process.env.SOAK_MINUTES === undefined) {
    console.log('\nsoak: skipped in the whole run (about an hour); `npm run bench -- soak`, or set SOAK_MINUTES');
    return;
  }
  const which = process.env.SOAK_DB ?? 'both';
  if (which === 'pglite' || which === 'both') {
    const result = await runChild('pglite', process.env);
    report(result.kind, result.bots, result.checkpointMs, result.samples, result.packed);
  }
  if (which === 'postgres' || which === 'both') {
    const { realSystem, runPostgres } = await import('../scripts/ensure-postgres.ts');
    const postgres = process.env.DATABASE_URL ? undefined : await runPostgres(realSystem);
    const provided = postgres?.provided;
    const url = process.env.DATABASE_URL ?? (provided && 'url' in provided ? provided.url : undefined);
    try {
      if (!url) {
        console.log(`\nsoak on PostgreSQL: skipped, no server (${provided && 'unavailable' in provided ? provided.unavailable : 'unknown'})`);
        return;
      }
      const result = await runChild('postgres', { ...process.env, DATABASE_URL: url });
      report(result.kind, result.bots, result.checkpointMs, result.samples, result.packed);
    } finally {
      await postgres?.release();
    }
  }
}

if (process.env.SOAK_CHILD === 'pglite' || process.env.SOAK_CHILD === 'postgres') {
  soakOne(process.env.SOAK_CHILD).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
