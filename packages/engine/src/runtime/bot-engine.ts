import { BOT_SHUTDOWN_CANCEL_MS, EMPTY_LIVE_FIGURES, text, type RobotRuntime, type ServerText } from '@makerdesk/contract';
import { systemClock, type Clock } from '../ports.ts';
import { BotRunner, nest, type RunnerSettings } from './bot-runner.ts';
import { DEFAULT_CALL_TIMEOUT_MS } from './call-timeout.ts';
import { FeedOutages } from './feed-watch.ts';
import type { BotEngineApi, EngineDeps } from './engine-api.ts';
import { DEFAULT_NOT_FOUND_AFTER_MS } from './executor.ts';
import { EMERGENCY_STOP_WAIT_MS, EMERGENCY_TICK_WAIT_MS, emergencyStopReason, runEmergencyCancels, summarize, type StopTarget } from './emergency-stop.ts';

export interface BotEngineOptions {
  /** A venue request without an answer after this is a lost answer (default 10 s). */
  callTimeoutMs?: number;
  /** A lost placement the venue still does not know after this never arrived (default 5 s). */
  notFoundAfterMs?: number;
  /** How long a bot that stops keeps trying to cancel its orders (default 30 s). */
  stopCancelMs?: number;
  /** Graceful shutdown's limit for cancelling the quoting bots' orders (default BOT_SHUTDOWN_CANCEL_MS). */
  shutdownCancelMs?: number;
}

async function markStopped(robots: EngineDeps['robots'], ids: number[], reason: string, why: ServerText): Promise<void> {
  if (ids.length === 0) return;
  if (robots.markManyStopped) await robots.markManyStopped(ids, reason, why);
  else await Promise.all(ids.map((id) => robots.markStopped(id, reason, why)));
}

/** Resolves when `work` settles or after `ms`, whichever comes first; never rejects. */
async function waitAtMost(work: Promise<unknown>, ms: number, clock: Clock): Promise<void> {
  let timer: unknown = null;
  const limit = new Promise<void>((resolve) => (timer = clock.setTimeout(resolve, ms)));
  await Promise.race([work.catch(() => undefined), limit]);
  clock.clearTimeout(timer);
}

const IDLE: RobotRuntime = { ...EMPTY_LIVE_FIGURES, activity: 'idle', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: 0, feed: null };

/**
 * The bot engine the server drives (BotEngineApi): one BotRunner per running bot, each on its own
 * timer chain. Starting loads the bots switched on; each reconciles with its venue before it quotes.
 */
/** How often the engine recounts the running quoting bots per key. */
const KEY_COUNT_MS = 5_000;

