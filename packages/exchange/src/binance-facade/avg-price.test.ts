import { describe, expect, it } from 'vitest';
import type { Trade } from '../exchange.ts';
import { averagePriceAnswer } from './avg-price.ts';

const trade = (price: string, amount: string, timestamp: number): Trade => ({ id: String(timestamp), symbol: 'BTC/USDT', price, amount, side: 'buy', timestamp });
const MIN = 60_000;

describe('avgPrice', () => {
  it('is the volume-weighted average of the trades within 5 minutes of the last one, closing at its time', () => {
    const newestFirst = [trade('110', '1', 10 * MIN), trade('100', '3', 6 * MIN), trade('90', '2', 5 * MIN), trade('1', '1000', 5 * MIN - 1)];
    // (110·1 + 100·3 + 90·2) / 6 = 590 / 6; the trade a millisecond older than the window is left out.
    expect(averagePriceAnswer(newestFirst, '0', 11 * MIN)).toEqual({ mins: 5, price: '98.33333333', closeTime: 10 * MIN });
  });

  it('is the only trade’s price when there is one, and the fallback at `now` without any', () => {
    expect(averagePriceAnswer([trade('42.5', '0.1', 7)], '0', 9)).toEqual({ mins: 5, price: '42.5', closeTime: 7 });
    expect(averagePriceAnswer([], '30000.01', 9)).toEqual({ mins: 5, price: '30000.01', closeTime: 9 });
  });
});
