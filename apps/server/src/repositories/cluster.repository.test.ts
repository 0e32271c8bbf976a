/**
 * Leases across connections: only meaningful on PostgreSQL (SKIP LOCKED between sessions, database
 * time), so it runs on a scratch database on the test run's PostgreSQL server in both passes.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { admins, botLeases, clusterNodes, coins, robots } from '../db/schema.ts';
import { seed } from '../services/seed.ts';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database.ts';
import { postgresServerUrl } from '../testing/test-postgres.ts';
import { ClusterRepository } from './cluster.repository.ts';

const serverUrl = postgresServerUrl();
let scratch: ScratchDatabase;
/** Two servers: each its own pool on the same database. */
let a: Database;
let b: Database;
let repoA: ClusterRepository;
let repoB: ClusterRepository;
let ids: number[];

beforeAll(async () => {
  scratch = await scratchDatabase(serverUrl);
  a = await openDatabase(scratch.target);
  await a.migrate();
  await seed(a.db, 'Lease-admin-123');
  b = await openDatabase(scratch.target);
  repoA = new ClusterRepository(a.db);
  repoB = new ClusterRepository(b.db);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await scratch?.drop();
});

beforeEach(async () => {
  await a.db.delete(botLeases);
  await a.db.delete(clusterNodes);
  await a.db.delete(robots);
  const [admin] = await a.db.select().from(admins).limit(1);
  const [coin] = await a.db.select().from(coins).limit(1);
  const rows = await a.db
    .insert(robots)
    .values(Array.from({ length: 40 }, (_, i) => ({ adminId: admin!.id, coinId: coin!.id, type: 'depth_near', config: {}, status: i < 30 ? ('running' as const) : ('stopped' as const) })))
    .returning({ id: robots.id });
  ids = rows.map((r) => r.id).sort((x, y) => x - y);
});

const renewed = async (repo: ClusterRepository, node: string) => (await repo.renew(node, 5000)).map((l) => l.robotId);
const expire = (robotId: number) => a.db.update(botLeases).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(botLeases.robotId, robotId));

