import { describe, expect, it } from 'vitest';
import { cancelOrderListRequest, generateOrdersRequest } from './order.ts';

describe('price ranges', () => {
  const batch = { direction: 'buy', amount: '1', count: 2 };
  const minIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.find((i) => i.path[0] === 'minPrice')?.message;

  it('compares min and max exactly, where floats would see them equal', () => {
    const close = { minPrice: '0.30000000000000001', maxPrice: '0.3' };
    expect(minIssue(generateOrdersRequest.safeParse({ ...batch, ...close }))).toBe('Min value cannot exceed max value');
    expect(minIssue(cancelOrderListRequest.safeParse({ coinId: 1, ...close }))).toBe('Min value cannot exceed max value');
    expect(generateOrdersRequest.safeParse({ ...batch, minPrice: '0.3', maxPrice: '0.30000000000000001' }).success).toBe(true);
    expect(generateOrdersRequest.safeParse({ ...batch, minPrice: '100.0', maxPrice: '100' }).success).toBe(true);
  });

  it('reports a malformed price by its own issue only, never throws', () => {
    const result = cancelOrderListRequest.safeParse({ coinId: 1, minPrice: 'abc', maxPrice: '1' });
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('must be a positive decimal number');
    expect(messages).not.toContain('Min value cannot exceed max value');
  });
});
