/**
 * When the test command could not get PostgreSQL, the server's PostgreSQL tests fail saying why:
 * none is skipped. Runs two of them (one that always needs PostgreSQL, one of the suite's
 * PostgreSQL pass) in a vitest run told that no server could be had (fixtures/no-postgres.vitest.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { NO_POSTGRES_REASON } from './fixtures/no-postgres.vitest.config.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'makerdesk-no-postgres-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message: string }[];
}

it('a PostgreSQL test with no server to be had fails with the reason, and none is skipped', { timeout: 120_000 }, () => {
  const report = join(dir, 'report.json');
  const run = spawnSync(process.execPath, [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'scripts/fixtures/no-postgres.vitest.config.ts', '--reporter=json', `--outputFile=${report}`], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 110_000,
  });
  expect(run.status, run.stderr).toBe(1);
  const result = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const files = result.testResults.map((file) => ({ file: file.name.slice(REPO.length), status: file.status, message: file.message }));
  const why = `This test needs PostgreSQL, and the test command could not get one. ${NO_POSTGRES_REASON}`;
  expect(files.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
    { file: 'apps/server/src/cluster/pg-cluster-bus.test.ts', status: 'failed', message: why },
    { file: 'apps/server/src/db/client.test.ts', status: 'failed', message: why },
  ]);
  expect({ passed: result.numPassedTests, skipped: result.numPendingTests, todo: result.numTodoTests }).toEqual({ passed: 0, skipped: 0, todo: 0 });
});
