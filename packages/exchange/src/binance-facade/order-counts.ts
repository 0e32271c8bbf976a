import { ORDER_RATE_LIMITS } from './format.ts';

const INTERVAL_MS = { SECOND: 1000, MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 } as const;

interface Window {
  start: number;
  count: number;
}

/**
 * The new orders each API key placed through this facade in Binance's ORDERS intervals (10 s and
 * one day, fixed windows aligned on UTC), as `GET /api/v3/rateLimit/order` reports them. Every
 * order placed counts; they are counted, not limited, and each server keeps its own count.
 */
export class OrderCounts {
  private readonly byKey = new Map<string, Window[]>();

  record(apiKey: string, now: number): void {
    const windows = this.current(apiKey, now);
    for (const window of windows) window.count += 1;
  }

  of(apiKey: string, now: number) {
    const windows = this.current(apiKey, now);
    return ORDER_RATE_LIMITS.map((limit, i) => ({ ...limit, count: windows[i]!.count }));
  }

  private current(apiKey: string, now: number): Window[] {
    const starts = ORDER_RATE_LIMITS.map(({ interval, intervalNum }) => {
      const length = INTERVAL_MS[interval] * intervalNum;
      return now - (now % length);
    });
    let windows = this.byKey.get(apiKey);
    if (windows === undefined) {
      windows = starts.map((start) => ({ start, count: 0 }));
      this.byKey.set(apiKey, windows);
    }
    windows.forEach((window, i) => {
      if (window.start !== starts[i]) Object.assign(window, { start: starts[i], count: 0 });
    });
    return windows;
  }
}
