import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  it('waits 1 s, 2 s, 4 s … after failures in a row, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 100].map((n) => retryDelayMs(n))).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
  it('takes another first wait and cap', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, { firstMs: 100, maxMs: 250 }))).toEqual([100, 200, 250]);
  });
});
