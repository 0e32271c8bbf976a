import { add } from '@makerdesk/decimal';
import { applyFill, FLAT, type Position } from '@makerdesk/engine';

/**
 * The analysis's replay of an account's fills on a pair (its position cost, spec §3 "Analysis"): the
 * bots' fills and the manual ones merged, each applied in turn by the average-cost rule (BOTS.md
 * "Figures"). Pure: decimal strings in and out.
 *
 * Retention prunes the bots' fills (manual_fills are never pruned), so the replay is also kept folded:
 * the prune that deletes a pair's oldest bot fills folds the merged replay up to the last one it deleted
 * into the pair's checkpoint (pair_fill_checkpoints), and the replay resumes from there with the fills
 * left. Both use `replayFills` and `byReplayOrder`, so the two read the same.
 */

/** One fill as the replay takes it; `feeQuote` null: a fee in a third asset whose price was unknown (not counted). */
export interface ReplayFill {
  at: number;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  feeQuote: string | null;
  origin: 'bot' | 'manual';
  /** The row's id in its own table (robot_fills or manual_fills); a fill without one keeps its given order among its equals. */
  id?: number;
}

/** Where the replay stands after some fills. */
export interface ReplayState {
  position: Position;
  realized: string;
  fees: string;
  trades: number;
  botTrades: number;
}

export const REPLAY_START: ReplayState = { position: FLAT, realized: '0', fees: '0', trades: 0, botTrades: 0 };

/**
 * The replay's order: by time, then the bots' fills before the manual ones, then by id (each table's
 * ledger order). Total, so a replay cut anywhere and resumed takes the rest in the same order.
 */
export function byReplayOrder(a: Pick<ReplayFill, 'at' | 'origin' | 'id'>, b: Pick<ReplayFill, 'at' | 'origin' | 'id'>): number {
  return a.at - b.at || (a.origin === b.origin ? 0 : a.origin === 'bot' ? -1 : 1) || (a.id ?? 0) - (b.id ?? 0);
}

/** The state after the fills, applied in replay order from `from`. */
export function replayFills(from: ReplayState, fills: readonly ReplayFill[]): ReplayState {
  let { position, realized, fees, trades, botTrades } = from;
  for (const fill of [...fills].sort(byReplayOrder)) {
    const applied = applyFill(position, { side: fill.side, price: fill.price, amount: fill.amount });
    position = applied.position;
    realized = add(realized, applied.realized);
    if (fill.feeQuote !== null) fees = add(fees, fill.feeQuote);
    trades++;
    if (fill.origin === 'bot') botTrades++;
  }
  return { position, realized, fees, trades, botTrades };
}
