import { describe, expect, it } from 'vitest';
import { foldLedger, SELF_TRADE_WINDOW_MS, tradedQuote, type LedgerFill } from './live-activity.ts';

const fill = (coinId: number, side: 'buy' | 'sell', amount: string, quoteAmount: string, at: number, tradeId?: string): LedgerFill => ({ coinId, side, amount, quoteAmount, at, ...(tradeId === undefined ? {} : { tradeId }) });

describe('tradedQuote', () => {
  it('sums price × amount exactly', () => {
    expect(tradedQuote([])).toBe('0');
    expect(
      tradedQuote([
        { price: '0.1', amount: '3' },
        { price: '0.2', amount: '0.000000001' },
      ]),
    ).toBe('0.3000000002');
  });
});

describe('foldLedger', () => {
  it('adds each pair’s own volume, the bots’ fills and placements', () => {
    const folded = foldLedger({
      botFills: [fill(1, 'buy', '1', '100', 0), fill(1, 'buy', '2', '199.8', 10), fill(2, 'sell', '5', '5', 0)],
      manualFills: [fill(1, 'sell', '0.5', '50.25', 20, 't1')],
      placed: [
        { coinId: 1, count: 7 },
        { coinId: 3, count: 2 },
      ],
    });
    expect(Object.fromEntries(folded)).toEqual({
      1: { ownVolumeQuote: '350.05', fills: 2, ordersPlaced: 7 },
      2: { ownVolumeQuote: '5', fills: 1, ordersPlaced: 0 },
      3: { ownVolumeQuote: '0', fills: 0, ordersPlaced: 2 },
    });
  });

  it('counts a trade between two of the desk’s orders once (two fills), a manual fill copied twice once', () => {
    const folded = foldLedger({
      // A sell listed first, its twin buy later: matched whatever the order.
      botFills: [fill(1, 'sell', '1', '100', 1000), fill(1, 'buy', '1', '100', 1000 + SELF_TRADE_WINDOW_MS), fill(1, 'buy', '1', '100', 1000)],
      manualFills: [fill(1, 'sell', '2', '10', 0, 'x'), fill(1, 'sell', '2', '10', 0, 'x'), fill(2, 'sell', '2', '10', 0, 'x')],
      placed: [],
    });
    // 100 (the self-trade once) + 100 (the unmatched buy) + 10 (manual once); pair 2's copy of the same id is its own.
    expect(folded.get(1)).toEqual({ ownVolumeQuote: '210', fills: 3, ordersPlaced: 0 });
    expect(folded.get(2)?.ownVolumeQuote).toBe('10');
  });

  it('does not take a buy and a sell apart in time, or of other values, for one trade', () => {
    const apart = foldLedger({ botFills: [fill(1, 'buy', '1', '100', 0), fill(1, 'sell', '1', '100', SELF_TRADE_WINDOW_MS + 1)], manualFills: [], placed: [] });
    const other = foldLedger({ botFills: [fill(1, 'buy', '1', '100', 0), fill(1, 'sell', '1', '100.01', 0)], manualFills: [], placed: [] });
    expect([apart.get(1)?.ownVolumeQuote, other.get(1)?.ownVolumeQuote]).toEqual(['200', '200.01']);
  });
});
