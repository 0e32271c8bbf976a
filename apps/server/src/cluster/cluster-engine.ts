import { renderServerText, text, type RobotRuntime } from '@makerdesk/contract';
import { emergencyStopReason } from '@makerdesk/engine';
import type { BotEngineApi, EmergencyStopRequest, EmergencyStopResult, EngineObserver, RobotStore } from '@makerdesk/engine';
import type { ClusterRepository } from '../repositories/cluster.repository.ts';
import { LeaseKeeper, type LeaseOptions } from './bot-leases.ts';
import type { ClusterBus } from '../bus/cluster-bus.ts';
import { NodeRequests } from './node-requests.ts';

export const RUNTIME_TOPIC = 'bot.runtime';

/** A bot's runtime as its owner published it; null: it stopped running there. */
interface RuntimeNotice {
  id: number;
  runtime: RobotRuntime | null;
}

export interface ClusterOptions extends LeaseOptions {
  /** How long a request to the owner of a bot (apply) waits for its answer: 10 s. */
  requestTimeoutMs: number;
  /** How often owners publish their bots' changed runtimes: 1 s (the WebSocket's own pace). */
  runtimeEveryMs: number;
  /** While a request waits for an owner: how often it looks whether the owner died (gone from the live nodes, its leases run out): 1 s. */
  ownerCheckMs: number;
}

export interface ClusterEngineDeps {
  /** This process's engine: it runs the bots this node holds. */
  engine: BotEngineApi;
  bus: ClusterBus;
  store: Pick<ClusterRepository, 'register' | 'heartbeat' | 'liveNodes' | 'deregister' | 'pruneNodes' | 'runningCount' | 'claim' | 'renew' | 'release' | 'releaseAll' | 'drop' | 'ownerOf' | 'owners'>;
  robots: Pick<RobotStore, 'get' | 'markManyStopped' | 'markStopped'>;
  /** Where the other servers reach this one (cluster_nodes.url). */
  url: string;
  options?: Partial<ClusterOptions>;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** A bot's runtime changed (here or on another node): the WebSocket hub is told. */
  onRuntime?: (robotId: number) => void;
}

/**
 * The engine across several servers: this node runs the bots it holds by lease
 * (LeaseKeeper), and the calls the server makes of an engine reach the node running the bot, over
 * the cluster bus (NodeRequests): a change is applied by its owner (an unowned bot switched on is
 * claimed here), an emergency stop is split by owner and the answers merged, and each owner
 * publishes its bots' runtimes so every node shows the real activity.
 */
