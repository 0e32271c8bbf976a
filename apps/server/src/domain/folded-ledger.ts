import { add, minus } from '@makerdesk/decimal';
import { equityCurve, positionOf, unrealizedPnl, type CurvePoint, type PnlFill } from '@makerdesk/engine';

/** One UTC day of a bot's fills retention folded (robot_fill_days): its sums and the position after its last fill. */
export interface FoldedFillDay {
  firstAt: number;
  lastAt: number;
  realised: string;
  fees: string;
  positionAfter: string;
  avgCostAfter: string | null;
}

/** What retention left of a bot's pruned fills: its days, and its ledger's checkpoint (the state after the last fill pruned). */
export interface FoldedLedger {
  days: readonly FoldedFillDay[];
  checkpoint: { positionAfter: string; avgCostAfter: string | null; throughAt: number };
}

/**
 * A bot's equity curve (cumulative realised − fees + unrealised at each sample's mid) when retention
 * folded its oldest fills: a sample before the last fill pruned reads the days folded by then (their
 * realised P&L and fees, the latest one's position), a later one resumes from the checkpoint (every
 * folded day booked, its position) with the fills kept. The same figures as replaying every fill from
 * flat (`equityCurve`) at samples no folded day straddles: the desk's curve samples daily closes (UTC
 * midnights) once it spans more than 20 days, as it always does past a retention that long.
 */
export function foldedEquityCurve(kept: readonly PnlFill[], mids: readonly { at: number; mid: string }[], folded: FoldedLedger): CurvePoint[] {
  const days = [...folded.days].sort((a, b) => a.lastAt - b.lastAt);
  const through = folded.checkpoint.throughAt;
  const out: CurvePoint[] = [];
  let booked = '0';
  let position = positionOf(null);
  let next = 0;
  for (const sample of mids) {
    if (sample.at >= through) break;
    for (; next < days.length && days[next]!.lastAt <= sample.at; next++) {
      const day = days[next]!;
      booked = minus(add(booked, day.realised), day.fees);
      position = positionOf(day);
    }
    out.push({ at: sample.at, total: add(booked, unrealizedPnl(position, sample.mid)) });
  }
  for (; next < days.length; next++) booked = minus(add(booked, days[next]!.realised), days[next]!.fees);
  return [...out, ...equityCurve(kept, mids.slice(out.length), { position: positionOf(folded.checkpoint), booked })];
}
