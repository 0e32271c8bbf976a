import { renderServerText, type LiquidityObligation } from '@makerdesk/contract';
import { MINUTE_MS, OBLIGATION_OK, obligationPeriod, periodReach, stepObligation, type LiquidityMinute, type ObligationEvent, type ObligationWatchState } from '@makerdesk/engine';
import type { RaiseAlert } from '../../alerts/alert-dispatcher.ts';
import type { IncidentRow } from '../../repositories/incident.repository.ts';
import type { LiquidityRepository } from '../../repositories/liquidity.repository.ts';
import type { RecordIncident } from '../incidents/incident.service.ts';
import { obligationTexts, type ObligationIncident } from '../incidents/incident-texts.ts';

/** How long after a minute ends it is judged: the sampler writes its row at the first round after it (about a second). */
export const OBLIGATION_SETTLE_MS = 15_000;
/** How often the watch looks for minutes to judge. */
export const OBLIGATION_CHECK_MS = 10_000;
/** Minutes judged again at most when the watch starts, takes the role over or has fallen behind (at least 2 N). */
export const OBLIGATION_CATCH_UP_MINUTES = 15;

const STATE_KINDS = ['obligation_breach', 'obligation_recovered'] as const;

type Latest = Pick<IncidentRow, 'kind' | 'details'> | undefined;

