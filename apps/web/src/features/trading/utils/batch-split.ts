import { BatchSplitError, splitBatch, type BatchOrder, type BatchSpec } from '@makerdesk/contract';
import { add, mul } from '@makerdesk/format';

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

/**
 * The batch exactly as the server will place it (the contract's `splitBatch`), with its cost.
 * Random amounts are drawn by the server; the preview shows even ones.
 */
export function previewBatch(spec: BatchSpec): BatchPreview {
  if (!Number.isInteger(spec.count) || spec.count < 1) return { kind: 'bad_range' };
  let orders: BatchOrder[];
  try {
    orders = splitBatch({ ...spec, distribution: spec.distribution === 'random' ? 'uniform' : spec.distribution });
  } catch (err) {
    if (!(err instanceof BatchSplitError)) throw err;
    return err.reason === 'too_small' ? { kind: 'too_small', min: err.min } : { kind: 'bad_range' };
  }
  const cost = orders.reduce((sum, o) => add(sum, mul(o.price, o.amount)), '0');
  return { kind: 'ok', orders, cost, estimated: spec.distribution === 'random' };
}
