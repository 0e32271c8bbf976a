import { followComboConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { book, kinds, market, ownOrder, placements, tick } from './testing/execution-fixtures.ts';
import { followComboStrategy as strategy } from './follow-combo.strategy.ts';

const config = followComboConfig.parse({
  legs: [
    { platform: 'sim', symbol: 'TKN/BTC', use: 'price' },
    { platform: 'binance', symbol: 'BTC/USDT', use: 'price' },
  ],
  priceMappingRatio: '1',
  layersPerSide: 2,
  layerStep: '0.01',
  baseSpread: '0.02',
  orderAmountMin: '1',
  orderAmountMax: '1.00001',
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.05',
});
const refs = {
  'sim:TKN/BTC': book([['0.00019', '100']], [['0.00021', '100']], 'TKN/BTC'),
  'binance:BTC/USDT': book([['49990', '1']], [['50010', '1']], 'BTC/USDT'),
  'sim:BTC/USDT': book([['39999', '1']], [['40001', '1']], 'BTC/USDT'),
};

describe('follow_combo', () => {
  it('reads each distinct leg once', () => {
    const twice = { ...config, legs: [...config.legs, { platform: 'binance', symbol: 'BTC/USDT', use: 'inverse' as const }] };
    expect(strategy.needs(twice).references).toEqual([
      { platform: 'sim', symbol: 'TKN/BTC' },
      { platform: 'binance', symbol: 'BTC/USDT' },
    ]);
  });

  it('quotes around the product of the legs (TKN/BTC × BTC/USDT)', () => {
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { market: market({ references: refs }) }));
    expect(out.reference).toBe('10');
    expect(placements(out.intents).map((p) => [p.tag, p.price, p.amount])).toEqual([
      ['bid-1', '9.9', '1'],
      ['ask-1', '10.1', '1'],
      ['bid-2', '9.8', '1'],
      ['ask-2', '10.2', '1'],
    ]);
  });

  it('divides by an inverse leg, then applies the mapping ratio', () => {
    const cross = {
      ...config,
      priceMappingRatio: '2',
      legs: [
        { platform: 'sim', symbol: 'TKN/BTC', use: 'price' as const },
        { platform: 'binance', symbol: 'BTC/USDT', use: 'price' as const },
        { platform: 'sim', symbol: 'BTC/USDT', use: 'inverse' as const },
      ],
    };
    const out = strategy.decide(tick(cross, strategy.initialState(cross, 0), { market: market({ references: refs }) }));
    // 0.0002 × 50000 / 40000 × 2 = 0.0005 (at 18 decimals)
    expect(out.reference).toBe('0.0005');
  });

  it('a missing leg means no reference: nothing cancelled, nothing placed, one alert', () => {
    const orders = [ownOrder('bid-1', 'buy', '9.9', '1')];
    const { 'binance:BTC/USDT': _gone, ...partial } = refs;
    const out = strategy.decide(tick(config, strategy.initialState(config, 0), { orders, market: market({ references: partial }) }));
    expect(kinds(out.intents)).toEqual(['alert']);
    expect(out.reference).toBeNull();
    expect(strategy.decide(tick(config, out.state, { orders, market: market({ references: partial }) })).intents).toEqual([]);
  });
});
