import { describe, expect, it } from 'vitest';
import { addedPairConfig, addedPairFunds } from './added-pair.ts';
import { setupPairs } from './sim-pair.ts';
import { defaultSimPairs } from './default-pairs.ts';

describe('addedPairConfig', () => {
  it('fits the precisions to the opening price, five significant digits of price', () => {
    expect(addedPairConfig('ABC/USDT', '65000')).toMatchObject({ base: 'ABC', quote: 'USDT', pricePrecision: 2, amountPrecision: 6, initialPrice: '65000' });
    expect(addedPairConfig('ABC/USDT', '150')).toMatchObject({ pricePrecision: 2, amountPrecision: 4 });
    expect(addedPairConfig('ABC/USDT', '0.85')).toMatchObject({ pricePrecision: 5, amountPrecision: 1 });
    expect(addedPairConfig('ABC/USDT', '0.0012345678')).toMatchObject({ pricePrecision: 7, amountPrecision: 0, initialPrice: '0.0012346' });
    expect(addedPairConfig('ABC/USDT', '0.00000001')).toMatchObject({ pricePrecision: 8, amountPrecision: 0, minAmount: '1' });
  });

  it('opens at one quote unit by default', () => {
    expect(addedPairConfig('TOKEN/USDT')).toMatchObject({ initialPrice: '1', pricePrecision: 4, amountPrecision: 2, minAmount: '0.01' });
  });

  it('makes pairs the simulator accepts beside its default ones', () => {
    const configs = [addedPairConfig('ABC/USDT', '3.2'), addedPairConfig('ABC/BTC', '0.00005'), addedPairConfig('XYZ/ABC', '12')];
    expect(() => setupPairs([...defaultSimPairs, ...configs])).not.toThrow();
  });

  it('refuses a malformed symbol or a price out of range, saying which', () => {
    expect(() => addedPairConfig('abc/usdt')).toThrow(/BASE\/QUOTE/);
    expect(() => addedPairConfig('ABCUSDT')).toThrow(/BASE\/QUOTE/);
    expect(() => addedPairConfig('ABC/ABC')).toThrow(/must differ/);
    expect(() => addedPairConfig('ABC/USDT', '0')).toThrow(/opening price/);
    expect(() => addedPairConfig('ABC/USDT', 'cheap')).toThrow(/opening price/);
    expect(() => addedPairConfig('ABC/USDT', '1000000000')).toThrow(/opening price/);
  });
});

describe('addedPairFunds', () => {
  it('funds only the assets the venue does not trade yet, about 20,000 quote units each', () => {
    const config = addedPairConfig('ABC/USDT', '2.5');
    expect(addedPairFunds(config, (a) => a === 'USDT')).toEqual({ ABC: '8000' });
    expect(addedPairFunds(addedPairConfig('ABC/XYZ', '3'), () => false)).toEqual({ ABC: '6666.66', XYZ: '20000' });
    expect(addedPairFunds(config, () => true)).toEqual({});
  });
});
