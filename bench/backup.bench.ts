/**
 * `npm run backup` of a large embedded database while it is written: a PGlite folder of
 * MAKERDESK_BENCH_BACKUP_MB (1024 by default) is made, a hundred "bots" each write a journal row
 * once a second (the database side of a tick: what stands between a tick and its order), and the
 * real CLI (scripts/backup.ts, a child process) asks this process for the backup over the control
 * socket, as it asks a running server. Reports the backup's time and size and the ticks' latency
 * before and during it; then how long PGlite's own dumpDataDir() would hold the event loop.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { listenBackupControl } from '../apps/server/src/backup/control-socket.ts';
import { writeHotBackup } from '../apps/server/src/backup/hot-backup.ts';
import { backupCli, folderBytes, padDatabase } from './backup-helpers.ts';
import { printTable, quantile } from './report.ts';

const SIZE_MB = Number(process.env.MAKERDESK_BENCH_BACKUP_MB ?? 1024);
const BOTS = 100;
const TICK_MS = 1000;
const BASELINE_MS = 10_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The hundred bots: each writes its journal row once a second, staggered; answers each write's latency from when it was due. */
function startBots(db: PGlite) {
  const samples: { at: number; ms: number }[] = [];
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  for (let bot = 0; bot < BOTS; bot++) {
    const tick = async () => {
      if (stopped) return;
      const due = performance.now();
      const { rows } = await db.query<{ id: number }>('insert into journal (bot, state, amount) values ($1, $2, $3) returning id', [bot, 'sending', '0.125']);
      await db.query("update journal set state = 'open' where id = $1", [rows[0]!.id]);
      samples.push({ at: Date.now(), ms: performance.now() - due });
      if (!stopped) timers.push(setTimeout(() => void tick(), TICK_MS));
    };
    timers.push(setTimeout(() => void tick(), (bot * TICK_MS) / BOTS));
  }
  return {
    samples,
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}

const ms = (values: number[], q: number) => (values.length ? quantile(values, q).toFixed(1) : '-');

export async function run(): Promise<void> {
  console.log(`\nbackup: a ${SIZE_MB} MB PGlite database backed up by npm run backup while ${BOTS} bots write once a second each`);
  const root = mkdtempSync(join(tmpdir(), 'mdk-bb-'));
  try {
    const pgdata = join(root, 'pglite');
    const db = new PGlite(pgdata);
    await db.waitReady;
    let began = performance.now();
    await db.exec('create table journal (id serial primary key, bot int, state text, amount numeric)');
    await padDatabase(db, SIZE_MB);
    const size = folderBytes(pgdata);
    console.log(`  made the database: ${(size / 1048576).toFixed(0)} MiB on disk in ${((performance.now() - began) / 1000).toFixed(1)} s`);

    const control = await listenBackupControl(root, (sink) => writeHotBackup(db, pgdata, sink), quiet);
    // First with nothing else running: what the machine gives the backup alone.
    began = performance.now();
    const idle = await backupCli(join(root, 'idle.tar'), root);
    if (idle.code !== 0) throw new Error(`the backup failed: ${idle.out}`);
    console.log(`  alone: ${((performance.now() - began) / 1000).toFixed(1)} s from the CLI's start; ${idle.out.split('\n')[0]}`);
    rmSync(join(root, 'idle.tar'), { force: true });
    const bots = startBots(db);
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const backupStart = Date.now();
    began = performance.now();
    const file = join(root, 'backup.tar');
    const result = await backupCli(file, root);
    const backupMs = performance.now() - began;
    const backupEnd = Date.now();
    loop.disable();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    bots.stop();
    await control.close();
    if (result.code !== 0) throw new Error(`the backup failed: ${result.out}`);
    const fileBytes = statSync(file).size;
    const before = bots.samples.filter((s) => s.at < backupStart).map((s) => s.ms);
    const during = bots.samples.filter((s) => s.at >= backupStart && s.at <= backupEnd).map((s) => s.ms);
    printTable(
      ['', 'value'],
      [
        ['database on disk', `${(size / 1048576).toFixed(0)} MiB`],
        ['backup file', `${(fileBytes / 1048576).toFixed(0)} MiB`],
        ['backup time (CLI start to file renamed)', `${(backupMs / 1000).toFixed(1)} s`],
        ['throughput', `${(fileBytes / 1048576 / (backupMs / 1000)).toFixed(0)} MiB/s`],
        ['event loop delay during it, p99 / max', `${(loop.percentile(99) / 1e6).toFixed(1)} / ${(loop.max / 1e6).toFixed(1)} ms`],
      ],
    );
    console.log(`  ${result.out.split('\n')[0]}`);
    printTable(
      ['bot writes (ms from due)', 'n', 'p50', 'p99', 'max'],
      [
        ['before the backup', String(before.length), ms(before, 0.5), ms(before, 0.99), ms(before, 1)],
        ['during the backup', String(during.length), ms(during, 0.5), ms(during, 0.99), ms(during, 1)],
      ],
    );
    rmSync(file, { force: true });

    if (process.env.MAKERDESK_BENCH_BACKUP_DUMPDATADIR !== 'off') {
      // For comparison: PGlite's own dump reads the folder synchronously into memory.
      let last = performance.now();
      let longest = 0;
      const probe = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      began = performance.now();
      const blob = await db.dumpDataDir('none');
      const dumpMs = performance.now() - began;
      await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(probe);
      console.log(`  PGlite dumpDataDir('none'): ${(blob.size / 1048576).toFixed(0)} MiB in memory in ${(dumpMs / 1000).toFixed(1)} s, the event loop held up to ${longest.toFixed(0)} ms at once`);
    }
    await db.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
