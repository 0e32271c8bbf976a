import { describe, expect, it } from 'vitest';
import { defineMarket, type MarketSpec } from './market.ts';
import { MatchingEngine, type EngineOptions } from './matching-engine.ts';
import { MatchingError, type Fill, type LimitOrderRequest, type OrderRequest, type Side } from './types.ts';
import { PLAIN_MARKET } from '../testing/market-specs.ts';

function engine(options: EngineOptions = {}, spec: Partial<MarketSpec> = {}): MatchingEngine {
  return new MatchingEngine(defineMarket({ ...PLAIN_MARKET, ...spec }), options);
}

function limit(
  account: string,
  side: Side,
  price: number,
  qty: number,
  extra: Partial<LimitOrderRequest> = {},
): LimitOrderRequest {
  return { type: 'limit', account, side, price, qty, ...extra };
}

/** [maker order id, price, qty] per fill. */
function trades(fills: readonly Fill[]): Array<[number, number, number]> {
  return fills.map((fill) => [fill.makerOrderId, fill.price, fill.qty]);
}

function refusal(fn: () => unknown): MatchingError {
  try {
    fn();
  } catch (error) {
    if (error instanceof MatchingError) return error;
    throw error;
  }
  throw new Error('expected a MatchingError');
}

/** Asks: id 1 = a 10@101, id 2 = b 10@100, id 3 = c 10@100, id 4 = d 10@102. */
function bookWithAsks(options: EngineOptions = {}): MatchingEngine {
  const e = engine(options);
  e.place(limit('a', 'sell', 101, 10));
  e.place(limit('b', 'sell', 100, 10));
  e.place(limit('c', 'sell', 100, 10));
  e.place(limit('d', 'sell', 102, 10));
  return e;
}

describe('price-time priority', () => {
  it('fills the best price first and, within a price, the oldest order first', () => {
    const e = bookWithAsks();
    const result = e.place({ type: 'market', account: 'x', side: 'buy', qty: 25 });
    expect(trades(result.fills)).toEqual([
      [2, 100, 10],
      [3, 100, 10],
      [1, 101, 5],
    ]);
    expect(result.order).toMatchObject({ id: 5, status: 'filled', filledQty: 25, filledQuote: 2505n, canceledQty: 0 });
    expect(e.getOrder(1)).toMatchObject({ status: 'partial_filled', filledQty: 5, remainingQty: 5, filledQuote: 505n });
    expect(e.getOrder(2)).toBeUndefined();
  });

  it('trades at the resting price and sells into the highest bid first', () => {
    const e = engine();
    e.place(limit('a', 'buy', 98, 5));
    e.place(limit('b', 'buy', 99, 5));
    e.place(limit('c', 'buy', 99, 5));
    const result = e.place(limit('x', 'sell', 97, 12));
    expect(trades(result.fills)).toEqual([
      [2, 99, 5],
      [3, 99, 5],
      [1, 98, 2],
    ]);
    expect(result.fills.map((fill) => fill.takerSide)).toEqual(['sell', 'sell', 'sell']);
    expect(result.fills.map((fill) => fill.tradeId)).toEqual([1, 2, 3]);
    expect(e.depth().bids).toEqual([{ price: 98, qty: 3, orders: 1 }]);
  });

  it('puts a price improvement ahead of older orders at worse prices', () => {
    const e = engine();
    e.place(limit('a', 'sell', 100, 5));
    e.place(limit('b', 'sell', 99, 5));
    const result = e.place(limit('x', 'buy', 100, 5));
    expect(trades(result.fills)).toEqual([[2, 99, 5]]);
  });
});

