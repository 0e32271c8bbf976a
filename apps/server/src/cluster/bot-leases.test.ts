import { describe, expect, it, vi } from 'vitest';
import { MemoryLeases } from '../testing/memory-leases.ts';
import { LeaseKeeper, type LeasedEngine } from './bot-leases.ts';

/** An engine that remembers what runs and what it was told. */
class FakeEngine implements LeasedEngine {
  readonly runs = new Set<number>();
  readonly calls: string[] = [];
  /** When each release came (the fence's instant, not when a test got round to looking). */
  readonly releasedAt: number[] = [];
  constructor(private readonly store: MemoryLeases) {}
  async adopt(id: number) {
    this.calls.push(`adopt ${id}`);
    if (this.store.robots.get(id) !== 'running') return false;
    this.runs.add(id);
    return true;
  }
  async release(id: number) {
    this.calls.push(`release ${id}`);
    this.releasedAt.push(Date.now());
    this.runs.delete(id);
  }
  async apply(id: number) {
    this.calls.push(`apply ${id}`);
    if (this.store.robots.get(id) !== 'running') this.runs.delete(id);
  }
}

const options = { cycleMs: 20, ttlMs: 300, fenceMarginMs: 100, releasePerCycle: 3 };

function node(store: MemoryLeases, id: string, opts = options) {
  const engine = new FakeEngine(store);
  const keeper = new LeaseKeeper({ nodeId: id, url: `http://${id}`, store, engine, options: opts });
  return { engine, keeper };
}

