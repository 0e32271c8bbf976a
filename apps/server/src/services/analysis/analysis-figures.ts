import { abs, add, div, minus, mul, sign } from '@makerdesk/decimal';
import { unrealizedPnl } from '@makerdesk/engine';
import { REPLAY_START, replayFills, type ReplayFill, type ReplayState } from '../../domain/account-replay.ts';

/**
 * The data-analysis figures (spec §3 "Analysis") from a history of balance snapshots and
 * the account's trades on one pair. Pure: no clock, no IO; decimal strings in and out.
 */

export type TradeSide = 'buy' | 'sell';

/** The account's balances of one pair at one moment, with the pair's price then (null when the venue had none). */
export interface BalancePoint {
  at: number;
  base: string;
  quote: string;
  price: string | null;
}

/** One fill of the account on the pair, a bot's or a manual one (the replay's, domain/account-replay.ts). */
export type AnalysisTrade = ReplayFill;

/** What the user set; null means "the first snapshot's". */
export interface StartingPoint {
  initialFunds: string | null;
  initialToken: string | null;
}

export interface Delta {
  absolute: string;
  /** Percent of the starting figure, 2 decimals (half-even); null when it started at zero. */
  percent: string | null;
}

export interface Changes {
  base: Delta;
  quote: Delta;
  /** Null when either end has no price to value the base with. */
  value: Delta | null;
}

export interface SeriesPoint extends BalancePoint {
  /** quote + base × price; null without a price. */
  value: string | null;
  /** value − what the initial balances would be worth at this price (P&L against holding them). */
  pnl: string | null;
}

export interface PositionCost {
  /** Net base the trades built (signed: negative when they sold more than they bought). */
  base: string;
  /** Average cost of that inventory by the average-cost rule (BOTS.md "Figures"); null when flat. */
  avgCost: string | null;
  /** |base| × avgCost. */
  costValue: string;
  realizedPnl: string;
  /** (price − avgCost) × base at the latest price; null without a price. */
  unrealizedPnl: string | null;
  fees: string;
  tradeCount: number;
  botTrades: number;
  manualTrades: number;
}

export interface AnalysisFigures {
  initial: { base: string; quote: string; price: string | null; value: string | null; at: number };
  latest: SeriesPoint;
  previous: SeriesPoint | null;
  sinceLast: Changes | null;
  sinceInitial: Changes;
  /** Latest value − initial balances valued at the latest price; its percent is of that hold value. */
  pnl: Delta | null;
  position: PositionCost;
  series: SeriesPoint[];
}

const PERCENT_DECIMALS = 2;

/** (to − from) / |from| × 100; null when from is zero. */
export function percentOf(from: string, to: string): string | null {
  if (sign(from) === 0) return null;
  return div(mul(minus(to, from), '100'), abs(from), { decimals: PERCENT_DECIMALS, rounding: 'half-even' });
}

export function delta(from: string, to: string): Delta {
  return { absolute: minus(to, from), percent: percentOf(from, to) };
}

export function valueOf(point: Pick<BalancePoint, 'base' | 'quote'>, price: string | null): string | null {
  return price === null ? null : add(point.quote, mul(point.base, price));
}

function changes(from: BalancePoint, fromValue: string | null, to: BalancePoint, toValue: string | null): Changes {
  return {
    base: delta(from.base, to.base),
    quote: delta(from.quote, to.quote),
    value: fromValue === null || toValue === null ? null : delta(fromValue, toValue),
  };
}

/** Oldest first; trades at the same instant keep their given order. */
function byTime<T extends { at: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.at - b.at);
}

/**
 * The average-cost position of every trade (BOTS.md "Figures"), the engine's ledger rule, in replay
 * order (`byReplayOrder`), from `from`: the pair's checkpoint when retention folded its oldest fills
 * (then `trades` are those left), else from flat.
 */
export function positionCost(trades: readonly AnalysisTrade[], price: string | null, from: ReplayState = REPLAY_START): PositionCost {
  const { position, realized, fees, trades: tradeCount, botTrades } = replayFills(from, trades);
  return {
    base: position.base,
    avgCost: position.avgCost,
    costValue: position.avgCost === null ? '0' : mul(abs(position.base), position.avgCost),
    realizedPnl: realized,
    unrealizedPnl: price === null ? null : unrealizedPnl(position, price),
    fees,
    tradeCount,
    botTrades,
    manualTrades: tradeCount - botTrades,
  };
}

/**
 * The figures of a time range. `snapshots` are the range's (any order); `first` is the account's
 * very first snapshot, the default starting point; `trades` are those the position cost counts, after
 * `replayFrom` (the pair's replay checkpoint) when retention folded the oldest.
 * Null when the range holds no snapshot.
 */
export function analysisFigures(input: { snapshots: readonly BalancePoint[]; first: BalancePoint; start: StartingPoint; trades: readonly AnalysisTrade[]; replayFrom?: ReplayState }): AnalysisFigures | null {
  const points = byTime(input.snapshots);
  const latestPoint = points.at(-1);
  if (!latestPoint) return null;
  const initial = {
    base: input.start.initialToken ?? input.first.base,
    quote: input.start.initialFunds ?? input.first.quote,
    price: input.first.price,
    at: input.first.at,
  };
  const initialValue = valueOf(initial, initial.price);
  const series: SeriesPoint[] = points.map((p) => {
    const value = valueOf(p, p.price);
    const hold = valueOf(initial, p.price);
    return { ...p, value, pnl: value === null || hold === null ? null : minus(value, hold) };
  });
  const latest = series.at(-1) as SeriesPoint;
  const previous = series.length > 1 ? (series.at(-2) as SeriesPoint) : null;
  const holdNow = valueOf(initial, latest.price);
  return {
    initial: { ...initial, value: initialValue },
    latest,
    previous,
    sinceLast: previous ? changes(previous, previous.value, latest, latest.value) : null,
    sinceInitial: changes(initial, initialValue, latest, latest.value),
    pnl: latest.value === null || holdNow === null ? null : delta(holdNow, latest.value),
    position: positionCost(input.trades, latest.price, input.replayFrom),
    series,
  };
}

/** The start of the data-cycle slot holding `at`: cycles are aligned on the epoch (UTC). */
export function cycleSlot(at: number, cycleHours: number): number {
  const cycleMs = cycleHours * 3_600_000;
  return Math.floor(at / cycleMs) * cycleMs;
}
