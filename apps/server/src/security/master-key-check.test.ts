/**
 * The real server refuses to start on a database set up with another master key (PGlite by default,
 * a scratch PostgreSQL database in the suite's PostgreSQL pass): a second server given another key, or a data
 * folder that lost its key file, would otherwise start and fail on every stored secret and session.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../db/client.ts';
import { scratchDatabase } from '../testing/scratch-database.ts';
import { ServerProcess } from '../testing/server-process.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';

const PASSWORD = 'Key-check-adm-1';
let target: DatabaseTarget;
let drop: () => Promise<void>;
let dataDir: string;
const started: ServerProcess[] = [];

beforeAll(async () => {
  ({ target, drop } = await scratchDatabase(suiteDatabaseUrl()));
  dataDir = target.kind === 'pglite' ? (target.dataDir as string) : mkdtempSync(join(tmpdir(), 'makerdesk-keycheck-'));
});

afterAll(async () => {
  for (const server of started) if (server.running) await server.kill('SIGKILL');
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (env: Record<string, string> = {}) => ServerProcess.start({ target, dataDir, password: PASSWORD, simSeed: 7, env, started });

describe('master key check at start', () => {
  it('a start with another key is refused in words and changes nothing; the key the database was set up with starts again', { timeout: 120_000 }, async () => {
    const first = await start();
    expect(await first.signIn()).toBeTruthy();
    await first.kill('SIGTERM');
    const fileKey = readFileSync(join(dataDir, 'master.key'), 'utf8').trim();

    const other = randomBytes(32).toString('hex');
    const refused = await start({ MAKERDESK_MASTER_KEY: other }).then(
      () => '',
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/the server exited with 1/);
    expect(refused).toContain('MakerDesk could not start: this database was set up with another master key');
    expect(refused).not.toContain(other);
    expect(refused).not.toContain(fileKey);

    // The same key given in the environment instead of the file: the database knows it.
    const again = await start({ MAKERDESK_MASTER_KEY: fileKey });
    expect(await again.signIn()).toBeTruthy();
    await again.kill('SIGTERM');
  });
});
