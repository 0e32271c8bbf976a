import { add, compare, minus, mul } from '@makerdesk/decimal';
import type { RobotFigures } from '@makerdesk/contract';
import type { Side } from '@makerdesk/exchange';
import { unrealizedPnl, type Position } from './position-ledger.ts';

/** A fill as the ledger keeps it: the engine's FillRecord with what the average-cost method made of it. */
export interface LedgerRow {
  side: Side;
  price: string;
  amount: string;
  quoteAmount: string;
  fee: string;
  realizedPnl: string;
  positionAfter: string;
  avgCostAfter: string | null;
  at: number;
}

/** The sums of a window's fills: what SQL aggregates per bot, or `summarizeFills` from rows. */
export interface FillSummary {
  count: number;
  boughtBase: string;
  soldBase: string;
  boughtQuote: string;
  soldQuote: string;
  fees: string;
  realized: string;
}

export const EMPTY_SUMMARY: FillSummary = { count: 0, boughtBase: '0', soldBase: '0', boughtQuote: '0', soldQuote: '0', fees: '0', realized: '0' };

export interface OrderCounts {
  placed: number;
  filled: number;
  canceled: number;
}

export const NO_ORDERS: OrderCounts = { placed: 0, filled: 0, canceled: 0 };

/** Epoch ms, both ends included. */
export interface FiguresWindow {
  from: number;
  to: number;
}

export function summarizeFills(rows: readonly LedgerRow[], window?: FiguresWindow): FillSummary {
  let s = EMPTY_SUMMARY;
  for (const r of rows) {
    if (window && (r.at < window.from || r.at > window.to)) continue;
    s = {
      count: s.count + 1,
      boughtBase: r.side === 'buy' ? add(s.boughtBase, r.amount) : s.boughtBase,
      soldBase: r.side === 'sell' ? add(s.soldBase, r.amount) : s.soldBase,
      boughtQuote: r.side === 'buy' ? add(s.boughtQuote, r.quoteAmount) : s.boughtQuote,
      soldQuote: r.side === 'sell' ? add(s.soldQuote, r.quoteAmount) : s.soldQuote,
      fees: add(s.fees, r.fee),
      realized: add(s.realized, r.realizedPnl),
    };
  }
  return s;
}

/** The position after the last fill (the ledger's latest row), flat before any. */
export function positionOf(last: Pick<LedgerRow, 'positionAfter' | 'avgCostAfter'> | null | undefined): Position {
  if (!last || compare(last.positionAfter, '0') === 0) return { base: '0', avgCost: null };
  return { base: last.positionAfter, avgCost: last.avgCostAfter };
}

export interface FiguresInput {
  fills: FillSummary;
  orderCounts: OrderCounts;
  window: FiguresWindow;
  /** The bot's position now (average cost and unrealised P&L are about the present, in every window). */
  position: Position;
  /** The pair's mid price now; null when unknown (unrealised P&L and P&L against holding are then null). */
  mid: string | null;
  uptimeMs: number;
}

/**
 * One window's figures (BOTS.md "Figures a market maker reads"). Fees are in quote.
 * Inventory change: bought − sold base, and the quote that moved the other way.
 * P&L against holding the starting balances: Δquote + Δbase × mid − fees.
 */
export function computeFigures({ fills, orderCounts, window, position, mid, uptimeMs }: FiguresInput): RobotFigures {
  const baseChange = minus(fills.boughtBase, fills.soldBase);
  const quoteChange = minus(fills.soldQuote, fills.boughtQuote);
  return {
    from: window.from,
    to: window.to,
    ordersPlaced: orderCounts.placed,
    ordersFilled: orderCounts.filled,
    ordersCanceled: orderCounts.canceled,
    tradeCount: fills.count,
    baseVolume: add(fills.boughtBase, fills.soldBase),
    quoteVolume: add(fills.boughtQuote, fills.soldQuote),
    fees: fills.fees,
    inventoryChange: { base: baseChange, quote: quoteChange },
    averageCost: position.avgCost,
    realizedPnl: fills.realized,
    unrealizedPnl: mid === null ? null : unrealizedPnl(position, mid),
    pnlVsHold: mid === null ? null : minus(add(quoteChange, mul(baseChange, mid)), fills.fees),
    uptimeMs: Math.max(0, Math.round(uptimeMs)),
  };
}

/** The three windows the console shows: the last hour, today since 00:00 UTC, and all time. */
export function figureWindows(now: number): { lastHour: FiguresWindow; today: FiguresWindow; allTime: FiguresWindow } {
  const day = new Date(now);
  const dayStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return { lastHour: { from: now - 3_600_000, to: now }, today: { from: dayStart, to: now }, allTime: { from: 0, to: now } };
}

/** Uptime inside a window from the bot's runs (a run without an end is still going). */
export function uptimeIn(runs: readonly { startedAt: number; stoppedAt: number | null }[], window: FiguresWindow, now: number): number {
  let total = 0;
  for (const run of runs) {
    const from = Math.max(run.startedAt, window.from);
    const to = Math.min(run.stoppedAt ?? now, window.to, now);
    if (to > from) total += to - from;
  }
  return total;
}
