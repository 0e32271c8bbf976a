import { describe, expect, it } from 'vitest';
import { analysisFigures, cycleSlot, percentOf, positionCost, type AnalysisTrade, type BalancePoint } from './analysis-figures.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const t0 = Date.UTC(2026, 0, 1);
const t1 = t0 + HOUR;
const t2 = t0 + 2 * HOUR;

/** A scripted history; every figure below is worked out by hand beside it. */
const s0: BalancePoint = { at: t0, base: '10', quote: '1000', price: '100' }; // value 2000
const s1: BalancePoint = { at: t1, base: '12', quote: '800.5', price: '101' }; // value 800.5 + 1212 = 2012.5
const s2: BalancePoint = { at: t2, base: '11', quote: '905', price: '99.5' }; // value 905 + 1094.5 = 1999.5

const trades: AnalysisTrade[] = [
  // listed out of order on purpose: the ledger sorts by time
  { at: t1 + 30 * MIN, side: 'sell', price: '104', amount: '1', feeQuote: '0.104', origin: 'bot' },
  { at: t0 + 10 * MIN, side: 'buy', price: '100', amount: '2', feeQuote: '0.2', origin: 'bot' },
  { at: t1 + 10 * MIN, side: 'buy', price: '102', amount: '2', feeQuote: '0.204', origin: 'manual' },
];

describe('analysisFigures on a scripted history', () => {
  const figures = analysisFigures({ snapshots: [s2, s0, s1], first: s0, start: { initialFunds: null, initialToken: null }, trades });

  it('starts from the first snapshot when nothing is set', () => {
    expect(figures?.initial).toEqual({ base: '10', quote: '1000', price: '100', value: '2000', at: t0 });
  });

  it('values every snapshot in quote and its P&L against holding the initial balances', () => {
    expect(figures?.series.map((p) => [p.at, p.value, p.pnl])).toEqual([
      [t0, '2000', '0'],
      [t1, '2012.5', '2.5'], // hold: 1000 + 10 × 101 = 2010
      [t2, '1999.5', '4.5'], // hold: 1000 + 10 × 99.5 = 1995
    ]);
  });

  it('changes since the last snapshot', () => {
    expect(figures?.sinceLast).toEqual({
      base: { absolute: '-1', percent: '-8.33' }, // -1 / 12
      quote: { absolute: '104.5', percent: '13.05' }, // 104.5 / 800.5 = 13.0543…
      value: { absolute: '-13', percent: '-0.65' }, // -13 / 2012.5 = -0.6459…
    });
  });

  it('changes since the initial point, percent rounded half-even', () => {
    expect(figures?.sinceInitial).toEqual({
      base: { absolute: '1', percent: '10' },
      quote: { absolute: '-95', percent: '-9.5' },
      value: { absolute: '-0.5', percent: '-0.02' }, // -0.025 % → -0.02 (half-even)
    });
  });

  it('P&L against the initial funds held at the latest price', () => {
    expect(figures?.pnl).toEqual({ absolute: '4.5', percent: '0.23' }); // 4.5 / 1995 = 0.2255…
  });

  it('position cost of bot and manual trades by average cost', () => {
    // buy 2 @ 100, buy 2 @ 102 → 4 @ 101; sell 1 @ 104 → realised (104 − 101) × 1 = 3, 3 left @ 101
    expect(figures?.position).toEqual({
      base: '3',
      avgCost: '101',
      costValue: '303',
      realizedPnl: '3',
      unrealizedPnl: '-4.5', // (99.5 − 101) × 3
      fees: '0.508',
      tradeCount: 3,
      botTrades: 2,
      manualTrades: 1,
    });
  });

  it('takes the initial funds and token the user set, valued at the first price', () => {
    const set = analysisFigures({ snapshots: [s0, s1, s2], first: s0, start: { initialFunds: '500', initialToken: '20' }, trades: [] });
    expect(set?.initial.value).toBe('2500'); // 500 + 20 × 100
    expect(set?.sinceInitial.base).toEqual({ absolute: '-9', percent: '-45' });
    expect(set?.sinceInitial.quote).toEqual({ absolute: '405', percent: '81' });
    expect(set?.pnl).toEqual({ absolute: '-490.5', percent: '-19.7' }); // 1999.5 − (500 + 20 × 99.5 = 2490): -490.5 / 2490 = -19.698…
  });

  it('a range with one snapshot has no change since the last one', () => {
    const one = analysisFigures({ snapshots: [s1], first: s0, start: { initialFunds: null, initialToken: null }, trades: [] });
    expect(one?.previous).toBeNull();
    expect(one?.sinceLast).toBeNull();
    expect(one?.sinceInitial.value).toEqual({ absolute: '12.5', percent: '0.62' }); // 12.5 / 2000 = 0.625 → 0.62
  });

  it('an empty range has no figures', () => {
    expect(analysisFigures({ snapshots: [], first: s0, start: { initialFunds: null, initialToken: null }, trades })).toBeNull();
  });

  it('a snapshot without a price has no value and no P&L, but still its balance changes', () => {
    const dark = analysisFigures({ snapshots: [s0, { at: t1, base: '11', quote: '900', price: null }], first: s0, start: { initialFunds: null, initialToken: null }, trades: [] });
    expect(dark?.latest.value).toBeNull();
    expect(dark?.sinceLast).toEqual({ base: { absolute: '1', percent: '10' }, quote: { absolute: '-100', percent: '-10' }, value: null });
    expect(dark?.pnl).toBeNull();
  });
});

describe('positionCost', () => {
  it('is flat with no trades', () => {
    expect(positionCost([], '100')).toEqual({ base: '0', avgCost: null, costValue: '0', realizedPnl: '0', unrealizedPnl: '0', fees: '0', tradeCount: 0, botTrades: 0, manualTrades: 0 });
  });

  it('a sale beyond the inventory goes short at its price', () => {
    const cost = positionCost(
      [
        { at: 1, side: 'buy', price: '10', amount: '1', feeQuote: '0', origin: 'manual' },
        { at: 2, side: 'sell', price: '12', amount: '3', feeQuote: '0', origin: 'bot' },
      ],
      '11',
    );
    expect(cost).toMatchObject({ base: '-2', avgCost: '12', costValue: '24', realizedPnl: '2', unrealizedPnl: '2' });
  });
});

describe('helpers', () => {
  it('cycle slots are aligned on the epoch', () => {
    expect(cycleSlot(Date.UTC(2026, 0, 1, 5, 20), 4)).toBe(Date.UTC(2026, 0, 1, 4));
    expect(cycleSlot(Date.UTC(2026, 0, 1, 5, 20), 1)).toBe(Date.UTC(2026, 0, 1, 5));
  });

  it('percent of a zero start is unknown', () => {
    expect(percentOf('0', '5')).toBeNull();
  });
});
