import type { LiquidityObligationTerms } from '@makerdesk/contract';
import { LiquidityRecorder, measureSample, mergeMinutes, MINUTE_MS, type LiquidityBook, type MinuteActivity, type RecentSample, type RestingQuote } from '@makerdesk/engine';
import type { LiquidityRepository } from '../../repositories/liquidity.repository.ts';

/**
 * Samples each measured pair's book about once a second and writes its one-minute rows (issue 20).
 * What it reads comes through LiquiditySources (the simulator's book or a live pair's shared market
 * feed, the desk's resting orders), so the timing and bookkeeping here are tested without a venue.
 * A pair whose book cannot be read in a tick, a tick skipped because the previous one still runs, a
 * server that is down: none of them leaves a sample, so those seconds are gaps (down) in the rows.
 */

export interface MeasuredPair {
  coinId: number;
  obligation: LiquidityObligationTerms | null;
}

export interface LiquiditySources {
  /** The pairs to measure, each with its obligation. */
  pairs(): Promise<MeasuredPair[]>;
  /** The pair's book as the server holds it now; null when it cannot be read (a gap). */
  book(coinId: number): Promise<LiquidityBook | null>;
  /** The desk's resting orders on the pair. */
  ownOrders(coinId: number): Promise<RestingQuote[]>;
  /** The pair's trading since the previous call (traded volume, the desk's fills and placements), read after the sample. */
  activity?(coinId: number): Promise<Partial<MinuteActivity>>;
}

export interface LiquiditySamplerOptions {
  now?: () => number;
  intervalMs?: number;
  /** How often the list of pairs is read again. */
  pairsRefreshMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export class LiquiditySampler {
  private readonly recorder = new LiquidityRecorder();
  private readonly now: () => number;
  private pairs: MeasuredPair[] = [];
  private pairsReadAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  /**
   * Per pair, the minute this run took its first sample of it in: an earlier run (before a restart,
   * or another server that ran the simulator before this one took it over) may have written part of it.
   */
  private readonly firstMinute = new Map<number, number>();

  constructor(
    private readonly sources: LiquiditySources,
    private readonly repo: Pick<LiquidityRepository, 'writeMinutes' | 'minutes'>,
    private readonly options: LiquiditySamplerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** One round: every pair sampled once, then the rows of the minutes that ended written. */
  async sampleOnce(): Promise<void> {
    const started = this.now();
    // None yet (another server runs the simulator, or it just took it over): asked again every round.
    if (this.pairs.length === 0 || started - this.pairsReadAt >= (this.options.pairsRefreshMs ?? 30_000)) {
      const listed = await this.sources.pairs();
      const kept = new Set(listed.map((p) => p.coinId));
      for (const p of this.pairs)
        if (!kept.has(p.coinId)) {
          this.recorder.drop(p.coinId);
          this.firstMinute.delete(p.coinId);
        }
      this.pairs = listed;
      this.pairsReadAt = started;
    }
    await Promise.all(
      this.pairs.map(async ({ coinId, obligation }) => {
        try {
          const [book, own] = await Promise.all([this.sources.book(coinId), this.sources.ownOrders(coinId)]);
          if (book === null) return;
          const at = this.now();
          if (!this.firstMinute.has(coinId)) this.firstMinute.set(coinId, Math.floor(at / MINUTE_MS) * MINUTE_MS);
          this.recorder.record(coinId, at, measureSample(book, own, obligation));
          const activity = await this.sources.activity?.(coinId);
          if (activity) this.recorder.addActivity(coinId, at, activity);
        } catch (err) {
          this.options.log?.warn({ err, coinId }, 'liquidity sample failed (the second counts as a gap)');
        }
      }),
    );
    await this.write(this.recorder.closeEnded(this.now()));
  }

  /** The pairs and their obligations are read again in the next round (an obligation set on this server). */
  refreshPairs(): void {
    this.pairsReadAt = Number.NEGATIVE_INFINITY;
  }

  /** The pair's seconds of the last hour. */
  recent(coinId: number): readonly RecentSample[] {
    return this.recorder.recent(coinId);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A round still running: this second is not sampled (a gap), never queued behind it.
      if (this.running) return;
      this.running = this.sampleOnce()
        .catch((err: unknown) => this.options.log?.warn({ err }, 'liquidity sampling round failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.options.intervalMs ?? 1000);
    this.timer.unref?.();
  }

  /** Stops sampling and writes the open minutes as they stand (their remaining seconds are gaps). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.write(this.recorder.flush());
  }

  private async write(rows: Parameters<LiquidityRepository['writeMinutes']>[0]): Promise<void> {
    if (rows.length === 0) return;
    try {
      // The minute this run started in: joined with what an earlier run (before a restart) wrote of it.
      const joined = await Promise.all(
        rows.map(async (r) => {
          if (r.row.minute !== this.firstMinute.get(r.coinId)) return r;
          const [earlier] = await this.repo.minutes(r.coinId, r.row.minute, r.row.minute + MINUTE_MS);
          return earlier === undefined ? r : { coinId: r.coinId, row: mergeMinutes(earlier, r.row) };
        }),
      );
      await this.repo.writeMinutes(joined);
    } catch (err) {
      this.options.log?.warn({ err, rows: rows.length }, 'writing liquidity minutes failed');
    }
  }
}
