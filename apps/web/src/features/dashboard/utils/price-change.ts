import { percentChange } from '@/lib/numbers';
import type { Candle } from '@/market-data/types';

export interface PriceChange {
  /** Signed percentage, 2 decimals ('1.25', '-0.40'). */
  percent: string;
  from: string;
  to: string;
  /** When the baseline price was current (epoch ms). */
  since: number;
  /** False when the history is shorter than the window: the change then runs from the first candle. */
  complete: boolean;
}

/**
 * The change over a window from candles (oldest first): the last close against the price at
 * `now − window`, which is the close of the last candle that ended by then.
 */
export function priceChange(candles: readonly Candle[], windowMs: number, intervalMs: number, now: number): PriceChange | null {
  const last = candles.at(-1);
  const first = candles[0];
  if (!last || !first) return null;
  const target = now - windowMs;
  const ended = candles.findLast((c) => c.time + intervalMs <= target);
  const baseline = ended
    ? { from: ended.close, since: ended.time + intervalMs, complete: true }
    : { from: first.open, since: first.time, complete: first.time <= target };
  const percent = percentChange(baseline.from, last.close);
  return percent === null ? null : { percent, to: last.close, ...baseline };
}
