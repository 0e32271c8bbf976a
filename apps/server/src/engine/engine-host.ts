import { EMPTY_LIVE_FIGURES, type RobotRuntime } from '@makerdesk/contract';
import type {
  BotEngineApi,
  Clock,
  EngineDeps,
  EmergencyStopRequest,
  EmergencyStopResult,
  EngineObserver,
  PairObligationPort,
  FeedIncidentPort,
  FeedOutage,
  RateBudgets,
  ReferencePrices,
  StrategyRegistry,
  VenueSessions,
} from '@makerdesk/engine';
import { emergencyStopReason } from '@makerdesk/engine';
import { ClusterEngine, type ClusterEngineDeps, type ClusterOptions } from '../cluster/cluster-engine.ts';
import type { ClusterBus } from '../bus/cluster-bus.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { alertPortFor, type AlertDispatcherSeam } from './alert-port.ts';
import type { IncidentSeam } from './incident-port.ts';
import { EngineMetrics } from './engine-metrics.ts';
import { RepositoryPairFigures } from './pair-figures.ts';
import { EnginePairGuard, type PairStop } from './pair-guard.ts';
import { RobotLiveHub } from './robot-live.ts';
import { BatchedTradingLogSink } from './trading-log-sink.ts';

/** The engine package's `createBotEngine`. */
export type EngineFactory = (deps: EngineDeps) => BotEngineApi;

/** What main.ts hands the server to run bots: the engine, its strategies and the shared rate budgets. */
export interface EngineWiring {
  create: EngineFactory;
  strategies: StrategyRegistry;
  /** Shared with the exchange gateway, so manual calls and bots on one key draw on one budget. */
  budgets: RateBudgets;
  clock?: Clock;
}

export interface EngineHostDeps {
  repos: Pick<Repositories, 'robots' | 'robotJournal' | 'tradingLogs'>;
  venues: VenueSessions;
  references: ReferencePrices & { close?(): Promise<void> };
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Process metrics (memory, CPU, event loop) beside the engine's; off in tests. */
  processMetrics?: boolean;
  now?: () => number;
  /** The alert dispatcher; without it risk-control notices go to the trading log only. */
  alertDispatcher?: AlertDispatcherSeam;
  /** The incident centre: monitors' alerts and bots that stop themselves are recorded there. */
  incidents?: IncidentSeam;
  /**
   * The server's pair emergency stop, read when a monitor asks for one (it is built after this host,
   * from it); without it a monitor's stop fails and the monitor asks again at its next tick.
   */
  pairStop?: () => PairStop | undefined;
  /** The pairs' liquidity obligations, for the bots quoting to them (issue 20 §6); without it they read none. */
  obligations?: PairObligationPort;
  /**
   * Several servers on one PostgreSQL: bots run by lease, one node each, and calls reach
   * the node running the bot over the bus. Without it this process runs every bot (one server).
   */
  cluster?: { bus: ClusterBus; store: ClusterEngineStore; url: string; options?: Partial<ClusterOptions> };
}

export type ClusterEngineStore = ClusterEngineDeps['store'];

/** The host's phase: bots are served once it runs, until it shuts down. */
export type EnginePhase = 'not-started' | 'starting' | 'running' | 'stopping';

export const IDLE_RUNTIME: RobotRuntime = {
  ...EMPTY_LIVE_FIGURES,
  activity: 'idle',
  lastTickAt: null,
  nextTickAt: null,
  consecutiveFailures: 0,
  throttledUntil: null,
  openOrders: 0,
  feed: null,
};

/** Every observer hears every report; one that throws never reaches the engine. */
export function fanOut(observers: EngineObserver[]): EngineObserver {
  const each = <K extends keyof EngineObserver>(key: K) =>
    ((...args: unknown[]) => {
      for (const observer of observers) {
        try {
          (observer[key] as ((...a: unknown[]) => void) | undefined)?.(...args);
        } catch {
          // Metrics and live updates are best effort.
        }
      }
    }) as NonNullable<EngineObserver[K]>;
  return { activity: each('activity'), tick: each('tick'), tickToOrder: each('tickToOrder'), streamedFill: each('streamedFill'), order: each('order'), venueError: each('venueError') };
}

