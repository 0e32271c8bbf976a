import { parseRobotConfig, type BookFlashConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { decideBookFlash, levelPrice, type BookFlashState } from './book-flash.strategy.ts';
import { book, cancels, lowestRng, ownOrder, places, tick } from './liquidity.fixture.ts';

const deep = book(
  [['99.5', '1'], ['99.4', '1'], ['99.3', '1'], ['99.2', '1'], ['99.1', '1']],
  [['100.5', '1'], ['100.6', '1'], ['100.7', '1'], ['100.8', '1'], ['100.9', '1']],
);
const state: BookFlashState = { warned: null };

function config(extra: Record<string, unknown> = {}): BookFlashConfig {
  const parsed = parseRobotConfig('book_flash', { levelMin: 2, levelMax: 4, side: 'both', orderCountMin: 2, orderCountMax: 5, intervalMin: 2, intervalMax: 5, orderAmountMin: '1', orderAmountMax: '3', ...extra });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config as BookFlashConfig;
}

describe('order-book flash', () => {
  it('places a round order count of orders, each at a book level inside the level range, amounts inside the bounds', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const orders = places(decideBookFlash(tick(config(), state, { market: { book: deep }, rng: createRng(seed) })).intents);
      expect(orders.length).toBeGreaterThanOrEqual(2);
      expect(orders.length).toBeLessThanOrEqual(5);
      for (const o of orders) {
        expect(o.side === 'buy' ? ['99.4', '99.3', '99.2'] : ['100.6', '100.7', '100.8']).toContain(o.price);
        expect(Number(o.amount)).toBeGreaterThanOrEqual(1);
        expect(Number(o.amount)).toBeLessThanOrEqual(3);
        expect(o.timeInForce).toBe('GTC');
        expect(o.selfTrade).toBeUndefined();
      }
      expect(new Set(orders.map((o) => o.tag)).size).toBe(orders.length);
    }
  });

  it('the next round replaces the last round’s orders one for one and cancels the extra ones', () => {
    const last = [ownOrder('flash-1', 'buy', '99.4', '1'), ownOrder('flash-2', 'sell', '100.7', '1'), ownOrder('flash-3', 'sell', '100.6', '1'), ownOrder('flash-4', 'buy', '99.2', '1'), ownOrder('flash-5', 'buy', '99.3', '1'), ownOrder('flash-6', 'sell', '100.8', '1')];
    const out = decideBookFlash(tick(config({ orderCountMin: 2, orderCountMax: 3 }), state, { market: { book: deep }, orders: last, rng: lowestRng }));
    const replaced = out.intents.filter((i) => i.kind === 'replace');
    expect(replaced.map((r) => (r.kind === 'replace' ? r.clientOrderId : ''))).toEqual(['c-flash-1', 'c-flash-2']);
    expect(cancels(out.intents).sort()).toEqual(['c-flash-3', 'c-flash-4', 'c-flash-5', 'c-flash-6']);
  });

  it('one side only when configured; levels past the book’s depth are a tick further out each', () => {
    const bids = places(decideBookFlash(tick(config({ side: 'buy' }), state, { market: { book: deep } })).intents);
    expect(bids.every((o) => o.side === 'buy')).toBe(true);
    expect(levelPrice(deep.asks, 'sell', 7, 2)).toBe('100.92');
    expect(levelPrice(deep.bids, 'buy', 6, 2)).toBe('99.09');
    expect(levelPrice([], 'buy', 1, 2)).toBeNull();
  });
});
