/**
 * `npm run backup` against the real server while its bots trade, then `npm run restore` into a new
 * folder and a start on it: the journal, the fills and the simulator agree in the restored folder
 * (as after a crash at the moment the backup ended), and every bot quotes again there. The backup
 * holds no master key unless asked, and then only sealed; a restore refuses a folder in use.
 * Always PGlite (the embedded database is what `npm run backup` is for): run in the PGlite pass only.
 */
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { robotTypes, type RobotTypeKey } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRepoScript } from '../testing/repo-script.ts';
import { ServerProcess, until } from '../testing/server-process.ts';
import { suiteDatabaseUrl } from '../testing/test-postgres.ts';
import { checkAgreement, readStopped } from '../testing/venue-agreement.ts';
import { readTar } from './tar.ts';

const PASSWORD = 'Backup-admin-123';
const SIM_KEY = 'backup-bots-key';
const SIM_SEED = 20261123;
const PASSPHRASE = 'a long backup passphrase';
const PAIRS: Record<number, string> = { 1: 'BTC/USDT', 2: 'ETH/USDT', 3: 'SOL/USDT' };
const BOTS: { coinId: number; type: RobotTypeKey }[] = [
  { coinId: 1, type: 'depth_near' },
  { coinId: 1, type: 'depth_far' },
  { coinId: 2, type: 'amm' },
  { coinId: 3, type: 'range_oscillation' },
];

let root: string;
const servers: ServerProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mdk-bk-'));
});