describe('partial fills', () => {
  it('sweeps several levels up to the limit and rests the remainder', () => {
    const e = bookWithAsks();
    const result = e.place(limit('x', 'buy', 101, 35));
    expect(trades(result.fills)).toEqual([
      [2, 100, 10],
      [3, 100, 10],
      [1, 101, 10],
    ]);
    expect(result.order).toMatchObject({
      status: 'partial_filled',
      qty: 35,
      filledQty: 30,
      remainingQty: 5,
      canceledQty: 0,
      filledQuote: 3010n,
    });
    expect(e.bestBid()).toBe(101);
    expect(e.bestAsk()).toBe(102);
    expect(e.depth()).toEqual({
      bids: [{ price: 101, qty: 5, orders: 1 }],
      asks: [{ price: 102, qty: 10, orders: 1 }],
    });
    expect(result.fills.map((fill) => fill.makerFilled)).toEqual([true, true, true]);
  });

  it('leaves a partly filled maker at the head of its level', () => {
    const e = bookWithAsks();
    e.place(limit('x', 'buy', 100, 4));
    expect(e.getOrder(2)).toMatchObject({ status: 'partial_filled', remainingQty: 6, filledQty: 4 });
    const next = e.place(limit('y', 'buy', 100, 8));
    expect(trades(next.fills)).toEqual([
      [2, 100, 6],
      [3, 100, 2],
    ]);
    expect(next.fills.map((fill) => fill.makerFilled)).toEqual([true, false]);
  });

  it('rests a non-crossing limit order untouched as pending', () => {
    const e = bookWithAsks();
    const result = e.place(limit('x', 'buy', 99, 3));
    expect(result.fills).toEqual([]);
    expect(result.order).toMatchObject({ status: 'pending', remainingQty: 3, filledQty: 0, price: 99, timeInForce: 'GTC' });
    expect(e.orderCount).toBe(5);
  });
});

describe('IOC', () => {
  it('cancels what it cannot fill at once', () => {
    const e = bookWithAsks();
    const result = e.place(limit('x', 'buy', 100, 25, { timeInForce: 'IOC' }));
    expect(trades(result.fills)).toEqual([
      [2, 100, 10],
      [3, 100, 10],
    ]);
    expect(result.order).toMatchObject({ status: 'partial_canceled', filledQty: 20, canceledQty: 5, remainingQty: 0 });
    expect(result.selfTradePrevented).toBe(false);
    expect(e.getOrder(result.order.id)).toBeUndefined();
    expect(e.bestBid()).toBeUndefined();
    expect(e.bestAsk()).toBe(101);
  });

  it('is canceled outright when nothing crosses, and filled when everything does', () => {
    const e = bookWithAsks();
    expect(e.place(limit('x', 'buy', 99, 5, { timeInForce: 'IOC' })).order).toMatchObject({
      status: 'canceled',
      canceledQty: 5,
      filledQty: 0,
    });
    expect(e.place(limit('x', 'buy', 100, 5, { timeInForce: 'IOC' })).order).toMatchObject({
      status: 'filled',
      canceledQty: 0,
      filledQty: 5,
    });
  });
});

