/**
 * The fills' retention (issue 21): a bot's ledger pruned in batches, folded into day aggregates and a
 * checkpoint, reads the same as the whole ledger: every window of whole days sums the same, and the
 * average-cost fold (path dependent) resumes from the checkpoint to the same position for every fill
 * written afterwards, late fills (older than what was pruned) included. Exact decimal strings.
 */
import { mul } from '@makerdesk/decimal';
import { applyFill, positionOf, summarizeFills, type FiguresWindow } from '@makerdesk/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addSummaries, dayOf, fillDaysIn, foldFills, latestPosition, mergeCheckpoints, mergeFillDays, type FillCheckpoint, type FillDay, type FoldableFill } from './retention.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

type Action =
  | { kind: 'fill'; robot: number; dt: number; buy: boolean; cents: number; milli: number }
  | { kind: 'late'; robot: number; back: number; buy: boolean; cents: number; milli: number }
  | { kind: 'prune'; keepMs: number; limit: number };

const trade = { robot: fc.integer({ min: 1, max: 2 }), buy: fc.boolean(), cents: fc.integer({ min: 9000, max: 11099 }), milli: fc.integer({ min: 1, max: 3000 }) };
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('fill' as const), dt: fc.integer({ min: 0, max: DAY / 2 }), ...trade }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('late' as const), back: fc.integer({ min: 1, max: 6 * DAY }), ...trade }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('prune' as const), keepMs: fc.integer({ min: 0, max: 4 * DAY }), limit: fc.integer({ min: 1, max: 12 }) }) },
);

/** The whole ledger and its pruned twin (kept rows, day aggregates, checkpoints), written and pruned as the server does. */
class Ledgers {
  readonly all: FoldableFill[] = [];
  kept: FoldableFill[] = [];
  readonly days = new Map<string, FillDay>();
  readonly checkpoints = new Map<number, FillCheckpoint>();
  private id = 0;
  now = T0;

  /** A fill written: its position from the last row (the whole ledger) and from the resumed fold (the pruned one), which must agree. */
  write(robot: number, at: number, buy: boolean, cents: number, milli: number): void {
    const lastOf = (rows: FoldableFill[]) => rows.filter((r) => r.robotId === robot).reduce<FoldableFill | null>((a, r) => (a && a.id > r.id ? a : r), null);
    const whole = positionOf(lastOf(this.all));
    const resumed = latestPosition(lastOf(this.kept), this.checkpoints.get(robot));
    expect(resumed).toEqual(whole);
    const price = (cents / 100).toFixed(2);
    const amount = (milli / 1000).toFixed(3);
    const step = applyFill(whole, { side: buy ? 'buy' : 'sell', price, amount });
    const quoteAmount = mul(price, amount);
    const row: FoldableFill = {
      id: ++this.id,
      robotId: robot,
      side: buy ? 'buy' : 'sell',
      price,
      amount,
      quoteAmount,
      fee: mul(quoteAmount, '0.001'),
      realizedPnl: step.realized,
      positionAfter: step.position.base,
      avgCostAfter: step.position.avgCost,
      at,
    };
    this.all.push(row);
    this.kept.push(row);
  }

  /** One batch per bot (RetentionRepository.pruneFills takes a pair's across its bots, each bot's part likewise): its oldest kept fills (time, then id) before the cut, folded then removed. */
  prune(cut: number, limit: number): void {
    for (const robot of [1, 2]) {
      const batch = this.kept
        .filter((r) => r.robotId === robot && r.at < cut)
        .sort((a, b) => a.at - b.at || a.id - b.id)
        .slice(0, limit);
      const gone = new Set(batch.map((r) => r.id));
      this.kept = this.kept.filter((r) => !gone.has(r.id));
      const { days, checkpoints } = foldFills(batch);
      for (const d of days) {
        const key = `${d.robotId}|${d.day}`;
        const had = this.days.get(key);
        this.days.set(key, had ? mergeFillDays(had, d) : d);
      }
      for (const c of checkpoints) this.checkpoints.set(c.robotId, mergeCheckpoints(this.checkpoints.get(c.robotId), c));
    }
  }

