import { describe, expect, it } from 'vitest';
import { amountY, depthCurve, ownPoints, priceX } from './depth-curve';

const book = {
  bids: [
    ['99', '1'],
    ['98', '2'],
    ['90', '5'],
  ] as [string, string][],
  asks: [
    ['101', '0.5'],
    ['102', '1.5'],
    ['103', '1'],
  ] as [string, string][],
};

describe('depthCurve', () => {
  it('sums each side from its best level, over a window even around the mid', () => {
    const curve = depthCurve(book)!;
    expect(curve.mid).toBe('100');
    // The asks reach 3 from the mid, the bids 10: the window is the nearer reach, 97..103.
    expect([curve.minPrice, curve.maxPrice]).toEqual(['97', '103']);
    expect(curve.bids).toEqual([
      { price: '99', cumulative: '1' },
      { price: '98', cumulative: '3' },
    ]);
    expect(curve.asks.map((p) => p.cumulative)).toEqual(['0.5', '2', '3']);
    expect(curve.maxCumulative).toBe('3');
  });

  it('places prices and amounts on the drawing', () => {
    const curve = depthCurve(book)!;
    expect(priceX(curve, '100')).toBe(0.5);
    expect(priceX(curve, '97')).toBe(0);
    expect(amountY(curve, '1.5')).toBe(0.5);
  });

  it('finds own levels on the curve by decimal value', () => {
    const curve = depthCurve(book)!;
    expect(ownPoints(curve, 'buy', ['98.00'])).toEqual([{ price: '98', cumulative: '3' }]);
    expect(ownPoints(curve, 'sell', ['98.00'])).toEqual([]);
  });

  it('answers nothing while a side is empty', () => {
    expect(depthCurve({ bids: book.bids, asks: [] })).toBeNull();
  });
});
