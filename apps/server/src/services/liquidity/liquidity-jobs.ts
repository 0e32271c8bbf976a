import { LIQUIDITY_RANGE_MAX_DAYS } from '@makerdesk/contract';
import type { LiquidityRepository } from '../../repositories/liquidity.repository.ts';
import type { LiquiditySampler } from './liquidity-sampler.ts';

const DAY_MS = 86_400_000;
/** How often the one-minute rows older than the history kept are dropped. */
export const LIQUIDITY_PRUNE_EVERY_MS = DAY_MS;

export interface LiquidityJobsOptions {
  /** MAKERDESK_LIQUIDITY_SAMPLING: off, nothing runs. */
  enabled: boolean;
  now?: () => number;
  pruneEveryMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * What runs in the background for the liquidity figures (issue 20): the sampler (once a second) and
 * the pruning of rows older than LIQUIDITY_RANGE_MAX_DAYS (at start, then daily). main.ts starts it
 * with the engine; stopServices stops it, writing the open minute as it stands.
 */
export class LiquidityJobs {
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(
    readonly sampler: LiquiditySampler,
    private readonly repo: Pick<LiquidityRepository, 'pruneMinutes'>,
    private readonly options: LiquidityJobsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  start(): void {
    if (!this.options.enabled || this.pruneTimer) return;
    this.sampler.start();
    void this.prune();
    this.pruneTimer = setInterval(() => void this.prune(), this.options.pruneEveryMs ?? LIQUIDITY_PRUNE_EVERY_MS);
    this.pruneTimer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = undefined;
    await this.sampler.stop();
  }

  /** Drops the rows of minutes before the history kept (several servers pruning at once delete the same rows: harmless). */
  async prune(): Promise<void> {
    try {
      await this.repo.pruneMinutes(this.now() - LIQUIDITY_RANGE_MAX_DAYS * DAY_MS);
    } catch (err) {
      this.options.log?.warn({ err }, 'pruning liquidity minutes failed');
    }
  }
}
