/**
 * The API under load: the built server started as `npm start` runs it, in its own process,
 * then 20 keep-alive connections on `GET /backend/order/orderBook` (a signed-in user's simulator pair)
 * and an authenticated `GET /backend/platform/list`, with `GET /backend/health` as the peer measured
 * in the same run: the machine is shared, so the ratio to health says more than the bare rate. The
 * load balancers' probes beside them: `GET /backend/health/live` (no database) and `/health/ready`.
 * PGlite always; PostgreSQL too when DATABASE_URL is set (a scratch database, dropped afterwards).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, paths } from '@makerdesk/contract';
import { SEED_ADMIN_ACCOUNT } from '../apps/server/src/services/seed.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { load, type LoadResult } from './http-load.ts';
import { printTable, rate } from './report.ts';

const CONNECTIONS = Number(process.env.API_BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 5);
const PASSWORD = 'Bench-pass-123';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Server {
  base: string;
  child: ChildProcess;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', MAKERDESK_ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', MAKERDESK_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /MakerDesk console: (http:\/\/[^/\s]+)\//.exec(out);
      if (found) resolve({ base: found[1] as string, child });
    });
    child.once('exit', (code) => reject(new Error(`the server stopped before it answered (exit ${code}): ${out}`)));
  });
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function call(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ code: number; data: unknown }> {
  const res = await fetch(`${base}${API_PREFIX}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as { code: number; data: unknown };
}

/** Signs in as the main account and imports a simulator key on the first pair. */
async function signedInWithKey(base: string): Promise<string> {
  const login = await call(base, paths.login, { method: 'POST', body: { username: SEED_ADMIN_ACCOUNT, password: PASSWORD } });
  if (login.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  const token = (login.data as { token: string }).token;
  const suffix = randomBytes(6).toString('hex');
  const key = await call(base, '/credentials/add', { method: 'POST', token, body: { platformId: 1, apiKey: `bench-${suffix}`, secretKey: `bench-secret-${suffix}`, coinId: 1 } });
  if (key.code !== 200) throw new Error(`key import failed: ${JSON.stringify(key)}`);
  return token;
}

/** CPU seconds the server process has used (Linux /proc; NaN elsewhere): per request, a figure a shared machine disturbs less than the rate. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const envelopeOk = (status: number, body: string): boolean => status === 200 && body.startsWith('{"code":200');

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  try {
    const token = await signedInWithKey(server.base);
    const auth = { authorization: `Bearer ${token}` };
    const targets: [string, string, Record<string, string>][] = [
      ['GET /backend/health', `${paths.health}`, {}],
      // The load balancers' probes: live touches no database, ready checks it (with the simulator and the engine).
      ['GET /backend/health/live', `${paths.healthLive}`, {}],
      ['GET /backend/health/ready', `${paths.healthReady}`, {}],
      ['GET /backend/order/orderBook', `${paths.orderBook}?coinId=1`, auth],
      ['GET /backend/platform/list', `${paths.platformList}`, auth],
    ];
    const optionsOf = (path: string, headers: Record<string, string>) => ({ url: `${server.base}${API_PREFIX}${path}`, headers, connections: CONNECTIONS, accept: envelopeOk });
    // Every endpoint warmed up (JIT, caches, connections) before any is measured: the first measured
    // is not also the one that meets the server just started.
    for (const [, path, headers] of targets) await load({ ...optionsOf(path, headers), durationMs: 1000 });
    const results: [string, LoadResult, number][] = [];
    for (const [name, path, headers] of targets) {
      const options = optionsOf(path, headers);
      await load({ ...options, durationMs: 1000 });
      const cpuBefore = cpuSeconds(server.child.pid);
      const result = await load({ ...options, durationMs: SECONDS * 1000 });
      results.push([name, result, ((cpuSeconds(server.child.pid) - cpuBefore) / result.requests) * 1e6]);
    }
    const health = results[0]?.[1].requestsPerSecond ?? 1;
    console.log(`\nAPI on ${label}: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per endpoint, server in its own process`);
    printTable(
      ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'vs health', 'server CPU µs/request'],
      results.map(([name, r, cpu]) => [name, rate(r.requestsPerSecond), r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), String(r.errors), `${((r.requestsPerSecond / health) * 100).toFixed(0)}%`, Number.isNaN(cpu) ? '-' : cpu.toFixed(0)]),
    );
  } finally {
    await stopServer(server);
  }
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'makerdesk-api-bench-'));
  try {
    await measure('PGlite', { MAKERDESK_DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!process.env.DATABASE_URL) return;
  const scratch = await scratchDatabase(process.env.DATABASE_URL);
  const pgDir = mkdtempSync(join(tmpdir(), 'makerdesk-api-bench-'));
  try {
    if (scratch.target.kind !== 'postgres') throw new Error('expected a PostgreSQL scratch database');
    await measure('PostgreSQL', { MAKERDESK_DATA_DIR: pgDir, DATABASE_URL: scratch.target.url });
  } finally {
    await scratch.drop();
    rmSync(pgDir, { recursive: true, force: true });
  }
}
