/** Batch orders (spec §5): one rule for the server that places them and the console that previews them. */
import { fromUnits, toUnits } from '@makerdesk/decimal';
import type { distributions } from './schemas/order.ts';

export type Distribution = (typeof distributions)[number];

export interface BatchSpec {
  /** Total base quantity, decimal string. */
  amount: string;
  count: number;
  minPrice: string;
  maxPrice: string;
  distribution: Distribution;
  pricePrecision: number;
  amountPrecision: number;
}

export interface BatchOrder {
  price: string;
  amount: string;
}

export class BatchSplitError extends Error {
  constructor(
    readonly reason: 'too_small' | 'bad_range',
    /** The smallest total that splits into `count` non-zero orders. */
    readonly min: string,
  ) {
    super(reason);
  }
}

function weights(distribution: Distribution, count: number, random: () => number): bigint[] {
  switch (distribution) {
    case 'uniform':
      return Array.from({ length: count }, () => 1n);
    case 'ascending':
      return Array.from({ length: count }, (_, i) => BigInt(i + 1));
    case 'descending':
      return Array.from({ length: count }, (_, i) => BigInt(count - i));
    case 'random':
      // Weights from 50 to 150 so no order is vanishingly small.
      return Array.from({ length: count }, () => BigInt(50 + Math.floor(random() * 101)));
  }
}

/**
 * Splits a batch into `count` orders whose prices step evenly across [minPrice, maxPrice] and whose
 * amounts follow the distribution. Exact: the amounts add up to the total, to the last unit.
 */
export function splitBatch(spec: BatchSpec, random: () => number = Math.random): BatchOrder[] {
  const { count, pricePrecision, amountPrecision } = spec;
  const total = toUnits(spec.amount, amountPrecision, 'down');
  const low = toUnits(spec.minPrice, pricePrecision, 'up');
  const high = toUnits(spec.maxPrice, pricePrecision, 'down');
  if (low <= 0n || high < low) throw new BatchSplitError('bad_range', '0');

  const w = weights(spec.distribution, count, random);
  const weightSum = w.reduce((a, b) => a + b, 0n);
  const amounts = w.map((wi) => (total * wi) / weightSum);
  const assigned = amounts.reduce((a, b) => a + b, 0n);
  amounts[count - 1] = (amounts[count - 1] ?? 0n) + (total - assigned);
  if (amounts.some((a) => a <= 0n)) {
    const smallest = w.reduce((m, x) => (x < m ? x : m));
    const minUnits = (weightSum + smallest - 1n) / smallest;
    throw new BatchSplitError('too_small', fromUnits(minUnits, amountPrecision));
  }

  const steps = BigInt(Math.max(count - 1, 1));
  return amounts.map((units, i) => {
    const price = count === 1 ? low : low + ((high - low) * BigInt(i)) / steps;
    return { price: fromUnits(price, pricePrecision), amount: fromUnits(units, amountPrecision) };
  });
}
