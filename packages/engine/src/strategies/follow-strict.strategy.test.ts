import { followStrictConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { atMost, balances, book, committed, kinds, market, ownOrder, placements, tick } from './testing/execution-fixtures.ts';
import { followStrictStrategy as strategy } from './follow-strict.strategy.ts';

const config = followStrictConfig.parse({
  source: { platform: 'binance', symbol: 'TKN/USDT' },
  priceMappingRatio: '1.5',
  amountScale: '0.1',
  levels: 3,
  orderAmountMin: '1',
  orderAmountMax: '5',
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.05',
});
const refBook = book(
  [['10.003', '40'], ['9.99', '5'], ['9.9', '100'], ['9.8', '100']],
  [['10.01', '20'], ['10.05', '0.1'], ['10.2', '35'], ['10.3', '100']],
);
const refs = { 'binance:TKN/USDT': refBook };

describe('follow_strict', () => {
  it('mirrors `levels` levels per side: prices × ratio (bids down, asks up), amounts × scale clamped to the single order amount', () => {
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { market: market({ references: refs }) }));
    expect(out.reference).toBe('15.00975');
    expect(placements(out.intents).map((p) => [p.tag, p.side, p.price, p.amount])).toEqual([
      ['bid-1', 'buy', '15', '4'],
      ['bid-2', 'buy', '14.98', '1'],
      ['bid-3', 'buy', '14.85', '5'],
      ['ask-1', 'sell', '15.02', '2'],
      ['ask-2', 'sell', '15.08', '1'],
      ['ask-3', 'sell', '15.3', '3.5'],
    ]);
  });

  it('skips levels under the pair minimums', () => {
    const tiny = { ...config, priceMappingRatio: '0.1', orderAmountMin: '0.001', amountScale: '0.01' };
    const out = strategy.decide(tick(tiny, strategy.initialState(tiny, 0), { market: market({ references: refs }) }));
    // Only value ≥ 5 USDT survives: 100 × 0.01 = 1 at 0.99 is 0.99, 40 × 0.01 at 1 is 0.4 … none does.
    expect(placements(out.intents)).toEqual([]);
  });

  it('keeps orders that already mirror the book and replaces the ones that moved', () => {
    const orders = [ownOrder('bid-1', 'buy', '15', '4'), ownOrder('ask-1', 'sell', '15.05', '2')];
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { market: market({ references: refs }), orders }));
    expect(out.intents.filter((i) => i.kind === 'cancel')).toEqual([{ kind: 'cancel', clientOrderId: 'c-ask-1' }]);
    expect(placements(out.intents).map((p) => p.tag)).not.toContain('bid-1');
    expect(placements(out.intents).map((p) => p.tag)).toContain('ask-1');
  });

  it('without a reference keeps its orders and alerts once', () => {
    const orders = [ownOrder('bid-1', 'buy', '15', '4')];
    const first = strategy.decide(tick(config, strategy.initialState(config, 0), { orders }));
    expect(kinds(first.intents)).toEqual(['alert']);
    expect(first.reference).toBeNull();
    expect(strategy.decide(tick(config, first.state, { orders })).intents).toEqual([]);
  });

  it('never commits more than the balance: best levels first, the last that fits cut to what is left', () => {
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { market: market({ references: refs, balances: balances('4', '80') }) }));
    const used = committed(out.intents);
    expect(atMost(used.quote, '80')).toBe(true);
    expect(atMost(used.base, '4')).toBe(true);
    expect(placements(out.intents).map((p) => [p.tag, p.amount])).toEqual([
      ['bid-1', '4'],
      ['bid-2', '1'],
      ['bid-3', '0.338'],
      ['ask-1', '2'],
      ['ask-2', '1'],
      ['ask-3', '1'],
    ]);
  });

  it('in safe mode mirrors only levels within the max deviation of the reference', () => {
    const out = strategy.decide(tick({ ...config, maxDeviation: '0.01' }, strategy.initialState(config, 0), { priceMode: 'safe', market: market({ references: refs }) }));
    expect(placements(out.intents).map((p) => p.tag)).toEqual(['bid-1', 'bid-2', 'ask-1', 'ask-2']);
  });
});
