import { add, compare } from '@makerdesk/decimal';
import type { FiguresWindow, OrderCounts } from '@makerdesk/engine';

/** How long each kind of data is kept, in days (config.ts: MAKERDESK_RETAIN_*). */
export interface RetentionSettings {
  /** Orders cancelled (or rejected) without a fill. */
  cancelledOrderDays: number;
  /** Final orders with a fill (filled, or cancelled after a partial fill). */
  filledOrderDays: number;
  /** Trading-log lines. */
  tradingLogDays: number;
  /** Incidents (a pair's emergency stop still halting it is kept whatever its age). */
  incidentDays: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = { cancelledOrderDays: 3, filledOrderDays: 30, tradingLogDays: 90, incidentDays: 90 };

const DAY_MS = 86_400_000;

/** The instants before which each kind of row goes: a row last changed before its cut is pruned. */
export interface RetentionCuts {
  cancelledOrders: number;
  filledOrders: number;
  tradingLogs: number;
  incidents: number;
}

export function retentionCuts(now: number, s: RetentionSettings): RetentionCuts {
  return {
    cancelledOrders: now - s.cancelledOrderDays * DAY_MS,
    filledOrders: now - s.filledOrderDays * DAY_MS,
    tradingLogs: now - s.tradingLogDays * DAY_MS,
    incidents: now - s.incidentDays * DAY_MS,
  };
}

/** A journal order as the fold sees it (money as decimal strings, times in epoch ms). */
export interface FoldableOrder {
  robotId: number;
  state: string;
  filledAmount: string;
  filledValue: string;
  createdAt: number;
  updatedAt: number;
}

/**
 * Whether an order's row may go: live and unknown orders never (only final states), one cancelled or
 * rejected without a fill once it last changed before the cancelled cut, one with a fill before the
 * filled cut.
 */
export function isPrunable(order: Pick<FoldableOrder, 'state' | 'filledAmount' | 'updatedAt'>, cuts: Pick<RetentionCuts, 'cancelledOrders' | 'filledOrders'>): boolean {
  if (order.state !== 'filled' && order.state !== 'canceled' && order.state !== 'rejected') return false;
  const filled = compare(order.filledAmount, '0') > 0;
  return order.updatedAt < (filled ? cuts.filledOrders : cuts.cancelledOrders);
}

/**
 * One bot's pruned orders of one UTC day, as the figures count them: placed (not rejected) by the
 * day of their creation; filled and cancelled by the day of their last change (as the journal's
 * counts have them), with the base and quote they filled. `firstAt`..`lastAt` spans the instants
 * counted, so a window takes the day whole or not at all (`orderDaysIn`).
 */
export interface OrderDay {
  robotId: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  placed: number;
  filled: number;
  canceled: number;
  rejected: number;
  filledBase: string;
  filledQuote: string;
  firstAt: number;
  lastAt: number;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const emptyDay = (robotId: number, day: string, at: number): OrderDay => ({
  robotId,
  day,
  placed: 0,
  filled: 0,
  canceled: 0,
  rejected: 0,
  filledBase: '0',
  filledQuote: '0',
  firstAt: at,
  lastAt: at,
});

/** Two aggregates of the same bot and day as one. */
export function mergeDays(a: OrderDay, b: OrderDay): OrderDay {
  return {
    robotId: a.robotId,
    day: a.day,
    placed: a.placed + b.placed,
    filled: a.filled + b.filled,
    canceled: a.canceled + b.canceled,
    rejected: a.rejected + b.rejected,
    filledBase: add(a.filledBase, b.filledBase),
    filledQuote: add(a.filledQuote, b.filledQuote),
    firstAt: Math.min(a.firstAt, b.firstAt),
    lastAt: Math.max(a.lastAt, b.lastAt),
  };
}

/** Final orders folded into per-bot, per-day aggregates (sorted by bot, then day). */
export function foldOrders(orders: readonly FoldableOrder[]): OrderDay[] {
  const days = new Map<string, OrderDay>();
  const bump = (robotId: number, at: number, change: (d: OrderDay) => void) => {
    const day = dayOf(at);
    const key = `${robotId}|${day}`;
    let d = days.get(key);
    if (!d) days.set(key, (d = emptyDay(robotId, day, at)));
    d.firstAt = Math.min(d.firstAt, at);
    d.lastAt = Math.max(d.lastAt, at);
    change(d);
  };
  for (const o of orders) {
    if (o.state === 'rejected') {
      bump(o.robotId, o.updatedAt, (d) => d.rejected++);
      continue;
    }
    bump(o.robotId, o.createdAt, (d) => d.placed++);
    if (o.state === 'filled' || o.state === 'canceled') {
      bump(o.robotId, o.updatedAt, (d) => {
        if (o.state === 'filled') d.filled++;
        else d.canceled++;
        d.filledBase = add(d.filledBase, o.filledAmount);
        d.filledQuote = add(d.filledQuote, o.filledValue);
      });
    }
  }
  return [...days.values()].sort((a, b) => a.robotId - b.robotId || a.day.localeCompare(b.day));
}

/** Whether a window counts a day's aggregate: only whole (every instant it counted lies inside). */
export const dayInWindow = (day: Pick<OrderDay, 'firstAt' | 'lastAt'>, w: FiguresWindow): boolean => day.firstAt >= w.from && day.lastAt <= w.to;

/** The order counts a window reads from aggregates (added to what it counts of the remaining rows). */
export function orderDaysIn(days: readonly OrderDay[], w: FiguresWindow): OrderCounts {
  const counts = { placed: 0, filled: 0, canceled: 0 };
  for (const d of days) {
    if (!dayInWindow(d, w)) continue;
    counts.placed += d.placed;
    counts.filled += d.filled;
    counts.canceled += d.canceled;
  }
  return counts;
}
