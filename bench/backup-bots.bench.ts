/**
 * Issue 21's target as a user meets it: "a backup of a 1 GB embedded database in under 30 s while
 * 100 bots trade, their p99 tick-to-order at most doubled during it". backup.bench.ts measures the
 * backup beside stand-in writers; this one runs the whole server in this process on a PGlite data
 * folder (createTestApp, the engine, the simulator with its background market: the soak's setup,
 * sim-fleet.ts), pads the database to about MAKERDESK_BENCH_BACKUP_MB (1024) MB before the bots start
 * (backup-helpers.ts, the same padding as backup.bench.ts), then runs MAKERDESK_BENCH_BACKUP_BOTS
 * (100) depth near bots with their defaults on the simulator's four pairs. The server listens on its
 * control socket as main.ts does (its timed checkpoints held off during a backup), and the real
 * `npm run backup` CLI, a child process, asks it for the backup.
 *
 * What is measured is the engine's own tick-to-order (EngineObserver.tickToOrder: from a tick's
 * start to the venue's answer to its first placement; the server's /backend/metrics histogram
 * makerdesk_bot_tick_to_order_seconds is fed from it): the engine the server builds is given an
 * observer that hears every report the server's observers hear, and keeps each tick-to-order with
 * the time it was reported, plus each tick and its lateness. Windows: a warm-up while the bots start
 * (MAKERDESK_BENCH_BACKUP_WARMUP_S, 30, not counted), a baseline (MAKERDESK_BENCH_BACKUP_BASELINE_S,
 * 60), the backup (from the CLI's start to its exit), and MAKERDESK_BENCH_BACKUP_AFTER_S (20) after it.
 *
 * Gated like the soak: several minutes (the padding alone takes one or more), so a whole
 * `npm run bench` runs it only when MAKERDESK_BENCH_BACKUP_BOTS is set; `npm run bench -- backup-bots`
 * runs it with the defaults (`npm run bench -- backup` runs backup.bench.ts only).
 */
import { rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createBotEngine, createRateBudgets, strategyRegistry, type EngineDeps, type EngineObserver } from '@makerdesk/engine';
import { listenBackupControl } from '../apps/server/src/backup/control-socket.ts';
import { writeHotBackup } from '../apps/server/src/backup/hot-backup.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { PgliteCheckpoints } from '../apps/server/src/db/pglite-checkpoints.ts';
import { fanOut } from '../apps/server/src/engine/engine-host.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { backupCli, folderBytes, padDatabase } from './backup-helpers.ts';
import { printTable, quantile } from './report.ts';
import { startSimFleet } from './sim-fleet.ts';

const SIZE_MB = Number(process.env.MAKERDESK_BENCH_BACKUP_MB ?? 1024);
const BOTS = Number(process.env.MAKERDESK_BENCH_BACKUP_BOTS ?? 100);
const WARMUP_S = Number(process.env.MAKERDESK_BENCH_BACKUP_WARMUP_S ?? 30);
const BASELINE_S = Number(process.env.MAKERDESK_BENCH_BACKUP_BASELINE_S ?? 60);
const AFTER_S = Number(process.env.MAKERDESK_BENCH_BACKUP_AFTER_S ?? 20);
const MB = 1048576;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One report of the engine's, with the wall time it came (Date.now()). */
interface Timed {
  at: number;
  ms: number;
}

/** What the engine reported, kept whole: every tick-to-order, every tick's duration and lateness. */
export class EngineRecorder implements EngineObserver {
  readonly tickToOrders: Timed[] = [];
  readonly ticks: Timed[] = [];
  readonly lateness: Timed[] = [];

  tickToOrder(ms: number): void {
    this.tickToOrders.push({ at: Date.now(), ms });
  }

  tick(_robotId: number, durationMs: number): void {
    this.ticks.push({ at: Date.now(), ms: durationMs });
  }

  tickLateness(ms: number): void {
    this.lateness.push({ at: Date.now(), ms });
  }

  /**
   * The engine factory the server is given: the real engine, its observer (the server's metrics,
   * live hub and the rest) heard as before, and this recorder beside it. fanOut carries no
   * tickLateness, so that one is passed on by hand.
   */
  wrap(create: (deps: EngineDeps) => ReturnType<typeof createBotEngine>): (deps: EngineDeps) => ReturnType<typeof createBotEngine> {
    return (deps) => {
      const inner = deps.observer;
      const observer: EngineObserver = {
        ...fanOut([...(inner ? [inner] : []), this]),
        tickLateness: (ms) => {
          inner?.tickLateness?.(ms);
          this.tickLateness(ms);
        },
      };
      return create({ ...deps, observer });
    };
  }
}

const within = (values: readonly Timed[], from: number, to: number) => values.filter((v) => v.at >= from && v.at < to).map((v) => v.ms);
const q = (values: number[], at: number) => (values.length ? quantile(values, at).toFixed(1) : '-');
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');

