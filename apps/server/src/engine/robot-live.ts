import type { RobotRuntime } from '@makerdesk/contract';
import type { EngineObserver } from '@makerdesk/engine';

export interface RobotLiveUpdate {
  id: number;
  adminId: number;
  runtime: RobotRuntime;
}

export type RobotLiveListener = (updates: RobotLiveUpdate[]) => void;

interface PairQueue {
  ids: Set<number>;
  timer: ReturnType<typeof setTimeout> | undefined;
  lastSent: number;
}

/**
 * Live bot updates per pair for the WebSocket: the engine's reports (activity, ticks, orders) mark
 * a bot changed; each pair sends its changed bots at most once per `minIntervalMs`, with their
 * runtime, and the console refetches figures when it wants them.
 */
export class RobotLiveHub implements EngineObserver {
  private readonly owners = new Map<number, { coinId: number; adminId: number } | null>();
  private readonly listeners = new Map<number, Set<RobotLiveListener>>();
  private readonly queues = new Map<number, PairQueue>();
  private closed = false;

  constructor(
    private readonly lookup: (robotId: number) => Promise<{ coinId: number; adminId: number } | null>,
    private readonly runtime: (robotId: number) => RobotRuntime,
    private readonly minIntervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe(coinId: number, listener: RobotLiveListener): () => void {
    let set = this.listeners.get(coinId);
    if (!set) this.listeners.set(coinId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(coinId);
    };
  }

  /** Listeners over every pair (tests). */
  get listenerCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** A bot changed (saved, started, stopped, ticked): its pair's listeners hear of it soon. */
  touch(robotId: number): void {
    if (this.closed || this.listeners.size === 0) return;
    const known = this.owners.get(robotId);
    if (known !== undefined) {
      if (known) this.enqueue(known.coinId, robotId);
      return;
    }
    this.lookup(robotId).then(
      (owner) => {
        this.owners.set(robotId, owner);
        if (owner) this.enqueue(owner.coinId, robotId);
      },
      () => undefined,
    );
  }

  activity(robotId: number): void {
    this.touch(robotId);
  }

  tick(robotId: number): void {
    this.touch(robotId);
  }

  order(robotId: number): void {
    this.touch(robotId);
  }

  close(): void {
    this.closed = true;
    for (const queue of this.queues.values()) if (queue.timer) clearTimeout(queue.timer);
    this.queues.clear();
    this.listeners.clear();
  }

  private enqueue(coinId: number, robotId: number): void {
    if (!this.listeners.has(coinId)) return;
    let queue = this.queues.get(coinId);
    if (!queue) this.queues.set(coinId, (queue = { ids: new Set(), timer: undefined, lastSent: 0 }));
    queue.ids.add(robotId);
    if (queue.timer) return;
    const wait = Math.max(0, queue.lastSent + this.minIntervalMs - this.now());
    const q = queue;
    q.timer = setTimeout(() => this.send(coinId, q), wait);
    q.timer.unref?.();
  }

  private send(coinId: number, queue: PairQueue): void {
    queue.timer = undefined;
    queue.lastSent = this.now();
    const ids = [...queue.ids].sort((a, b) => a - b);
    queue.ids.clear();
    const updates = ids.flatMap((id) => {
      const owner = this.owners.get(id);
      return owner ? [{ id, adminId: owner.adminId, runtime: this.runtime(id) }] : [];
    });
    if (updates.length === 0) return;
    for (const listener of this.listeners.get(coinId) ?? []) {
      try {
        listener(updates);
      } catch {
        // A listener's failure (a closed socket) is that socket's business.
      }
    }
  }
}
