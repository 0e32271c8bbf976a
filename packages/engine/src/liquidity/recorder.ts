import { add as addDecimal } from '@makerdesk/decimal';
import { aggregateMinute, MINUTE_MS, NO_ACTIVITY, type LiquidityMinute, type MinuteActivity, type TimedSample } from './minute.ts';
import type { BandDepth, LiquiditySample, SampleStatus } from './measure.ts';
import type { LiquidityDepthBand } from '@makerdesk/contract';

/** One second of the last hour as kept in memory: the spread, the status and the depth in one band. */
export interface RecentSample extends BandDepth {
  at: number;
  spreadBps: string | null;
  status: SampleStatus;
}

/** Seconds-level detail kept in memory per pair (issue 20: the last hour). */
export const RECENT_SAMPLES_MS = 3_600_000;

/**
 * Collects each pair's samples as they are taken and hands back the one-minute rows of the minutes
 * that are over, pure (time is what the caller says). The current minute stays open until a call
 * with a later `now`; `flush` closes it too (a server stopping: the seconds it will not sample are
 * gaps, as they should be). The last hour's samples stay readable per pair.
 */
export class LiquidityRecorder {
  private readonly open = new Map<number, { minute: number; samples: TimedSample[]; activity: MinuteActivity }>();
  private readonly recentByPair = new Map<number, { items: RecentSample[]; start: number }>();
  /** Rows closed and not yet taken by closeEnded or flush. */
  private pending: { coinId: number; row: LiquidityMinute }[] = [];

  constructor(
    private readonly recentMs = RECENT_SAMPLES_MS,
    /** The band the recent samples keep the depth of. */
    private readonly recentBand: LiquidityDepthBand = '2',
  ) {}

  /** Records a sample of `coinId` taken at `at`; closes that pair's earlier minute when `at` is past it. */
  record(coinId: number, at: number, sample: LiquiditySample): void {
    this.closeBefore(coinId, at);
    const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    const slot = this.open.get(coinId) ?? { minute, samples: [], activity: { ...NO_ACTIVITY } };
    slot.samples.push({ at, sample });
    this.open.set(coinId, slot);
    const recent = this.recentByPair.get(coinId) ?? { items: [], start: 0 };
    const d = sample.depth[this.recentBand];
    recent.items.push({ at, spreadBps: sample.spreadBps, status: sample.status, ...d });
    while (recent.start < recent.items.length && recent.items[recent.start]!.at <= at - this.recentMs) recent.start++;
    if (recent.start > 1024 && recent.start * 2 > recent.items.length) {
      recent.items = recent.items.slice(recent.start);
      recent.start = 0;
    }
    this.recentByPair.set(coinId, recent);
  }

  /** Adds trading to the pair's open minute (fills, placements, volume). */
  addActivity(coinId: number, at: number, add: Partial<MinuteActivity>): void {
    this.closeBefore(coinId, at);
    const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    const slot = this.open.get(coinId) ?? { minute, samples: [], activity: { ...NO_ACTIVITY } };
    const a = slot.activity;
    slot.activity = {
      volumeQuote: add.volumeQuote === undefined ? a.volumeQuote : addDecimal(a.volumeQuote, add.volumeQuote),
      ownVolumeQuote: add.ownVolumeQuote === undefined ? a.ownVolumeQuote : addDecimal(a.ownVolumeQuote, add.ownVolumeQuote),
      ordersPlaced: a.ordersPlaced + (add.ordersPlaced ?? 0),
      fills: a.fills + (add.fills ?? 0),
    };
    this.open.set(coinId, slot);
  }

  /** The rows of every pair's minutes that ended by `now` (and those closed by later samples since the last call). */
  closeEnded(now: number): { coinId: number; row: LiquidityMinute }[] {
    for (const coinId of [...this.open.keys()]) this.closeBefore(coinId, now);
    return this.take();
  }

  /** Every open minute's row, closed as it stands (its unsampled seconds are gaps). */
  flush(): { coinId: number; row: LiquidityMinute }[] {
    for (const [coinId, slot] of this.open) this.pending.push({ coinId, row: aggregateMinute(slot.minute, slot.samples, slot.activity) });
    this.open.clear();
    return this.take();
  }

  /** The pair's samples of the last hour, oldest first. */
  recent(coinId: number): readonly RecentSample[] {
    const r = this.recentByPair.get(coinId);
    return r === undefined ? [] : r.items.slice(r.start);
  }

  /** Forgets a pair (no longer measured): its open minute is closed into the rows to take. */
  drop(coinId: number): void {
    const slot = this.open.get(coinId);
    this.open.delete(coinId);
    this.recentByPair.delete(coinId);
    if (slot !== undefined) this.pending.push({ coinId, row: aggregateMinute(slot.minute, slot.samples, slot.activity) });
  }

  private take(): { coinId: number; row: LiquidityMinute }[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  private closeBefore(coinId: number, at: number): void {
    const slot = this.open.get(coinId);
    if (slot === undefined || at < slot.minute + MINUTE_MS) return;
    this.open.delete(coinId);
    this.pending.push({ coinId, row: aggregateMinute(slot.minute, slot.samples, slot.activity) });
  }
}
