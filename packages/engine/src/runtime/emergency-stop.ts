import { nestText, renderServerText, text, type ServerText } from '@makerdesk/contract';
import type { Order } from '@makerdesk/exchange';
import type { Clock, FillRecord, JournalPatch, JournalState, OrderJournal } from '../ports.ts';
import type { BotRunner } from './bot-runner.ts';
import type { EmergencyStopResult } from './engine-api.ts';
import type { CancelFailure, OrderExecutor } from './executor.ts';

/** How long an emergency stop waits for its cancels before it answers with what is still live (the rest goes on in the background). */
export const EMERGENCY_STOP_WAIT_MS = 15_000;
/** Between two cancel rounds: an order the first round could not settle (a lost answer, a placement in flight) is looked up again. */
export const EMERGENCY_ROUND_GAP_MS = 100;
/** A tick already running places nothing more once the stop began; the stop waits this long for it to end before cancelling beside it. */
export const EMERGENCY_TICK_WAIT_MS = 1_000;

export interface StopTarget {
  runner: BotRunner;
  wasRunning: boolean;
}

interface Prepared {
  target: StopTarget;
  executor: OrderExecutor | null;
  budgetKey: string;
  error: string | null;
  failures: Map<string, CancelFailure>;
}

/**
 * The pair-wide stop once every target is halted (nothing new placed): each bot's executor, then
 * cancel rounds per key and pair until nothing is live: one read of the key's open orders for all its
 * bots, each bot reconciled against it (lost placements and lost cancels resolved by client order
 * id), then every open order cancelled at once (one batch request per bot on a venue that batches).
 * Resolves when the last cancel is acknowledged or at `deadline`, with what is still live. `finished`
 * settles when the rounds themselves end (they may run on past the deadline).
 */
export function runEmergencyCancels(
  targets: StopTarget[],
  clock: Clock,
  deadline: number,
): { prepared: Promise<Prepared[]>; finished: Promise<Prepared[]> } {
  const prepared = Promise.all(
    targets.map(async (target): Promise<Prepared> => {
      try {
        const { executor, budgetKey } = await target.runner.executorForStop();
        return { target, executor, budgetKey, error: null, failures: new Map() };
      } catch (err) {
        return { target, executor: null, budgetKey: '', error: messageOf(err), failures: new Map() };
      }
    }),
  );
  const finished = prepared.then(async (all) => {
    const groups = new Map<string, Prepared[]>();
    for (const p of all) {
      if (!p.executor) continue;
      const key = `${p.budgetKey}|${p.target.runner.robot.symbol}`;
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    await Promise.all([...groups.values()].map((group) => cancelGroup(group, clock, deadline)));
    return all;
  });
  return { prepared, finished };
}

async function cancelGroup(group: Prepared[], clock: Clock, deadline: number): Promise<void> {
  const first = group[0]!;
  const exchange = first.executor!.venue;
  const symbol = first.target.runner.robot.symbol;
  const batch = exchange.capabilities.batchCancel === true;
  for (;;) {
    let venueOpen: Order[] | undefined;
    try {
      venueOpen = await exchange.fetchOpenOrders(symbol);
    } catch (err) {
      // Without the shared read the round cancels what the journal knows; the next round reads again.
      for (const p of group) p.target.runner.log('warn', text('bots.emergency.readFailed', { error: messageOf(err) }));
    }
    const journal = new GatheredSettles(first.target.runner.journal);
    await Promise.all(
      group.map(async (p) => {
        const executor = p.executor!;
        // Until the round answers, an open order's cancel is in flight (what the result says if the wait ends first).
        const inFlight = said('no_answer', text('bots.emergency.noAnswerYet'));
        p.failures = new Map(executor.liveOrders().flatMap((o) => (o.state === 'open' ? [[o.clientOrderId, inFlight]] : [])));
        try {
          if (venueOpen) await executor.reconcile({ venueOpen, trustMemory: true });
          p.failures = await executor.cancelRound(batch, journal);
        } catch (err) {
          p.target.runner.log('warn', text('bots.emergency.roundFailed', { error: messageOf(err) }));
        }
      }),
    );
    if (group.every((p) => p.executor!.liveCount === 0)) return;
    if (clock.now() + EMERGENCY_ROUND_GAP_MS > deadline) return;
    await new Promise<void>((resolve) => clock.setTimeout(resolve, EMERGENCY_ROUND_GAP_MS));
  }
}

type Settle = { changes: Parameters<OrderJournal['settle']>[0]; fills: FillRecord[]; done: (err?: unknown) => void };

/**
 * The cancel answers of many bots written in one journal transaction: every settle asked for before
 * the next turn of the event loop is gathered and written at once (each caller resolves when that
 * write is durable; if it fails, each is written alone, so one bad row fails only its own bot).
 */
export class GatheredSettles implements Pick<OrderJournal, 'settle'> {
  private pending: Settle[] = [];

  constructor(private readonly journal: Pick<OrderJournal, 'settle'>) {}

  settle(changes: { robotId: number; clientOrderId: string; patch: JournalPatch }[], fills: FillRecord[]): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ changes, fills, done: (err) => (err === undefined ? resolve() : reject(err instanceof Error ? err : new Error(String(err)))) });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      await this.journal.settle(
        batch.flatMap((s) => s.changes),
        batch.flatMap((s) => s.fills),
      );
      for (const s of batch) s.done();
    } catch {
      for (const s of batch) await this.journal.settle(s.changes, s.fills).then(() => s.done(), s.done);
    }
  }
}

