/**
 * A consistent copy of an embedded (PGlite) database while it keeps serving: PostgreSQL's own
 * online backup. `pg_backup_start` checkpoints (the only moment the database waits), the data
 * folder's files are then read while writes go on (a page caught half-written is repaired from the
 * WAL, which writes whole pages while a backup runs), `pg_backup_stop` returns the backup label, and
 * the WAL from start to stop goes in last. A start on the restored folder replays that WAL from the
 * label's checkpoint, exactly as after a crash at the moment the backup stopped.
 *
 * PGlite's own `dumpDataDir()` is not used: it reads the whole folder synchronously and builds the
 * archive in memory, so the server (and every bot) would stand still for the whole copy.
 */
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { tarHeader, tarPadding } from './tar.ts';

/** The database the backup asks: PGlite's `query`. */
export interface BackupQueries {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

export type Sink = (chunk: Buffer) => Promise<void>;

export const MANIFEST_NAME = 'makerdesk-backup.json';
export const DATABASE_PREFIX = 'pglite';
export const SEALED_KEY_NAME = 'master-key.sealed.json';

export interface BackupManifest {
  format: 'makerdesk-backup';
  version: 1;
  database: 'pglite';
  createdAt: string;
  postgres: string;
  startLsn: string;
}

export interface BackupSummary {
  files: number;
  bytes: number;
  walSegments: number;
  startLsn: string;
  stopLsn: string;
  /** How long `pg_backup_start`'s checkpoint held the database. */
  checkpointMs: number;
  ms: number;
}

/** Folders whose contents a backup leaves out (PostgreSQL's own list for base backups); the folders stay. */
const EMPTIED = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);
/** Files a backup leaves out, wherever they are. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'tablespace_map.old', 'pg_internal.init']);

export class BackupError extends Error {}

/** A WAL file's position: its segment number, from its name (timeline, log, segment) and the segment size. */
export function walSegmentNumber(name: string, segmentBytes: number): bigint {
  if (!/^[0-9A-F]{24}$/.test(name)) throw new BackupError(`not a WAL file name: ${name}`);
  const perLog = 0x1_0000_0000n / BigInt(segmentBytes);
  return BigInt(`0x${name.slice(8, 16)}`) * perLog + BigInt(`0x${name.slice(16, 24)}`);
}

/** Read in pieces this large: fewer turns of the server's event loop per gigabyte. */
const CHUNK = 4 << 20;

/**
 * Writes `pgdata` (a PGlite data folder that `db` has open) to `sink` as tar entries under
 * `pglite/`, after a manifest, without the end blocks (the caller may add entries, then TAR_END).
 * One backup at a time per database: PostgreSQL refuses a second in the same session.
 */
export async function writeHotBackup(db: BackupQueries, pgdata: string, sink: Sink, label = 'makerdesk'): Promise<BackupSummary> {
  const began = performance.now();
  let files = 0;
  let bytes = 0;
  const emit = async (chunk: Buffer) => {
    bytes += chunk.length;
    await sink(chunk);
  };
  const [{ version }] = (await db.query<{ version: string }>('select version()')).rows as [{ version: string }];
  const [{ segment }] = (await db.query<{ segment: number }>("select setting::int as segment from pg_settings where name = 'wal_segment_size'")).rows as [{ segment: number }];
  const checkpointStarted = performance.now();
  const [{ lsn: startLsn, file: startFile }] = (
    await db.query<{ lsn: string; file: string }>(`select lsn::text as lsn, pg_walfile_name(lsn) as file from pg_backup_start('${label.replace(/'/g, "''")}', true) as lsn`)
  ).rows as [{ lsn: string; file: string }];
  const checkpointMs = performance.now() - checkpointStarted;
  let stopped = false;
  try {
    const manifest: BackupManifest = { format: 'makerdesk-backup', version: 1, database: 'pglite', createdAt: new Date().toISOString(), postgres: version, startLsn };
    await emitBuffer(emit, MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await emit(tarHeader({ name: DATABASE_PREFIX, type: 'dir', size: 0, mode: 0o700, mtime: new Date() }));
    files += await copyFolder(emit, pgdata, DATABASE_PREFIX, '');

    const [{ lsn: stopLsn, labelfile, file: stopFile }] = (
      await db.query<{ lsn: string; labelfile: string; file: string }>('select lsn::text as lsn, labelfile, pg_walfile_name(lsn) as file from pg_backup_stop(false)')
    ).rows as [{ lsn: string; labelfile: string; file: string }];
    stopped = true;
    // The stop's segment is finished and on disk before it is read.
    await db.query('select pg_switch_wal()');
    await emitBuffer(emit, `${DATABASE_PREFIX}/backup_label`, Buffer.from(labelfile));

    const first = walSegmentNumber(startFile, segment);
    const last = walSegmentNumber(stopFile, segment);
    const wanted = (await readdir(join(pgdata, 'pg_wal')))
      .filter((name) => /^[0-9A-F]{24}$/.test(name) && name.slice(0, 8) === startFile.slice(0, 8))
      .filter((name) => {
        const n = walSegmentNumber(name, segment);
        return n >= first && n <= last;
      })
      .sort();
    for (const name of wanted) {
      const copied = await copyFile(emit, join(pgdata, 'pg_wal', name), `${DATABASE_PREFIX}/pg_wal/${name}`);
      if (!copied) throw new BackupError(`the WAL file ${name} went away during the backup`);
    }
    if (BigInt(wanted.length) !== last - first + 1n) {
      throw new BackupError(`the WAL from ${startFile} to ${stopFile} was recycled during the backup (a checkpoint); run the backup again`);
    }
    return { files: files + wanted.length + 2, bytes, walSegments: wanted.length, startLsn, stopLsn, checkpointMs, ms: performance.now() - began };
  } finally {
    if (!stopped) await db.query('select pg_backup_stop(false)').catch(() => undefined);
  }
}

async function emitBuffer(emit: Sink, name: string, data: Buffer): Promise<void> {
  await emit(tarHeader({ name, type: 'file', size: data.length, mode: 0o600, mtime: new Date() }));
  await emit(data);
  await emit(tarPadding(data.length));
}

/** The folder's files under `archivePath`, in name order; answers how many files went in. */
async function copyFolder(emit: Sink, folder: string, archivePath: string, relative: string): Promise<number> {
  let count = 0;
  const entries = await readdir(folder, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    const inArchive = `${archivePath}/${entry.name}`;
    if (entry.isDirectory()) {
      await emit(tarHeader({ name: inArchive, type: 'dir', size: 0, mode: 0o700, mtime: new Date() }));
      if (!(relative === '' && EMPTIED.has(entry.name))) count += await copyFolder(emit, path, inArchive, `${relative}${entry.name}/`);
    } else if (entry.isFile()) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
      if (await copyFile(emit, path, inArchive)) count++;
    }
  }
  return count;
}

/**
 * One file as its size was when opened: a file that shrinks meanwhile is padded with zeros and one
 * that grows is cut there (the WAL replay puts both right). False when it was gone (a dropped table).
 */
async function copyFile(emit: Sink, path: string, inArchive: string): Promise<boolean> {
  const handle = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) return false;
  try {
    const { size, mtime } = await handle.stat();
    await emit(tarHeader({ name: inArchive, type: 'file', size, mode: 0o600, mtime }));
    let position = 0;
    while (position < size) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) {
        buffer.fill(0);
        await emit(buffer);
        position += buffer.length;
        continue;
      }
      await emit(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    await emit(tarPadding(size));
    return true;
  } finally {
    await handle.close();
  }
}