describe('fill-or-kill', () => {
  it('fills entirely across levels up to its limit, at the makers\' prices', () => {
    const e = bookWithAsks();
    const result = e.place(limit('x', 'buy', 101, 25, { timeInForce: 'FOK' }));
    expect(trades(result.fills)).toEqual([
      [2, 100, 10],
      [3, 100, 10],
      [1, 101, 5],
    ]);
    expect(result.order).toMatchObject({ id: 5, timeInForce: 'FOK', status: 'filled', filledQty: 25, remainingQty: 0, canceledQty: 0, filledQuote: 2505n });
    expect(e.depth().asks).toEqual([
      { price: 101, qty: 5, orders: 1 },
      { price: 102, qty: 10, orders: 1 },
    ]);
  });

  it('expires having changed nothing when the book within its limit holds less, by one lot', () => {
    const e = bookWithAsks();
    const before = e.depth();
    const result = e.place(limit('x', 'buy', 101, 31, { timeInForce: 'FOK' }));
    expect(result.fills).toEqual([]);
    expect(result.canceledMakers).toEqual([]);
    expect(result.selfTradePrevented).toBe(false);
    expect(result.order).toMatchObject({ id: 5, status: 'canceled', filledQty: 0, remainingQty: 0, canceledQty: 31, filledQuote: 0n });
    expect(e.depth()).toEqual(before);
    expect(e.getOrder(5)).toBeUndefined();
    expect(e.peekOrderId).toBe(6);
    // Exactly what the book holds up to the limit fills.
    expect(e.place(limit('x', 'buy', 101, 30, { timeInForce: 'FOK' })).order.status).toBe('filled');
  });

  it('sells into bids the same way', () => {
    const e = engine();
    e.place(limit('a', 'buy', 50, 4));
    e.place(limit('b', 'buy', 49, 4));
    expect(e.place(limit('x', 'sell', 50, 5, { timeInForce: 'FOK' })).order.status).toBe('canceled');
    const result = e.place(limit('x', 'sell', 49, 5, { timeInForce: 'FOK' }));
    expect(trades(result.fills)).toEqual([
      [1, 50, 4],
      [2, 49, 1],
    ]);
    expect(result.order.status).toBe('filled');
  });

  it('counts what self-trade prevention would leave it: stopped before its own order it expires and cancels nothing', () => {
    const e = bookWithAsks();
    // c's own ask at 100 follows b's 10: cancel_taker stops there, so 15 cannot fill.
    const expired = e.place(limit('c', 'buy', 101, 15, { timeInForce: 'FOK' }));
    expect(expired.order.status).toBe('canceled');
    expect(expired.canceledMakers).toEqual([]);
    expect(e.getOrder(3)).toMatchObject({ status: 'pending', remainingQty: 10 });
    expect(e.place(limit('c', 'buy', 101, 10, { timeInForce: 'FOK' })).order.status).toBe('filled');
  });

  it('passes its own order by under cancel_maker, canceling it only when it fills', () => {
    const e = bookWithAsks();
    const result = e.place(limit('c', 'buy', 101, 15, { timeInForce: 'FOK', stp: 'cancel_maker' }));
    expect(trades(result.fills)).toEqual([
      [2, 100, 10],
      [1, 101, 5],
    ]);
    expect(result.canceledMakers.map((o) => o.id)).toEqual([3]);
    expect(result.order.status).toBe('filled');
    const kept = bookWithAsks();
    expect(kept.place(limit('c', 'buy', 101, 26, { timeInForce: 'FOK', stp: 'cancel_maker' })).canceledMakers).toEqual([]);
    expect(kept.getOrder(3)).toMatchObject({ status: 'pending' });
  });

  it('never rests, so a level already full does not refuse it', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const e = engine();
    e.place(limit('a', 'buy', 7, max));
    expect(e.place(limit('b', 'buy', 7, 1, { timeInForce: 'FOK' })).order.status).toBe('canceled');
  });
});

describe('post-only', () => {
  it('is refused, not re-priced, when it would take, and nothing changes', () => {
    const e = bookWithAsks();
    const before = e.depth();
    for (const price of [100, 101, 150]) {
      const error = refusal(() => e.place(limit('x', 'buy', price, 5, { postOnly: true })));
      expect(error.code).toBe('post_only_would_take');
      expect(error.message).toBe('post-only order would take liquidity');
    }
    expect(e.depth()).toEqual(before);
    expect(e.peekOrderId).toBe(5);
  });

  it('rests when it would not cross', () => {
    const e = bookWithAsks();
    const result = e.place(limit('x', 'buy', 99, 5, { postOnly: true }));
    expect(result.order).toMatchObject({ id: 5, status: 'pending', postOnly: true, remainingQty: 5 });
    const sell = e.place(limit('y', 'sell', 100, 5, { postOnly: true }));
    expect(sell.order.status).toBe('pending');
    expect(refusal(() => e.place(limit('z', 'sell', 99, 1, { postOnly: true }))).code).toBe('post_only_would_take');
  });

  it('rests on an empty book and cannot be IOC', () => {
    const e = engine();
    expect(e.place(limit('x', 'sell', 1, 1, { postOnly: true })).order.status).toBe('pending');
    expect(refusal(() => e.place(limit('x', 'buy', 1, 1, { postOnly: true, timeInForce: 'IOC' }))).message).toBe(
      'a post-only order cannot be IOC',
    );
  });
});

