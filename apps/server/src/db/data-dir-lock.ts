import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes and two of them on one folder corrupt it silently,
 * so a server takes this lock file first. A lock left by a dead process on this host is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'makerdesk.lock');
  const owner = `${process.pid}@${hostname()}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, owner);
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(file, 'utf8') === owner) rmSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readFileSync(file, 'utf8').trim();
      const [pidText, host] = holder.split('@');
      const pid = Number(pidText);
      const stale = host === hostname() && Number.isInteger(pid) && pid > 0 && !isAlive(pid);
      if (!stale) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another MakerDesk server (process ${holder}). ` +
            'Stop that server first, or start this one with another MAKERDESK_DATA_DIR or a DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}
