import type { RobotRuntime } from '@makerdesk/contract';
import type { BotEngineApi, EmergencyStopRequest, EmergencyStopResult, EngineDeps, RateBudgets } from '@makerdesk/engine';
import type { Exchange } from '@makerdesk/exchange';
import type { EngineWiring } from '../engine/engine-host.ts';
import { IDLE_RUNTIME } from '../engine/engine-host.ts';

/** A stand-in for the engine in server tests: records what the server asks of it, answers runtimes tests set. */
export class RecordingEngine implements BotEngineApi {
  readonly calls: string[] = [];
  readonly runtimes = new Map<number, RobotRuntime>();
  /** Set to make apply() fail. */
  failApply: Error | null = null;

  constructor(readonly deps: EngineDeps) {}

  async start(): Promise<void> {
    this.calls.push('start');
  }

  async apply(robotId: number): Promise<void> {
    this.calls.push(`apply ${robotId}`);
    if (this.failApply) throw this.failApply;
  }

  /** Records the stop and switches the bots off in the store, as the engine would; no venue. */
  async emergencyStop(request: EmergencyStopRequest): Promise<EmergencyStopResult> {
    this.calls.push(`emergencyStop ${request.robots.map((r) => r.id).join(',')}`);
    const running = request.robots.filter((r) => r.status === 'running').map((r) => r.id);
    for (const id of running) await this.deps.robots.markStopped(id, `Emergency stop: ${request.reason}`);
    return { robotsStopped: running, ordersCancelled: 0, ordersFilled: 0, failed: [], elapsedMs: 0 };
  }

  async adopt(robotId: number): Promise<boolean> {
    this.calls.push(`adopt ${robotId}`);
    return (await this.deps.robots.get(robotId))?.status === 'running';
  }

  async release(robotId: number): Promise<void> {
    this.calls.push(`release ${robotId}`);
  }

  held(): number[] {
    return [];
  }

  runtime(robotId: number): RobotRuntime {
    return this.runtimes.get(robotId) ?? IDLE_RUNTIME;
  }

  async shutdown(): Promise<void> {
    this.calls.push('shutdown');
  }
}

/** Rate budgets that let every call through and remember which keys were wrapped. */
export class RecordingBudgets implements RateBudgets {
  readonly wrapped: string[] = [];

  wrap(exchange: Exchange, budgetKey: string): Exchange {
    this.wrapped.push(budgetKey);
    return exchange;
  }

  throttledUntil(): number | null {
    return null;
  }
}

export function recordingWiring(): { wiring: EngineWiring; budgets: RecordingBudgets; engine(): RecordingEngine } {
  let engine: RecordingEngine | undefined;
  const budgets = new RecordingBudgets();
  return {
    wiring: { create: (deps) => (engine = new RecordingEngine(deps)), strategies: () => undefined, budgets },
    budgets,
    engine: () => {
      if (!engine) throw new Error('the engine was not created');
      return engine;
    },
  };
}
