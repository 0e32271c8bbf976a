/**
 * What the backup benches share (backup.bench.ts: stand-in writers; backup-bots.bench.ts: the whole
 * server with real bots): a PGlite database padded to a size, a folder's bytes, and the real
 * `npm run backup` CLI (scripts/backup.ts) run as a child process, which asks the process holding
 * the folder for the backup over the control socket in the data folder, as it asks a running server.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runRepoScript } from '../apps/server/src/testing/repo-script.ts';

/** The bytes under a path, every file counted once. */
export function folderBytes(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

/**
 * Grows the database by about `sizeMb` MB: a table `table` of ~1 KB rows kept inline and
 * uncompressed (the folder grows by about what is inserted), written in batches, then a CHECKPOINT.
 */
export async function padDatabase(db: { query(sql: string): Promise<unknown>; exec(sql: string): Promise<unknown> }, sizeMb: number, table = 'bench_padding'): Promise<void> {
  await db.exec(`create table ${table} (id int, v text)`);
  const rowsPerBatch = 50_000;
  for (let done = 0; done < sizeMb * 1000; done += rowsPerBatch) {
    await db.query(`insert into ${table} select g, repeat(md5(g::text), 30) from generate_series(${done + 1}, ${done + rowsPerBatch}) g`);
  }
  await db.exec('checkpoint');
}

/** `npm run backup -- <file>` against the data folder `dataDir`: its exit code and everything it printed. */
export function backupCli(file: string, dataDir: string): Promise<{ code: number; out: string }> {
  return runRepoScript('backup', [file], { MAKERDESK_DATA_DIR: dataDir });
}
