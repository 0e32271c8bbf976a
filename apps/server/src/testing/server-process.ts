/**
 * The real server (apps/server/src/main.ts) as a child process, driven over HTTP only, the way a
 * user would: the crash and several-servers tests start, kill and call it through this.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { DatabaseTarget } from '../db/client.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';

const MAIN = new URL('../main.ts', import.meta.url).pathname;
const REPO = new URL('../../../../', import.meta.url).pathname;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ServerProcessOptions {
  /** The database every start shares: PGlite in `dataDir`, or PostgreSQL. */
  target: DatabaseTarget;
  /** MAKERDESK_DATA_DIR: the master key file (and PGlite's folder). */
  dataDir: string;
  /** The seeded main account's password (MAKERDESK_ADMIN_PASSWORD). */
  password: string;
  /** MAKERDESK_SIM_SEED. */
  simSeed: number;
  /** More environment for this process. */
  env?: Record<string, string>;
  /** Every started process is added here, so the test's afterAll can kill what is left. */
  started?: ServerProcess[];
}

export async function freePort(): Promise<number> {
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real server, `node --import tsx apps/server/src/main.ts`, on the shared database and data folder. */
export class ServerProcess {
  private log = '';
  private stdoutLog = '';
  private readonly exited: Promise<void>;
  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    private readonly password: string,
  ) {
    child.stdout?.on('data', (d: Buffer) => {
      this.log += d.toString();
      this.stdoutLog += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const port = await freePort();
    const { target, dataDir, password, simSeed } = options;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MAKERDESK_DATA_DIR: dataDir,
        DATABASE_URL: target.kind === 'postgres' ? target.url : '',
        MAKERDESK_ADMIN_PASSWORD: password,
        MAKERDESK_WEB_DIST: '/nonexistent',
        MAKERDESK_SIM_SEED: String(simSeed),
        LOG_LEVEL: 'warn',
        // Tests stop servers at once; the drain test sets its own period.
        MAKERDESK_DRAIN_MS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`, password);
    options.started?.push(server);
    const deadline = Date.now() + 60_000;
    // main.ts prints this line once it listens, after the engine has started (resumed) the bots.
    while (!server.log.includes('MakerDesk console:')) {
      if (!server.running) throw new Error(`the server exited with ${child.exitCode}:\n${server.output()}`);
      if (Date.now() > deadline) {
        await server.kill('SIGKILL');
        throw new Error(`the server did not start within 60 s:\n${server.output()}`);
      }
      await sleep(50);
    }
    return server;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last of what it printed, for failure messages. */
  output(): string {
    return this.log.slice(-6000);
  }

  /** Everything it wrote on stdout, whole (the log lines and the start-up banner). */
  stdout(): string {
    return this.stdoutLog;
  }

  /** Sends `signal` and resolves once the process is gone, with how long that took. */
  async kill(signal: 'SIGKILL' | 'SIGTERM', limitMs = 30_000): Promise<number> {
    const sent = Date.now();
    if (this.running) this.child.kill(signal);
    const gone = await Promise.race([this.exited.then(() => true), sleep(limitMs).then(() => false)]);
    if (!gone) {
      this.child.kill('SIGKILL');
      await this.exited;
      throw new Error(`the server was still running ${limitMs} ms after ${signal}:\n${this.output()}`);
    }
    return Date.now() - sent;
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/backend${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  /**
   * Resolves when the count of bot orders placed or cancelled (GET /backend/metrics, open to the
   * loopback) grows between two looks a few milliseconds apart: a tick is placing and cancelling.
   * Gives up after `withinMs`.
   */
  async busyPlacing(withinMs: number): Promise<void> {
    const count = async () => {
      const text = await (await fetch(`${this.baseUrl}/backend/metrics`)).text();
      let n = 0;
      for (const [, value] of text.matchAll(/^makerdesk_bot_orders_total\{event="(?:placed|canceled)"\} (\d+)/gm)) n += Number(value);
      return n;
    };
    const deadline = Date.now() + withinMs;
    let last = await count();
    while (Date.now() < deadline) {
      const now = await count();
      if (now > last) return;
      last = now;
    }
  }

  async signIn(): Promise<string> {
    return (await this.call<{ token: string }>('POST', '/admin/login', undefined, { username: SEED_ADMIN_ACCOUNT, password: this.password })).token;
  }
}

/** Polls `probe` until it answers without throwing; the last failure is the error. */
export async function until<T>(what: string, withinMs: number, probe: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await probe();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what} not within ${withinMs} ms: ${(err as Error).message}`, { cause: err });
    }
    await sleep(250);
  }
}
