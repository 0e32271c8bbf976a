import { add, ceilAt, div, mul, truncate } from '@makerdesk/format';
import type { Distribution } from '../types';

export interface BatchSpec {
  /** Total base quantity. */
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

export type BatchPreview =
  | {
      kind: 'ok';
      orders: BatchOrder[];
      /** Σ price × amount, in quote. */
      cost: string;
      /** Random amounts are drawn by the server; the preview shows even ones. */
      estimated: boolean;
    }
  | { kind: 'too_small'; min: string }
  | { kind: 'bad_range' };

/** A decimal as an integer count of 10^-precision units, exactly (no floats). */
function toUnits(value: string, precision: number, round: 'down' | 'up'): bigint {
  const cut = round === 'down' ? value : ceilAt(value, precision);
  return BigInt(truncate(cut, precision, { padZeros: true }).replace('.', ''));
}

function fromUnits(units: bigint, precision: number): string {
  return truncate(div(units.toString(), `1e${precision}`), precision, { padZeros: true });
}

function weights(distribution: Distribution, count: number): bigint[] {
  switch (distribution) {
    case 'ascending':
      return Array.from({ length: count }, (_, i) => BigInt(i + 1));
    case 'descending':
      return Array.from({ length: count }, (_, i) => BigInt(count - i));
    case 'uniform':
    case 'random':
      return Array.from({ length: count }, () => 1n);
  }
}

/**
 * The batch as the server will place it (apps/server orders/batch-split.ts): prices stepped evenly
 * from min to max at the pair's price precision, amounts by the distribution's weights rounded down
 * at the amount precision, the remainder on the last order, so the amounts add up to the total.
 */
export function previewBatch(spec: BatchSpec): BatchPreview {
  const { count, pricePrecision, amountPrecision } = spec;
  const total = toUnits(spec.amount, amountPrecision, 'down');
  const low = toUnits(spec.minPrice, pricePrecision, 'up');
  const high = toUnits(spec.maxPrice, pricePrecision, 'down');
  if (!Number.isInteger(count) || count < 1 || low <= 0n || high < low) return { kind: 'bad_range' };

  const w = weights(spec.distribution, count);
  const weightSum = w.reduce((a, b) => a + b, 0n);
  const amounts = w.map((wi) => (total * wi) / weightSum);
  const assigned = amounts.reduce((a, b) => a + b, 0n);
  amounts[count - 1] = (amounts[count - 1] ?? 0n) + (total - assigned);
  if (amounts.some((a) => a <= 0n)) {
    const smallest = w.reduce((m, x) => (x < m ? x : m));
    return { kind: 'too_small', min: fromUnits((weightSum + smallest - 1n) / smallest, amountPrecision) };
  }

  const steps = BigInt(Math.max(count - 1, 1));
  const orders = amounts.map((units, i) => {
    const price = count === 1 ? low : low + ((high - low) * BigInt(i)) / steps;
    return { price: fromUnits(price, pricePrecision), amount: fromUnits(units, amountPrecision) };
  });
  const cost = orders.reduce((sum, o) => add(sum, mul(o.price, o.amount)), '0');
  return { kind: 'ok', orders, cost, estimated: spec.distribution === 'random' };
}
