import { add, compare, mul } from '@makerdesk/decimal';
import { EMPTY_SUMMARY, positionOf, type FiguresWindow, type FillSummary, type LedgerRow, type OrderCounts, type Position } from '@makerdesk/engine';

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
  /** The bots' fills (the ledger): how long the ledger keeps them, as rows then in packs. */
  fillDays: number;
  /**
   * How long a fill stays a row: then it is folded into per-day aggregates and checkpoints and packed
   * with its bot's day (robot_fill_packs) until `fillDays`. At most `fillDays` (a larger value reads as it).
   */
  fillRowDays: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = { cancelledOrderDays: 3, filledOrderDays: 30, tradingLogDays: 90, incidentDays: 90, fillDays: 400, fillRowDays: 30 };

const DAY_MS = 86_400_000;

/** The instants before which each kind of row goes: a row last changed before its cut is pruned. */
export interface RetentionCuts {
  cancelledOrders: number;
  filledOrders: number;
  tradingLogs: number;
  incidents: number;
  /** The ledger's cut: packs of fills all older go. */
  fills: number;
  /** Fill rows older go (folded and packed). Never earlier than `fills`. */
  fillRows: number;
}

export function retentionCuts(now: number, s: RetentionSettings): RetentionCuts {
  return {
    cancelledOrders: now - s.cancelledOrderDays * DAY_MS,
    filledOrders: now - s.filledOrderDays * DAY_MS,
    tradingLogs: now - s.tradingLogDays * DAY_MS,
    incidents: now - s.incidentDays * DAY_MS,
    fills: now - s.fillDays * DAY_MS,
    fillRows: now - Math.min(s.fillRowDays, s.fillDays) * DAY_MS,
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

// ------------------------------------------------------------------------------------- the fills

/** A ledger row as retention folds it: the row and its id (the ledger's order: positions were computed by it). */
export interface FoldableFill extends LedgerRow {
  id: number;
  robotId: number;
}

/**
 * One bot's pruned fills of one UTC day (by the fill's time): the sums a window adds, `priceQuote` the
 * sum of price × amount, `firstAt`..`lastAt` the fills' times (a window takes the day whole or not at
 * all), and the position after the day's last fill by (time, id), `lastKey` that fill's [time, id].
 */
export interface FillDay {
  robotId: number;
  day: string;
  fills: number;
  boughtBase: string;
  soldBase: string;
  boughtQuote: string;
  soldQuote: string;
  priceQuote: string;
  fees: string;
  realised: string;
  firstAt: number;
  lastAt: number;
  positionAfter: string;
  avgCostAfter: string | null;
}

/**
 * One bot's ledger after the last fill pruned, by the ledger's order (id): the average-cost fold's
 * state there (the fill's own position and average cost after it), from which the next fill resumes.
 */
export interface FillCheckpoint {
  robotId: number;
  lastFillId: number;
  positionAfter: string;
  avgCostAfter: string | null;
  /** The latest time among the fills pruned. */
  throughAt: number;
  /** Fills pruned so far. */
  fills: number;
}

/** Two aggregates of the same bot and day as one; the position is the later fill's (by time; a tie keeps `b`'s, the later batch). */
export function mergeFillDays(a: FillDay, b: FillDay): FillDay {
  const later = b.lastAt >= a.lastAt ? b : a;
  return {
    robotId: a.robotId,
    day: a.day,
    fills: a.fills + b.fills,
    boughtBase: add(a.boughtBase, b.boughtBase),
    soldBase: add(a.soldBase, b.soldBase),
    boughtQuote: add(a.boughtQuote, b.boughtQuote),
    soldQuote: add(a.soldQuote, b.soldQuote),
    priceQuote: add(a.priceQuote, b.priceQuote),
    fees: add(a.fees, b.fees),
    realised: add(a.realised, b.realised),
    firstAt: Math.min(a.firstAt, b.firstAt),
    lastAt: Math.max(a.lastAt, b.lastAt),
    positionAfter: later.positionAfter,
    avgCostAfter: later.avgCostAfter,
  };
}

/** A checkpoint moved on by a later batch: the state of whichever last fill has the greater id. */
export function mergeCheckpoints(a: FillCheckpoint | null | undefined, b: FillCheckpoint): FillCheckpoint {
  if (!a) return b;
  const later = b.lastFillId > a.lastFillId ? b : a;
  return { ...later, throughAt: Math.max(a.throughAt, b.throughAt), fills: a.fills + b.fills };
}

/**
 * Fills about to be pruned, folded: per bot and day the sums, and per bot the checkpoint (the state
 * after its fill of greatest id). Sorted by bot, then day.
 */
export function foldFills(fills: readonly FoldableFill[]): { days: FillDay[]; checkpoints: FillCheckpoint[] } {
  const days = new Map<string, FillDay>();
  const checkpoints = new Map<number, FillCheckpoint>();
  const ordered = [...fills].sort((a, b) => a.at - b.at || a.id - b.id);
  for (const f of ordered) {
    const one: FillDay = {
      robotId: f.robotId,
      day: dayOf(f.at),
      fills: 1,
      boughtBase: f.side === 'buy' ? f.amount : '0',
      soldBase: f.side === 'sell' ? f.amount : '0',
      boughtQuote: f.side === 'buy' ? f.quoteAmount : '0',
      soldQuote: f.side === 'sell' ? f.quoteAmount : '0',
      priceQuote: mul(f.price, f.amount),
      fees: f.fee,
      realised: f.realizedPnl,
      firstAt: f.at,
      lastAt: f.at,
      positionAfter: f.positionAfter,
      avgCostAfter: f.avgCostAfter,
    };
    const key = `${f.robotId}|${one.day}`;
    const had = days.get(key);
    days.set(key, had ? mergeFillDays(had, one) : one);
    const point: FillCheckpoint = { robotId: f.robotId, lastFillId: f.id, positionAfter: f.positionAfter, avgCostAfter: f.avgCostAfter, throughAt: f.at, fills: 1 };
    checkpoints.set(f.robotId, mergeCheckpoints(checkpoints.get(f.robotId), point));
  }
  return {
    days: [...days.values()].sort((a, b) => a.robotId - b.robotId || a.day.localeCompare(b.day)),
    checkpoints: [...checkpoints.values()].sort((a, b) => a.robotId - b.robotId),
  };
}

/** The sums a window reads from a bot's fill aggregates (added to what it sums of the kept rows): whole days only. */
export function fillDaysIn(days: readonly FillDay[], w: FiguresWindow): FillSummary {
  let s = EMPTY_SUMMARY;
  for (const d of days) {
    if (!dayInWindow(d, w)) continue;
    s = {
      count: s.count + d.fills,
      boughtBase: add(s.boughtBase, d.boughtBase),
      soldBase: add(s.soldBase, d.soldBase),
      boughtQuote: add(s.boughtQuote, d.boughtQuote),
      soldQuote: add(s.soldQuote, d.soldQuote),
      fees: add(s.fees, d.fees),
      realized: add(s.realized, d.realised),
    };
  }
  return s;
}

/** Two windows' sums as one. */
export function addSummaries(a: FillSummary, b: FillSummary): FillSummary {
  return {
    count: a.count + b.count,
    boughtBase: add(a.boughtBase, b.boughtBase),
    soldBase: add(a.soldBase, b.soldBase),
    boughtQuote: add(a.boughtQuote, b.boughtQuote),
    soldQuote: add(a.soldQuote, b.soldQuote),
    fees: add(a.fees, b.fees),
    realized: add(a.realized, b.realized),
  };
}

/**
 * A bot's position now, the fold resumed: its kept fill of greatest id, or the checkpoint when that
 * is later (every fill pruned, or a late fill pruned after the kept ones were written).
 */
export function latestPosition(lastKept: (Pick<LedgerRow, 'positionAfter' | 'avgCostAfter'> & { id: number }) | null | undefined, checkpoint: FillCheckpoint | null | undefined): Position {
  if (checkpoint && (!lastKept || checkpoint.lastFillId > lastKept.id)) return positionOf(checkpoint);
  return positionOf(lastKept);
}
