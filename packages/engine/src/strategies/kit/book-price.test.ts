import { describe, expect, it } from 'vitest';
import { book, ownOrder } from '../liquidity.fixture.ts';
import { externalBook, midPrice, quoteReference, spreadFraction } from './book-price.ts';

describe('book prices', () => {
  const withOwn = book([['99.90', '1'], ['99.5', '3']], [['100.1', '2'], ['100.5', '3']]);

  it("takes the bot's own remaining amounts off their levels and drops the levels left empty", () => {
    const own = [ownOrder('bid-1', 'buy', '99.9', '1'), ownOrder('ask-1', 'sell', '100.1', '3', { filledAmount: '2' }), ownOrder('ask-2', 'sell', '100.5', '1')];
    expect(externalBook(withOwn, own)).toMatchObject({ bids: [['99.5', '3']], asks: [['100.1', '1'], ['100.5', '2']] });
  });

  it('mid, spread and reference: none from a one-sided book, the last one then', () => {
    expect(midPrice(withOwn)).toBe('100');
    expect(spreadFraction(withOwn)).toBe('0.002');
    const asksOnly = book([], [['100', '1']]);
    expect(midPrice(asksOnly)).toBeNull();
    expect(spreadFraction(asksOnly)).toBeNull();
    expect(quoteReference(asksOnly, [], '98')).toBe('98');
    expect(quoteReference(asksOnly, [], null)).toBeNull();
  });
});
