/**
 * Three real servers on one PostgreSQL run 300 bots between them; one is killed with SIGKILL while
 * they quote, then the one that runs the simulator. Each time the dead server's bots must be taken
 * over by the others within 10 s (and the simulator by the last one), reconciled before they quote
 * again, and afterwards the journal, the fill ledger and the simulator must agree: no order lost,
 * left untracked or placed twice. Runs on the test run's PostgreSQL server always, once per
 * `vitest run` (its own project, vitest.cluster.config.ts: neither pass of the server suite runs it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Cluster, CLUSTER_PAIRS, CLUSTER_SIM_SEED, type ClusterBot } from '../testing/cluster-scenario.ts';
import { sleep, until } from '../testing/server-process.ts';
import { postgresServerUrl } from '../testing/test-postgres.ts';
import { checkAgreement, readStopped } from '../testing/venue-agreement.ts';

const SERVERS = 3;
const BOTS = 300;
/** 10 accounts × 3 pairs: 30 simulator keys, 10 bots a key. */
const ACCOUNTS = 10;
/** The bound: a dead server's bots run elsewhere within this. */
const TAKEOVER_WITHIN_MS = 10_000;
const serverUrl = postgresServerUrl();

let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

/** Node id → how many bots it holds, for messages. */
const spread = (leases: Map<string, number[]>) => [...leases.values()].map((ids) => ids.length).sort((a, b) => a - b);