export class ClusterEngine {
  readonly keeper: LeaseKeeper;
  readonly requests: NodeRequests;
  private readonly options: Pick<ClusterOptions, 'requestTimeoutMs' | 'runtimeEveryMs' | 'ownerCheckMs'>;
  private readonly remote = new Map<number, { node: string; runtime: RobotRuntime }>();
  private readonly dirty = new Set<number>();
  private readonly unsubscribe: () => void;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: ClusterEngineDeps) {
    this.options = {
      requestTimeoutMs: deps.options?.requestTimeoutMs ?? 10_000,
      runtimeEveryMs: deps.options?.runtimeEveryMs ?? 1000,
      ownerCheckMs: deps.options?.ownerCheckMs ?? 1000,
    };
    this.keeper = new LeaseKeeper({
      nodeId: deps.bus.nodeId,
      url: deps.url,
      store: deps.store,
      engine: deps.engine,
      ...(deps.options ? { options: deps.options } : {}),
      ...(deps.log ? { log: deps.log } : {}),
      onChange: (id) => this.changed(id),
    });
    this.requests = new NodeRequests(deps.bus);
    this.requests.handle('apply', (params) => this.applyHere((params as { robotId: number }).robotId));
    this.requests.handle('emergencyStop', (params) => this.stopHere(params as EmergencyStopRequest));
    this.unsubscribe = deps.bus.subscribe<RuntimeNotice[]>(RUNTIME_TOPIC, (notices, from) => {
      if (from === deps.bus.nodeId) return;
      for (const { id, runtime } of notices) {
        if (runtime) this.remote.set(id, { node: from, runtime });
        else if (this.remote.get(id)?.node === from) this.remote.delete(id);
        deps.onRuntime?.(id);
      }
    });
  }

  get nodeId(): string {
    return this.deps.bus.nodeId;
  }

  /** Reports of the local engine (activity, tick, order): the bot's runtime is published at the next beat. */
  readonly observer: EngineObserver = {
    activity: (id) => this.changed(id),
    tick: (id) => this.changed(id),
    order: (id) => this.changed(id),
  };

  private started = false;

  /**
   * Registers the node and claims its share (each bot reconciled before it quotes). The first node
   * up (no other live) also cancels the orders left live by bots switched off, as one server does.
   */
  async start(): Promise<void> {
    this.started = true;
    this.timer = setInterval(() => this.publish(), this.options.runtimeEveryMs);
    this.timer.unref?.();
    await this.keeper.start();
    const live = await this.deps.store.liveNodes(this.keeper.options.ttlMs);
    if (live.every((id) => id === this.nodeId)) await this.deps.engine.start({ running: false });
  }

  /** A bot was created, changed, switched on or off: its owner applies it; an unowned bot switched on is claimed here. */
  async apply(robotId: number): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const owner = this.keeper.holds(robotId) ? this.nodeId : await this.deps.store.ownerOf(robotId);
      if (owner === this.nodeId) return this.applyHere(robotId);
      if (owner !== null) {
        const answer = await this.answerOrGone(this.requests.call(owner, 'apply', { robotId }, this.options.requestTimeoutMs), owner, [robotId]);
        if (answer !== 'gone') return;
        // Its owner died while we waited: asked again (claimed here, or sent to the node that took it).
        continue;
      }
      const robot = await this.deps.robots.get(robotId);
      if (robot === null) return;
      // Switched off and nobody runs it: its orders (if any were left) are cancelled here.
      if (robot.status !== 'running') return this.deps.engine.apply(robotId);
      if (await this.keeper.claimNow(robotId)) return;
      // Another node claimed it between the look-up and the claim: it is asked in the second round.
    }
  }

  /** What the engine is doing with a bot: here if this node runs it, else as its owner last published. */
  runtime(robotId: number): RobotRuntime {
    if (this.keeper.holds(robotId)) return this.deps.engine.runtime(robotId);
    return this.remote.get(robotId)?.runtime ?? this.deps.engine.runtime(robotId);
  }

  /**
   * Each owner stops its bots of the request (their orders cancelled); bots nobody holds are claimed
   * and stopped here. The answers are merged. An owner that dies while asked: once its leases ran
   * out its bots are split again (claimed and stopped here, or by whoever took them). An owner that
   * is live but does not answer in time: its bots are switched off in the database (it stops them
   * at its next renewal, or the node that takes its leases over cancels their orders) and named in
   * `failed`.
   */
  async emergencyStop(request: EmergencyStopRequest): Promise<EmergencyStopResult> {
    return this.splitStop(request, 0);
  }

  /** `again`: the stop of bots whose owner died while it was asked (their leases ran out), split anew once. */
  private async splitStop(request: EmergencyStopRequest, again: number): Promise<EmergencyStopResult> {
    const startedAt = Date.now();
    const ids = request.robots.map((r) => r.id);
    const owners = await this.deps.store.owners(ids);
    const unowned = request.robots.filter((r) => !owners.has(r.id) && !this.keeper.holds(r.id));
    const taken = new Set(await this.keeper.claimHeld(unowned.filter((r) => r.status === 'running').map((r) => r.id)));
    const missed = unowned.filter((r) => r.status === 'running' && !taken.has(r.id)).map((r) => r.id);
    for (const [id, node] of await this.deps.store.owners(missed)) owners.set(id, node);
    const groups = new Map<string, EmergencyStopRequest['robots']>();
    for (const robot of request.robots) {
      const owner = this.keeper.holds(robot.id) ? this.nodeId : (owners.get(robot.id) ?? this.nodeId);
      groups.set(owner, [...(groups.get(owner) ?? []), robot]);
    }
    const waitMs = request.waitMs ?? 15_000;
    const results = await Promise.all(
      [...groups].map(async ([node, robots]): Promise<EmergencyStopResult> => {
        const part: EmergencyStopRequest = { robots, reason: request.reason, ...(request.reasonText ? { reasonText: request.reasonText } : {}), waitMs };
        if (node === this.nodeId) return this.stopHere(part);
        try {
          const call = this.requests.call<EmergencyStopResult>(node, 'emergencyStop', part, waitMs + this.options.requestTimeoutMs);
          const answer = await this.answerOrGone(call, node, robots.map((r) => r.id));
          if (answer !== 'gone') return answer.value;
          if (again === 0) return await this.splitStop(part, again + 1);
          return this.ownerSilent(part, new Error(`node ${node} stopped while it was asked`));
        } catch (err) {
          return this.ownerSilent(part, err);
        }
      }),
    );
    return {
      robotsStopped: results.flatMap((r) => r.robotsStopped),
      ordersCancelled: results.reduce((n, r) => n + r.ordersCancelled, 0),
      ordersFilled: results.reduce((n, r) => n + r.ordersFilled, 0),
      failed: results.flatMap((r) => r.failed),
      elapsedMs: Date.now() - startedAt,
    };
  }

  /**
   * Graceful: with other nodes alive every bot is handed over (halted without cancelling, leases
   * released, the others claim them at once); the last node shuts its engine down as one server does
   * (quoting bots' orders cancelled). Answers whether this was the last node (then uptime runs close).
   */
  async shutdown(): Promise<boolean> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.started) {
      this.requests.close();
      this.unsubscribe();
      await this.deps.engine.shutdown();
      return true;
    }
    const live = await this.deps.store.liveNodes(this.keeper.options.ttlMs).catch(() => [this.nodeId]);
    const last = live.every((id) => id === this.nodeId);
    try {
      if (last) {
        await this.keeper.halt();
        await this.deps.engine.shutdown();
        await this.keeper.leave();
      } else {
        await this.keeper.handOver();
        await this.deps.engine.shutdown();
      }
    } finally {
      this.publish();
      await this.deps.bus.flush().catch(() => undefined);
      this.requests.close();
      this.unsubscribe();
    }
    return last;
  }

  /**
   * The owner's answer, or 'gone' once the owner is no longer live (as the lease keeper's last cycle
   * saw) and holds none of `robotIds` (it died, and its leases ran out): the caller need not wait out
   * the request's time limit for a node that will never answer. A node that is live but slow is
   * waited for; a failed look is ignored.
   */
  private async answerOrGone<T>(answer: Promise<T>, owner: string, robotIds: number[]): Promise<{ value: T } | 'gone'> {
    const settled = answer.then((value) => ({ value }));
    settled.catch(() => undefined);
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const beat = new Promise<'beat'>((resolve) => {
        timer = setTimeout(() => resolve('beat'), this.options.ownerCheckMs);
      });
      const first = await Promise.race([settled, beat]).finally(() => clearTimeout(timer));
      if (first !== 'beat') return first;
      if (this.keeper.isLive(owner)) continue;
      try {
        const owners = await this.deps.store.owners(robotIds);
        if (![...owners.values()].includes(owner)) return 'gone';
      } catch {
        // The database did not answer: keep waiting for the owner's answer (or its time limit).
      }
    }
  }

  /** A change to a bot this node owns (or a request for it): run, restarted, or stopped with its orders cancelled and its lease dropped. */
  private async applyHere(robotId: number): Promise<void> {
    const robot = await this.deps.robots.get(robotId);
    if (robot === null || robot.status !== 'running') {
      await this.deps.engine.apply(robotId);
      await this.keeper.forget([robotId]);
      return;
    }
    if (!(await this.keeper.restart(robotId))) await this.keeper.claimNow(robotId);
  }

  /** The part of an emergency stop this node runs: stopped here, leases dropped. */
  private async stopHere(request: EmergencyStopRequest): Promise<EmergencyStopResult> {
    const result = await this.deps.engine.emergencyStop(request);
    await this.keeper.forget(request.robots.map((r) => r.id));
    return result;
  }

  /** The owner did not answer: its bots are switched off in the database (it, or the next holder, stops them and cancels their orders). */
  private async ownerSilent(request: EmergencyStopRequest, err: unknown): Promise<EmergencyStopResult> {
    const { robots } = request;
    const running = robots.filter((r) => r.status === 'running').map((r) => r.id);
    const stopped = emergencyStopReason(request);
    await this.deps.robots.markManyStopped?.(running, stopped.english, stopped.text);
    // What went wrong between the servers is for the log; people read what it means for their bots.
    this.deps.log?.warn({ err, robotIds: robots.map((r) => r.id) }, 'emergency stop: the server running these bots did not answer');
    const said = text('bots.emergency.ownerSilent');
    const message = renderServerText(said, 'en_US');
    return {
      robotsStopped: running,
      ordersCancelled: 0,
      ordersFilled: 0,
      failed: robots.map((r) => ({ robotId: r.id, clientOrderId: null, orderNo: null, kind: 'no_answer' as const, message, text: said })),
      elapsedMs: 0,
    };
  }

  private changed(robotId: number): void {
    this.dirty.add(robotId);
  }

  /** The changed runtimes of this node's bots (null for those that stopped running here), in one notice. */
  private publish(): void {
    if (this.dirty.size === 0) return;
    const notices: RuntimeNotice[] = [...this.dirty].map((id) => ({ id, runtime: this.keeper.holds(id) ? this.deps.engine.runtime(id) : null }));
    this.dirty.clear();
    this.deps.bus.publish(RUNTIME_TOPIC, notices);
  }
}
