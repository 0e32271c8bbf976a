import { describe, expect, it } from 'vitest';
import { bookPrecision, DEFAULT_PRECISION, precisionFrom } from './precision';

describe('pair precision', () => {
  it('reads the decimals the venue pads prices and amounts to', () => {
    expect(bookPrecision({ bids: [['65043.52', '0.02869']], asks: [['65095.58', '0.02807']] })).toEqual({ price: 2, amount: 5 });
    expect(bookPrecision({ bids: [['0.8495', '1200.00']], asks: [] })).toEqual({ price: 4, amount: 2 });
  });

  it('falls back until there is something to read', () => {
    expect(bookPrecision({ bids: [], asks: [] })).toEqual(DEFAULT_PRECISION);
    expect(precisionFrom({ price: '150.125' })).toEqual({ price: 3, amount: DEFAULT_PRECISION.amount });
  });
});
