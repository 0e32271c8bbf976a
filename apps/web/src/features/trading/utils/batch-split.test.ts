import { describe, expect, it } from 'vitest';
import type { BatchSpec } from '@makerdesk/contract';
import { previewBatch } from './batch-split';

const base: BatchSpec = { amount: '1', count: 4, minPrice: '100', maxPrice: '103', distribution: 'uniform', pricePrecision: 2, amountPrecision: 4 };

const orders = (spec: Partial<BatchSpec>) => {
  const preview = previewBatch({ ...base, ...spec });
  if (preview.kind !== 'ok') throw new Error(preview.kind);
  return preview.orders;
};

describe('previewBatch (same numbers as the server)', () => {
  it('puts the rounding remainder on the last order and steps prices evenly', () => {
    const split = orders({ count: 3 });
    expect(split.map((o) => o.amount)).toEqual(['0.3333', '0.3333', '0.3334']);
    expect(split.map((o) => o.price)).toEqual(['100.00', '101.50', '103.00']);
  });

  it('uniform: equal amounts on every price', () => {
    expect(orders({})).toEqual([
      { price: '100.00', amount: '0.2500' },
      { price: '101.00', amount: '0.2500' },
      { price: '102.00', amount: '0.2500' },
      { price: '103.00', amount: '0.2500' },
    ]);
  });

  it('ascending and descending weight the amounts 1..n and n..1', () => {
    expect(orders({ distribution: 'ascending', amount: '10' }).map((o) => o.amount)).toEqual(['1.0000', '2.0000', '3.0000', '4.0000']);
    expect(orders({ distribution: 'descending', amount: '10' }).map((o) => o.amount)).toEqual(['4.0000', '3.0000', '2.0000', '1.0000']);
  });

  it('totals the cost exactly and marks random amounts as an estimate', () => {
    // 100 × 0.3333 + 101.5 × 0.3333 + 103 × 0.3334
    const preview = previewBatch({ ...base, count: 3 });
    expect(preview).toMatchObject({ kind: 'ok', cost: '101.50015', estimated: false });
    expect(previewBatch({ ...base, distribution: 'random' })).toMatchObject({ kind: 'ok', estimated: true });
  });

  it('rounds the range inward to the price precision; one order sits at the minimum', () => {
    expect(orders({ count: 2, minPrice: '100.001', maxPrice: '100.019' }).map((o) => o.price)).toEqual(['100.01', '100.01']);
    expect(orders({ count: 1 })).toEqual([{ price: '100.00', amount: '1.0000' }]);
  });

  it('refuses a total too small to give every order a unit, naming the minimum', () => {
    expect(previewBatch({ ...base, amount: '0.0003' })).toEqual({ kind: 'too_small', min: '0.0004' });
    expect(previewBatch({ ...base, amount: '0.0005', distribution: 'ascending' })).toEqual({ kind: 'too_small', min: '0.0010' });
  });

  it('refuses an empty price range', () => {
    expect(previewBatch({ ...base, minPrice: '101', maxPrice: '100' })).toEqual({ kind: 'bad_range' });
    expect(previewBatch({ ...base, minPrice: '0', maxPrice: '0.001' })).toEqual({ kind: 'bad_range' });
  });
});
