import type { BotEngineApi } from '@makerdesk/engine';
import type { ClusterRepository } from '../repositories/cluster.repository.ts';
import { claimLimit, fairShare, fenceAt, nodeForWork, reconcileHeld, toRelease } from './lease-policy.ts';

export interface LeaseOptions {
  /** Between two cycles (heartbeat, renew, claim, hand-over): 1 s. */
  cycleMs: number;
  /** A lease's length in database time; a dead node's bots are claimed once theirs ran out: 5 s. */
  ttlMs: number;
  /** How long before its lease runs out a node that could not renew halts its bots: 1.5 s. */
  fenceMarginMs: number;
  /** Bots handed over per cycle when a node holds more than its share: 3. */
  releasePerCycle: number;
  /** Node rows silent this long are deleted: 1 h. */
  pruneAfterMs: number;
}

export const DEFAULT_LEASE_OPTIONS: LeaseOptions = { cycleMs: 1000, ttlMs: 5000, fenceMarginMs: 1500, releasePerCycle: 3, pruneAfterMs: 3_600_000 };

export type LeaseStore = Pick<
  ClusterRepository,
  'register' | 'heartbeat' | 'liveNodes' | 'deregister' | 'pruneNodes' | 'runningCount' | 'claim' | 'renew' | 'release' | 'releaseAll' | 'drop'
>;

export type LeasedEngine = Pick<BotEngineApi, 'adopt' | 'release' | 'apply'>;

export interface LeaseKeeperDeps {
  nodeId: string;
  /** Where the other nodes reach this one (cluster_nodes.url). */
  url: string;
  store: LeaseStore;
  engine: LeasedEngine;
  options?: Partial<LeaseOptions>;
  now?: () => number;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** A bot started or stopped running here (the runtime publisher says so to the other nodes). */
  onChange?: (robotId: number, runsHere: boolean) => void;
}

/**
 * Keeps this node's share of the bots: every cycle it renews its heartbeat and leases,
 * stops running what it lost, claims up to its fair share (ceil(running / live nodes)) and adopts
 * it (reconciled before quoting), and hands over a few of what exceeds its share so a new node gets
 * bots. A dead node's leases run out after `ttlMs`; the others claim its bots at their next cycle.
 * Self-fencing: when no renewal went through until `fenceAt(sent, ttl, margin)`, every bot is halted
 * here (without cancelling) before any other node may claim it.
 */
export class LeaseKeeper {
  readonly options: LeaseOptions;
  private readonly held = new Set<number>();
  /** Being handed over: halting here, the lease deleted once halted. */
  private readonly releasing = new Set<number>();
  private readonly now: () => number;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private fenceTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly background = new Set<Promise<unknown>>();
  private running = false;
  private cycles = 0;
  /** The live nodes' ids at the last cycle, this one included. */
  private live: string[];
  private registered = false;
  private url: string;

  constructor(private readonly deps: LeaseKeeperDeps) {
    this.options = { ...DEFAULT_LEASE_OPTIONS, ...deps.options };
    this.now = deps.now ?? Date.now;
    this.url = deps.url;
    this.live = [deps.nodeId];
  }

  /**
   * Whether this node does the shared periodic work named `key` (e.g. one account's balance
   * snapshots), chosen among the live nodes of the last cycle; views a cycle apart may both do it,
   * or neither until the next cycle, so the work must be safe to repeat and to delay.
   */
  doesWork(key: string): boolean {
    return nodeForWork(key, this.live) === this.deps.nodeId;
  }

  /**
   * The address this node is reached at, once it is known (the port a server listening on port 0
   * was given): written again whenever the node's row has to be registered anew.
   */
  useUrl(url: string): void {
    this.url = url;
  }

  get nodeId(): string {
    return this.deps.nodeId;
  }

  /** Live servers on the database (this one included) at the last cycle: 1 until then. */
  get liveNodes(): number {
    return this.live.length;
  }