describe('several servers on one PostgreSQL', () => {
  it(`run ${BOTS} bots between ${SERVERS} servers; servers killed with SIGKILL (the simulator's included) have their bots and the simulator taken over within 10 s, with nothing lost or doubled`, { timeout: 600_000 }, async () => {
    const began = Date.now();
    const timings: string[] = [];
    cluster = await Cluster.start(serverUrl, SERVERS);
    timings.push(`${SERVERS} servers started ${Date.now() - began} ms`);
    const nodes = await Promise.all(cluster.servers.map((s) => cluster!.nodeIdOf(s)));
    expect(new Set(nodes).size, 'each server is its own node').toBe(SERVERS);
    const simulatorNode = await cluster.simulatorNode();
    expect(nodes, 'one of them runs the simulator').toContain(simulatorNode);

    const accounts = await cluster.prepareAccounts(ACCOUNTS);
    const bots = await cluster.deployBots(accounts, BOTS);
    const ids = bots.map((b) => b.id);
    timings.push(`${BOTS} bots deployed ${Date.now() - began} ms`);

    // Every bot held by exactly one live node, spread evenly, and quoting.
    const settled = await until('every bot leased, spread evenly and quoting', 120_000, async () => {
      const leases = await cluster!.leases();
      const held = [...leases.values()].flat();
      if (held.length !== BOTS) throw new Error(`${held.length} of ${BOTS} bots leased`);
      const counts = spread(leases);
      if (leases.size !== SERVERS || counts[counts.length - 1]! - counts[0]! > 10) throw new Error(`spread ${counts.join('/')}`);
      const quoting = await cluster!.quoting(ids);
      if (quoting.size !== BOTS) throw new Error(`${quoting.size} of ${BOTS} bots quoting`);
      return leases;
    });
    expect(new Set([...settled.values()].flat()).size, 'no bot leased twice').toBe(BOTS);
    timings.push(`leased ${spread(settled).join('/')} and quoting ${Date.now() - began} ms`);

    // A bot run on one server shows its real activity on another (runtime shared between servers).
    const [someNode, someIds] = [...settled.entries()][0]!;
    const elsewhere = cluster.servers[nodes.findIndex((n) => n !== someNode)]!;
    const sample = bots.find((b) => b.id === someIds[0])!;
    const owner = accounts.find((a) => a.keys.get(sample.coinId) === sample.apiKey)!;
    await until('a bot run elsewhere shown active', 15_000, async () => {
      const detail = await elsewhere.call<{ runtime: { activity: string } }>('GET', `/robot/detail/${sample.id}`, owner.token);
      if (detail.runtime.activity !== 'active') throw new Error(`shown ${detail.runtime.activity}`);
    });

    /**
     * Kills `victim` with SIGKILL while its bots place and cancel; resolves once the others hold
     * its bots (within TAKEOVER_WITHIN_MS) and every one of them has placed or cancelled again.
     */
    const killAndTakeOver = async (victimIndex: number, label: string): Promise<number[]> => {
      const victim = cluster!.servers[victimIndex]!;
      const victimNode = nodes[victimIndex]!;
      const orphaned = (await cluster!.leases()).get(victimNode) ?? [];
      expect(orphaned.length, `${label}: the victim runs bots`).toBeGreaterThan(0);
      await victim.busyPlacing(5_000);
      await victim.kill('SIGKILL');
      const killedAt = Date.now();
      const takenOver = await until(`${label}: the dead server's bots leased by the others`, 30_000, async () => {
        const leases = await cluster!.leases();
        const owners = new Map<number, string>();
        for (const [node, held] of leases) for (const id of held) owners.set(id, node);
        const left = orphaned.filter((id) => !owners.has(id) || owners.get(id) === victimNode);
        if (left.length > 0) throw new Error(`${left.length} of ${orphaned.length} not taken over`);
        return { at: Date.now(), leases };
      });
      const takeoverMs = takenOver.at - killedAt;
      const simulator = await until(`${label}: a live server runs the simulator`, 30_000, async () => {
        const node = await cluster!.simulatorNode();
        if (!node || node === victimNode) throw new Error(`the simulator is on ${node}`);
        return { node, at: Date.now() };
      });
      const resumed = await until(`${label}: the taken-over bots placing again`, 60_000, async () => {
        const active = await cluster!.activeSince(orphaned, new Date(killedAt));
        if (active.size !== orphaned.length) throw new Error(`${active.size} of ${orphaned.length} active again`);
        return Date.now();
      });
      timings.push(
        `${label}: killed a server holding ${orphaned.length} bots: leases taken over in ${takeoverMs} ms, ` +
          `the simulator seen on a live server by ${simulator.at - killedAt} ms, all of its bots placing again ${resumed - killedAt} ms after the kill; now ${spread(takenOver.leases).join('/')}`,
      );
      expect(takeoverMs, `${label}: the dead server's bots leased elsewhere after ${takeoverMs} ms`).toBeLessThan(TAKEOVER_WITHIN_MS);
      expect(takenOver.leases.has(victimNode), `${label}: the dead node holds nothing`).toBe(false);
      expect([...takenOver.leases.values()].flat().length, `${label}: every bot still runs somewhere`).toBe(BOTS);
      return orphaned;
    };

    // First a server that does not run the simulator, then (after a while) the one that does: its
    // bots and the simulator move to the last server, and calls in flight to the dead simulator are
    // resolved by client order id once it runs again.
    await sleep(3_000);
    const orphaned = await killAndTakeOver(nodes.findIndex((n) => n !== simulatorNode), 'kill 1');
    await sleep(5_000);
    orphaned.push(...(await killAndTakeOver(nodes.indexOf(simulatorNode!), 'kill 2 (the simulator)')));

    // Let the survivors run, then stop everything abruptly and compare the journal with the venue.
    await sleep(5_000);
    for (const server of cluster.running) await server.kill('SIGKILL');
    const keyOf = new Map(bots.map((b: ClusterBot) => [b.id, b.apiKey]));
    const stopped = await readStopped(
      cluster.target,
      cluster.dataDir,
      CLUSTER_SIM_SEED,
      accounts.flatMap((a) => [...a.keys.entries()].map(([coinId, apiKey]) => ({ apiKey, symbols: [CLUSTER_PAIRS[coinId]!] }))),
      (robotId) => keyOf.get(robotId)!,
    );
    const { inFlight } = checkAgreement(stopped, ids, 'after the takeovers');
    const fills = stopped.fills.filter((f) => orphaned.includes(f.robotId)).length;
    timings.push(`${stopped.journal.length} orders journalled, ${stopped.venueOpen.length} open on the venue, ${inFlight.length} in flight at the end, ${stopped.fills.length} fills (${fills} by the taken-over bots)`);
    console.log(`several servers (${SERVERS} on PostgreSQL, ${BOTS} bots), ${Date.now() - began} ms:\n  ${timings.join('\n  ')}`);
  });
});
