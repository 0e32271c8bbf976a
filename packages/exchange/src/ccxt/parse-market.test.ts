import type { MarketInterface as CcxtMarket } from 'ccxt';
import { describe, expect, it } from 'vitest';
import { parseMarket } from './parse-market.ts';

function ccxtMarket(amountPrecision: number, minAmount?: number): CcxtMarket {
  return {
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    precision: { price: 2, amount: amountPrecision },
    limits: { amount: { min: minAmount }, cost: {} },
    maker: 0.001,
    taker: 0.001,
  } as unknown as CcxtMarket;
}

describe('parseMarket', () => {
  it('falls back to one step of the amount precision for the minimum amount', () => {
    expect(parseMarket(ccxtMarket(4), 'decimal_places').minAmount).toBe('0.0001');
    expect(parseMarket(ccxtMarket(0), 'decimal_places').minAmount).toBe('1');
    expect(parseMarket(ccxtMarket(4, 0.001), 'decimal_places').minAmount).toBe('0.001');
  });

  it('reads negative decimal places (steps of 10) as a step of 1', () => {
    expect(parseMarket(ccxtMarket(-1), 'decimal_places').minAmount).toBe('1');
  });
});
