import { add, minus, mul, negate } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { applyFill, FLAT, unrealizedPnl, type Position } from './position-ledger.ts';

/**
 * The desk's P&L (DESK.md "P&L"): one definition for every screen, export and message. Pure: fills,
 * the position before the window and mid prices in; decimal strings out, all in the quote asset.
 */

/** A fill as the P&L reads it; `feeQuote` is its fee valued in quote at the fill (a rebate is negative). */
export interface PnlFill {
  at: number;
  side: Side;
  price: string;
  amount: string;
  feeQuote: string;
}

/** The parts of a window's P&L: total = realised + unrealised − fees, where unrealised is its change over the window. */
export interface PnlParts {
  total: string;
  realised: string;
  /** Unrealised at the window's end minus unrealised at its start. */
  unrealised: string;
  fees: string;
}

export interface SourcePnl extends PnlParts {
  /** The value now of the trades against holding the window's starting balances, fees included. */
  vsHold: string;
  /** The position at the window's start and end, and unrealised P&L at each. */
  start: Position;
  end: Position;
  unrealisedStart: string;
  unrealisedEnd: string;
  fillCount: number;
}

export const ZERO_PARTS: PnlParts = { total: '0', realised: '0', unrealised: '0', fees: '0' };

export const PNL_WINDOWS = ['1h', 'today', '7d', 'all'] as const;
export type PnlWindow = (typeof PNL_WINDOWS)[number];

const HOUR = 3_600_000;

/**
 * The window's start in epoch ms: the last hour (rolling), today since 00:00 UTC, 7 days (rolling),
 * or since start (0: every fill counts, the position before it is flat).
 */
export function pnlWindowStart(window: PnlWindow, now: number): number {
  switch (window) {
    case '1h':
      return now - HOUR;
    case 'today': {
      const d = new Date(now);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    }
    case '7d':
      return now - 7 * 24 * HOUR;
    case 'all':
      return 0;
  }
}

/** The average-cost position after these fills (oldest first), from `start`. */
export function replayPosition(fills: readonly Pick<PnlFill, 'side' | 'price' | 'amount'>[], start: Position = FLAT): Position {
  let position = start;
  for (const fill of fills) position = applyFill(position, fill).position;
  return position;
}

export interface WindowPnlInput {
  /** The source's fills inside the window, oldest first. */
  fills: readonly PnlFill[];
  /** The source's position just before the window. */
  start: Position;
  /** Mid at the window's start (only read when `start` holds a position). */
  midStart: string;
  /** Mid at the window's end. */
  midEnd: string;
}

/** What a window's fills come to: SQL can sum them for a bot whose ledger rows already carry their realised P&L. */
export interface WindowSums {
  /** The position before the window and after its last fill. */
  start: Position;
  end: Position;
  realised: string;
  fees: string;
  /** Base bought − sold, and quote received − paid. */
  baseChange: string;
  quoteChange: string;
  fillCount: number;
}

/** Sums a window's fills by the average-cost rule from the position before it. */
export function sumWindow(start: Position, fills: readonly PnlFill[]): WindowSums {
  let position = start;
  let realised = '0';
  let fees = '0';
  let baseChange = '0';
  let quoteChange = '0';
  for (const fill of fills) {
    const applied = applyFill(position, fill);
    position = applied.position;
    realised = add(realised, applied.realized);
    fees = add(fees, fill.feeQuote);
    const value = mul(fill.price, fill.amount);
    baseChange = add(baseChange, fill.side === 'buy' ? fill.amount : negate(fill.amount));
    quoteChange = add(quoteChange, fill.side === 'buy' ? negate(value) : value);
  }
  return { start, end: position, realised, fees, baseChange, quoteChange, fillCount: fills.length };
}