describe('ClusterRepository leases (PostgreSQL)', () => {
  it('two nodes claiming at the same moment get disjoint sets covering every running bot, none switched off', async () => {
    const rounds = await Promise.all([repoA.claim('A', 20, 5000), repoB.claim('B', 20, 5000), repoA.claim('A', 20, 5000), repoB.claim('B', 20, 5000)]);
    const byA = [...rounds[0]!, ...rounds[2]!].map((l) => l.robotId);
    const byB = [...rounds[1]!, ...rounds[3]!].map((l) => l.robotId);
    expect(byA.filter((id) => byB.includes(id))).toEqual([]);
    expect([...byA, ...byB].sort((x, y) => x - y)).toEqual(ids.slice(0, 30));
    expect(new Set(byA).size).toBe(byA.length);
    expect(rounds.flat().every((l) => l.epoch === 1 && l.running)).toBe(true);
    const leases = await a.db.select().from(botLeases);
    expect(leases).toHaveLength(30);
    expect(leases.filter((l) => l.nodeId === 'A').map((l) => l.robotId).sort((x, y) => x - y)).toEqual([...byA].sort((x, y) => x - y));
    // Nothing left to claim.
    expect(await repoB.claim('B', 50, 5000)).toEqual([]);
  });

  it('claims at most the limit, oldest bots first; a live lease is never taken', async () => {
    const first = await repoA.claim('A', 10, 5000);
    expect(first.map((l) => l.robotId)).toEqual(ids.slice(0, 10));
    const second = await repoB.claim('B', 100, 5000);
    expect(second.map((l) => l.robotId)).toEqual(ids.slice(10, 30));
    expect(await repoB.claim('B', 100, 5000, ids.slice(0, 10))).toEqual([]);
    expect(await repoA.ownerOf(ids[0]!)).toBe('A');
    expect(await repoA.ownerOf(ids[10]!)).toBe('B');
    expect(await repoA.ownerOf(ids[35]!)).toBeNull();
    expect([...(await repoB.owners([ids[0]!, ids[29]!, ids[35]!])).entries()]).toEqual(expect.arrayContaining([[ids[0], 'A'], [ids[29], 'B']]));
    expect((await repoB.owners([ids[35]!])).size).toBe(0);
  });

  it('an expired lease is taken over with epoch + 1; renew after the steal no longer answers the stolen bot', async () => {
    await repoA.claim('A', 3, 5000);
    const [x, y, z] = ids;
    expect(await renewed(repoA, 'A')).toEqual([x, y, z]);
    await a.db.update(robots).set({ status: 'stopped' }).where(eq(robots.id, z!));
    expect(await repoA.renew('A', 5000)).toEqual([
      { robotId: x, running: true },
      { robotId: y, running: true },
      { robotId: z, running: false },
    ]);
    await expire(y!);
    // Run out: the owner does not renew it (it must stop running it), even before anyone takes it.
    expect(await renewed(repoA, 'A')).toEqual([x, z]);
    expect(await repoA.ownerOf(y!)).toBeNull();
    const stolen = await repoB.claim('B', 1, 5000);
    expect(stolen).toEqual([{ robotId: y, epoch: 2, running: true }]);
    expect(await renewed(repoA, 'A')).toEqual([x, z]);
    expect(await renewed(repoB, 'B')).toEqual([y]);
    expect(await repoA.ownerOf(y!)).toBe('B');
    // Renewing pushes the expiry forward in database time.
    const [row] = await a.db.select({ left: sql<number>`extract(epoch from (expires_at - now())) * 1000` }).from(botLeases).where(eq(botLeases.robotId, y!));
    expect(Number(row!.left)).toBeGreaterThan(4000);
    expect(Number(row!.left)).toBeLessThanOrEqual(5000);
  });

  it('release and drop let another node claim at once; a dead owner’s switched-off bot is claimed for its cleanup', async () => {
    await repoA.claim('A', 5, 5000);
    await repoA.release('A', [ids[0]!, ids[1]!]);
    await repoB.release('B', [ids[2]!]);
    expect((await repoB.claim('B', 10, 5000)).map((l) => l.robotId)).toEqual([...ids.slice(0, 2), ...ids.slice(5, 13)]);
    // Switched off while its owner died before cancelling: the lease runs out, another node takes it (not running).
    await a.db.update(robots).set({ status: 'stopped' }).where(eq(robots.id, ids[3]!));
    await expire(ids[3]!);
    expect(await repoB.claim('B', 0, 5000)).toEqual([{ robotId: ids[3], epoch: 2, running: false }]);
    await repoB.drop(ids[3]!);
    expect(await repoA.ownerOf(ids[3]!)).toBeNull();
    await repoA.releaseAll('A');
    expect(await renewed(repoA, 'A')).toEqual([]);
  });

  it('nodes: register, heartbeat, live count by database time, deregister, prune', async () => {
    await repoA.register('A', 'http://a:1');
    await repoB.register('B', 'http://b:1');
    expect(await repoA.liveNodes(5000)).toEqual(['A', 'B']);
    await a.db.update(clusterNodes).set({ heartbeatAt: sql`now() - interval '10 seconds'` }).where(eq(clusterNodes.id, 'B'));
    expect(await repoA.liveNodes(5000)).toEqual(['A']);
    expect(await repoB.heartbeat('B')).toBe(true);
    expect(await repoA.liveNodes(5000)).toEqual(['A', 'B']);
    await repoB.deregister('B');
    expect(await repoB.heartbeat('B')).toBe(false);
    await a.db.update(clusterNodes).set({ heartbeatAt: sql`now() - interval '2 hours'` }).where(eq(clusterNodes.id, 'A'));
    expect(await repoB.pruneNodes(3_600_000)).toBe(1);
    expect(await repoA.liveNodes(5000)).toEqual([]);
    expect(await repoA.runningCount()).toBe(30);
  });
});