describe('market orders', () => {
  it('cancel the rest when liquidity runs out', () => {
    const e = engine();
    e.place(limit('a', 'sell', 100, 8));
    e.place(limit('b', 'sell', 105, 12));
    const result = e.place({ type: 'market', account: 'x', side: 'buy', qty: 30 });
    expect(trades(result.fills)).toEqual([
      [1, 100, 8],
      [2, 105, 12],
    ]);
    expect(result.order).toMatchObject({
      type: 'market',
      timeInForce: 'IOC',
      price: null,
      status: 'partial_canceled',
      filledQty: 20,
      canceledQty: 10,
      remainingQty: 0,
      filledQuote: 2060n,
    });
    expect(e.orderCount).toBe(0);
  });

  it('are canceled on an empty side', () => {
    const e = engine();
    e.place(limit('a', 'buy', 100, 8));
    const result = e.place({ type: 'market', account: 'x', side: 'buy', qty: 3 });
    expect(result.order).toMatchObject({ status: 'canceled', canceledQty: 3, filledQty: 0 });
    expect(result.fills).toEqual([]);
  });

  it('sell into every bid level', () => {
    const e = engine();
    e.place(limit('a', 'buy', 1, 8));
    e.place(limit('b', 'buy', 1000, 2));
    const result = e.place({ type: 'market', account: 'x', side: 'sell', qty: 10 });
    expect(trades(result.fills)).toEqual([
      [2, 1000, 2],
      [1, 1, 8],
    ]);
    expect(result.order.status).toBe('filled');
  });
});

describe('quote-amount market buys', () => {
  it('spend up to the budget in whole lots and end filled', () => {
    const e = engine();
    e.place(limit('a', 'sell', 100, 5));
    e.place(limit('b', 'sell', 101, 5));
    const result = e.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 750n });
    // 5 lots at 100 = 500, then 250 buys 2 lots at 101 = 202; 48 left cannot buy one more.
    expect(trades(result.fills)).toEqual([
      [1, 100, 5],
      [2, 101, 2],
    ]);
    expect(result.order).toMatchObject({
      status: 'filled',
      qty: 7,
      filledQty: 7,
      filledQuote: 702n,
      quoteQty: 750n,
      canceledQty: 0,
    });
    expect(e.getOrder(2)?.remainingQty).toBe(3);
  });

  it('end partial_canceled when the book runs out, canceled when nothing was affordable', () => {
    const e = engine();
    e.place(limit('a', 'sell', 100, 5));
    expect(e.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 99n }).order).toMatchObject({
      status: 'canceled',
      qty: 0,
      filledQty: 0,
    });
    expect(e.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 2000n }).order).toMatchObject({
      status: 'partial_canceled',
      qty: 5,
      filledQty: 5,
      filledQuote: 500n,
    });
    expect(e.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 1n }).order.status).toBe('canceled');
  });

  it('are buys only, with one of qty or quoteQty', () => {
    const e = engine();
    const sell = { type: 'market', account: 'x', side: 'sell', quoteQty: 5n } as unknown as OrderRequest;
    expect(refusal(() => e.place(sell)).message).toBe('quoteQty is for market buys only');
    const both = { type: 'market', account: 'x', side: 'buy', quoteQty: 5n, qty: 1 } as unknown as OrderRequest;
    expect(refusal(() => e.place(both)).message).toBe('give qty or quoteQty, not both');
    expect(refusal(() => e.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 0n })).code).toBe('invalid_order');
  });
});

describe('cancel', () => {
  it('returns the order with the quantity it canceled, once', () => {
    const e = bookWithAsks();
    const canceled = e.cancel(4);
    expect(canceled).toMatchObject({ id: 4, status: 'canceled', qty: 10, filledQty: 0, remainingQty: 0, canceledQty: 10 });
    expect(e.cancel(4)).toBeUndefined();
    expect(e.getOrder(4)).toBeUndefined();
    expect(e.depth().asks.map((level) => level.price)).toEqual([100, 101]);
  });

  it('of a partly filled order is partial_canceled with the rest canceled', () => {
    const e = bookWithAsks();
    e.place({ type: 'market', account: 'x', side: 'buy', qty: 13 });
    expect(e.cancel(3)).toMatchObject({ status: 'partial_canceled', filledQty: 3, canceledQty: 7, remainingQty: 0 });
  });

  it('ignores unknown ids, ended orders and other accounts', () => {
    const e = bookWithAsks();
    expect(e.cancel(99)).toBeUndefined();
    expect(e.cancel(1, 'b')).toBeUndefined();
    expect(e.getOrder(1)?.status).toBe('pending');
    expect(e.cancel(1, 'a')?.status).toBe('canceled');
    e.place({ type: 'market', account: 'x', side: 'buy', qty: 10 });
    expect(e.cancel(2)).toBeUndefined();
  });
});