  /** Every window's sums and the position now, each bot: the whole ledger's and the pruned one's. */
  figures(windows: FiguresWindow[]) {
    const whole = [1, 2].map((robot) => {
      const rows = this.all.filter((r) => r.robotId === robot);
      return { sums: windows.map((w) => summarizeFills(rows, w)), position: positionOf(rows.at(-1)) };
    });
    const pruned = [1, 2].map((robot) => {
      const rows = this.kept.filter((r) => r.robotId === robot);
      const days = [...this.days.values()].filter((d) => d.robotId === robot);
      const last = rows.reduce<FoldableFill | null>((a, r) => (a && a.id > r.id ? a : r), null);
      return { sums: windows.map((w) => addSummaries(summarizeFills(rows, w), fillDaysIn(days, w))), position: latestPosition(last, this.checkpoints.get(robot)) };
    });
    return { whole, pruned };
  }
}

const dayStart = (ms: number) => ms - (ms % DAY);

/** Since start, and windows of whole UTC days (as the console's "today" and "7 days" at midnight), over the history. */
function windowsOver(now: number): FiguresWindow[] {
  const windows: FiguresWindow[] = [{ from: 0, to: now }];
  for (let from = dayStart(T0 - 6 * DAY); from <= now; from += DAY) {
    windows.push({ from, to: now });
    windows.push({ from, to: from + DAY - 1 });
    windows.push({ from, to: from + 3 * DAY - 1 });
  }
  return windows;
}

describe('the fills ledger pruned into day aggregates and a checkpoint', () => {
  it('reads the same as the whole ledger, and the average-cost fold resumes from the checkpoint exactly', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 120 }), (actions) => {
        const ledgers = new Ledgers();
        for (const a of actions) {
          if (a.kind === 'fill') ledgers.write(a.robot, (ledgers.now += a.dt), a.buy, a.cents, a.milli);
          else if (a.kind === 'late') ledgers.write(a.robot, Math.max(T0 - 6 * DAY, ledgers.now - a.back), a.buy, a.cents, a.milli);
          else ledgers.prune(ledgers.now - a.keepMs, a.limit);
        }
        // Then everything pruned, and a fill written on top of the checkpoints alone.
        const { whole, pruned } = ledgers.figures(windowsOver(ledgers.now));
        expect(pruned).toEqual(whole);
        ledgers.prune(ledgers.now + 1, Infinity);
        expect(ledgers.kept).toEqual([]);
        const emptied = ledgers.figures(windowsOver(ledgers.now));
        expect(emptied.pruned).toEqual(emptied.whole);
        ledgers.write(1, ledgers.now + 1, false, 10000, 1500);
        ledgers.write(2, ledgers.now + 2, true, 10000, 1500);
        const end = ledgers.figures(windowsOver(ledgers.now + 2));
        expect(end.pruned).toEqual(end.whole);
      }),
      { numRuns: 300, seed: 21_400 },
    );
  });

  it('a day aggregate keeps the position after the day’s last fill; the checkpoint the one after the greatest id (a late fill pruned after later ones)', () => {
    const row = (id: number, at: number, positionAfter: string): FoldableFill => ({
      id,
      robotId: 7,
      side: 'buy',
      price: '100',
      amount: '1',
      quoteAmount: '100',
      fee: '0.1',
      realizedPnl: '0',
      positionAfter,
      avgCostAfter: '100',
      at,
    });
    // Fill 3 came late: written after 1 and 2 but dated before them.
    const { days, checkpoints } = foldFills([row(1, T0 + 1000, '1'), row(2, T0 + 2000, '2'), row(3, T0 + 500, '3'), row(4, T0 + DAY + 1, '4')]);
    expect(days.map((d) => [d.day, d.fills, d.positionAfter, d.firstAt - T0, d.lastAt - T0])).toEqual([
      [dayOf(T0), 3, '2', 500, 2000],
      [dayOf(T0 + DAY), 1, '4', DAY + 1, DAY + 1],
    ]);
    expect(checkpoints).toEqual([{ robotId: 7, lastFillId: 4, positionAfter: '4', avgCostAfter: '100', throughAt: T0 + DAY + 1, fills: 4 }]);
    // A kept fill later by id than the checkpoint gives the position; an earlier one does not.
    expect(latestPosition({ id: 5, positionAfter: '9', avgCostAfter: '101' }, checkpoints[0])).toEqual({ base: '9', avgCost: '101' });
    expect(latestPosition({ id: 3, positionAfter: '9', avgCostAfter: '101' }, checkpoints[0])).toEqual({ base: '4', avgCost: '100' });
    expect(latestPosition(null, checkpoints[0])).toEqual({ base: '4', avgCost: '100' });
    expect(latestPosition(null, null)).toEqual({ base: '0', avgCost: null });
  });
});
