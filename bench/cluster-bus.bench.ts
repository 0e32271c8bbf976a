/**
 * The cluster bus over PostgreSQL LISTEN/NOTIFY: how many notices 1,000 messages take, and how long
 * a message takes from one node's publish to another node's listener (both in this process, so on
 * one clock), one message at a time (the 5 ms batch wait included) and in bursts. Needs PostgreSQL:
 * DATABASE_URL, or the local server at postgres://postgres@127.0.0.1:5432/.
 * Alone: `node --import tsx bench/cluster-bus.bench.ts`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PgClusterBus } from '../apps/server/src/cluster/pg-cluster-bus.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { printTable, quantile } from './report.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  console.log('\ncluster bus (PostgreSQL LISTEN/NOTIFY, two nodes)');
  let scratch;
  try {
    scratch = await scratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  } catch (err) {
    console.log(`  skipped: no PostgreSQL (${(err as Error).message})`);
    return;
  }
  if (scratch.target.kind !== 'postgres') return;
  const url = scratch.target.url;
  const a = await PgClusterBus.open({ url, nodeId: randomUUID() });
  const b = await PgClusterBus.open({ url, nodeId: randomUUID() });
  try {
    const arrivals = new Map<number, number>();
    b.subscribe<{ n: number }>('bench', ({ n }) => arrivals.set(n, performance.now()));
    let next = 0;
    const publish = (payload: object): { n: number; at: number } => {
      const n = next++;
      const at = performance.now();
      a.publish('bench', { n, ...payload });
      return { n, at };
    };
    const waitAll = async (ns: number[]) => {
      while (!ns.every((n) => arrivals.has(n))) await sleep(1);
    };

    // Notices per 1,000 messages of the sizes the servers send.
    const sizes: [string, object][] = [
      ['cache invalidation', { kind: 'pair', id: 12 }],
      ['revocation, 1 session', { sessionIds: [randomUUID()] }],
      ['bot status (~200 B)', { robotId: 42, state: 'running', note: 'x'.repeat(150) }],
      ['1 kB', { blob: 'y'.repeat(1000) }],
    ];
    const noticeRows: string[][] = [];
    for (const [name, payload] of sizes) {
      const before = a.stats.noticesSent;
      const sent = Array.from({ length: 1000 }, () => publish(payload).n);
      await a.flush();
      await waitAll(sent);
      noticeRows.push([name, String(a.stats.noticesSent - before)]);
    }
    printTable(['1,000 messages of', 'notices'], noticeRows);

    // Latency, one message at a time (each waits out the batch timer) and in bursts of 1,000.
    const latencyRows: string[][] = [];
    const single: { n: number; at: number }[] = [];
    for (let i = 0; i < 300; i++) {
      single.push(publish({ kind: 'pair', id: i }));
      await sleep(10);
    }
    await waitAll(single.map((s) => s.n));
    const report = (name: string, sent: { n: number; at: number }[]) => {
      const ms = sent.map((s) => arrivals.get(s.n)! - s.at);
      latencyRows.push([name, String(sent.length), quantile(ms, 0.5).toFixed(2), quantile(ms, 0.99).toFixed(2), Math.max(...ms).toFixed(2)]);
    };
    report('one at a time (every 10 ms)', single);
    const burst: { n: number; at: number }[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 1000; i++) burst.push(publish({ kind: 'pair', id: i }));
      await waitAll(burst.map((s) => s.n));
    }
    report('bursts of 1,000 (x5)', burst);
    printTable(['publish on A -> listener on B', 'messages', 'p50 ms', 'p99 ms', 'max ms'], latencyRows);
  } finally {
    await a.close();
    await b.close();
    await scratch.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
