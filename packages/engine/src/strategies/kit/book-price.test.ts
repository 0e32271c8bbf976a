import { parse } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { book, ownOrder } from '../liquidity.fixture.ts';
import type { AccountOrder } from '../../strategy.ts';
import { bookWithout, deskBook, deskOrders, externalBook, isCanonical, midPrice, quoteReference, spreadFraction } from './book-price.ts';

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
    expect(quoteReference({ book: asksOnly }, [], '98')).toBe('98');
    expect(quoteReference({ book: asksOnly }, [], null)).toBeNull();
  });
});

describe("the desk's book (issue 19: quoting bots stop chasing the desk's own orders)", () => {
  const account = (clientOrderId: string | null, side: AccountOrder['side'], price: string, amount: string, filledAmount = '0'): AccountOrder => ({ clientOrderId, side, price, amount, filledAmount });
  // The others quote 99 / 101 (mid 100); the desk's bots sit inside at 99.8 / 100.4 and on the others' levels.
  const market = book(
    [['99.8', '2'], ['99.00', '5'], ['98', '1']],
    [['100.4', '1.5'], ['101', '4']],
  );

  it("takes every resting order of the account off its level (the bot's own and its sister bots'), never below zero", () => {
    const own = [ownOrder('bid-1', 'buy', '99.8', '1')];
    const accountOrders = [
      account('c-bid-1', 'buy', '99.8', '1'),
      account('other-bid-1', 'buy', '99.8', '1'),
      account('other-bid-2', 'buy', '99', '3', '1'),
      account(null, 'sell', '100.4', '2', '0.5'),
      account('manual-ask', 'sell', '101', '9'),
    ];
    expect(deskBook({ book: market, accountOrders }, own)).toMatchObject({ bids: [['99.00', '3'], ['98', '1']], asks: [] });
    // The reference is the others' mid then, not the mid the desk's quotes make.
    expect(midPrice(market)).toBe('100.1');
    expect(quoteReference({ book: market, accountOrders: accountOrders.slice(0, 4) }, own, null)).toBe('100');
  });

  it("counts an own order the account read lists once, and adds the bot's own the read does not show", () => {
    const listed = ownOrder('bid-1', 'buy', '99.8', '1');
    const inFlight = ownOrder('ask-1', 'sell', '100.4', '1.5', { state: 'unknown' });
    const merged = deskOrders([account('c-bid-1', 'buy', '99.8', '1')], [listed, inFlight]);
    expect(merged.map((o) => [o.side, o.price, o.amount])).toEqual([
      ['buy', '99.8', '1'],
      ['sell', '100.4', '1.5'],
    ]);
    expect(deskBook({ book: market, accountOrders: [account('c-bid-1', 'buy', '99.8', '1')] }, [listed, inFlight])).toMatchObject({
      bids: [['99.8', '1'], ['99.00', '5'], ['98', '1']],
      asks: [['101', '4']],
    });
  });

  it("without the account's orders (not read this tick) takes off the bot's own only", () => {
    const own = [ownOrder('bid-1', 'buy', '99.8', '2')];
    expect(deskBook({ book: market }, own)).toEqual(externalBook(market, own));
    expect(deskBook({ book: market }, own).bids).toEqual([['99.00', '5'], ['98', '1']]);
  });

  it('leaves the book untouched for nothing resting, and ignores filled-out orders', () => {
    expect(bookWithout(market, [])).toEqual(market);
    expect(bookWithout(market, [account('x', 'sell', '101', '4', '4')])).toEqual(market);
  });

  it('never adds or invents volume: every level of the result is a level of the book, no larger', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), level: fc.integer({ min: 0, max: 4 }), amount: fc.integer({ min: 0, max: 6 }) }), { maxLength: 8 }),
        (picks) => {
          const prices = { buy: ['99.8', '99', '98', '97.5', '96'], sell: ['100.4', '101', '102', '103.5', '104'] };
          const orders = picks.map((p, i) => account(`o${i}`, p.side, prices[p.side][p.level]!, String(p.amount)));
          const out = bookWithout(market, orders);
          for (const side of ['bids', 'asks'] as const) {
            for (const [price, amount] of out[side]) {
              const original = market[side].find((l) => l[0] === price);
              expect(original).toBeDefined();
              expect(Number(amount)).toBeGreaterThan(0);
              expect(Number(amount)).toBeLessThanOrEqual(Number(original![1]));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
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