  /** Whether `nodeId` was live (its heartbeat fresh) at the last cycle. */
  isLive(nodeId: string): boolean {
    return this.live.includes(nodeId);
  }

  /** The bots this node runs by lease. */
  heldIds(): number[] {
    return [...this.held].sort((a, b) => a - b);
  }

  holds(robotId: number): boolean {
    return this.held.has(robotId);
  }

  /** Registers the node and runs the first cycle (claims its share) before resolving; then a cycle every `cycleMs`. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.serial(() => this.deps.store.register(this.deps.nodeId, this.url));
    this.registered = true;
    await this.cycle();
  }

  /** One cycle now (tests, and the loop). */
  cycle(): Promise<void> {
    return this.serial(async () => {
      try {
        await this.round();
      } catch (err) {
        this.deps.log?.warn({ err }, 'bot lease cycle failed');
      }
    }).finally(() => this.scheduleNext());
  }

  /** Claims one bot switched on here (if no live node holds it) and runs it; false when another node holds it. */
  claimNow(robotId: number): Promise<boolean> {
    return this.serial(async () => {
      if (this.held.has(robotId)) return true;
      // The fence stays where the last renewal put it: this new lease runs out later than the others.
      const [lease] = await this.deps.store.claim(this.deps.nodeId, 1, this.options.ttlMs, [robotId]);
      if (!lease) return false;
      await this.take(lease.robotId, lease.running);
      return this.held.has(robotId);
    });
  }

  /** A change to a bot this node runs (config, switch-on again): its runner restarts (reconciled first). False when it is not held here. */
  restart(robotId: number): Promise<boolean> {
    return this.serial(async () => {
      if (!this.held.has(robotId)) return false;
      await this.deps.engine.apply(robotId);
      return true;
    });
  }

  /**
   * An emergency stop of bots no node holds: their leases taken here without running them (the
   * stop runs them down at once), so no other node adopts one meanwhile. Answers the ids taken.
   */
  claimHeld(robotIds: number[]): Promise<number[]> {
    return this.serial(async () => {
      const taken = await this.deps.store.claim(this.deps.nodeId, robotIds.length, this.options.ttlMs, robotIds);
      for (const lease of taken) this.held.add(lease.robotId);
      return taken.map((l) => l.robotId);
    });
  }

  /** The bot stopped running here (switched off and its orders cancelled, an emergency stop): its lease goes. */
  forget(robotIds: number[]): Promise<void> {
    return this.serial(async () => {
      const mine = robotIds.filter((id) => this.held.delete(id));
      for (const id of mine) this.deps.onChange?.(id, false);
      // Only this node's leases: a bot handed over meanwhile is stopped by its new owner at its next renewal.
      await this.deps.store.release(this.deps.nodeId, robotIds);
    });
  }

  /** Stops the loop without touching anything (a SIGKILL in tests; the graceful paths below call it first). */
  async halt(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.timer = this.fenceTimer = null;
    await this.chain.catch(() => undefined);
  }

  /**
   * Graceful shutdown with other nodes alive: every bot halted here without cancelling, its lease
   * released so another node claims it at its next cycle, the node row deleted.
   */
  async handOver(): Promise<number[]> {
    await this.halt();
    const ids = this.heldIds();
    this.held.clear();
    await Promise.all(ids.map((id) => this.deps.engine.release(id)));
    for (const id of ids) this.deps.onChange?.(id, false);
    await Promise.all(this.background);
    await this.releaseAll();
    return ids;
  }

  /** Last node's shutdown: the engine has stopped its bots its own way; leases and the node row go. */
  async leave(): Promise<void> {
    await this.halt();
    this.held.clear();
    await Promise.all(this.background);
    if (this.registered) await this.releaseAll();
  }

  /** At a graceful stop: every lease of this node and its row go (if the database fails, they run out by themselves). */
  private async releaseAll(): Promise<void> {
    try {
      await this.deps.store.releaseAll(this.deps.nodeId);
      await this.deps.store.deregister(this.deps.nodeId);
    } catch (err) {
      this.deps.log?.warn({ err }, 'releasing the bot leases at shutdown failed; they run out by themselves');
    }
  }