afterAll(async () => {
  for (const server of servers) if (server.running) await server.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const cli = runRepoScript;

async function entries(file: string): Promise<string[]> {
  const names: string[] = [];
  await readTar(createReadStream(file), async (entry) => void names.push(entry.name));
  return names;
}

interface RobotDetail {
  id: number;
  status: string;
  runtime: { activity: string; lastTickAt: number | null };
  openOrders: unknown[];
}

async function waitAllQuoting(server: ServerProcess, token: string, ids: number[], since: number): Promise<void> {
  await until('every bot ticking and quoting', 60_000, async () => {
    for (const id of ids) {
      const bot = await server.call<RobotDetail>('GET', `/robot/detail/${id}`, token);
      const where = `bot #${id}: ${JSON.stringify({ status: bot.status, runtime: bot.runtime, open: bot.openOrders.length })}`;
      if (bot.status !== 'running' || bot.runtime.activity !== 'active' || (bot.runtime.lastTickAt ?? 0) < since) throw new Error(`not ticking: ${where}`);
      if (bot.openOrders.length === 0) throw new Error(`no open order: ${where}`);
    }
  });
}

const readWorld = (dataDir: string) =>
  readStopped({ kind: 'pglite', dataDir }, dataDir, SIM_SEED, [{ apiKey: SIM_KEY, symbols: [...new Set(BOTS.map((b) => PAIRS[b.coinId]!))] }], () => SIM_KEY);

describe.skipIf(suiteDatabaseUrl() !== undefined)('npm run backup while bots trade, npm run restore into a new folder', () => {
  it('restores a folder whose journal, fills and venue agree, and whose bots quote again', { timeout: 300_000 }, async () => {
    const dataDir = join(root, 'live');
    const startedAt = Date.now();
    const server = await ServerProcess.start({ target: { kind: 'pglite', dataDir }, dataDir, password: PASSWORD, simSeed: SIM_SEED, started: servers });
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(true);
    const token = await server.signIn();
    for (const coinId of new Set(BOTS.map((b) => b.coinId))) {
      await server.call('POST', '/credentials/add', token, { platformId: 1, apiKey: SIM_KEY, secretKey: `${SIM_KEY}-secret`, coinId });
    }
    const ids: number[] = [];
    for (const { coinId, type } of BOTS) {
      const offered = await server.call<{ type: RobotTypeKey; defaults: Record<string, unknown>; schema: { properties: object } }[]>('GET', `/robot/init/list?coinId=${coinId}`, token);
      const item = offered.find((i) => i.type === type)!;
      // Busy bots: a tick every 1-2 s, and the depth bots replace their orders older than 2 s.
      const churn = 'options' in item.schema.properties ? { options: { maxOrderAgeSec: 2 } } : {};
      const config = { ...item.defaults, intervalMin: 1, intervalMax: 2, ...churn };
      expect(robotTypes[type].config.safeParse(config).success).toBe(true);
      const saved = await server.call<{ id: number }>('PUT', '/robot/update', token, { coinId, type, config, status: 'running', startMode: 'now', priceMode: 'normal', description: `backup ${type}` });
      ids.push(saved.id);
    }
    await waitAllQuoting(server, token, ids, startedAt);

    // The backup, asked of the running server while a tick places and cancels.
    await server.busyPlacing(5_000);
    const file = join(root, 'desk.tar');
    const backedUp = await cli('backup', [file], { MAKERDESK_DATA_DIR: dataDir });
    expect(backedUp.out).toContain('Backed up from the running server');
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(backedUp.out).toContain('Keep the master key apart from this backup');
    const names = await entries(file);
    expect(names[0]).toBe('makerdesk-backup.json');
    expect(names).toContain('pglite/backup_label');
    expect(names.filter((n) => /master|key|lock|control/.test(n) && !n.startsWith('pglite/'))).toEqual([]);
    expect(names.some((n) => n.endsWith('postmaster.pid'))).toBe(false);
    // The bots went on trading during and after it.
    const afterBackup = Date.now();
    await waitAllQuoting(server, token, ids, afterBackup);

    // A second backup holding the master key, sealed: refused without a passphrase, written with one.
    const sealedFile = join(root, 'desk-with-key.tar.gz');
    const refused = await cli('backup', [sealedFile, '--include-master-key'], { MAKERDESK_DATA_DIR: dataDir });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('MAKERDESK_BACKUP_PASSPHRASE');
    expect(existsSync(sealedFile)).toBe(false);
    const withKey = await cli('backup', [sealedFile, '--include-master-key'], { MAKERDESK_DATA_DIR: dataDir, MAKERDESK_BACKUP_PASSPHRASE: PASSPHRASE });
    expect(withKey.code, withKey.out).toBe(0);
    const masterKey = readFileSync(join(dataDir, 'master.key'), 'utf8').trim();
    expect(readFileSync(sealedFile).includes(Buffer.from(masterKey))).toBe(false);

    // A restore never writes into a folder in use.
    const inUse = await cli('restore', [file, '--data-dir', dataDir], {});
    expect(inUse.code).not.toBe(0);
    expect(inUse.out).toContain('is not empty');
    await server.kill('SIGKILL');

    // Restored into a new folder, with the master key the user kept beside it.
    const restoredDir = join(root, 'restored');
    const restored = await cli('restore', [file, '--data-dir', restoredDir], {});
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/the database opens \(\d+ migrations, 4 bots\)/);
    expect(readdirSync(root).filter((n) => n.includes('restoring'))).toEqual([]);
    writeFileSync(join(restoredDir, 'master.key'), masterKey, { mode: 0o600 });

    const world = await readWorld(restoredDir);
    const { inFlight } = checkAgreement(world, ids, 'restored');
    expect(world.journal.length).toBeGreaterThan(0);

    const restartAt = Date.now();
    const again = await ServerProcess.start({ target: { kind: 'pglite', dataDir: restoredDir }, dataDir: restoredDir, password: PASSWORD, simSeed: SIM_SEED, started: servers });
    const againToken = await again.signIn();
    await waitAllQuoting(again, againToken, ids, restartAt);
    await again.kill('SIGTERM');
    checkAgreement(await readWorld(restoredDir), ids, 'restored, run and stopped');

    // The sealed key: opened into the folder with the passphrase, the same key.
    const keyDir = join(root, 'with-key');
    mkdirSync(keyDir);
    const keyRestore = await cli('restore', [sealedFile, '--data-dir', keyDir], { MAKERDESK_BACKUP_PASSPHRASE: PASSPHRASE });
    expect(keyRestore.code, keyRestore.out).toBe(0);
    expect(readFileSync(join(keyDir, 'master.key'), 'utf8')).toBe(masterKey);
    console.log(`backup: ${backedUp.out.split('\n')[0]}; in flight at the backup: ${inFlight.length}`);
  });
});