/** A window's P&L from its sums and the mids at its start and end. */
export function pnlOfSums(sums: WindowSums, midStart: string, midEnd: string): SourcePnl {
  const unrealisedStart = unrealizedPnl(sums.start, midStart);
  const unrealisedEnd = unrealizedPnl(sums.end, midEnd);
  const unrealised = minus(unrealisedEnd, unrealisedStart);
  return {
    total: minus(add(sums.realised, unrealised), sums.fees),
    realised: sums.realised,
    unrealised,
    fees: sums.fees,
    // (base_now·mid + quote_now) − (base_start·mid + quote_start) = Δbase·mid + Δquote, fees in quote taken out.
    vsHold: minus(add(mul(sums.baseChange, midEnd), sums.quoteChange), sums.fees),
    start: sums.start,
    end: sums.end,
    unrealisedStart,
    unrealisedEnd,
    fillCount: sums.fillCount,
  };
}

/** One source's P&L over a window (a bot, the manual trades, or anything whose fills are given). */
export function windowPnl({ fills, start, midStart, midEnd }: WindowPnlInput): SourcePnl {
  return pnlOfSums(sumWindow(start, fills), midStart, midEnd);
}

/** The sum of several sources' parts (the desk's total is the sum of its sources). */
export function sumParts<T extends PnlParts>(parts: readonly T[]): PnlParts {
  return parts.reduce<PnlParts>(
    (s, p) => ({ total: add(s.total, p.total), realised: add(s.realised, p.realised), unrealised: add(s.unrealised, p.unrealised), fees: add(s.fees, p.fees) }),
    ZERO_PARTS,
  );
}

/** The sum of sources' P&L against holding. */
export function sumVsHold(parts: readonly Pick<SourcePnl, 'vsHold'>[]): string {
  return parts.reduce((s, p) => add(s, p.vsHold), '0');
}

/**
 * A fee valued in quote at its fill: a quote fee as it is, a base fee at the fill price, a fee in a
 * third asset (BNB) at that asset's price against the quote then. Null when that price is unknown:
 * the fee is then not valued, and never counted as 0.
 */
export function feeValueInQuote(fee: { amount: string; asset: string }, pair: { base: string; quote: string }, fillPrice: string, feeAssetPrice: string | null): string | null {
  if (fee.asset === pair.quote) return fee.amount;
  if (fee.asset === pair.base) return mul(fee.amount, fillPrice);
  return feeAssetPrice === null ? null : mul(fee.amount, feeAssetPrice);
}

export interface CurvePoint {
  at: number;
  /** Cumulative total P&L since the curve's start, at the mid of that moment. */
  total: string;
}

/** Where a curve stands before its fills: the position, and realised P&L less fees booked so far. */
export interface CurveStart {
  position: Position;
  booked: string;
}

/**
 * An equity curve: cumulative total P&L (realised − fees + unrealised at each point's mid) at each
 * sample of `mids` (oldest first), from `start` before `fills` (a flat position, nothing booked, unless
 * told: the state a ledger's folded fills left).
 */
export function equityCurve(fills: readonly PnlFill[], mids: readonly { at: number; mid: string }[], start: CurveStart = { position: FLAT, booked: '0' }): CurvePoint[] {
  const sorted = [...fills].sort((a, b) => a.at - b.at);
  const out: CurvePoint[] = [];
  let position: Position = start.position;
  let booked = start.booked;
  let i = 0;
  for (const sample of mids) {
    while (i < sorted.length && (sorted[i] as PnlFill).at <= sample.at) {
      const fill = sorted[i] as PnlFill;
      const applied = applyFill(position, fill);
      position = applied.position;
      booked = minus(add(booked, applied.realized), fill.feeQuote);
      i++;
    }
    out.push({ at: sample.at, total: add(booked, unrealizedPnl(position, sample.mid)) });
  }
  return out;
}

/** Daily P&L bars: the change of the equity curve over each UTC day (the first day from zero). */
export function dailyBars(curve: readonly CurvePoint[]): { day: number; total: string }[] {
  const lastOfDay = new Map<number, string>();
  for (const point of curve) lastOfDay.set(pnlWindowStart('today', point.at), point.total);
  const bars: { day: number; total: string }[] = [];
  let previous = '0';
  for (const [day, total] of [...lastOfDay.entries()].sort((a, b) => a[0] - b[0])) {
    bars.push({ day, total: minus(total, previous) });
    previous = total;
  }
  return bars;
}
