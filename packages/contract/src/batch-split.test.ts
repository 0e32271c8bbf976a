import { add, sign } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import { BatchSplitError, splitBatch, type BatchSpec } from './batch-split.ts';

const base: BatchSpec = { amount: '1', count: 4, minPrice: '100', maxPrice: '103', distribution: 'uniform', pricePrecision: 2, amountPrecision: 4 };

function sum(values: string[]): string {
  return values.reduce(add, '0');
}

describe('splitBatch', () => {
  it('uniform: equal amounts on evenly stepped prices', () => {
    expect(splitBatch(base)).toEqual([
      { price: '100.00', amount: '0.2500' },
      { price: '101.00', amount: '0.2500' },
      { price: '102.00', amount: '0.2500' },
      { price: '103.00', amount: '0.2500' },
    ]);
  });

  it('puts the rounding remainder on the last order so the total is exact', () => {
    const orders = splitBatch({ ...base, amount: '1', count: 3 });
    expect(orders.map((o) => o.amount)).toEqual(['0.3333', '0.3333', '0.3334']);
    expect(orders.map((o) => o.price)).toEqual(['100.00', '101.50', '103.00']);
  });

  it('ascending and descending weight the amounts 1..n and n..1', () => {
    expect(splitBatch({ ...base, distribution: 'ascending', amount: '10' }).map((o) => o.amount)).toEqual(['1.0000', '2.0000', '3.0000', '4.0000']);
    expect(splitBatch({ ...base, distribution: 'descending', amount: '10' }).map((o) => o.amount)).toEqual(['4.0000', '3.0000', '2.0000', '1.0000']);
  });

  it('random amounts still add up to the total exactly', () => {
    let seed = 1;
    const rng = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 50; i++) {
      const orders = splitBatch({ ...base, count: 10, amount: '12.3456', distribution: 'random' }, rng);
      expect(sum(orders.map((o) => o.amount))).toBe('12.3456');
      expect(orders.every((o) => sign(o.amount) > 0)).toBe(true);
    }
  });

  it('a single order sits at the minimum price', () => {
    expect(splitBatch({ ...base, count: 1 })).toEqual([{ price: '100.00', amount: '1.0000' }]);
  });

  it('refuses a total too small to give every order a unit, naming the minimum', () => {
    try {
      splitBatch({ ...base, amount: '0.0003', count: 4 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(BatchSplitError);
      expect((err as BatchSplitError).reason).toBe('too_small');
      expect((err as BatchSplitError).min).toBe('0.0004');
    }
  });

  it('refuses an empty price range', () => {
    expect(() => splitBatch({ ...base, minPrice: '101', maxPrice: '100' })).toThrow(BatchSplitError);
    expect(() => splitBatch({ ...base, minPrice: '0', maxPrice: '0.001' })).toThrow(BatchSplitError);
  });
});
