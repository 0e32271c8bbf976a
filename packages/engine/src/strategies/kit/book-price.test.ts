import { parse } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { book, ownOrder } from '../liquidity.fixture.ts';
import { externalBook, isCanonical, midPrice, quoteReference, spreadFraction } from './book-price.ts';

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

describe('isCanonical', () => {
  it('is true exactly when parse() returns the text unchanged (up to 40 characters)', () => {
    const samples = ['0', '-0', '1', '10', '100', '-5', '0.5', '0.50', '00.5', '1.0', '0.0', '0.001', '.5', '5.', '-1.5', '-0.5', '-0.0', '1e5', '', '-', '+1', '1.2.3', '12a', ' 1', '-00', '007', '123.456', '1'.repeat(50)];
    for (const text of samples) {
      let canonical: boolean;
      try {
        canonical = parse(text) === text;
      } catch {
        canonical = false;
      }
      // Past 40 characters it answers false and leaves the text to parse().
      expect([text, isCanonical(text)]).toEqual([text, text.length <= 40 && canonical]);
    }
  });

  it('agrees with parse() on random decimal-looking texts', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9]{0,4}(\.[0-9]{0,4})?$/), (text) => {
        let canonical: boolean;
        try {
          canonical = parse(text) === text;
        } catch {
          canonical = false;
        }
        expect(isCanonical(text)).toBe(canonical);
      }),
      { numRuns: 2000 },
    );
  });
});
