import { describe, expect, it } from 'vitest';
import { depthLadder } from './depth';

const book = {
  bids: [
    ['100.00', '1.0'],
    ['99.50', '2.0'],
    ['99.00', '5.0'],
  ] as [string, string][],
  asks: [
    ['101.00', '1.5'],
    ['102.00', '2.5'],
  ] as [string, string][],
};

describe('depthLadder', () => {
  it('sums depth from the best level and scales both sides to the deeper one', () => {
    const ladder = depthLadder(book, 2);
    expect(ladder.bids).toEqual([
      { price: '100.00', amount: '1.0', cumulative: '1', ratio: 0.25 },
      { price: '99.50', amount: '2.0', cumulative: '3', ratio: 0.75 },
    ]);
    // Worst ask first: the best ask sits next to the spread.
    expect(ladder.asks).toEqual([
      { price: '102.00', amount: '2.5', cumulative: '4', ratio: 1 },
      { price: '101.00', amount: '1.5', cumulative: '1.5', ratio: 0.375 },
    ]);
  });

  it('gives the spread and the mid price exactly', () => {
    const ladder = depthLadder(book, 20);
    expect(ladder.spread).toBe('1');
    expect(ladder.mid).toBe('100.5');
    expect(ladder.bids.at(-1)).toMatchObject({ cumulative: '8', ratio: 1 });
    expect(depthLadder({ bids: [['0.1', '0.2']], asks: [['0.3', '0.1']] }, 5).spread).toBe('0.2');
  });

  it('has no spread or bars while a side is empty', () => {
    const ladder = depthLadder({ bids: book.bids, asks: [] }, 5);
    expect(ladder.spread).toBeNull();
    expect(ladder.mid).toBeNull();
    expect(ladder.asks).toEqual([]);
    expect(depthLadder({ bids: [], asks: [] }, 5)).toEqual({ asks: [], bids: [], spread: null, mid: null });
  });
});