  private async round(): Promise<void> {
    if (!this.running) return;
    const { store, nodeId } = this.deps;
    const { ttlMs } = this.options;
    const sent = this.now();
    if (!(await store.heartbeat(nodeId))) await store.register(nodeId, this.url);
    const renewed = await store.renew(nodeId, ttlMs);
    this.armFence(sent);
    const { lost, switchedOff, unknown } = reconcileHeld(this.held, renewed, this.releasing);
    for (const id of lost) {
      this.held.delete(id);
      this.deps.log?.warn({ robotId: id }, 'bot lease lost: the bot stops running here');
      this.deps.onChange?.(id, false);
      this.track(this.deps.engine.release(id));
    }
    for (const id of switchedOff) {
      this.held.delete(id);
      this.deps.onChange?.(id, false);
      this.track(this.deps.engine.apply(id).then(() => store.release(nodeId, [id])));
    }
    if (unknown.length > 0) await store.release(nodeId, unknown);

    const [running, live] = await Promise.all([store.runningCount(), store.liveNodes(ttlMs)]);
    this.live = live.includes(nodeId) ? [...live] : [...live, nodeId];
    const share = fairShare(running, this.live.length);
    const claimed = await store.claim(nodeId, claimLimit(this.held.size, share), ttlMs);
    for (const lease of claimed) await this.take(lease.robotId, lease.running);

    for (const id of toRelease(this.heldIds(), share, this.options.releasePerCycle)) this.handOne(id);
    if (++this.cycles % 60 === 0) await store.pruneNodes(this.options.pruneAfterMs);
  }

  /** A claimed bot: run here (reconciled first), or, switched off (a dead owner's unfinished stop), its orders cancelled and the lease dropped. */
  private async take(robotId: number, running: boolean): Promise<void> {
    if (running && (await this.deps.engine.adopt(robotId))) {
      this.held.add(robotId);
      this.deps.onChange?.(robotId, true);
      return;
    }
    this.track(this.deps.engine.apply(robotId).then(() => this.deps.store.release(this.deps.nodeId, [robotId])));
  }

  /** A graceful hand-over: halted here (no cancel), then the lease deleted so another node claims it at once. */
  private handOne(robotId: number): void {
    this.held.delete(robotId);
    this.releasing.add(robotId);
    this.deps.onChange?.(robotId, false);
    this.track(
      this.deps.engine
        .release(robotId)
        .then(() => this.deps.store.release(this.deps.nodeId, [robotId]))
        .finally(() => this.releasing.delete(robotId)),
    );
  }

  /** A renewal (or claim) sent at `sent` went through: the fence moves to its deadline. */
  private armFence(sent: number): void {
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.fenceTimer = null;
    if (!this.running) return;
    const delay = Math.max(0, fenceAt(sent, this.options.ttlMs, this.options.fenceMarginMs) - this.now());
    this.fenceTimer = setTimeout(() => this.fence(), delay);
    this.fenceTimer.unref?.();
  }

  /** No renewal for too long (the database unreachable): every bot halted here before another node may take it. */
  private fence(): void {
    this.fenceTimer = null;
    const ids = this.heldIds();
    if (ids.length === 0) return;
    this.deps.log?.error({ bots: ids.length }, 'bot leases could not be renewed in time: halting every bot here (orders left to the next owner)');
    this.held.clear();
    for (const id of ids) {
      this.deps.onChange?.(id, false);
      this.track(this.deps.engine.release(id));
    }
  }

  private scheduleNext(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.cycle();
    }, this.options.cycleMs);
    this.timer.unref?.();
  }

  private track(work: Promise<unknown>): void {
    const kept = work.catch((err: unknown) => this.deps.log?.warn({ err }, 'a bot hand-over step failed'));
    this.background.add(kept);
    void kept.finally(() => this.background.delete(kept));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.catch(() => undefined).then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }
}
