/**
 * Several servers on one PostgreSQL: the same bots run by one, two and three real server
 * processes (the built server's main.ts, a throwaway PostgreSQL database each time), the bot ticks
 * per second the cluster achieves, and the time a SIGKILLed server's bots take to be leased by the
 * others and to place orders again. Every process of a run shares this machine's cores, the database
 * and the simulator (run by one of them), so more servers add failover first and throughput only
 * where one process's event loop, not the cores, was the limit.
 */
import { Cluster } from '../apps/server/src/testing/cluster-scenario.ts';
import { sleep, until } from '../apps/server/src/testing/server-process.ts';
import { printTable, rate } from './report.ts';

const BOTS = Number(process.env.CLUSTER_BENCH_BOTS ?? 600);
const ACCOUNTS = 10;
const SCALES = (process.env.CLUSTER_BENCH_SERVERS ?? '1,2,3').split(',').map(Number);
const WARM_UP_MS = 10_000;
const MEASURE_MS = 20_000;
/** Each bot ticks every 1-2 s: the bots ask for about BOTS / 1.5 ticks a second. */
const INTERVAL = { intervalMin: 1, intervalMax: 2 };
/** DATABASE_URL's server, or else the local one. */
const POSTGRES = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  servers: number;
  ticksPerSecond: number;
  spread: string;
  takeoverMs: number | null;
  placingAgainMs: number | null;
}

async function measure(servers: number): Promise<Row> {
  const cluster = await Cluster.start(POSTGRES, servers);
  try {
    const accounts = await cluster.prepareAccounts(ACCOUNTS);
    const bots = await cluster.deployBots(accounts, BOTS, INTERVAL);
    const ids = bots.map((b) => b.id);
    const leases = await until('every bot leased and quoting', 180_000, async () => {
      const held = await cluster.leases();
      if ([...held.values()].flat().length !== BOTS) throw new Error('not all leased');
      if ((await cluster.quoting(ids)).size !== BOTS) throw new Error('not all quoting');
      return held;
    });
    await sleep(WARM_UP_MS);
    const before = await cluster.ticks();
    const from = Date.now();
    await sleep(MEASURE_MS);
    const ticksPerSecond = ((await cluster.ticks()) - before) / ((Date.now() - from) / 1000);
    const spread = [...leases.values()].map((held) => held.length).sort((a, b) => b - a).join('/');
    if (servers < 2) return { servers, ticksPerSecond, spread, takeoverMs: null, placingAgainMs: null };

    // Kill a server that does not run the simulator; time its bots' takeover.
    const simulator = await cluster.simulatorNode();
    const nodes = await Promise.all(cluster.servers.map((s) => cluster.nodeIdOf(s)));
    const index = nodes.findIndex((n) => n !== simulator);
    const orphaned = (await cluster.leases()).get(nodes[index]!) ?? [];
    await cluster.servers[index]!.kill('SIGKILL');
    const killedAt = Date.now();
    const takeoverMs = await until('taken over', 60_000, async () => {
      const held = await cluster.leases();
      const owners = new Set([...held.entries()].filter(([node]) => node !== nodes[index]).flatMap(([, ids]) => ids));
      if (!orphaned.every((id) => owners.has(id))) throw new Error('not yet');
      return Date.now() - killedAt;
    });
    const placingAgainMs = await until('placing again', 120_000, async () => {
      if ((await cluster.activeSince(orphaned, new Date(killedAt))).size !== orphaned.length) throw new Error('not yet');
      return Date.now() - killedAt;
    });
    return { servers, ticksPerSecond, spread, takeoverMs, placingAgainMs };
  } finally {
    await cluster.close();
  }
}

export async function run(): Promise<void> {
  console.log(
    `\nSeveral servers on one PostgreSQL: ${BOTS} depth bots (ticks every ${INTERVAL.intervalMin}-${INTERVAL.intervalMax} s, ${ACCOUNTS * 3} simulator keys), ` +
      `${WARM_UP_MS / 1000} s warm-up then ${MEASURE_MS / 1000} s measured; then one server that does not run the simulator is killed with SIGKILL`,
  );
  const rows: Row[] = [];
  for (const servers of SCALES) rows.push(await measure(servers));
  const one = rows.find((r) => r.servers === 1)?.ticksPerSecond;
  printTable(
    ['servers', 'ticks/s', 'vs one server', 'bots per server', 'takeover after SIGKILL ms', 'all placing again ms'],
    rows.map((r) => [
      String(r.servers),
      rate(r.ticksPerSecond),
      one ? `${(r.ticksPerSecond / one).toFixed(2)}×` : '-',
      r.spread,
      r.takeoverMs === null ? '-' : String(r.takeoverMs),
      r.placingAgainMs === null ? '-' : String(r.placingAgainMs),
    ]),
  );
}
