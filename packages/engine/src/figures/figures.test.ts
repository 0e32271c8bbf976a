import { div, mul } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import { computeFigures, figureWindows, positionOf, summarizeFills, uptimeIn, type LedgerRow } from './figures.ts';
import { applyFill, FLAT, type Position } from './position-ledger.ts';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 23, 15, 30);

/** Rows as the journal writes them: each fill through the ledger, fee 0.1 % of its quote. */
function ledger(fills: { side: 'buy' | 'sell'; price: string; amount: string; at: number }[]): LedgerRow[] {
  let position: Position = FLAT;
  return fills.map((f) => {
    const step = applyFill(position, f);
    position = step.position;
    const quoteAmount = mul(f.price, f.amount);
    return { ...f, quoteAmount, fee: div(quoteAmount, '1000', { decimals: 8, rounding: 'half-up' }), realizedPnl: step.realized, positionAfter: position.base, avgCostAfter: position.avgCost };
  });
}

describe('bot figures', () => {
  const rows = ledger([
    { side: 'buy', price: '100', amount: '2', at: now - 20 * HOUR },
    { side: 'buy', price: '110', amount: '3', at: now - 2 * HOUR },
    { side: 'sell', price: '120', amount: '1.5', at: now - 30 * 60_000 },
  ]);

  it('all time: volumes, fees, inventory change, average cost, realised and unrealised P&L, P&L against holding', () => {
    const windows = figureWindows(now);
    const figures = computeFigures({
      fills: summarizeFills(rows, windows.allTime),
      orderCounts: { placed: 7, filled: 3, canceled: 2 },
      window: windows.allTime,
      position: positionOf(rows.at(-1)),
      mid: '115',
      uptimeMs: 5000,
    });
    expect(figures).toEqual({
      from: 0,
      to: now,
      ordersPlaced: 7,
      ordersFilled: 3,
      ordersCanceled: 2,
      tradeCount: 3,
      baseVolume: '6.5',
      quoteVolume: '710',
      fees: '0.71',
      inventoryChange: { base: '3.5', quote: '-350' },
      averageCost: '106',
      realizedPnl: '21',
      unrealizedPnl: '31.5',
      // -350 + 3.5 × 115 − 0.71: realised 21 + unrealised 31.5 − fees, as it must
      pnlVsHold: '51.79',
      uptimeMs: 5000,
    });
  });

  it('windows: the last hour sees the sell alone; today starts at 00:00 UTC', () => {
    const windows = figureWindows(now);
    expect(windows.today.from).toBe(Date.UTC(2026, 10, 23));
    expect(summarizeFills(rows, windows.lastHour)).toMatchObject({ count: 1, soldBase: '1.5', soldQuote: '180', realized: '21' });
    expect(summarizeFills(rows, windows.today)).toMatchObject({ count: 2, boughtBase: '3', soldBase: '1.5' });
  });

  it('without a mid, unrealised P&L and P&L against holding are unknown, not zero', () => {
    const windows = figureWindows(now);
    const figures = computeFigures({ fills: summarizeFills([]), orderCounts: { placed: 0, filled: 0, canceled: 0 }, window: windows.today, position: FLAT, mid: null, uptimeMs: 0 });
    expect(figures).toMatchObject({ tradeCount: 0, baseVolume: '0', averageCost: null, realizedPnl: '0', unrealizedPnl: null, pnlVsHold: null });
  });

  it('uptime counts the overlap of each run with the window, an open run up to now', () => {
    const runs = [
      { startedAt: now - 3 * HOUR, stoppedAt: now - 2 * HOUR },
      { startedAt: now - 30 * 60_000, stoppedAt: null },
    ];
    expect(uptimeIn(runs, figureWindows(now).lastHour, now)).toBe(30 * 60_000);
    expect(uptimeIn(runs, figureWindows(now).allTime, now)).toBe(HOUR + 30 * 60_000);
  });
});