/** The counts and what is still live, as they stand now. */
export function summarize(prepared: Prepared[], elapsedMs: number): EmergencyStopResult {
  const result: EmergencyStopResult = { robotsStopped: [], ordersCancelled: 0, ordersFilled: 0, failed: [], elapsedMs };
  for (const p of prepared) {
    const robotId = p.target.runner.robot.id;
    if (p.target.wasRunning) result.robotsStopped.push(robotId);
    if (!p.executor) {
      result.failed.push({ robotId, clientOrderId: null, orderNo: null, ...said('no_venue', text('bots.emergency.noVenue', { error: p.error ?? '' })) });
      continue;
    }
    for (const state of p.executor.closedSince().values()) {
      if (state === 'canceled') result.ordersCancelled++;
      else if (state === 'filled') result.ordersFilled++;
    }
    for (const order of p.executor.liveOrders()) {
      const failure = p.failures.get(order.clientOrderId);
      result.failed.push({
        robotId,
        clientOrderId: order.clientOrderId,
        orderNo: order.orderNo,
        ...(failure ?? said('unresolved', unresolvedText(order.state, order.error))),
      });
    }
  }
  return result;
}

/**
 * A bot's stop reason after an emergency stop ("Emergency stop: …"): the server text each reader
 * reads in their language, and its English words for the store's plain column and the log.
 */
export function emergencyStopReason(request: { reason: string; reasonText?: ServerText }): { english: string; text: ServerText } {
  const cause = request.reasonText ? nestText('cause', request.reasonText) : { cause: request.reason };
  return { english: `Emergency stop: ${request.reason}`, text: text('bots.stopReason.emergency', cause) };
}

/** A failure the engine words itself: in each reader's language, and in English for the log. */
function said<K extends string>(kind: K, why: ServerText): { kind: K; message: string; text: ServerText } {
  return { kind, message: renderServerText(why, 'en_US'), text: why };
}

function unresolvedText(state: JournalState, error: string | null): ServerText {
  const why: Record<string, string> = error ? { why: '@bots.emergency.why', error } : {};
  switch (state) {
    case 'sending':
    case 'unknown':
      return text('bots.emergency.placementPending', why);
    case 'canceling':
      return text('bots.emergency.cancelPending', why);
    default:
      return text('bots.emergency.stillOpen', why);
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