describe('LeaseKeeper', () => {
  it('one node claims every bot at start; two more join and the bots spread 10/10/10, each run in exactly one engine', async () => {
    const store = new MemoryLeases(30);
    const a = node(store, 'A');
    await a.keeper.start();
    expect(a.keeper.heldIds()).toHaveLength(30);
    expect(a.engine.runs.size).toBe(30);
    const b = node(store, 'B');
    const c = node(store, 'C');
    await Promise.all([b.keeper.start(), c.keeper.start()]);
    await vi.waitFor(() => expect([a, b, c].map((n) => n.keeper.heldIds().length)).toEqual([10, 10, 10]), { timeout: 3000, interval: 20 });
    const all = [a, b, c].flatMap((n) => [...n.engine.runs]);
    expect(all.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const n of [a, b, c]) expect(store.ownedBy(n.keeper.nodeId).sort((x, y) => x - y)).toEqual(n.keeper.heldIds());
    await Promise.all([a, b, c].map((n) => n.keeper.leave()));
  });

  it('a node that dies: its bots are claimed by the others once its leases ran out', async () => {
    const store = new MemoryLeases(12);
    const a = node(store, 'A');
    const b = node(store, 'B');
    await a.keeper.start();
    await b.keeper.start();
    await vi.waitFor(() => expect(b.keeper.heldIds()).toHaveLength(6), { timeout: 3000, interval: 20 });
    const killedAt = Date.now();
    await b.keeper.halt();
    await vi.waitFor(() => expect(a.keeper.heldIds()).toHaveLength(12), { timeout: 3000, interval: 10 });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(options.ttlMs - 50);
    await a.keeper.leave();
  });

  it('self-fencing: the database unreachable, every bot is halted here before its lease runs out; back, the leases are given back and claimed again', async () => {
    const store = new MemoryLeases(4);
    // A margin of 600 ms (a busy CI machine's timers can run 100 ms and more late; production's margin is seconds).
    const a = node(store, 'A', { ...options, ttlMs: 1500, fenceMarginMs: 600 });
    await a.keeper.start();
    expect(a.engine.runs.size).toBe(4);
    store.down = true;
    const expiries = Math.min(...[...store.leases.values()].map((l) => l.expires));
    await vi.waitFor(() => expect(a.engine.runs.size).toBe(0), { timeout: 3000, interval: 5 });
    // Halted before the first lease ran out, so no other node could have run a bot at the same time.
    expect(a.engine.releasedAt).toHaveLength(4);
    expect(Math.max(...a.engine.releasedAt)).toBeLessThan(expiries);
    expect(a.keeper.heldIds()).toEqual([]);
    expect(a.engine.calls.filter((c) => c.startsWith('release'))).toHaveLength(4);
    store.down = false;
    await vi.waitFor(() => expect(a.engine.runs.size).toBe(4), { timeout: 3000, interval: 20 });
    await a.keeper.leave();
  });

  it('a lease taken by another node: the bot stops here; a bot switched off behind its back is stopped with apply and its lease dropped', async () => {
    const store = new MemoryLeases(3);
    const a = node(store, 'A');
    await a.keeper.start();
    store.leases.set(2, { node: 'Z', expires: Date.now() + 60_000, epoch: 2 });
    store.robots.set(3, 'stopped');
    await vi.waitFor(() => expect(a.keeper.heldIds()).toEqual([1]), { timeout: 2000, interval: 10 });
    await vi.waitFor(() => expect(store.leases.has(3)).toBe(false), { timeout: 2000, interval: 10 });
    expect(a.engine.calls).toContain('release 2');
    expect(a.engine.calls).toContain('apply 3');
    expect(a.engine.calls).not.toContain('apply 2');
    await a.keeper.leave();
  });

  it('claimNow takes a free bot at once and not one another node holds; handOver releases everything', async () => {
    const store = new MemoryLeases(0);
    const a = node(store, 'A');
    await a.keeper.start();
    store.robots.set(7, 'running');
    store.robots.set(8, 'running');
    store.leases.set(8, { node: 'Z', expires: Date.now() + 60_000, epoch: 1 });
    expect(await a.keeper.claimNow(7)).toBe(true);
    expect(await a.keeper.claimNow(8)).toBe(false);
    expect(a.engine.runs.has(7)).toBe(true);
    expect(await a.keeper.handOver()).toEqual([7]);
    expect(a.engine.runs.size).toBe(0);
    expect(store.leases.has(7)).toBe(false);
    expect(store.nodes.has('A')).toBe(false);
  });

  it('a node whose row was pruned registers again with the address it listens at, not the one it started with', async () => {
    const store = new MemoryLeases(1);
    const engine = new FakeEngine(store);
    const keeper = new LeaseKeeper({ nodeId: 'A', url: 'http://127.0.0.1:0', store, engine, options });
    await keeper.start();
    expect(store.urls.get('A')).toBe('http://127.0.0.1:0');
    keeper.useUrl('http://127.0.0.1:43210');
    store.nodes.delete('A');
    await vi.waitFor(() => expect(store.nodes.has('A')).toBe(true), { timeout: 2000, interval: 10 });
    expect(store.urls.get('A')).toBe('http://127.0.0.1:43210');
    expect(engine.runs.size).toBe(1);
    await keeper.leave();
  });

  it('shared work: each key is done by exactly one of the live nodes; a dead node’s keys go to the others once it is no longer live', async () => {
    const store = new MemoryLeases(0);
    const a = node(store, 'A');
    const b = node(store, 'B');
    await a.keeper.start();
    const keys = Array.from({ length: 60 }, (_, i) => `snapshot:${i}:1`);
    expect(keys.every((k) => a.keeper.doesWork(k))).toBe(true);
    await b.keeper.start();
    await a.keeper.cycle();
    const doers = (k: string) => [a, b].filter((n) => n.keeper.doesWork(k)).length;
    expect(keys.map(doers)).toEqual(keys.map(() => 1));
    expect(keys.filter((k) => b.keeper.doesWork(k)).length).toBeGreaterThan(10);
    await b.keeper.halt();
    await vi.waitFor(() => expect(keys.every((k) => a.keeper.doesWork(k))).toBe(true), { timeout: 3000, interval: 20 });
    await a.keeper.leave();
  });
});

