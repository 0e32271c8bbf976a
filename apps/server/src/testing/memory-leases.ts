import type { ClusterEngineStore } from '../engine/engine-host.ts';
import type { ClaimedLease, HeldLease } from '../repositories/cluster.repository.ts';

/** The lease table in memory with its semantics (database time = Date.now()); `down` makes every call fail. */
export class MemoryLeases implements ClusterEngineStore {
  readonly robots = new Map<number, 'running' | 'stopped'>();
  readonly leases = new Map<number, { node: string; expires: number; epoch: number }>();
  readonly nodes = new Map<string, number>();
  readonly urls = new Map<string, string>();
  down = false;

  constructor(running: number) {
    for (let id = 1; id <= running; id++) this.robots.set(id, 'running');
  }

  private check(): void {
    if (this.down) throw new Error('connection refused');
  }
  async register(id: string, url: string) {
    this.check();
    this.nodes.set(id, Date.now());
    this.urls.set(id, url);
  }
  async heartbeat(id: string) {
    this.check();
    if (!this.nodes.has(id)) return false;
    this.nodes.set(id, Date.now());
    return true;
  }
  async liveNodes(staleMs: number) {
    this.check();
    return [...this.nodes].filter(([, at]) => at > Date.now() - staleMs).map(([id]) => id);
  }
  async deregister(id: string) {
    this.nodes.delete(id);
  }
  async pruneNodes() {
    return 0;
  }
  async runningCount() {
    this.check();
    return [...this.robots.values()].filter((s) => s === 'running').length;
  }
  async claim(node: string, limit: number, ttl: number, only?: number[]): Promise<ClaimedLease[]> {
    this.check();
    const out: ClaimedLease[] = [];
    for (const [id, status] of this.robots) {
      if (only && !only.includes(id)) continue;
      const lease = this.leases.get(id);
      const free = !lease || lease.expires <= Date.now();
      if (!free || (status !== 'running' && !lease) || (status === 'running' && out.filter((l) => l.running).length >= limit)) continue;
      const epoch = lease ? lease.epoch + 1 : 1;
      this.leases.set(id, { node, expires: Date.now() + ttl, epoch });
      out.push({ robotId: id, epoch, running: status === 'running' });
    }
    return out;
  }
  async renew(node: string, ttl: number): Promise<HeldLease[]> {
    this.check();
    const out: HeldLease[] = [];
    for (const [id, lease] of this.leases) {
      if (lease.node !== node || lease.expires <= Date.now()) continue;
      lease.expires = Date.now() + ttl;
      out.push({ robotId: id, running: this.robots.get(id) === 'running' });
    }
    return out;
  }
  async release(node: string, ids: number[]) {
    this.check();
    for (const id of ids) if (this.leases.get(id)?.node === node) this.leases.delete(id);
  }
  async releaseAll(node: string) {
    for (const [id, lease] of this.leases) if (lease.node === node) this.leases.delete(id);
  }
  async drop(id: number) {
    this.leases.delete(id);
  }
  async ownerOf(id: number): Promise<string | null> {
    this.check();
    const lease = this.leases.get(id);
    return lease && lease.expires > Date.now() ? lease.node : null;
  }
  async owners(ids: number[]): Promise<Map<number, string>> {
    this.check();
    const out = new Map<number, string>();
    for (const id of ids) {
      const lease = this.leases.get(id);
      if (lease && lease.expires > Date.now()) out.set(id, lease.node);
    }
    return out;
  }
  ownedBy(node: string): number[] {
    return [...this.leases].filter(([, l]) => l.node === node && l.expires > Date.now()).map(([id]) => id);
  }
}

