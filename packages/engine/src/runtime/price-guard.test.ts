import type { OrderBook } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { PairRules } from '../strategy.ts';
import { guardPlacement, type GuardContext } from './price-guard.ts';

const rules: PairRules = {
  symbol: 'ETH/USDT',
  base: 'ETH',
  quote: 'USDT',
  pricePrecision: 2,
  amountPrecision: 4,
  minAmount: '0.0001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.002',
};
const book: OrderBook = {
  symbol: 'ETH/USDT',
  bids: [
    ['3199.00', '1'],
    ['3198.00', '2'],
  ],
  asks: [
    ['3201.00', '0.5'],
    ['3202.00', '0.7'],
    ['3210.00', '5'],
  ],
  timestamp: 0,
};
const safe: GuardContext = { rules, book, priceMode: 'safe', reference: '3200', maxDeviation: '0.05', simulated: true };
const normal: GuardContext = { ...safe, priceMode: 'normal' };

describe('guardPlacement', () => {
  it('rounds bids down and asks up to the price precision, amounts down', () => {
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3150.129', amount: '0.123456' }, normal)).toEqual({
      ok: true,
      order: { tag: 'b', side: 'buy', price: '3150.12', amount: '0.1234', timeInForce: 'GTC', selfTrade: false },
    });
    expect(guardPlacement({ tag: 'a', side: 'sell', price: '3250.121', amount: '0.12349' }, normal)).toMatchObject({ ok: true, order: { price: '3250.13', amount: '0.1234' } });
  });

  it('drops orders under the minimum amount or value', () => {
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3100', amount: '0.00001' }, normal)).toMatchObject({ ok: false, code: 'too_small' });
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3100', amount: '0.0015' }, normal)).toMatchObject({ ok: false, code: 'too_small' });
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3100', amount: '0.0017' }, normal)).toMatchObject({ ok: true });
  });

  it('safe mode: every placement is POST_ONLY and never crosses the book', () => {
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3200', amount: '0.1', timeInForce: 'IOC' }, safe)).toMatchObject({ ok: true, order: { timeInForce: 'POST_ONLY' } });
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3201', amount: '0.1' }, safe)).toMatchObject({ ok: false, code: 'crosses' });
    expect(guardPlacement({ tag: 'a', side: 'sell', price: '3199', amount: '0.1' }, safe)).toMatchObject({ ok: false, code: 'crosses' });
    expect(guardPlacement({ tag: 'a', side: 'sell', price: '3198.999', amount: '0.1' }, safe)).toMatchObject({ ok: false, code: 'crosses' });
  });

  it('safe mode: skips placements when the spread is under two ticks or there is no reference', () => {
    const tight = { ...safe, book: { ...book, bids: [['3200.00', '1']], asks: [['3200.01', '1']] } as OrderBook };
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3100', amount: '0.1' }, tight)).toMatchObject({ ok: false, code: 'spread_too_narrow' });
    const twoTicks = { ...safe, book: { ...book, bids: [['3200.00', '1']], asks: [['3200.02', '1']] } as OrderBook };
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3200.01', amount: '0.1' }, twoTicks)).toMatchObject({ ok: true });
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3100', amount: '0.1' }, { ...safe, reference: null })).toMatchObject({ ok: false, code: 'no_reference' });
  });

  it('safe mode: refuses an order further than maxDeviation from the reference', () => {
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3040', amount: '0.1' }, safe)).toMatchObject({ ok: true });
    expect(guardPlacement({ tag: 'b', side: 'buy', price: '3039.99', amount: '0.1' }, safe)).toMatchObject({ ok: false, code: 'too_far' });
    expect(guardPlacement({ tag: 'a', side: 'sell', price: '3360.01', amount: '0.1' }, safe)).toMatchObject({ ok: false, code: 'too_far' });
    expect(guardPlacement({ tag: 'a', side: 'sell', price: '3360.01', amount: '0.1' }, { ...safe, maxDeviation: null })).toMatchObject({ ok: true });
  });

  it('normal mode: a crossing order is cut to the visible liquidity within its price', () => {
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3202', amount: '3' }, normal)).toMatchObject({ ok: true, order: { amount: '1.2', price: '3202' } });
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3202', amount: '1' }, normal)).toMatchObject({ ok: true, order: { amount: '1' } });
    expect(guardPlacement({ tag: 'x', side: 'sell', price: '3199', amount: '3', timeInForce: 'IOC' }, normal)).toMatchObject({ ok: true, order: { amount: '1', timeInForce: 'IOC' } });
    expect(guardPlacement({ tag: 'x', side: 'sell', price: '3100', amount: '0.1' }, normal)).toMatchObject({ ok: true, order: { amount: '0.1' } });
    const empty = { ...normal, book: { ...book, asks: [] } };
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3300', amount: '1' }, empty)).toMatchObject({ ok: true, order: { amount: '1' } });
  });

  it('live venues: refuses a placement that would trade with the account’s own resting order of any scope (self-trade prevention)', () => {
    const live: GuardContext = { ...normal, accountResting: [{ side: 'sell', price: '3201.00', clientOrderId: 'MDmanualZ0000000000000000' }, { side: 'buy', price: '3199.00', clientOrderId: null }] };
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3201', amount: '0.1' }, live)).toMatchObject({ ok: false, code: 'self_trade' });
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3205', amount: '0.1', timeInForce: 'IOC' }, live)).toMatchObject({ ok: false, code: 'self_trade' });
    expect(guardPlacement({ tag: 'x', side: 'sell', price: '3199', amount: '0.1' }, live)).toMatchObject({ ok: false, code: 'self_trade' });
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3200.99', amount: '0.1' }, live)).toMatchObject({ ok: true });
    expect(guardPlacement({ tag: 'x', side: 'sell', price: '3199.01', amount: '0.1' }, live)).toMatchObject({ ok: true });
    // The simulator's matching prevents self-trades itself: no list, no refusal from the guard.
    expect(guardPlacement({ tag: 'x', side: 'buy', price: '3201', amount: '0.1' }, normal)).toMatchObject({ ok: true });
  });
});

describe('guardPlacement: self-trade opt-in (DESIGN §8)', () => {
  const taker = { tag: 'vol-1-t', side: 'buy' as const, price: '3200.00', amount: '0.1', timeInForce: 'IOC' as const, selfTrade: true };

  it('a simulated session honours it, and the taking leg keeps IOC in safe mode', () => {
    expect(guardPlacement(taker, { ...normal, simulated: true })).toMatchObject({ ok: true, order: { selfTrade: true, timeInForce: 'IOC' } });
    expect(guardPlacement(taker, { ...safe, simulated: true })).toMatchObject({ ok: true, order: { selfTrade: true, timeInForce: 'IOC' } });
  });

  it('a live session refuses it in every price mode, even with no resting order of the account', () => {
    for (const ctx of [normal, safe]) {
      const result = guardPlacement(taker, { ...ctx, simulated: false, accountResting: [] });
      expect(result).toMatchObject({ ok: false, code: 'self_trade' });
      expect(result.ok ? '' : result.reason).toMatch(/simulator only/);
    }
  });

  it('a live session still refuses an ordinary order that would meet the account’s own resting order', () => {
    const live = { ...normal, simulated: false, accountResting: [{ side: 'sell' as const, price: '3200.00', clientOrderId: 'other' }] };
    expect(guardPlacement({ ...taker, selfTrade: false }, live)).toMatchObject({ ok: false, code: 'self_trade' });
  });
});
