import type { LiquidityObligation } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { CachedPairObligations } from './pair-obligations.ts';

const stored = (minDepthQuote: string): LiquidityObligation => ({ coinId: 1, maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote, minUptimePct: '95', period: 'day', updatedAt: 1 });

describe('the pairs obligations as the quoting bots read them', () => {
  it('reads the store once, then from memory until it is forgotten or 30 s passed; a pair without one reads null', async () => {
    let now = 0;
    let current: LiquidityObligation | null = stored('1000');
    let loads = 0;
    const cache = new CachedPairObligations(
      async () => {
        loads++;
        return current;
      },
      () => now,
    );
    expect(await cache.read(1)).toEqual({ maxSpreadBps: '25', depthWithinPct: '2', minDepthQuote: '1000', minUptimePct: '95', period: 'day' });
    current = stored('2000');
    now = 29_999;
    expect((await cache.read(1))?.minDepthQuote).toBe('1000');
    expect(loads).toBe(1);
    cache.forget(1);
    expect((await cache.read(1))?.minDepthQuote).toBe('2000');
    current = null;
    now = 29_999 + 30_000;
    expect(await cache.read(1)).toBeNull();
    expect(loads).toBe(3);
  });

  it('answers the last known terms when a read fails, and one read for ticks at once', async () => {
    let now = 0;
    let fail = false;
    let loads = 0;
    const cache = new CachedPairObligations(
      async () => {
        loads++;
        if (fail) throw new Error('database down');
        return stored('1000');
      },
      () => now,
    );
    await Promise.all([cache.read(1), cache.read(1), cache.read(1)]);
    expect(loads).toBe(1);
    fail = true;
    now = 60_000;
    expect((await cache.read(1))?.minDepthQuote).toBe('1000');
    await expect(cache.read(2)).rejects.toThrow('database down');
  });
});
