import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ADMIN_EMAIL = 'admin@makerdesk.local';

export interface RunningServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** Everything the server printed, for assertions and for debugging a failed journey. */
  output(): string;
  stop(): Promise<void>;
}

const repoRoot = new URL('../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/backend/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within 60 s:\n${output()}`);
}

/** Starts the real server (built console, PGlite in a temp folder) the way `npm start` does. */
export async function startServer(options: { adminPassword?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const adminPassword = options.adminPassword ?? 'E2e-admin-123';
  const dataDir = mkdtempSync(join(tmpdir(), 'makerdesk-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MAKERDESK_DATA_DIR: dataDir,
      MAKERDESK_ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      MAKERDESK_DRAIN_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await waitForHealth(baseUrl, child, output);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    adminEmail: ADMIN_EMAIL,
    adminPassword,
    dataDir,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