/**
 * The engine's robot store, telling the incident centre when a bot stops itself: the engine calls
 * `markStopped` for one bot only then (repeated failures, its strategy's or a guard's stop, a refused
 * start); a person's switch-off and an emergency stop take other paths.
 */
function withStopReports(robots: EngineHostDeps['repos']['robots'], incidents: IncidentSeam | undefined): EngineHostDeps['repos']['robots'] {
  if (!incidents) return robots;
  return Object.assign(Object.create(robots) as EngineHostDeps['repos']['robots'], {
    // Every argument passed on as given (the store's signature may carry more than the reason).
    markStopped: async (...args: Parameters<EngineHostDeps['repos']['robots']['markStopped']>) => {
      await robots.markStopped(...args);
      // The incident says what the bot's stop reason says, in each reader's language (the English words classify it).
      const [robotId, reason, said] = args;
      await incidents.botStopped(robotId, reason, said);
    },
  });
}

/** A bot whose key the venue rate-limits (its activity turns "throttled") is an incident of its pair. */
function throttleReports(incidents: IncidentSeam): EngineObserver {
  return {
    activity: (robotId, activity) => {
      if (activity === 'throttled') void incidents.keyThrottled(robotId);
    },
  };
}

/** Streams down past a minute and back (the engine's FeedIncidentPort) as incidents of the key's account on the pair. */
export function feedIncidentsOf(incidents: IncidentSeam): FeedIncidentPort | undefined {
  const changed = incidents.feedChanged?.bind(incidents);
  if (!changed) return undefined;
  const scope = (o: FeedOutage) => ({ adminId: o.adminId, coinId: o.coinId, robotId: o.robotId, venue: o.venue, symbol: o.symbol });
  return {
    streamDown: (o) => void changed({ type: 'down', since: o.since }, scope(o)),
    streamUp: (o) => void changed({ type: 'up', since: o.since, downMs: o.downMs }, scope(o)),
  };
}

/** An observer made before its target (the cluster engine needs the engine it observes): reports go to whatever `target` answers then. */
function relayTo(target: () => EngineObserver | undefined): EngineObserver {
  return {
    activity: (...args) => target()?.activity?.(...args),
    tick: (...args) => target()?.tick?.(...args),
    order: (...args) => target()?.order?.(...args),
  };
}

/**
 * Runs the bot engine inside the server: gives it the repositories as its ports (robot store,
 * order journal, a batched trading-log sink), the venue sessions and reference prices, and listens
 * to it for /backend/metrics and the WebSocket. Started after the simulator host, shut down before
 * it. Without wiring (a build without the engine) bots are saved but never run, and say so (idle).
 */
export class EngineHost implements BotEngineApi {
  readonly metrics: EngineMetrics;
  readonly live: RobotLiveHub;
  readonly logs: BatchedTradingLogSink;
  private readonly engine: BotEngineApi | null;
  /** Several servers: the lease keeper and the requests to the other nodes (null for one server, or without the engine). */
  readonly cluster: ClusterEngine | null;
  private readonly now: () => number;
  private started = false;
  private current: EnginePhase = 'not-started';

  constructor(
    private readonly deps: EngineHostDeps,
    wiring?: EngineWiring,
  ) {
    this.now = deps.now ?? Date.now;
    this.metrics = new EngineMetrics({ processMetrics: deps.processMetrics ?? false });
    this.live = new RobotLiveHub(
      async (id) => {
        const robot = await deps.repos.robots.findById(id);
        return robot ? { coinId: robot.coinId, adminId: robot.adminId } : null;
      },
      (id) => this.runtime(id),
    );
    this.logs = new BatchedTradingLogSink(deps.repos.tradingLogs, {
      onError: (err, dropped) => deps.log?.error({ err, dropped }, 'trading log write failed'),
    });
    this.engine = wiring
      ? wiring.create({
          robots: withStopReports(deps.repos.robots, deps.incidents),
          journal: deps.repos.robotJournal,
          logs: this.logs,
          venues: deps.venues,
          references: deps.references,
          strategies: wiring.strategies,
          budgets: wiring.budgets,
          ...(wiring.clock ? { clock: wiring.clock } : {}),
          observer: fanOut([this.metrics, this.live, relayTo(() => this.cluster?.observer), ...(deps.incidents ? [throttleReports(deps.incidents)] : [])]),
          // Risk control: a monitor's pair stop is the stop button's path (EmergencyStopService).
          pairGuard: new EnginePairGuard(() => {
            const pairStop = deps.pairStop?.();
            if (!pairStop) throw new Error('the emergency stop is not available in this server');
            return pairStop;
          }),
          pairFigures: new RepositoryPairFigures(deps.repos, this.now),
          ...(deps.obligations ? { obligations: deps.obligations } : {}),
          ...(deps.alertDispatcher || deps.incidents ? { alerts: alertPortFor(deps.alertDispatcher, deps.incidents)! } : {}),
          ...(deps.incidents && feedIncidentsOf(deps.incidents) ? { feedIncidents: feedIncidentsOf(deps.incidents)! } : {}),
        })
      : null;
    this.cluster =
      this.engine && deps.cluster
        ? new ClusterEngine({
            engine: this.engine,
            bus: deps.cluster.bus,
            store: deps.cluster.store,
            robots: deps.repos.robots,
            url: deps.cluster.url,
            ...(deps.cluster.options ? { options: deps.cluster.options } : {}),
            ...(deps.log ? { log: deps.log } : {}),
            onRuntime: (id) => this.live.touch(id),
          })
        : null;
  }

