import { describe, expect, it } from 'vitest';
import type { BatchResult, RetentionTable } from '../../repositories/retention.repository.ts';
import { RETENTION_DEFAULTS } from '../../domain/retention.ts';
import { RetentionJob, type RetentionJobDeps } from './retention-job.ts';

const DAY = 86_400_000;

/** A store with `left` rows of each kind to prune (the fills by pair, of account 1), answering batches as the SQL one does. */
function fakeStore(left: { orders: number; logs: number; incidents: number; fills?: Record<number, number>; packs?: number }, busyAfter = Infinity) {
  const calls: string[] = [];
  let batches = 0;
  const take = (kind: 'orders' | 'logs' | 'incidents', limit: number): BatchResult => {
    if (++batches > busyAfter) return { pruned: 0, busy: true };
    const pruned = Math.min(limit, left[kind]);
    left[kind] -= pruned;
    return { pruned, busy: false };
  };
  const sizes = { robot_orders: 1000, robot_order_days: 10, robot_fills: 10, robot_fill_days: 1, robot_fill_packs: 1, trading_logs: 100, incidents: 100, database: 2000 };
  const repo: RetentionJobDeps['repo'] = {
    pruneOrders: async (cuts, limit) => (calls.push(`orders<${cuts.cancelledOrders}/${cuts.filledOrders}`), take('orders', limit)),
    pruneTradingLogs: async (cut, limit) => (calls.push(`logs<${cut}`), take('logs', limit)),
    pruneIncidents: async (cut, limit) => (calls.push(`incidents<${cut}`), take('incidents', limit)),
    pairsWithFillsBefore: async (cut) => (calls.push(`pairs<${cut}`), Object.keys(left.fills ?? {}).map((coinId) => ({ adminId: 1, coinId: Number(coinId) }))),
    pruneFills: async ({ adminId, coinId }, cut, limit) => {
      calls.push(`fills ${adminId}/${coinId}<${cut}`);
      if (++batches > busyAfter) return { pruned: 0, busy: true };
      const fills = left.fills!;
      const pruned = Math.min(limit, fills[coinId]!);
      fills[coinId]! -= pruned;
      return { pruned, busy: false };
    },
    pruneFillPacks: async (cut, limit) => {
      calls.push(`packs<${cut}`);
      if (++batches > busyAfter) return { pruned: 0, busy: true };
      const pruned = Math.min(limit, left.packs ?? 0);
      left.packs = (left.packs ?? 0) - pruned;
      return { pruned, busy: false };
    },
    sizes: async () => ({ ...sizes }),
    vacuum: async (tables: readonly RetentionTable[]) => {
      calls.push(`vacuum ${tables.join(',')}`);
      for (const t of tables) sizes[t] = sizes[t] / 2;
    },
  };
  return { repo, calls, left };
}

