import { readinessCheckNames, type healthReadyResponse, type ReadinessCheckName } from '@makerdesk/contract';
import type { z } from 'zod';
import type { EnginePhase } from '../engine/engine-host.ts';

export type Readiness = z.infer<typeof healthReadyResponse>;
export interface ReadinessCheck {
  ok: boolean;
  state: string;
}

/** Where the simulator is for this server: run here, or reached at the server that runs it (its last answer, ms since the epoch). */
export type SimulatorReach = { local: true } | { local: false; lastAnswerAt: number | undefined };


export interface ReadinessProbes {
  /** One cheap query; rejects when the database does not answer. */
  pingDatabase(): Promise<void>;
  simulator(): SimulatorReach;
  engine(): EnginePhase;
}

export interface ReadinessOptions {
  /** The database has this long to answer (1 s): a probe must not hang on a database that does not answer. */
  databaseTimeoutMs?: number;
  /**
   * A remote simulator counts as reached while its holder answered within this long (15 s): this
   * server refreshes the holder's markets every 5 s, so the probe itself calls nobody.
   */
  simulatorFreshMs?: number;
  now?: () => number;
}

/** The database's check: whether `ping` answered within `timeoutMs`. Never the error's text (it may name a host). */
export async function checkDatabase(ping: () => Promise<void>, timeoutMs: number): Promise<ReadinessCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs);
    timer.unref?.();
  });
  try {
    const outcome = await Promise.race([ping().then(() => 'answered' as const), timedOut]);
    return { ok: outcome === 'answered', state: outcome };
  } catch {
    return { ok: false, state: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/** The simulator's check: held here, or its holder answered lately. */
export function checkSimulator(reach: SimulatorReach, now: number, freshMs: number): ReadinessCheck {
  if (reach.local) return { ok: true, state: 'local' };
  const fresh = reach.lastAnswerAt !== undefined && now - reach.lastAnswerAt <= freshMs;
  return fresh ? { ok: true, state: 'remote' } : { ok: false, state: 'unreachable' };
}

/** The engine's check: started and not shutting down. */
export function checkEngine(phase: EnginePhase): ReadinessCheck {
  return { ok: phase === 'running', state: phase };
}

/** The server's own check: serving, or draining (told to stop; still serving while it leaves the load balancer's rotation). */
export function checkServer(draining: boolean): ReadinessCheck {
  return draining ? { ok: false, state: 'draining' } : { ok: true, state: 'serving' };
}

/** Ready when every check passed; otherwise the failed ones, in the order the checks are listed. */
export function readinessOf(checks: Record<ReadinessCheckName, ReadinessCheck>): Readiness {
  const failed = readinessCheckNames.filter((name) => !checks[name].ok);
  return { status: failed.length === 0 ? 'ready' : 'not-ready', checks, failed };
}

/**
 * GET /health/ready: whether this server can serve a desk now. The database answers a cheap query
 * in time, the simulator is run here or reached, the bot engine has started and is not shutting
 * down, and the server is not draining. For load balancers: no sign-in, no addresses or error texts in the answer.
 */
export class ReadinessService {
  private readonly databaseTimeoutMs: number;
  private readonly simulatorFreshMs: number;
  private readonly now: () => number;
  private draining = false;

  constructor(
    private readonly probes: ReadinessProbes,
    options: ReadinessOptions = {},
  ) {
    this.databaseTimeoutMs = options.databaseTimeoutMs ?? 1000;
    this.simulatorFreshMs = options.simulatorFreshMs ?? 15_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * From now on the probe answers not ready (`server: draining`) while everything else keeps
   * serving: main.ts calls it on SIGTERM/SIGINT, before the drain period and the shutdown.
   */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<Readiness> {
    const database = await checkDatabase(() => this.probes.pingDatabase(), this.databaseTimeoutMs);
    return readinessOf({
      database,
      simulator: checkSimulator(this.probes.simulator(), this.now(), this.simulatorFreshMs),
      engine: checkEngine(this.probes.engine()),
      server: checkServer(this.draining),
    });
  }
}