export function createBotEngine(deps: EngineDeps, options: BotEngineOptions = {}): BotEngineApi {
  const clock: Clock = deps.clock ?? systemClock;
  const settings: RunnerSettings = {
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    notFoundAfterMs: options.notFoundAfterMs ?? DEFAULT_NOT_FOUND_AFTER_MS,
    stopCancelMs: options.stopCancelMs ?? 30_000,
  };
  const shutdownCancelMs = options.shutdownCancelMs ?? BOT_SHUTDOWN_CANCEL_MS;
  const runners = new Map<number, BotRunner>();
  /** Emergency stops still cancelling after they answered: shutdown gives them its limit too. */
  const sweeps = new Set<Promise<unknown>>();
  let shuttingDown = false;
  // The running quoting bots per venue key (their placement budgets share the key's daily cap),
  // counted at most every KEY_COUNT_MS: a tick asks, not every runner every tick. With several servers
  // sharing the keys, this server's bots count over its share of the key's limits (1 / the live
  // servers: the leases spread the bots evenly), so the servers' budgets together stay within the cap.
  let keyCounts: { at: number; counts: Map<string, number> } | null = null;
  const botsOnKey = (budgetKey: string): number => {
    const now = clock.now();
    if (keyCounts === null || now - keyCounts.at >= KEY_COUNT_MS) {
      const counts = new Map<string, number>();
      for (const runner of runners.values()) {
        const key = runner.budgetKey;
        if (key !== null && runner.quoting) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      keyCounts = { at: now, counts };
    }
    return Math.max(1, keyCounts.counts.get(budgetKey) ?? 0) / (deps.budgets.shareOf?.(budgetKey) ?? 1);
  };
  // One outage tracker for every bot: bots on one key and pair tell one incident.
  const runnerDeps = { ...deps, clock, feedOutages: new FeedOutages(), botsOnKey };

  const forget = (runner: BotRunner) => {
    if (runners.get(runner.robot.id) === runner) runners.delete(runner.robot.id);
  };
  const runnerOf = (robot: BotRunner['robot']) => new BotRunner(robot, runnerDeps, settings, () => shuttingDown, forget);
  /** Cancels still running in the background, until they end. */
  const track = (sweep: Promise<unknown>) => {
    const kept = sweep.catch(() => undefined);
    sweeps.add(kept);
    void kept.finally(() => sweeps.delete(kept));
  };

  return {
    async start(options = {}) {
      if (shuttingDown) return;
      for (const robot of options.running === false ? [] : await deps.robots.listRunning()) {
        if (runners.has(robot.id)) continue;
        const runner = runnerOf(robot);
        runners.set(robot.id, runner);
        runner.launch();
      }
      // A bot switched off whose orders were still being cancelled when the server went down: its
      // orders are reconciled and cancelled now, never left resting untracked.
      for (const robot of (await deps.robots.listStoppedWithLiveOrders?.()) ?? []) {
        if (runners.has(robot.id)) continue;
        const runner = runnerOf(robot);
        runner.log('warn', text('bots.liveAtStop'));
        track(runner.cancelOwnOrders(clock.now() + settings.stopCancelMs));
      }
    },

    async apply(robotId) {
      const previous = runners.get(robotId);
      if (previous) {
        runners.delete(robotId);
        await previous.halt();
      }
      const robot = await deps.robots.get(robotId);
      if (robot === null || robot.status === 'stopped') {
        const runner = previous ?? (robot ? runnerOf(robot) : null);
        if (!runner) return;
        runner.setActivity('stopping');
        await runner.cancelOwnOrders(clock.now() + settings.stopCancelMs);
        runner.setActivity('idle');
        return;
      }
      if (shuttingDown) return;
      const runner = runnerOf(robot);
      runners.set(robotId, runner);
      runner.launch();
    },

    async emergencyStop(request) {
      const startedAt = clock.now();
      const deadline = startedAt + (request.waitMs ?? EMERGENCY_STOP_WAIT_MS);
      const { english: reason, text: why } = emergencyStopReason(request);
      const cause = request.reasonText ? nest('cause', request.reasonText) : { cause: request.reason };
      const targets: StopTarget[] = [];
      const halts: Promise<void>[] = [];
      // First, synchronously: no target places anything more (halt closes placements before it awaits).
      for (const robot of request.robots) {
        const running = runners.get(robot.id);
        const runner = running ?? runnerOf(robot);
        if (running) runners.delete(robot.id);
        halts.push(runner.halt());
        runner.setActivity('stopping');
        targets.push({ runner, wasRunning: running !== undefined || robot.status === 'running' });
      }
      const stoppedIds = targets.filter((t) => t.wasRunning).map((t) => t.runner.robot.id);
      const marking = markStopped(deps.robots, stoppedIds, reason, why);
      for (const t of targets) {
        if (t.wasRunning) t.runner.log('warn', text('bots.stopped', { ...cause, reason: '@bots.stopReason.emergency' }), { kind: 'stopped', error: false });
        else t.runner.log('warn', text('monitor.leftLive', nest('why', why)));
      }
      // A tick in flight finishes in milliseconds on most venues; a hanging one is not waited for past the limit.
      await waitAtMost(Promise.all(halts), EMERGENCY_TICK_WAIT_MS, clock);
      const { prepared, finished } = runEmergencyCancels(targets, clock, deadline);
      let doneAt: number | null = null;
      void finished.then(() => (doneAt = clock.now()));
      await waitAtMost(finished, Math.max(0, deadline - clock.now()), clock);
      const all = await prepared;
      const result = summarize(all, (doneAt ?? clock.now()) - startedAt);
      await marking;
      for (const t of targets) t.runner.setActivity('idle');
      // Whatever is still live keeps being cancelled (after the rounds in flight), and the bot's log says how it ended.
      if (result.failed.length > 0) {
        track(finished.then((done) => Promise.all(done.filter((p) => p.executor && p.executor.liveCount > 0).map((p) => p.target.runner.cancelOwnOrders(clock.now() + settings.stopCancelMs)))));
      }
      return result;
    },

    async adopt(robotId) {
      if (runners.has(robotId)) return true;
      if (shuttingDown) return false;
      const robot = await deps.robots.get(robotId);
      // Checked again after the read: a concurrent adopt or apply may have started it meanwhile.
      if (robot === null || robot.status !== 'running' || shuttingDown) return false;
      if (runners.has(robotId)) return true;
      const runner = runnerOf(robot);
      runners.set(robotId, runner);
      // The start-up tick prepares the session and reconciles with the venue before any placement.
      runner.launch();
      return true;
    },

    async release(robotId) {
      const runner = runners.get(robotId);
      if (!runner) return;
      runners.delete(robotId);
      await runner.halt();
      runner.setActivity('idle');
    },

    held() {
      return [...runners.keys()];
    },

    runtime(robotId) {
      return runners.get(robotId)?.runtime() ?? { ...IDLE };
    },

    async shutdown() {
      shuttingDown = true;
      const all = [...runners.values()];
      const quoting = all.filter((r) => r.quoting);
      for (const r of quoting) r.setActivity('stopping');
      // One limit for the whole of it: ticks in flight (they place nothing more) and the cancels.
      const deadline = clock.now() + shutdownCancelMs;
      let timer: unknown = null;
      const limit = new Promise<void>((resolve) => (timer = clock.setTimeout(resolve, shutdownCancelMs)));
      await Promise.race([Promise.all(all.map((r) => r.halt())), limit]);
      await Promise.race([Promise.all(sweeps), limit]);
      await Promise.race([Promise.all(quoting.map((r) => r.cancelForShutdown(deadline))), limit]);
      clock.clearTimeout(timer);
      for (const r of all) r.setActivity('idle');
      runners.clear();
    },
  };
}
