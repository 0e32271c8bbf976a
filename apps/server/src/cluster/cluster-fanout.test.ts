import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode, LIVE_SOCKET_CLOSE } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../db/client.ts';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database.ts';
import { postgresServerUrl } from '../testing/test-postgres.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { PgClusterBus } from './pg-cluster-bus.ts';

// Two servers on one PostgreSQL database, each with its own pool and its own bus, as two processes would be.
const serverUrl = postgresServerUrl();
let scratch: ScratchDatabase;
const databases: Database[] = [];
const buses: PgClusterBus[] = [];
let a: TestApp;
let b: TestApp;

async function server(url: string, masterKey: Buffer): Promise<TestApp> {
  const database = await openDatabase({ kind: 'postgres', url });
  databases.push(database);
  const bus = await PgClusterBus.open({ url, nodeId: randomUUID() });
  buses.push(bus);
  return createTestApp({ database, bus, masterKey });
}

async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 2000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Date.now() - started;
}

/** Resolves once B has heard everything A's bus published so far (one sender's messages arrive in order). */
async function bHeardA(): Promise<void> {
  const marker = randomUUID();
  let heard = false;
  const stop = buses[1]!.subscribe('test.marker', (payload) => (heard ||= payload === marker));
  buses[0]!.publish('test.marker', marker);
  await eventually(() => heard, 'the marker');
  stop();
}

beforeAll(async () => {
  scratch = await scratchDatabase(serverUrl);
  if (scratch.target.kind !== 'postgres') throw new Error('expected a PostgreSQL scratch database');
  const masterKey = randomBytes(32);
  a = await server(scratch.target.url, masterKey);
  b = await server(scratch.target.url, masterKey);
});

afterAll(async () => {
  for (const t of [a, b]) await t?.close();
  for (const bus of buses) await bus.close();
  for (const database of databases) await database.close();
  await scratch.drop();
});

describe('two servers on one PostgreSQL', () => {
  it('a logout on A ends the session on B at once: its cached session goes and its WebSocket closes with 4401', async () => {
    const token = await a.login();
    // The sign-in on A dropped B's cached sessions of the account (its last sign-in changed): let it arrive first.
    await bHeardA();
    const principal = await b.services.auth.authenticate(token);
    expect(principal?.admin.id).toBe(1);
    // B trusts its cache for 30 s: without the bus, B would accept the token until then.
    expect(b.services.caches.sessions.lookup(token)).toBeDefined();

    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const address = b.app.server.address();
    const socket = new WebSocket(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend/ws`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const ready = new Promise<void>((resolve) => socket.on('message', (raw) => JSON.parse(String(raw)).type === 'ready' && resolve()));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    await ready;

    const started = Date.now();
    expect((await a.call('GET', '/backend/admin/logout', { token })).body.code).toBe(200);
    expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 2000))])).toBe(LIVE_SOCKET_CLOSE.unauthorized);
    const closedAfter = Date.now() - started;
    expect(b.services.caches.sessions.lookup(token)).toBeUndefined();
    expect(await b.services.auth.authenticate(token)).toBeNull();
    expect((await b.call('GET', '/backend/coin/list', { token })).status).toBe(401);
    console.log(`[cluster] logout on A closed B's socket after ${closedAfter} ms`);
  });

  it('a pair disabled on A is refused by B’s cached pair gate at once', async () => {
    const token = await b.login();
    const principal = await b.services.auth.authenticate(token);
    const admin = principal!.admin;
    expect(await b.services.coins.requireUsablePair(admin, 1)).toMatchObject({ coinId: 1 });
    expect(b.services.caches.coins.lookup(1)?.status).toBe('enabled');

    await a.services.pairAdmin.updatePair({ coinId: 1, status: 'disabled' });
    const waited = await eventually(() => b.services.caches.coins.lookup(1) === undefined, 'B to drop its cached pair');
    await expect(b.services.coins.requireUsablePair(admin, 1)).rejects.toMatchObject({ code: ErrorCode.PAIR_UNAVAILABLE });
    console.log(`[cluster] pair change on A reached B's cache after ${waited} ms`);

    await a.services.pairAdmin.updatePair({ coinId: 1, status: 'enabled' });
    await eventually(async () => (await b.services.coins.requireUsablePair(admin, 1).then(() => true, () => false)), 'B to see the pair enabled again');
  });

  it('B’s caches drop everything when its bus listens again after losing its connection', async () => {
    const token = await b.login();
    await b.services.auth.authenticate(token);
    expect(b.services.caches.sessions.size).toBeGreaterThan(0);
    const bus = buses[1]!;
    const before = bus.stats.reconnects;
    await databases[0]!.db.execute(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'makerdesk-bus ${bus.nodeId}'`);
    await eventually(() => bus.stats.reconnects === before + 1, 'the reconnect');
    expect(b.services.caches.sessions.size).toBe(0);
    // Still the same session: only the cache went.
    expect((await b.services.auth.authenticate(token))?.admin.id).toBe(1);
  });
});
