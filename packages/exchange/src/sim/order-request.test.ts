import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import type { PlaceOrderRequest } from '../exchange.ts';
import { defaultSimPairs } from './default-pairs.ts';
import { LedgerError, MatchingError } from './matching/index.ts';
import { parsePlaceRequest, placeError } from './order-request.ts';
import { setupPairs } from './sim-pair.ts';

const btc = setupPairs(defaultSimPairs).setups[0]!;
const base: PlaceOrderRequest = {
  symbol: 'BTC/USDT',
  direction: 'buy',
  tradeType: 'limit',
  price: '65000.5',
  amount: '0.012',
  clientOrderId: 'c1',
};
const noMarket = () => undefined;

function kindOf(req: PlaceOrderRequest, marketPrice: (side: 'buy' | 'sell') => number | undefined = noMarket): string {
  try {
    parsePlaceRequest(btc, req, marketPrice);
  } catch (err) {
    if (err instanceof ExchangeError) return err.kind;
    throw err;
  }
  return 'ok';
}

describe('parsePlaceRequest', () => {
  it('turns a limit order into ticks and lots, preventing self-trades by cancelling the taker', () => {
    const parsed = parsePlaceRequest(btc, base, noMarket);
    expect(parsed).toMatchObject({ side: 'buy', type: 'limit', timeInForce: 'GTC', price: 6_500_050, qty: 1_200, clientOrderId: 'c1' });
    expect(parsed.request('user:a')).toEqual({
      type: 'limit',
      account: 'user:a',
      side: 'buy',
      price: 6_500_050,
      qty: 1_200,
      stp: 'cancel_taker',
      timeInForce: 'GTC',
      postOnly: false,
    });
    const withTif = (timeInForce: 'POST_ONLY' | 'IOC') => parsePlaceRequest(btc, { ...base, timeInForce }, noMarket).request('a');
    expect(withTif('POST_ONLY')).toMatchObject({ timeInForce: 'GTC', postOnly: true });
    expect(withTif('IOC')).toMatchObject({ timeInForce: 'IOC', postOnly: false });
  });

  it('lets an order opt out of self-trade prevention (simulation-only volume bots), limit and market', () => {
    expect(parsePlaceRequest(btc, { ...base, allowSelfTrade: true }, noMarket).request('a')).toMatchObject({ stp: 'none' });
    expect(parsePlaceRequest(btc, { ...base, allowSelfTrade: false }, noMarket).request('a')).toMatchObject({ stp: 'cancel_taker' });
    expect(parsePlaceRequest(btc, { ...base, tradeType: 'market', price: undefined, allowSelfTrade: true }, () => 6_500_000).request('a')).toMatchObject({ stp: 'none' });
  });

  it('makes a market order, bounded by its protection price when it has one', () => {
    const market = { ...base, tradeType: 'market' as const, price: undefined };
    const parsed = parsePlaceRequest(btc, market, () => 6_500_000);
    expect(parsed).toMatchObject({ type: 'market', timeInForce: 'IOC', price: null });
    expect(parsed.request('a')).toEqual({ type: 'market', account: 'a', side: 'buy', qty: 1_200, stp: 'cancel_taker' });
    const protectedOrder = parsePlaceRequest(btc, { ...market, price: '66000' }, noMarket);
    expect(protectedOrder.price).toBeNull();
    expect(protectedOrder.request('a')).toMatchObject({ type: 'limit', price: 6_600_000, timeInForce: 'IOC' });
  });

  it.each([
    [{ price: '65000.001' }, 'price_precision'],
    [{ amount: '0.000001' }, 'amount_precision'],
    [{ amount: '0.00001', price: '65000' }, 'min_notional'],
    [{ amount: '99999999999999' }, 'max_amount'],
    [{ amount: '0' }, 'invalid_order'],
    [{ amount: ' 1' }, 'invalid_order'],
    [{ amount: 1 as unknown as string }, 'invalid_order'],
    [{ price: undefined }, 'invalid_order'],
    [{ direction: 'long' as 'buy' }, 'invalid_order'],
    [{ tradeType: 'stop' as 'limit' }, 'invalid_order'],
    [{ timeInForce: 'GTD' as 'GTC' }, 'invalid_order'],
    [{ timeInForce: 'FOK' as const }, 'ok'],
    [{ tradeType: 'market' as const, price: undefined, timeInForce: 'FOK' as const }, 'invalid_order'],
    [{ clientOrderId: 'x'.repeat(65) }, 'invalid_order'],
    [{ clientOrderId: 'x'.repeat(64) }, 'ok'],
  ])('%j → %s', (change, kind) => {
    expect(kindOf({ ...base, ...change })).toBe(kind);
  });

  it('sends a fill-or-kill limit order to the engine as FOK', () => {
    const fok = parsePlaceRequest(btc, { ...base, timeInForce: 'FOK' }, noMarket);
    expect(fok.timeInForce).toBe('FOK');
    expect(fok.request('a')).toMatchObject({ type: 'limit', timeInForce: 'FOK', postOnly: false });
  });

  it('values a market order at the best opposite price, and skips the check on an empty side', () => {
    const market: PlaceOrderRequest = { ...base, tradeType: 'market', price: undefined, amount: '0.00005' };
    expect(kindOf(market, () => 6_500_000)).toBe('min_notional');
    expect(kindOf(market, () => undefined)).toBe('ok');
    expect(kindOf({ ...market, amount: '0.0001' }, () => 6_500_000)).toBe('ok');
  });

  it('maps the engine and ledger refusals', () => {
    expect(placeError(new LedgerError('insufficient_balance', 'x'))).toMatchObject({ kind: 'insufficient_balance' });
    expect(placeError(new MatchingError('post_only_would_take', 'x'))).toMatchObject({ kind: 'post_only_would_cross' });
    expect(placeError(new MatchingError('invalid_order', 'bad'))).toMatchObject({ kind: 'invalid_order', message: 'bad' });
    expect(() => placeError(new TypeError('bug'))).toThrow(TypeError);
  });
});
