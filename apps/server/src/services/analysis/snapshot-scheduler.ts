import { ANALYSIS_CYCLE_HOURS_DEFAULT } from '@makerdesk/contract';
import type { AnalysisRepository } from '../../repositories/analysis.repository.ts';
import { slotKey } from '../../repositories/analysis.repository.ts';
import { cycleSlot } from './analysis-figures.ts';

/** How often the scheduler looks for a data-cycle slot that has no snapshot yet. */
export const SNAPSHOT_SWEEP_MS = 60_000;

export interface SnapshotSchedulerDeps {
  repo: Pick<AnalysisRepository, 'targets' | 'allSettings' | 'takenSlots'>;
  take(adminId: number, coinId: number, cycleHours: number): Promise<boolean>;
  now?: () => number;
  log?: { warn(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  sweepMs?: number;
  /**
   * Whether this server takes an account's snapshots of a pair (several servers on one database
   * share them out, so each venue is read once per slot); every one without it.
   */
  mine?: (adminId: number, coinId: number) => boolean;
}

export interface SweepResult {
  taken: number;
  failed: number;
}

/**
 * Takes each account's balance snapshot once per data-cycle slot of each pair it has a key for.
 * Restart-safe: the slot a snapshot stands for is in the database (unique per account, pair and
 * slot), so a sweep after a restart, or one overlapping another, never takes a slot twice; a slot
 * missed while the server was down is simply absent. One venue failing is logged and skipped.
 */
export class SnapshotScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: SnapshotSchedulerDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A sweep now (so a new start has its snapshots), then one every `sweepMs`. */
  start(): void {
    if (this.timer) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.deps.sweepMs ?? SNAPSHOT_SWEEP_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass over every account and pair; a sweep still running is joined, not doubled. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<SweepResult> {
    const result: SweepResult = { taken: 0, failed: 0 };
    let due: { adminId: number; coinId: number; cycleHours: number; slotAt: number }[];
    try {
      const now = this.now();
      const [targets, settings] = await Promise.all([this.deps.repo.targets(), this.deps.repo.allSettings()]);
      const cycles = new Map(settings.map((s) => [`${s.adminId}:${s.coinId}`, s.cycleHours]));
      const mine = this.deps.mine;
      const planned = (mine ? targets.filter((t) => mine(t.adminId, t.coinId)) : targets).map((t) => {
        const cycleHours = cycles.get(`${t.adminId}:${t.coinId}`) ?? ANALYSIS_CYCLE_HOURS_DEFAULT;
        return { ...t, cycleHours, slotAt: cycleSlot(now, cycleHours) };
      });
      const taken = await this.deps.repo.takenSlots([...new Set(planned.map((p) => p.slotAt))].map((ms) => new Date(ms)));
      due = planned.filter((p) => !taken.has(slotKey(p.adminId, p.coinId, p.slotAt)));
    } catch (err) {
      this.deps.log?.warn({ err }, 'analysis snapshots: sweep could not read its targets');
      return { taken: 0, failed: 1 };
    }
    for (const target of due) {
      try {
        if (await this.deps.take(target.adminId, target.coinId, target.cycleHours)) result.taken++;
      } catch (err) {
        result.failed++;
        this.deps.log?.warn({ err, adminId: target.adminId, coinId: target.coinId }, 'analysis snapshot skipped: the venue read failed');
      }
    }
    return result;
  }
}