export interface ObligationWatchDeps {
  repo: Pick<LiquidityRepository, 'obligations' | 'minutes' | 'upSeconds'>;
  incidents: {
    /** The pair's latest pair-wide incident of one of `kinds`. */
    latest(coinId: number, kinds: readonly IncidentRow['kind'][]): Promise<Latest>;
    /** Records the pair-wide incident unless `told` says the latest of `kinds` tells it already (IncidentService.recordOnce): the row, or null. */
    recordOnce(input: RecordIncident & { adminId: null }, kinds: readonly IncidentRow['kind'][], told: (latest: Latest) => boolean): Promise<unknown>;
  };
  alerts?: { raise(alert: RaiseAlert): Promise<unknown> };
  /** The pair's symbol (BTC/USDT); null: the pair is gone. */
  pairName(coinId: number): Promise<string | null>;
  /** Whose channels carry the alerts: the main account (it sets the obligations). */
  recipient(): Promise<number | null>;
  /** N: breached minutes in a row that start a breach, kept minutes in a row that end it (MAKERDESK_OBLIGATION_BREACH_MINUTES). */
  minutes: number;
  now?: () => number;
  settleMs?: number;
  checkMs?: number;
  /** Several servers on one database: whether this one watches (one of them does); always without it. */
  mine?: () => boolean;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface Watched {
  /** The obligation's terms as last read (a change restarts the streaks, never the breach). */
  updatedAt: number;
  state: ObligationWatchState;
  /** The next minute to judge. */
  next: number;
}

/**
 * The obligation monitor (issue 20 part 4), server side: once a minute it judges each pair with an
 * obligation on its one-minute rows (the sampler's) with the pure state machine of @makerdesk/engine
 * (stepObligation), and raises an incident of the pair and an alert on the main account's channels
 * when a breach starts, when it ends, and once per period when the period's uptime is out of reach.
 * Its only memory is the incidents it raised: a restart, or another server taking the role over,
 * reads the pair's state back from them, and each event is recorded under the pair's lock unless
 * the pair's latest incident tells it already, so no event is told twice (nor its alert sent twice).
 */
export class ObligationWatch {
  private readonly pairs = new Map<number, Watched>();
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private judgedUpTo = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: ObligationWatchDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.deps.checkMs ?? OBLIGATION_CHECK_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One look (a look still running is joined): the minutes that ended since the last one judged. Never throws. */
  tick(): Promise<void> {
    this.running ??= this.look()
      .catch((err: unknown) => this.deps.log?.warn({ err }, 'obligation watch: the look failed; the next one resumes'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async look(): Promise<void> {
    if (this.deps.mine && !this.deps.mine()) {
      // Not this server's: what it knew goes stale; it reads the state back if the role comes back.
      this.pairs.clear();
      this.judgedUpTo = Number.NEGATIVE_INFINITY;
      return;
    }
    const settled = Math.floor((this.now() - (this.deps.settleMs ?? OBLIGATION_SETTLE_MS)) / MINUTE_MS) * MINUTE_MS;
    if (settled <= this.judgedUpTo) return;
    const obligations = await this.deps.repo.obligations();
    const kept = new Set(obligations.map((o) => o.coinId));
    for (const coinId of this.pairs.keys()) if (!kept.has(coinId)) this.pairs.delete(coinId);
    for (const obligation of obligations) {
      try {
        await this.judge(obligation, settled);
      } catch (err) {
        this.deps.log?.warn({ err, coinId: obligation.coinId }, 'obligation watch: the pair was not judged; the next look tries again');
      }
    }
    this.judgedUpTo = settled;
  }

  private get n(): number {
    return Math.max(1, Math.floor(this.deps.minutes));
  }

  private catchUpFrom(settled: number): number {
    return settled - Math.max(OBLIGATION_CATCH_UP_MINUTES, 2 * this.n) * MINUTE_MS;
  }

  /** The pair's state read back from the incidents raised before (this server's earlier run, another server). */
  private async readBack(obligation: LiquidityObligation, settled: number, before: Watched | undefined): Promise<Watched> {
    const from = Math.ceil(obligation.updatedAt / MINUTE_MS) * MINUTE_MS;
    const [last, warned] = await Promise.all([this.deps.incidents.latest(obligation.coinId, STATE_KINDS), this.deps.incidents.latest(obligation.coinId, ['obligation_at_risk'])]);
    const breaching = last?.kind === 'obligation_breach';
    const state: ObligationWatchState = {
      ...OBLIGATION_OK,
      status: breaching ? 'breaching' : 'ok',
      breachFrom: breaching ? Number(last.details.from ?? from) : null,
      warnedPeriod: warned?.details.periodStart === undefined ? null : Number(warned.details.periodStart),
    };
    // New terms: minutes before them were measured against the old ones.
    const next = Math.max(from, before ? before.next : this.catchUpFrom(settled));
    return { updatedAt: obligation.updatedAt, state, next };
  }

  private async judge(obligation: LiquidityObligation, settled: number): Promise<void> {
    const { coinId } = obligation;
    let watched = this.pairs.get(coinId);
    if (!watched || watched.updatedAt !== obligation.updatedAt) {
      watched = await this.readBack(obligation, settled, watched);
      this.pairs.set(coinId, watched);
    }
    watched.next = Math.max(watched.next, this.catchUpFrom(settled));
    if (watched.next < settled) {
      const rows = new Map<number, LiquidityMinute>();
      for (const row of await this.deps.repo.minutes(coinId, watched.next, settled)) rows.set(row.minute, row);
      for (let minute = watched.next; minute < settled; minute += MINUTE_MS) {
        const step = stepObligation(watched.state, minute, rows.get(minute), obligation, this.n);
        watched.state = step.state;
        watched.next = minute + MINUTE_MS;
        if (step.event) await this.tell(obligation, step.event);
      }
    }
    await this.checkPeriod(obligation, watched, settled);
  }

  /** Once per period: the uptime can no longer reach the minimum. */
  private async checkPeriod(obligation: LiquidityObligation, watched: Watched, settled: number): Promise<void> {
    const { start, end } = obligationPeriod(settled - MINUTE_MS, obligation.period);
    if (watched.state.warnedPeriod === start) return;
    const from = Math.max(start, Math.ceil(obligation.updatedAt / MINUTE_MS) * MINUTE_MS);
    if (settled <= from) return;
    const upSec = await this.deps.repo.upSeconds(obligation.coinId, from, settled, obligation);
    const reach = periodReach({ from, to: settled, end, upSec, minUptimePct: obligation.minUptimePct, hours: obligation });
    if (!reach.unreachable) return;
    watched.state = { ...watched.state, warnedPeriod: start };
    const event = { type: 'at_risk' as const, periodStart: start, bestPct: reach.bestPct, upSec: reach.upSec, elapsedSec: reach.elapsedSec };
    await this.raise(obligation, event, ['obligation_at_risk'], (latest) => latest !== undefined && Number(latest.details.periodStart) === start);
  }

  /** A breach or its end, unless the pair's latest incident already says so (another server, an earlier run). */
  private async tell(obligation: LiquidityObligation, event: ObligationEvent): Promise<void> {
    await this.raise(obligation, event, STATE_KINDS, (latest) => (latest?.kind === 'obligation_breach') === (event.type === 'breach'));
  }

  /** The incident (unless `told` says it is told already) and, once it is recorded, the alert. */
  private async raise(
    obligation: LiquidityObligation,
    event: ObligationEvent | { type: 'at_risk'; periodStart: number; bestPct: string; upSec: number; elapsedSec: number },
    kinds: readonly IncidentRow['kind'][],
    told: (latest: Latest) => boolean,
  ): Promise<void> {
    const pair = await this.deps.pairName(obligation.coinId);
    if (pair === null) return;
    const made: ObligationIncident = obligationTexts(event, { pair, terms: obligation });
    const recorded = await this.deps.incidents.recordOnce({ coinId: obligation.coinId, adminId: null, level: made.level, kind: made.kind, title: made.title, text: made.text, details: made.details }, kinds, told);
    if (recorded === null) return;
    const recipient = await this.deps.recipient();
    if (recipient === null || !this.deps.alerts) return;
    await this.deps.alerts
      .raise({
        adminId: recipient,
        coinId: obligation.coinId,
        level: made.level,
        title: renderServerText(made.title, 'en_US'),
        text: renderServerText(made.text, 'en_US'),
        message: { title: made.title, text: made.text },
      })
      .catch((err: unknown) => this.deps.log?.warn({ err, coinId: obligation.coinId }, 'obligation watch: the alert was not raised'));
  }
}
