/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (scripts/backup.ts, scripts/restore.ts):
 * the embedded database's backup, asked of the running server when one holds the data folder,
 * otherwise taken here under the folder's lock; and its restore into an empty folder.
 * Settings as the server reads them (MAKERDESK_DATA_DIR, DATABASE_URL, MAKERDESK_MASTER_KEY).
 */
import { once } from 'node:events';
import { closeSync, createReadStream, createWriteStream, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createGunzip, createGzip } from 'node:zlib';
import type { Writable } from 'node:stream';
import { loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { loadMasterKey } from '../security/master-key.ts';
import { controlSocketPath, requestBackup } from './control-socket.ts';
import { BackupError, SEALED_KEY_NAME, writeHotBackup, type BackupSummary, type Sink } from './hot-backup.ts';
import { restoreBackup, RestoreError } from './restore.ts';
import { sealMasterKey, SealedKeyError } from './sealed-key.ts';
import { TAR_END, tarHeader, tarPadding } from './tar.ts';

export class UsageError extends Error {}

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const PASSPHRASE_ENV = 'MAKERDESK_BACKUP_PASSPHRASE';

const MASTER_KEY_ADVICE = (dataDir: string) =>
  `Keep the master key apart from this backup (MAKERDESK_MASTER_KEY, or ${join(dataDir, 'master.key')}): ` +
  'the restored database opens only with it (its exchange secrets are sealed under it), and the backup holds it only when asked (--include-master-key, sealed with a passphrase).';

/** Where the user typed the command: npm runs scripts from the repository's root and says where it was called in INIT_CWD. */
const callerDir = (env: NodeJS.ProcessEnv) => env.INIT_CWD ?? process.cwd();

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

/** The opened (and opening-from-a-running-server) database's pages into a tar file, gzip when the name ends in .gz or .tgz. */
export async function backupMain(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const includeKey = args.includes('--include-master-key');
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--include-master-key');
  if (files.length !== 1 || unknown.length > 0) throw new UsageError('usage: npm run backup -- <file.tar | file.tar.gz> [--include-master-key]');
  const config = loadConfig(env);
  if (config.databaseUrl) {
    throw new UsageError('DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump (README, "Backups"); npm run backup is for the embedded database.');
  }
  const file = resolve(callerDir(env), files[0]!);
  if (existsSync(file)) throw new UsageError(`${file} exists already; name a new file.`);
  let sealedKey: Buffer | undefined;
  if (includeKey) {
    const passphrase = env[PASSPHRASE_ENV];
    if (!passphrase) throw new UsageError(`--include-master-key seals the key with a passphrase: set ${PASSPHRASE_ENV}.`);
    if (!config.masterKey && !existsSync(join(config.dataDir, 'master.key'))) throw new UsageError(`there is no master key to include: MAKERDESK_MASTER_KEY is unset and ${join(config.dataDir, 'master.key')} does not exist.`);
    sealedKey = Buffer.from(`${JSON.stringify(sealMasterKey(loadMasterKey(config.masterKey, config.dataDir), passphrase), null, 2)}\n`);
  }

  const partial = `${file}.partial`;
  const output = openOutput(partial, /\.(t?gz)$/.test(file));
  let summary: BackupSummary;
  let via: string;
  try {
    const fromServer = await requestBackup(config.dataDir, output.write);
    if (fromServer) {
      summary = fromServer;
      via = 'from the running server';
    } else {
      summary = await backupStopped(config.dataDir, output.write);
      via = 'with no server running';
    }
    if (sealedKey) {
      await output.write(tarHeader({ name: SEALED_KEY_NAME, type: 'file', size: sealedKey.length, mode: 0o600, mtime: new Date() }));
      await output.write(sealedKey);
      await output.write(tarPadding(sealedKey.length));
    }
    await output.write(TAR_END);
    await output.finish();
    renameSync(partial, file);
  } catch (err) {
    await output.abort();
    rmSync(partial, { force: true });
    throw err;
  }
  io.out(
    `Backed up ${via}: ${file} (${summary.files} files, ${mib(summary.bytes)} of database in ${(summary.ms / 1000).toFixed(1)} s; ` +
      `the checkpoint held the database ${summary.checkpointMs.toFixed(0)} ms; WAL ${summary.startLsn} to ${summary.stopLsn}).`,
  );
  io.out(sealedKey ? `The master key is inside, sealed with the passphrase of ${PASSPHRASE_ENV}: keep that passphrase apart from the file.` : MASTER_KEY_ADVICE(config.dataDir));
  return 0;
}

/** No server answers on the folder's socket: take the lock ourselves and back up. */
async function backupStopped(dataDir: string, sink: Sink): Promise<BackupSummary> {
  const pgdata = join(dataDir, 'pglite');
  if (!existsSync(pgdata)) throw new UsageError(`there is no embedded database in ${dataDir} (MAKERDESK_DATA_DIR).`);
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupError(`a server holds ${dataDir} but does not answer on its control socket (an older version, or a path too long for the socket): stop it, or back up with it running after an upgrade.`);
    }
    throw err;
  }
  try {
    // A socket left by a server that was killed: no one listens on it (the lock is ours now).
    rmSync(controlSocketPath(dataDir), { force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(pgdata);
    await client.waitReady;
    try {
      return await writeHotBackup(client, pgdata, sink);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

interface Output {
  write: Sink;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

function openOutput(path: string, gzip: boolean): Output {
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  const head: Writable = gzip ? createGzip({ level: 1 }) : file;
  if (gzip) head.pipe(file);
  let failure: Error | undefined;
  const fail = (err: Error) => (failure ??= err);
  file.on('error', fail);
  head.on('error', fail);
  return {
    async write(chunk) {
      if (failure) throw failure;
      if (!head.write(chunk)) await once(head, 'drain');
    },
    async finish() {
      head.end();
      await once(file, 'close');
      if (failure) throw failure;
    },
    async abort() {
      head.destroy();
      file.destroy();
      await once(file, 'close').catch(() => undefined);
    },
  };
}

export async function restoreMain(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const at = args.indexOf('--data-dir');
  const dataDirArg = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !dataDirArg) throw new UsageError('--data-dir needs a folder');
  const rest = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
  if (rest.length !== 1 || rest[0]!.startsWith('--')) throw new UsageError('usage: npm run restore -- <file> [--data-dir <empty folder>] (default: MAKERDESK_DATA_DIR)');
  const config = loadConfig(env);
  const target = dataDirArg ? resolve(callerDir(env), dataDirArg) : config.dataDir;
  const file = resolve(callerDir(env), rest[0]!);
  if (!existsSync(file)) throw new UsageError(`${file} does not exist.`);
  const passphrase = env[PASSPHRASE_ENV];
  const summary = await restoreBackup(readBackup(file), target, {
    ...(passphrase ? { passphrase } : {}),
    verify: verifyRestored,
  });
  io.out(`Restored ${file} into ${target}: ${summary.files} files, ${mib(summary.bytes)}, backed up ${summary.manifest.createdAt}; ${summary.verified}.`);
  if (summary.masterKey === 'restored') io.out(`The master key was opened from the backup into ${join(target, 'master.key')}.`);
  else if (summary.masterKey === 'left-sealed') io.out(`The backup holds a sealed master key; set ${PASSPHRASE_ENV} and restore again to open it, or start with the key you kept (MAKERDESK_MASTER_KEY or ${join(target, 'master.key')}).`);
  else io.out(`Start the server with the master key the database was made with: MAKERDESK_MASTER_KEY, or its master.key file copied into ${target}.`);
  return 0;
}

/** The file's bytes, gunzipped when it starts as gzip does. */
function readBackup(file: string): AsyncIterable<Buffer> {
  const fd = openSync(file, 'r');
  const magic = Buffer.alloc(2);
  readSync(fd, magic, 0, 2, 0);
  closeSync(fd);
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  return magic[0] === 0x1f && magic[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
}

/** Opens the restored database (PostgreSQL replays the backup's WAL) and reads what a start would. */
async function verifyRestored(pgdata: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(pgdata);
  try {
    await client.waitReady;
    const migrations = (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n ?? 0;
    const bots = (await client.query<{ n: number }>('select count(*)::int as n from robots')).rows[0]?.n ?? 0;
    return `the database opens (${migrations} migrations, ${bots} bots)`;
  } catch (err) {
    throw new RestoreError(`the restored database does not open: ${(err as Error).message}`);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Runs a CLI entry: clear one-line errors, exit 2 for usage and refusals, 1 for failures. */
export async function runCli(main: (args: string[], env: NodeJS.ProcessEnv, io: CliIo) => Promise<number>): Promise<void> {
  const io: CliIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };
  try {
    process.exitCode = await main(process.argv.slice(2), process.env, io);
  } catch (err) {
    const known = err instanceof UsageError || err instanceof RestoreError || err instanceof BackupError || err instanceof SealedKeyError || err instanceof DataDirLockedError;
    io.err(`${known ? '' : 'failed: '}${known ? (err as Error).message : String((err as Error)?.stack ?? err)}`);
    process.exitCode = err instanceof UsageError || err instanceof RestoreError ? 2 : 1;
  }
}