describe('self-trade prevention', () => {
  /** id 1 = b 5@99, id 2 = a 5@100 (own), id 3 = c 5@100. */
  function ownInTheWay(options: EngineOptions = {}): MatchingEngine {
    const e = engine(options);
    e.place(limit('b', 'sell', 99, 5));
    e.place(limit('a', 'sell', 100, 5));
    e.place(limit('c', 'sell', 100, 5));
    return e;
  }

  it('cancel_taker (default) stops at the own order and cancels the rest of the incoming one', () => {
    const e = ownInTheWay();
    const result = e.place(limit('a', 'buy', 100, 12));
    expect(trades(result.fills)).toEqual([[1, 99, 5]]);
    expect(result.order).toMatchObject({
      status: 'partial_canceled',
      filledQty: 5,
      canceledQty: 7,
      remainingQty: 0,
      stp: 'cancel_taker',
    });
    expect(result.canceledMakers).toEqual([]);
    expect(result.selfTradePrevented).toBe(true);
    expect(e.getOrder(2)?.status).toBe('pending');
    expect(e.bestBid()).toBeUndefined();
  });

  it('cancel_taker with the own order first cancels the incoming order untouched', () => {
    const e = engine();
    e.place(limit('a', 'sell', 100, 5));
    const result = e.place({ type: 'market', account: 'a', side: 'buy', qty: 5 });
    expect(result.order).toMatchObject({ status: 'canceled', canceledQty: 5 });
    expect(e.orderCount).toBe(1);
  });

  it('cancel_maker cancels the own resting order and keeps matching', () => {
    const e = ownInTheWay({ stp: 'cancel_maker' });
    const result = e.place(limit('a', 'buy', 100, 12));
    expect(trades(result.fills)).toEqual([
      [1, 99, 5],
      [3, 100, 5],
    ]);
    expect(result.canceledMakers).toHaveLength(1);
    expect(result.canceledMakers[0]).toMatchObject({ id: 2, account: 'a', status: 'canceled', canceledQty: 5, remainingQty: 0 });
    expect(result.order).toMatchObject({ status: 'partial_filled', filledQty: 10, remainingQty: 2 });
    expect(result.selfTradePrevented).toBe(true);
    expect(e.depth()).toEqual({ bids: [{ price: 100, qty: 2, orders: 1 }], asks: [] });
  });

  it('cancel_both cancels the own resting order and the rest of the incoming one', () => {
    const e = ownInTheWay({ stp: 'cancel_both' });
    const result = e.place(limit('a', 'buy', 100, 12));
    expect(trades(result.fills)).toEqual([[1, 99, 5]]);
    expect(result.canceledMakers.map((order) => order.id)).toEqual([2]);
    expect(result.order).toMatchObject({ status: 'partial_canceled', canceledQty: 7 });
    expect(e.restingOrders().map((order) => order.id)).toEqual([3]);
  });

  it('a partly filled own maker canceled by cancel_maker is partial_canceled', () => {
    const e = engine({ stp: 'cancel_maker' });
    e.place(limit('a', 'sell', 100, 5));
    e.place(limit('x', 'buy', 100, 2));
    const result = e.place(limit('a', 'buy', 100, 1));
    expect(result.canceledMakers[0]).toMatchObject({ status: 'partial_canceled', filledQty: 2, canceledQty: 3 });
    expect(result.order.status).toBe('pending');
  });

  it('none lets an account trade with itself (simulation-only volume bots)', () => {
    const e = ownInTheWay({ stp: 'none' });
    const result = e.place(limit('a', 'buy', 100, 10));
    expect(trades(result.fills)).toEqual([
      [1, 99, 5],
      [2, 100, 5],
    ]);
    expect(result.fills[1]).toMatchObject({ takerAccount: 'a', makerAccount: 'a' });
    expect(result.selfTradePrevented).toBe(false);
  });

  it('takes the mode of the order over the default of the engine', () => {
    const e = ownInTheWay({ stp: 'none' });
    const result = e.place(limit('a', 'buy', 100, 10, { stp: 'cancel_maker' }));
    expect(trades(result.fills)).toEqual([
      [1, 99, 5],
      [3, 100, 5],
    ]);
    expect(result.order.stp).toBe('cancel_maker');
  });

  it('applies to quote-amount market buys too', () => {
    const e = ownInTheWay();
    const result = e.place({ type: 'market', account: 'a', side: 'buy', quoteQty: 10_000n });
    expect(trades(result.fills)).toEqual([[1, 99, 5]]);
    expect(result.order.status).toBe('partial_canceled');
    const maker = ownInTheWay({ stp: 'cancel_maker' }).place({ type: 'market', account: 'a', side: 'buy', quoteQty: 10_000n });
    expect(trades(maker.fills)).toEqual([
      [1, 99, 5],
      [3, 100, 5],
    ]);
    expect(maker.canceledMakers.map((order) => order.id)).toEqual([2]);
  });
});

