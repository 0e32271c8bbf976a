import { describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from './ledger.ts';
import { defineMarket, type MarketSpec } from './market.ts';
import type { EngineOptions } from './matching-engine.ts';
import { SpotMarket } from './spot-market.ts';
import { MatchingError } from './types.ts';
import { PLAIN_MARKET } from '../testing/market-specs.ts';

function setup(spec: Partial<MarketSpec> = {}, options: EngineOptions = {}): { spot: SpotMarket; ledger: Ledger } {
  const ledger = new Ledger();
  for (const account of ['x', 'y', 'z']) {
    ledger.deposit(account, 'B', 1_000n);
    ledger.deposit(account, 'U', 100_000n);
  }
  return { spot: new SpotMarket(defineMarket({ ...PLAIN_MARKET, ...spec }), ledger, options), ledger };
}

describe('SpotMarket', () => {
  it('freezes price × qty for a limit buy and releases what a better price saved', () => {
    const { spot, ledger } = setup();
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 90, qty: 5 });
    expect(ledger.balance('y', 'B')).toEqual({ available: 995n, frozen: 5n });
    const result = spot.place({ type: 'limit', account: 'x', side: 'buy', price: 100, qty: 5 });
    expect(result.order.status).toBe('filled');
    expect(ledger.balance('x', 'U')).toEqual({ available: 99_550n, frozen: 0n });
    expect(ledger.balance('x', 'B')).toEqual({ available: 1_005n, frozen: 0n });
    expect(ledger.balance('y', 'U')).toEqual({ available: 100_450n, frozen: 0n });
    expect(ledger.balance('y', 'B')).toEqual({ available: 995n, frozen: 0n });
  });

  it('keeps the rest of the hold while resting and releases the leftover when filled as maker', () => {
    const { spot, ledger } = setup();
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 90, qty: 5 });
    const buy = spot.place({ type: 'limit', account: 'x', side: 'buy', price: 100, qty: 10 }).order;
    expect(buy.status).toBe('partial_filled');
    expect(spot.heldFor(buy.id)).toBe(550n);
    expect(ledger.balance('x', 'U')).toEqual({ available: 99_000n, frozen: 550n });
    spot.place({ type: 'limit', account: 'z', side: 'sell', price: 100, qty: 5 });
    expect(spot.heldFor(buy.id)).toBeUndefined();
    expect(ledger.balance('x', 'U')).toEqual({ available: 99_050n, frozen: 0n });
    expect(ledger.balance('x', 'B')).toEqual({ available: 1_010n, frozen: 0n });
  });

  it('freezes base for a sell and unfreezes it on cancel', () => {
    const { spot, ledger } = setup();
    const order = spot.place({ type: 'limit', account: 'x', side: 'sell', price: 100, qty: 30 }).order;
    expect(ledger.balance('x', 'B')).toEqual({ available: 970n, frozen: 30n });
    expect(spot.cancel(order.id, 'y')).toBeUndefined();
    expect(spot.cancel(order.id, 'x')).toMatchObject({ status: 'canceled', canceledQty: 30 });
    expect(ledger.balance('x', 'B')).toEqual({ available: 1_000n, frozen: 0n });
    expect(spot.cancel(order.id)).toBeUndefined();
  });

  it('freezes the exact cost of a market buy and refuses one it cannot pay, changing nothing', () => {
    const { spot, ledger } = setup();
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 100, qty: 400 });
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 200, qty: 400 });
    const bought = spot.place({ type: 'market', account: 'x', side: 'buy', qty: 500 });
    expect(bought.order).toMatchObject({ status: 'filled', filledQuote: 60_000n });
    expect(ledger.balance('x', 'U')).toEqual({ available: 40_000n, frozen: 0n });
    const nextId = spot.book.peekOrderId;
    let refused: unknown;
    try {
      spot.place({ type: 'market', account: 'x', side: 'buy', qty: 250 });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(LedgerError);
    expect((refused as LedgerError).message).toBe('x has 40000 U available, the market buy needs 50000');
    expect(spot.book.peekOrderId).toBe(nextId);
    expect(spot.book.depth().asks).toEqual([{ price: 200, qty: 300, orders: 1 }]);
    expect(ledger.balance('x', 'U')).toEqual({ available: 40_000n, frozen: 0n });
    expect(ledger.balance('x', 'B')).toEqual({ available: 1_500n, frozen: 0n });
  });

  it('freezes the budget of a quote-amount market buy and releases what it did not spend', () => {
    const { spot, ledger } = setup();
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 100, qty: 5 });
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 101, qty: 5 });
    const result = spot.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 750n });
    expect(result.order).toMatchObject({ status: 'filled', filledQty: 7, filledQuote: 702n });
    expect(ledger.balance('x', 'U')).toEqual({ available: 99_298n, frozen: 0n });
    expect(() => spot.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 99_299n })).toThrow(LedgerError);
  });

  it('releases the hold of a resting order canceled by self-trade prevention', () => {
    const { spot, ledger } = setup({}, { stp: 'cancel_maker' });
    spot.place({ type: 'limit', account: 'x', side: 'sell', price: 100, qty: 5 });
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 101, qty: 5 });
    const result = spot.place({ type: 'limit', account: 'x', side: 'buy', price: 101, qty: 5 });
    expect(result.canceledMakers.map((order) => order.account)).toEqual(['x']);
    expect(ledger.balance('x', 'B')).toEqual({ available: 1_005n, frozen: 0n });
    expect(ledger.balance('x', 'U')).toEqual({ available: 99_495n, frozen: 0n });
  });

  it('refuses a crossing post-only order without touching balances', () => {
    const { spot, ledger } = setup();
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 100, qty: 5 });
    expect(() => spot.place({ type: 'limit', account: 'x', side: 'buy', price: 100, qty: 5, postOnly: true })).toThrow(
      MatchingError,
    );
    expect(() => spot.place({ type: 'limit', account: 'x', side: 'buy', price: 0, qty: 5 })).toThrow(MatchingError);
    expect(ledger.balance('x', 'U')).toEqual({ available: 100_000n, frozen: 0n });
  });

  it('collects fees into the fee account with nothing created or lost', () => {
    const { spot, ledger } = setup({ pricePrecision: 1, quoteDecimals: 1, makerFeePpm: 1500, takerFeePpm: 1000 });
    spot.place({ type: 'limit', account: 'x', side: 'buy', price: 33, qty: 7 });
    spot.place({ type: 'limit', account: 'y', side: 'sell', price: 33, qty: 7 });
    expect(ledger.balance('x', 'B')).toEqual({ available: 1_006n, frozen: 0n }); // 7 bought, fee ceil(0.0105) = 1
    expect(ledger.balance('y', 'U')).toEqual({ available: 100_230n, frozen: 0n }); // 231 received, fee ceil(0.231) = 1
    expect(ledger.balance('fees', 'B').available).toBe(1n);
    expect(ledger.balance('fees', 'U').available).toBe(1n);
    expect(ledger.total('B')).toBe(3_000n);
    expect(ledger.total('U')).toBe(300_000n);
  });
});
