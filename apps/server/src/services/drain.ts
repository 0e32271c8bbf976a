/**
 * How a server stops behind a load balancer: its readiness probe turns 503 at once (`server:
 * draining`), it keeps serving for the drain period so the balancer takes it out of rotation and
 * the requests under way finish, and then it closes as before (main.ts `shutdown`).
 */
export interface DrainPlan {
  /** MAKERDESK_DRAIN_MS: how long to keep serving once draining; 0 stops at once. */
  drainMs: number;
  /** Turns the readiness probe to 503 (ReadinessService.drain). */
  markDraining(): void;
  /** Closes the server, its services and the database. */
  stop(): Promise<void>;
  log(message: string, fields: Record<string, unknown>): void;
  /** Waits `ms`, or less when `abort` fires; a timer by default. */
  wait?(ms: number, abort: AbortSignal): Promise<void>;
}

export type DrainPhase = 'serving' | 'draining' | 'stopping';

export interface Drain {
  readonly phase: DrainPhase;
  /**
   * A stop signal. The first marks the server draining, waits the drain period, then stops; one
   * during the drain cuts it short; later ones change nothing. Every call resolves once stopped.
   */
  signal(name: string): Promise<void>;
}

function timerWait(ms: number, abort: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    abort.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      abort.removeEventListener('abort', done);
      resolve();
    }
  });
}

export function drainThenStop(plan: DrainPlan): Drain {
  const wait = plan.wait ?? timerWait;
  const cutShort = new AbortController();
  let phase: DrainPhase = 'serving';
  let stopped: Promise<void> | undefined;

  const run = async (first: string): Promise<void> => {
    plan.markDraining();
    if (plan.drainMs > 0) {
      plan.log(`${first}: draining (readiness answers 503), stopping in ${plan.drainMs} ms`, { drainMs: plan.drainMs });
      await wait(plan.drainMs, cutShort.signal);
    }
    phase = 'stopping';
    plan.log(`${first}: shutting down`, {});
    await plan.stop();
  };

  return {
    get phase() {
      return phase;
    },
    signal(name) {
      if (!stopped) {
        phase = 'draining';
        stopped = run(name);
      } else if (phase === 'draining' && !cutShort.signal.aborted) {
        plan.log(`${name} again: draining cut short`, {});
        cutShort.abort();
      }
      return stopped;
    },
  };
}