describe('previewMarket', () => {
  it('prices a sweep exactly as place would fill it, under each self-trade mode', () => {
    for (const stp of ['cancel_taker', 'cancel_maker', 'cancel_both', 'none'] as const) {
      const e = engine({ stp });
      e.place(limit('b', 'sell', 99, 5));
      e.place(limit('a', 'sell', 100, 5));
      e.place(limit('c', 'sell', 101, 5));
      const preview = e.previewMarket('buy', 'a', 12);
      const result = e.place({ type: 'market', account: 'a', side: 'buy', qty: 12 });
      expect(preview).toEqual({ qty: result.order.filledQty, quote: result.order.filledQuote });
    }
    const e = engine();
    e.place(limit('b', 'buy', 99, 5));
    expect(e.previewMarket('sell', 'x', 8)).toEqual({ qty: 5, quote: 495n });
  });
});

describe('fees', () => {
  it('charge each side on what it receives, exactly', () => {
    // 0.001 BTC lots, 0.01 USDT ticks, both assets kept at 8 decimals.
    const spec = { pricePrecision: 2, amountPrecision: 3, baseDecimals: 8, quoteDecimals: 8, makerFeePpm: 200, takerFeePpm: 1000 };
    const e = engine({}, spec);
    e.place(limit('m', 'sell', 2_000_000, 15)); // 0.015 BTC at 20000.00
    const [fill] = e.place(limit('t', 'buy', 2_000_000, 15)).fills;
    expect(fill).toMatchObject({
      baseAmount: 1_500_000n, // 0.015 BTC
      quoteAmount: 30_000_000_000n, // 300 USDT
      takerFee: 1_500n, // 0.1 % of the BTC the taker bought
      makerFee: 6_000_000n, // 0.02 % of the USDT the maker sold for
    });
  });

  it('round up, in the venue’s favour, to the next asset unit', () => {
    const e = engine({}, { pricePrecision: 1, quoteDecimals: 1, makerFeePpm: 1500, takerFeePpm: 1000 });
    e.place(limit('m', 'buy', 33, 7)); // the maker buys 7 base units for 231 quote units
    const [fill] = e.place(limit('t', 'sell', 33, 7)).fills;
    expect(fill).toMatchObject({ baseAmount: 7n, quoteAmount: 231n, makerFee: 1n, takerFee: 1n });
  });

  it('stay exact when the unit scales push amounts past 2^53', () => {
    const spec = { baseDecimals: 20, quoteDecimals: 30, makerFeePpm: 1500, takerFeePpm: 1000 };
    const e = engine({}, spec);
    e.place(limit('m', 'sell', 33, 7));
    const [fill] = e.place(limit('t', 'buy', 33, 7)).fills;
    expect(fill).toMatchObject({
      baseAmount: 7n * 10n ** 20n,
      quoteAmount: 231n * 10n ** 30n,
      takerFee: 7n * 10n ** 17n, // 0.1 % of the base bought
      makerFee: 346_500n * 10n ** 24n, // 0.15 % of the quote received
    });
  });

  it('are zero at zero rates', () => {
    const e = engine();
    e.place(limit('m', 'buy', 10, 1));
    expect(e.place(limit('t', 'sell', 10, 1)).fills[0]).toMatchObject({ makerFee: 0n, takerFee: 0n });
  });
});

