import { followEtfConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { book, kinds, market, placements, tick } from './testing/execution-fixtures.ts';
import { followEtfStrategy as strategy } from './follow-etf.strategy.ts';

const config = followEtfConfig.parse({
  components: [
    { platform: 'sim', symbol: 'BTC/USDT', weight: '0.5' },
    { platform: 'sim', symbol: 'ETH/USDT', weight: '2' },
  ],
  priceMappingRatio: '0.001',
  layersPerSide: 1,
  layerStep: '0.001',
  baseSpread: '0.01',
  orderAmountMin: '1',
  orderAmountMax: '1.00001',
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.05',
});
const refs = {
  'sim:BTC/USDT': book([['59990', '1']], [['60010', '1']], 'BTC/USDT'),
  'sim:ETH/USDT': book([['2999', '1']], [['3001', '1']], 'ETH/USDT'),
};

describe('follow_etf', () => {
  it('quotes around Σ weight × mid × ratio', () => {
    // (0.5 × 60000 + 2 × 3000) × 0.001 = 36
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { market: market({ references: refs }) }));
    expect(out.reference).toBe('36');
    expect(placements(out.intents).map((p) => [p.tag, p.side, p.price])).toEqual([
      ['bid-1', 'buy', '35.82'],
      ['ask-1', 'sell', '36.18'],
    ]);
  });

  it('a component with an empty book means no reference', () => {
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { market: market({ references: { ...refs, 'sim:ETH/USDT': book([], [['3001', '1']]) } }) }));
    expect(kinds(out.intents)).toEqual(['alert']);
    expect(out.reference).toBeNull();
  });
});
