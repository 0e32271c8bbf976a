/**
 * The real server stopped behind a load balancer: on SIGTERM its readiness probe answers 503
 * (`server: draining`) at once while liveness and every other call still answer, for the drain
 * period (MAKERDESK_DRAIN_MS); then it shuts down and exits 0. Its stdout is pino JSON lines but for
 * the start-up banner (the generated main account's password, the console's address).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from './testing/scratch-database.ts';
import { ServerProcess, sleep } from './testing/server-process.ts';
import { suiteDatabaseUrl } from './testing/test-postgres.ts';
import type { DatabaseTarget } from './db/client.ts';

const DRAIN_MS = 4000;
let target: DatabaseTarget;
let drop: () => Promise<void>;
let dataDir: string;
const started: ServerProcess[] = [];

beforeAll(async () => {
  ({ target, drop } = await scratchDatabase(suiteDatabaseUrl()));
  dataDir = target.kind === 'pglite' ? (target.dataDir as string) : mkdtempSync(join(tmpdir(), 'makerdesk-drain-'));
});

afterAll(async () => {
  for (const server of started) if (server.running) await server.kill('SIGKILL');
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function probe(server: ServerProcess, path: string): Promise<{ status: number; body: { code: number; data: { failed?: string[]; checks?: Record<string, { ok: boolean; state: string }> } } }> {
  const res = await fetch(`${server.baseUrl}/backend${path}`);
  return { status: res.status, body: (await res.json()) as never };
}

describe('a server told to stop', () => {
  it('answers not ready (draining) at once, keeps serving for the drain period, then exits', { timeout: 120_000 }, async () => {
    // No MAKERDESK_ADMIN_PASSWORD: the main account's password is generated and printed in the banner.
    const server = await ServerProcess.start({
      target,
      dataDir,
      password: 'unused-here',
      simSeed: 11,
      env: { MAKERDESK_DRAIN_MS: String(DRAIN_MS), MAKERDESK_ADMIN_PASSWORD: '', LOG_LEVEL: 'info' },
      started,
    });
    expect((await probe(server, '/health/ready')).status).toBe(200);

    const signalledAt = Date.now();
    const gone = server.kill('SIGTERM', 60_000);
    let ready = await probe(server, '/health/ready');
    for (let i = 0; ready.status === 200 && i < 40; i++) {
      await sleep(25);
      ready = await probe(server, '/health/ready');
    }
    const notReadyAfter = Date.now() - signalledAt;
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe(503);
    expect(ready.body.data.failed).toEqual(['server']);
    expect(ready.body.data.checks?.server).toEqual({ ok: false, state: 'draining' });
    expect(notReadyAfter).toBeLessThan(1000);

    // Still serving for the rest of the drain: liveness, and the calls a desk makes.
    await sleep(DRAIN_MS / 2);
    expect(server.running).toBe(true);
    expect((await probe(server, '/health/live')).status).toBe(200);
    expect((await probe(server, '/health')).status).toBe(200);
    expect((await probe(server, '/health/ready')).status).toBe(503);

    const tookMs = await gone;
    expect(tookMs).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    expect(server.running).toBe(false);

    // stdout: JSON lines (pino, no pretty-printing), but for the banner; the drain is logged.
    const lines = server.stdout().split('\n').filter((line) => line.trim() !== '');
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([
      '  Main account created: admin@makerdesk.local',
      expect.stringMatching(/^ {2}Initial password: {5}\S{8,16}$/),
      '  Change it after the first sign-in.',
      expect.stringMatching(/^MakerDesk console: http:\/\/127\.0\.0\.1:\d+\/ \(database: (pglite|postgres)\)$/),
    ]);
    const messages = lines.filter((line) => !notJson.includes(line)).map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain(`SIGTERM: draining (readiness answers 503), stopping in ${DRAIN_MS} ms`);
    expect(messages).toContain('SIGTERM: shutting down');
  });
});