export async function run(): Promise<void> {
  const chosen = process.argv.slice(2).some((name) => 'backup-bots.bench.ts'.includes(name) && !'backup.bench.ts'.includes(name));
  if (!chosen && process.env.MAKERDESK_BENCH_BACKUP_BOTS === undefined) {
    console.log('\nbackup with bots: skipped in the whole run (several minutes); `npm run bench -- backup-bots`, or set MAKERDESK_BENCH_BACKUP_BOTS');
    return;
  }
  console.log(`\nbackup with bots: a ${SIZE_MB} MB PGlite database backed up by npm run backup while ${BOTS} depth near bots trade on the simulator, the whole server in this process`);
  const scratch = await scratchDatabase(undefined);
  const dataDir = (scratch.target as { dataDir: string }).dataDir;
  const database = await openDatabase(scratch.target);
  const pglite = database.pglite;
  if (!pglite) throw new Error('the bench needs a PGlite data folder');
  const recorder = new EngineRecorder();
  let began = performance.now();
  await padDatabase(pglite.client, SIZE_MB);
  const padded = folderBytes(pglite.pgdata);
  console.log(`  padded the database: ${(padded / MB).toFixed(0)} MiB on disk in ${((performance.now() - began) / 1000).toFixed(1)} s (load average ${load()})`);

  const t = await createTestApp({ database, engine: { create: recorder.wrap(createBotEngine), strategies: strategyRegistry, budgets: createRateBudgets() } });
  const venue = t.services.sim.localHost.venue;
  // As main.ts: timed checkpoints, held off while a backup runs, and the control socket in the data folder.
  const checkpoints = new PgliteCheckpoints({ checkpoint: () => pglite.client.query('checkpoint'), onError: (err) => console.error('  checkpoint failed', err) });
  checkpoints.start();
  const control = await listenBackupControl(dataDir, (sink) => checkpoints.holding(() => writeHotBackup(pglite.client, pglite.pgdata, sink)), quiet);
  const file = join(dataDir, 'bench-backup.tar');
  try {
    if (!control.path) throw new Error(`no control socket in ${dataDir}`);
    began = performance.now();
    await startSimFleet(t, BOTS, 'backup-key');
    console.log(`  ${BOTS} bots switched on in ${((performance.now() - began) / 1000).toFixed(1)} s; warm-up ${WARMUP_S} s, baseline ${BASELINE_S} s`);
    await sleep(WARMUP_S * 1000);
    const baselineStart = Date.now();
    await sleep(BASELINE_S * 1000);
    const loadBefore = load();
    const size = folderBytes(pglite.pgdata);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const backupStart = Date.now();
    began = performance.now();
    const result = await backupCli(file, dataDir);
    const backupMs = performance.now() - began;
    const backupEnd = Date.now();
    loop.disable();
    const loadDuring = load();
    if (result.code !== 0) throw new Error(`the backup failed: ${result.out}`);
    await sleep(AFTER_S * 1000);
    const afterEnd = Date.now();
    const fileBytes = statSync(file).size;

    printTable(
      ['', 'value'],
      [
        ['database folder when the backup began', `${(size / MB).toFixed(0)} MiB`],
        ['backup file', `${(fileBytes / MB).toFixed(0)} MiB`],
        ['backup time (CLI start to its exit)', `${(backupMs / 1000).toFixed(1)} s`],
        ['throughput', `${(fileBytes / MB / (backupMs / 1000)).toFixed(0)} MiB/s`],
        ['event loop delay during it, p99 / max', `${(loop.percentile(99) / 1e6).toFixed(1)} / ${(loop.max / 1e6).toFixed(1)} ms`],
        ['load average (1, 5, 15 min) before / after the backup', `${loadBefore} / ${loadDuring}`],
      ],
    );
    console.log(`  ${result.out.split('\n')[0]}`);
    const windows: [string, number, number][] = [
      [`baseline (${BASELINE_S} s)`, baselineStart, backupStart],
      [`during the backup (${(backupMs / 1000).toFixed(1)} s)`, backupStart, backupEnd],
      [`after it (${AFTER_S} s)`, backupEnd, afterEnd],
    ];
    printTable(
      ['window', 'ticks', 'ticks/s', 'tick-to-order n', 'p50 ms', 'p99 ms', 'max ms', 'tick lateness p99 ms'],
      windows.map(([name, from, to]) => {
        const ticks = within(recorder.ticks, from, to);
        const tto = within(recorder.tickToOrders, from, to);
        return [name, String(ticks.length), (ticks.length / ((to - from) / 1000)).toFixed(1), String(tto.length), q(tto, 0.5), q(tto, 0.99), q(tto, 1), q(within(recorder.lateness, from, to), 0.99)];
      }),
    );
    const before = within(recorder.tickToOrders, baselineStart, backupStart);
    const during = within(recorder.tickToOrders, backupStart, backupEnd);
    if (before.length && during.length) {
      const ratio = quantile(during, 0.99) / quantile(before, 0.99);
      console.log(`  tick-to-order p99 during / before: ${ratio.toFixed(2)} (target: at most 2); backup ${(backupMs / 1000).toFixed(1)} s (target: under 30 s for 1 GB)`);
    }
  } finally {
    rmSync(file, { force: true });
    venue.stop();
    await t.close();
    await control.close();
    await checkpoints.stop();
    await database.close();
    await scratch.drop();
  }
}