  /** False in a build without the engine: bots are stored and shown idle. */
  get runsBots(): boolean {
    return this.engine !== null;
  }

  /** Resumes every bot switched on (their uptime runs again from now), then lets the engine reconcile and schedule them. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.current = 'starting';
    await this.deps.repos.robots.openRunsForRunning(new Date(this.now()));
    if (!this.engine) {
      this.deps.log?.warn({}, 'bot engine not configured: bots are saved but do not run');
    } else if (this.cluster) await this.cluster.start();
    else await this.engine.start();
    if (this.current === 'starting') this.current = 'running';
  }

  /** Where the host is: started (running, bots resumed) and not shutting down is what the readiness probe asks. */
  get phase(): EnginePhase {
    return this.current;
  }

  async apply(robotId: number): Promise<void> {
    this.live.touch(robotId);
    if (this.cluster) await this.cluster.apply(robotId);
    else await this.engine?.apply(robotId);
  }

  async adopt(robotId: number): Promise<boolean> {
    return (await this.engine?.adopt(robotId)) ?? false;
  }

  async release(robotId: number): Promise<void> {
    await this.engine?.release(robotId);
  }

  held(): number[] {
    return this.engine?.held() ?? [];
  }

  runtime(robotId: number): RobotRuntime {
    if (this.cluster) return this.cluster.runtime(robotId);
    return this.engine?.runtime(robotId) ?? IDLE_RUNTIME;
  }

  /** The engine's pair-wide stop; in a build without the engine the bots are only switched off (none runs, none has orders). */
  async emergencyStop(request: EmergencyStopRequest): Promise<EmergencyStopResult> {
    for (const robot of request.robots) this.live.touch(robot.id);
    if (this.cluster) return this.cluster.emergencyStop(request);
    if (this.engine) return this.engine.emergencyStop(request);
    const running = request.robots.filter((r) => r.status === 'running').map((r) => r.id);
    const stopped = emergencyStopReason(request);
    await this.deps.repos.robots.markManyStopped(running, stopped.english, stopped.text);
    return { robotsStopped: running, ordersCancelled: 0, ordersFilled: 0, failed: [], elapsedMs: 0 };
  }

  /**
   * The engine first (no new orders, quoting bots' orders cancelled), then uptime closed, logs
   * flushed, reference venues closed. Among several servers, while others run, the bots are handed
   * over instead (nothing cancelled) and their uptime runs stay open.
   */
  async shutdown(): Promise<void> {
    this.current = 'stopping';
    let last = true;
    try {
      if (this.cluster) last = await this.cluster.shutdown();
      else await this.engine?.shutdown();
    } finally {
      this.live.close();
      if (this.started && last) await this.deps.repos.robots.closeAllRuns(new Date(this.now())).catch((err: unknown) => this.deps.log?.error({ err }, 'closing bot runs failed'));
      await this.logs.close();
      await this.deps.references.close?.();
    }
  }
}

export function createEngineHost(deps: EngineHostDeps, wiring?: EngineWiring): EngineHost {
  return new EngineHost(deps, wiring);
}