describe('validation', () => {
  it.each([
    [{ type: 'limit', account: 'a', side: 'buy', price: 0, qty: 1 }, 'price must be a positive safe integer of ticks'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 1.5, qty: 1 }, 'price must be a positive safe integer of ticks'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 2 ** 53, qty: 1 }, 'price must be a positive safe integer of ticks'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 1, qty: -1 }, 'qty must be a positive safe integer of lots'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 1, qty: Number.NaN }, 'qty must be a positive safe integer of lots'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 1, qty: 1, timeInForce: 'GTD' }, 'timeInForce must be GTC, IOC or FOK'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 1, qty: 1, timeInForce: 'FOK', postOnly: true }, 'a post-only order cannot be FOK'],
    [{ type: 'market', account: 'a', side: 'buy', qty: 0 }, 'qty must be a positive safe integer of lots'],
    [{ type: 'stop', account: 'a', side: 'buy', qty: 1 }, 'type must be limit or market'],
    [{ type: 'limit', account: '', side: 'buy', price: 1, qty: 1 }, 'account must be a non-empty string'],
    [{ type: 'limit', account: 'a', side: 'long', price: 1, qty: 1 }, 'side must be buy or sell'],
    [{ type: 'limit', account: 'a', side: 'buy', price: 1, qty: 1, stp: 'expire' }, 'unknown stp mode expire'],
  ])('refuses %j', (req, message) => {
    const e = engine();
    const error = refusal(() => e.place(req as unknown as OrderRequest));
    expect(error).toMatchObject({ code: 'invalid_order', message });
    expect(e.peekOrderId).toBe(1);
  });

  it('keeps every quantity a safe integer and every notional exact', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const e = engine();
    e.place(limit('a', 'sell', max, max));
    expect(refusal(() => e.place(limit('b', 'sell', max, 1))).message).toBe('the price level would hold more than 2^53 - 1 lots');
    const result = e.place(limit('c', 'buy', max, max, { timeInForce: 'IOC' }));
    expect(result.fills[0]).toMatchObject({ qty: max, quoteAmount: BigInt(max) * BigInt(max), baseAmount: BigInt(max) });

    const quote = engine();
    quote.place(limit('a', 'sell', 1, max));
    quote.place(limit('a', 'sell', 2, 5));
    const bought = quote.place({ type: 'market', account: 'x', side: 'buy', quoteQty: 10n ** 30n });
    expect(bought.order).toMatchObject({ qty: max, filledQty: max, filledQuote: BigInt(max) });
    expect(quote.depth().asks).toEqual([{ price: 2, qty: 5, orders: 1 }]);
  });

  it('refuses bad engine options', () => {
    expect(() => engine({ stp: 'expire' as never })).toThrow('unknown stp mode expire');
    expect(() => engine({ firstOrderId: 0 })).toThrow('firstOrderId and firstTradeId must be positive safe integers');
    expect(() => engine({ firstTradeId: 1.5 })).toThrow(MatchingError);
  });
});

describe('ids and snapshots', () => {
  it('numbers orders and trades from the given starts', () => {
    const e = engine({ firstOrderId: 1000, firstTradeId: 50 });
    expect(e.place(limit('a', 'sell', 10, 1)).order.id).toBe(1000);
    const result = e.place(limit('b', 'buy', 10, 1));
    expect(result.order.id).toBe(1001);
    expect(result.fills[0]?.tradeId).toBe(50);
  });

  it('lists resting orders bids then asks, best first and oldest first', () => {
    const e = engine();
    e.place(limit('a', 'buy', 10, 1));
    e.place(limit('a', 'buy', 11, 1));
    e.place(limit('a', 'sell', 13, 1));
    e.place(limit('a', 'buy', 11, 1));
    e.place(limit('a', 'sell', 12, 1));
    expect(e.restingOrders().map((order) => order.id)).toEqual([2, 4, 1, 5, 3]);
    expect(e.depth(1)).toEqual({ bids: [{ price: 11, qty: 2, orders: 2 }], asks: [{ price: 12, qty: 1, orders: 1 }] });
  });

  it('hands out snapshots, not live records', () => {
    const e = engine();
    const placed = e.place(limit('a', 'sell', 10, 5)).order;
    e.place(limit('b', 'buy', 10, 2));
    expect(placed).toMatchObject({ status: 'pending', filledQty: 0, remainingQty: 5 });
    expect(e.getOrder(placed.id)).toMatchObject({ status: 'partial_filled', filledQty: 2, remainingQty: 3 });
  });
});
