/**
 * A backup into an empty data folder: unpacked beside it, opened once (PostgreSQL replays the
 * backup's WAL and checks itself), and only then moved into place, so a failed restore leaves
 * nothing half-written where a server would look.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { DATABASE_PREFIX, MANIFEST_NAME, SEALED_KEY_NAME, type BackupManifest } from './hot-backup.ts';
import { openMasterKey, type SealedKeyFile } from './sealed-key.ts';
import { readTar, TarError } from './tar.ts';

export class RestoreError extends Error {}

export interface RestoreOptions {
  /** Opens the backup's sealed master key into `master.key` of the folder; without it the key stays out. */
  passphrase?: string;
  /** Opens the restored database once before it is moved into place (the CLI); answers what it found. */
  verify?: (pgdata: string) => Promise<string>;
}

export interface RestoreSummary {
  files: number;
  bytes: number;
  manifest: BackupManifest;
  /** Whether the backup held a sealed master key, and whether it was opened into the folder. */
  masterKey: 'absent' | 'restored' | 'left-sealed';
  verified?: string;
}

/** The folder a restore may fill: missing, or empty. */
export function checkEmptyTarget(target: string): void {
  if (!existsSync(target)) return;
  const inside = readdirSync(target);
  if (inside.length > 0) {
    throw new RestoreError(`The data folder ${target} is not empty (${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}). A restore only fills an empty or new folder.`);
  }
}

const MAX_SMALL = 1 << 20;

export async function restoreBackup(source: AsyncIterable<Buffer>, targetPath: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const target = resolve(targetPath);
  checkEmptyTarget(target);
  mkdirSync(dirname(target), { recursive: true });
  const staging = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  try {
    let manifest: BackupManifest | undefined;
    let sealed: SealedKeyFile | undefined;
    let labelled = false;
    let files = 0;
    let bytes = 0;
    const small = async (pull: (write: (chunk: Buffer) => Promise<void>) => Promise<void>, size: number, name: string) => {
      if (size > MAX_SMALL) throw new RestoreError(`${name} is too large to be what it says`);
      const parts: Buffer[] = [];
      await pull(async (chunk) => void parts.push(chunk));
      return Buffer.concat(parts).toString('utf8');
    };
    await readTar(source, async (entry, pull) => {
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME) throw new RestoreError('This is not a MakerDesk backup (it does not start with its manifest).');
        const parsed = JSON.parse(await small(pull, entry.size, entry.name)) as BackupManifest;
        if (parsed.format !== 'makerdesk-backup' || parsed.database !== 'pglite') throw new RestoreError('This is not a MakerDesk backup of an embedded database.');
        if (parsed.version !== 1) throw new RestoreError(`This backup is of format version ${parsed.version}, newer than this MakerDesk reads (1).`);
        manifest = parsed;
        return;
      }
      if (entry.name === SEALED_KEY_NAME) {
        sealed = JSON.parse(await small(pull, entry.size, entry.name)) as SealedKeyFile;
        return;
      }
      if (entry.name !== DATABASE_PREFIX && !entry.name.startsWith(`${DATABASE_PREFIX}/`)) throw new RestoreError(`unexpected entry ${entry.name} in the backup`);
      if (entry.name === `${DATABASE_PREFIX}/backup_label`) labelled = true;
      const path = join(staging, entry.name);
      if (entry.type === 'dir') {
        mkdirSync(path, { recursive: true, mode: 0o700 });
        return;
      }
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      const handle = await open(path, 'wx', 0o600);
      try {
        await pull(async (chunk) => {
          await handle.write(chunk);
          bytes += chunk.length;
        });
      } finally {
        await handle.close();
      }
      files++;
    });
    if (!manifest) throw new RestoreError('The backup is empty.');
    // The label comes after every data file: without it the backup was cut short before it ended.
    if (!labelled) throw new RestoreError('The backup is incomplete (it has no backup label): it was cut short while it was written.');

    let masterKey: RestoreSummary['masterKey'] = 'absent';
    if (sealed) {
      if (options.passphrase !== undefined) {
        const key = openMasterKey(sealed, options.passphrase);
        const handle = await open(join(staging, 'master.key'), 'wx', 0o600);
        await handle.writeFile(key.toString('hex'));
        await handle.close();
        masterKey = 'restored';
      } else masterKey = 'left-sealed';
    }
    const verified = options.verify ? await options.verify(join(staging, DATABASE_PREFIX)) : undefined;

    if (existsSync(target)) {
      checkEmptyTarget(target);
      rmdirSync(target);
    }
    renameSync(staging, target);
    chmodSync(target, 0o700);
    return { files, bytes, manifest, masterKey, ...(verified !== undefined ? { verified } : {}) };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (err instanceof TarError) throw new RestoreError(`The backup is damaged or cut short: ${err.message}`);
    if (err instanceof SyntaxError) throw new RestoreError(`The backup is damaged: ${err.message}`);
    throw err;
  }
}