describe('the retention job', () => {
  const now = 1000 * DAY;

  it('drains each kind in batches until one comes back short, at its own cut, then vacuums the tables it removed many rows from', async () => {
    const store = fakeStore({ orders: 25, logs: 3, incidents: 0 });
    const pass = await new RetentionJob({ repo: store.repo, settings: RETENTION_DEFAULTS, now: () => now, batch: 10, vacuumAfterRows: 20 }).sweep();
    expect(pass).toEqual({ orders: 25, tradingLogs: 3, incidents: 0, fills: 0, fillPacks: 0, busy: false, reindexed: false, vacuumed: [{ table: 'robot_orders', before: 1000, after: 500 }] });
    const orders = `orders<${now - 3 * DAY}/${now - 30 * DAY}`;
    expect(store.calls).toEqual([orders, orders, orders, `logs<${now - 90 * DAY}`, `incidents<${now - 90 * DAY}`, `pairs<${now - 30 * DAY}`, `packs<${now - 400 * DAY}`, 'vacuum robot_orders']);
  });

  it('packs the fill rows pair by pair at their rows’ cut (30 days), each pair drained in batches, drops the packs past the ledger’s (400 days), and vacuums the ledger after many', async () => {
    const store = fakeStore({ orders: 0, logs: 0, incidents: 0, fills: { 7: 25, 9: 4 }, packs: 13 });
    const rebuilt: RetentionTable[] = [];
    const repo = { ...store.repo, reindexIfBloated: async (table: RetentionTable) => (rebuilt.push(table), true) };
    const pass = await new RetentionJob({ repo, settings: RETENTION_DEFAULTS, now: () => now, batch: 10, vacuumAfterRows: 20 }).sweep();
    const cut = now - 30 * DAY;
    expect(pass).toMatchObject({ fills: 29, fillPacks: 13, busy: false, reindexed: true, vacuumed: [{ table: 'robot_fills', before: 10, after: 5 }] });
    expect(rebuilt).toEqual(['robot_fills']);
    expect(store.calls.filter((c) => c.startsWith('fills') || c.startsWith('pairs') || c.startsWith('vacuum'))).toEqual([
      `pairs<${cut}`,
      `fills 1/7<${cut}`,
      `fills 1/7<${cut}`,
      `fills 1/7<${cut}`,
      `fills 1/9<${cut}`,
      'vacuum robot_fills',
    ]);
    expect(store.calls.filter((c) => c.startsWith('packs'))).toEqual([`packs<${now - 400 * DAY}`, `packs<${now - 400 * DAY}`]);
    expect(store.left.fills).toEqual({ 7: 0, 9: 0 });
    expect(store.left.packs).toBe(0);
  });

  it('after vacuuming the order journal, has its indexes rebuilt when bloated', async () => {
    const store = fakeStore({ orders: 30, logs: 0, incidents: 0 });
    const asked: string[] = [];
    const repo = { ...store.repo, reindexIfBloated: async (table: RetentionTable) => (asked.push(table), true) };
    const pass = await new RetentionJob({ repo, settings: RETENTION_DEFAULTS, now: () => now, batch: 10, vacuumAfterRows: 20 }).sweep();
    expect(pass.reindexed).toBe(true);
    expect(asked).toEqual(['robot_orders']);
    // Few rows removed: neither vacuum nor rebuild.
    const small = fakeStore({ orders: 5, logs: 0, incidents: 0 });
    const none: string[] = [];
    await new RetentionJob({ repo: { ...small.repo, reindexIfBloated: async (t: RetentionTable) => (none.push(t), true) }, settings: RETENTION_DEFAULTS, now: () => now, batch: 10, vacuumAfterRows: 20 }).sweep();
    expect(none).toEqual([]);
  });

  it('stops a kind when another server’s batch holds the lock, and says so', async () => {
    const store = fakeStore({ orders: 100, logs: 100, incidents: 100 }, 2);
    const pass = await new RetentionJob({ repo: store.repo, settings: RETENTION_DEFAULTS, now: () => now, batch: 10, vacuumAfterRows: 1_000 }).sweep();
    expect(pass).toMatchObject({ orders: 20, tradingLogs: 0, incidents: 0, busy: true, vacuumed: [] });
  });

  it('does nothing on a server that is not the one to prune', async () => {
    const store = fakeStore({ orders: 100, logs: 0, incidents: 0 });
    const pass = await new RetentionJob({ repo: store.repo, settings: RETENTION_DEFAULTS, now: () => now, mine: () => false }).sweep();
    expect(pass.orders).toBe(0);
    expect(store.calls).toEqual([]);
  });

  it('a failing pass is logged, not thrown; the next one runs', async () => {
    const warnings: string[] = [];
    const store = fakeStore({ orders: 5, logs: 0, incidents: 0 });
    let fail = true;
    const repo = { ...store.repo, pruneOrders: async (...args: Parameters<typeof store.repo.pruneOrders>) => (fail ? Promise.reject(new Error('down')) : store.repo.pruneOrders(...args)) };
    const job = new RetentionJob({ repo, settings: RETENTION_DEFAULTS, now: () => now, log: { warn: (_o, msg) => warnings.push(msg ?? '') } });
    expect((await job.sweep()).orders).toBe(0);
    expect(warnings).toHaveLength(1);
    fail = false;
    expect((await job.sweep()).orders).toBe(5);
  });
});
