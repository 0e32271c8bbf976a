import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import type { Exchange, ExchangeEvent, PlaceOrderRequest } from '../exchange.ts';
import { createDefaultSimVenue } from './default-pairs.ts';
import { decimalToUnits, unitsToDecimal } from './matching/index.ts';

/** An hour boundary, so candle buckets are easy to read. */
const T0 = 1_699_999_200_000;

function setup(seed = 1) {
  const clock = { t: T0 };
  const venue = createDefaultSimVenue({ seed, now: () => clock.t });
  return { clock, venue, alice: venue.account('alice'), bob: venue.account('bob') };
}

function order(
  symbol: string,
  direction: 'buy' | 'sell',
  amount: string,
  price: string | undefined,
  clientOrderId: string,
  extra: Partial<PlaceOrderRequest> = {},
): PlaceOrderRequest {
  return price === undefined
    ? { symbol, direction, tradeType: 'market', amount, clientOrderId, ...extra }
    : { symbol, direction, tradeType: 'limit', price, amount, clientOrderId, ...extra };
}

async function balance(account: Exchange, asset: string) {
  const found = (await account.fetchBalances()).find((b) => b.asset === asset);
  if (found === undefined) throw new Error(`no ${asset} balance`);
  return found;
}

async function rejection(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ExchangeError) return err;
    throw err;
  }
  throw new Error('expected an ExchangeError');
}

const units8 = (value: string) => decimalToUnits(value, 8);
const dec8 = (value: bigint) => unitsToDecimal(value, 8);
/** ceil(x × 0.1 %). */
const fee = (x: bigint) => (x * 1000n + 999_999n) / 1_000_000n;

describe('SimVenue accounts', () => {
  it('funds a new account once with the demo funds, minted into the supply', async () => {
    const { venue } = setup();
    expect(venue.hasAccount('carol')).toBe(false);
    venue.openAccount('carol');
    venue.openAccount('carol');
    expect(venue.hasAccount('carol')).toBe(true);
    expect(await venue.account('carol').fetchBalances()).toEqual([
      { asset: 'USDT', available: '100000.00000000', frozen: '0.00000000', total: '100000.00000000' },
      { asset: 'BTC', available: '2.00000000', frozen: '0.00000000', total: '2.00000000' },
      { asset: 'ETH', available: '40.00000000', frozen: '0.00000000', total: '40.00000000' },
      { asset: 'SOL', available: '800.00000000', frozen: '0.00000000', total: '800.00000000' },
      { asset: 'MDK', available: '200000.00000000', frozen: '0.00000000', total: '200000.00000000' },
    ]);
    expect(venue.conserves()).toBe(true);
  });

  it('describes its markets with fees as fractions', async () => {
    const { alice } = setup();
    const markets = await alice.loadMarkets();
    expect(markets.map((m) => m.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'MDK/USDT']);
    expect(markets[0]).toEqual({
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 2,
      amountPrecision: 5,
      minAmount: '0.00001',
      // The largest safe integers of lots and ticks.
      maxAmount: '90071992547.40991',
      maxPrice: '90071992547409.91',
      minNotional: '5',
      maxNotional: null,
      makerFee: '0.001',
      takerFee: '0.001',
      active: true,
    });
    expect(alice.id).toBe('sim');
    expect(alice.capabilities).toEqual({ selfTradePrevention: true, postOnly: true, ioc: true, stream: true, batchCancel: true });
  });
});

describe('SimVenue orders', () => {
  it('rests a limit order, shows it open and freezes its cost', async () => {
    const { alice, clock } = setup();
    clock.t = T0 + 5_000;
    const placed = await alice.placeOrder(order('BTC/USDT', 'buy', '0.01', '60000', 'a-1'));
    expect(placed).toEqual({
      orderNo: placed.orderNo,
      clientOrderId: 'a-1',
      symbol: 'BTC/USDT',
      direction: 'buy',
      tradeType: 'limit',
      timeInForce: 'GTC',
      price: '60000.00',
      amount: '0.01000',
      filledAmount: '0.00000',
      filledValue: '0.00000000',
      status: 'pending',
      createdAt: T0 + 5_000,
      updatedAt: T0 + 5_000,
    });
    expect(placed.orderNo).toMatch(/^[1-9]\d*$/);
    expect(await alice.fetchOpenOrders('BTC/USDT')).toEqual([placed]);
    expect(await alice.fetchOrder('BTC/USDT', placed.orderNo)).toEqual(placed);
    expect(await balance(alice, 'USDT')).toEqual({
      asset: 'USDT',
      available: '99400.00000000',
      frozen: '600.00000000',
      total: '100000.00000000',
    });
    const book = await alice.fetchOrderBook('BTC/USDT', 50);
    expect(book.bids).toContainEqual(['60000.00', '0.01000']);
  });

  it('finds an account’s order by client order id, open or closed, and only its own', async () => {
    const { alice, bob } = setup();
    const placed = await alice.placeOrder(order('BTC/USDT', 'buy', '0.01', '60000', 'by-id-1'));
    expect(await alice.fetchOrderByClientId('BTC/USDT', 'by-id-1')).toEqual(placed);
    expect(await bob.fetchOrderByClientId('BTC/USDT', 'by-id-1')).toBeNull();
    const canceled = await alice.cancelOrder('BTC/USDT', placed.orderNo);
    expect(await alice.fetchOrderByClientId('BTC/USDT', 'by-id-1')).toEqual(canceled);
    expect(await alice.fetchOrderByClientId('BTC/USDT', 'never-sent')).toBeNull();
    expect(await rejection(alice.fetchOrderByClientId('NOPE/USDT', 'by-id-1'))).toMatchObject({ kind: 'unknown_symbol' });
  });

  it('fills a crossing order against the background liquidity and charges the taker fee in what it receives', async () => {
    const { alice } = setup();
    const [bestAsk] = (await alice.fetchOrderBook('ETH/USDT', 1)).asks;
    const [askPrice, askAmount] = bestAsk!;
    const lots = decimalToUnits(askAmount, 4) / 2n;
    const amount = unitsToDecimal(lots, 4);
    const placed = await alice.placeOrder(order('ETH/USDT', 'buy', amount, undefined, 'mkt-1'));

    const cost = decimalToUnits(askPrice, 2) * lots * 100n; // ticks × lots in 1e-8 USDT
    const bought = lots * 10_000n; // lots in 1e-8 ETH
    expect(placed).toMatchObject({
      tradeType: 'market',
      timeInForce: 'IOC',
      price: null,
      amount,
      filledAmount: amount,
      filledValue: dec8(cost),
      status: 'filled',
    });
    expect(await alice.fetchOpenOrders('ETH/USDT')).toEqual([]);
    expect(await alice.fetchClosedOrders('ETH/USDT')).toEqual([placed]);
    expect(await balance(alice, 'ETH')).toMatchObject({ available: dec8(units8('40') + bought - fee(bought)), frozen: '0.00000000' });
    expect(await balance(alice, 'USDT')).toMatchObject({ available: dec8(units8('100000') - cost), frozen: '0.00000000' });
    const [trade] = await alice.fetchMyTrades('ETH/USDT');
    expect(trade).toMatchObject({
      symbol: 'ETH/USDT',
      orderNo: placed.orderNo,
      price: askPrice,
      amount,
      side: 'buy',
      fee: dec8(fee(bought)),
      feeAsset: 'ETH',
      liquidity: 'taker',
    });
    const [publicTrade] = await alice.fetchTrades('ETH/USDT', 1);
    expect(publicTrade).toEqual({ id: trade!.id, symbol: 'ETH/USDT', price: askPrice, amount, side: 'buy', timestamp: T0 });
  });

  it('fills partially, then a cancel releases the rest of the hold', async () => {
    const { alice, bob, clock } = setup();
    const sell = await alice.placeOrder(order('ETH/USDT', 'sell', '1', '3200', 'a-sell'));
    expect(await balance(alice, 'ETH')).toMatchObject({ available: '39.00000000', frozen: '1.00000000' });

    clock.t = T0 + 1_000;
    const buy = await bob.placeOrder(order('ETH/USDT', 'buy', '0.4', '3200', 'b-buy'));
    expect(buy).toMatchObject({ status: 'filled', filledAmount: '0.4000', filledValue: '1280.00000000' });
    const partial = await alice.fetchOrder('ETH/USDT', sell.orderNo);
    expect(partial).toMatchObject({ status: 'partial_filled', filledAmount: '0.4000', filledValue: '1280.00000000', updatedAt: T0 + 1_000 });
    expect(await alice.fetchOpenOrders('ETH/USDT')).toEqual([partial]);
    const [makerTrade] = await alice.fetchMyTrades('ETH/USDT');
    expect(makerTrade).toMatchObject({ side: 'sell', liquidity: 'maker', fee: '1.28000000', feeAsset: 'USDT', price: '3200.00', amount: '0.4000' });

    clock.t = T0 + 2_000;
    const canceled = await alice.cancelOrder('ETH/USDT', sell.orderNo);
    expect(canceled).toMatchObject({ status: 'partial_canceled', filledAmount: '0.4000', updatedAt: T0 + 2_000 });
    expect(await alice.fetchOpenOrders('ETH/USDT')).toEqual([]);
    expect(await balance(alice, 'ETH')).toEqual({ asset: 'ETH', available: '39.60000000', frozen: '0.00000000', total: '39.60000000' });
    expect(await balance(alice, 'USDT')).toMatchObject({ available: '101278.72000000', frozen: '0.00000000' });
    expect(await balance(bob, 'ETH')).toMatchObject({ available: '40.39960000' });
    expect(await balance(bob, 'USDT')).toMatchObject({ available: '98720.00000000' });
  });

  it('cancels a resting order and refuses to cancel it again or to cancel an unknown one', async () => {
    const { alice } = setup();
    const placed = await alice.placeOrder(order('SOL/USDT', 'sell', '10', '200', 's-1'));
    expect(await balance(alice, 'SOL')).toMatchObject({ available: '790.00000000', frozen: '10.00000000' });
    expect(await alice.cancelOrder('SOL/USDT', placed.orderNo)).toMatchObject({ status: 'canceled', filledAmount: '0.000' });
    expect(await balance(alice, 'SOL')).toMatchObject({ available: '800.00000000', frozen: '0.00000000' });
    expect(await rejection(alice.cancelOrder('SOL/USDT', placed.orderNo))).toMatchObject({ kind: 'order_closed' });
    expect(await rejection(alice.cancelOrder('SOL/USDT', '999999'))).toMatchObject({ kind: 'order_not_found' });
    expect(await rejection(alice.fetchOrder('SOL/USDT', '999999'))).toMatchObject({ kind: 'order_not_found' });
  });

  it("does not let one account cancel or see another's order", async () => {
    const { alice, bob } = setup();
    const placed = await alice.placeOrder(order('SOL/USDT', 'sell', '10', '200', 's-1'));
    expect(await rejection(bob.cancelOrder('SOL/USDT', placed.orderNo))).toMatchObject({ kind: 'order_not_found' });
    expect(await bob.fetchOpenOrders('SOL/USDT')).toEqual([]);
  });

  it('cancels several orders in one call, leaving unknown numbers out', async () => {
    const { alice } = setup();
    const one = await alice.placeOrder(order('SOL/USDT', 'sell', '10', '200', 'c-1'));
    const two = await alice.placeOrder(order('SOL/USDT', 'buy', '1', '100', 'c-2'));
    const result = await alice.cancelOrders('SOL/USDT', [one.orderNo, 'nope', two.orderNo, one.orderNo]);
    expect(result.map((o) => [o.orderNo, o.status])).toEqual([
      [one.orderNo, 'canceled'],
      [two.orderNo, 'canceled'],
      [one.orderNo, 'canceled'],
    ]);
    expect(await alice.fetchOpenOrders('SOL/USDT')).toEqual([]);
  });

  it('numbers orders uniquely, increasing', async () => {
    const { alice, bob } = setup();
    const a = await alice.placeOrder(order('SOL/USDT', 'buy', '1', '100', 'n-1'));
    const b = await bob.placeOrder(order('SOL/USDT', 'buy', '1', '100', 'n-1'));
    const c = await alice.placeOrder(order('BTC/USDT', 'buy', '0.001', '60000', 'n-2'));
    expect(Number(b.orderNo)).toBe(Number(a.orderNo) + 1);
    expect(Number(c.orderNo)).toBe(Number(b.orderNo) + 1);
  });
});

describe('SimVenue order checks', () => {
  it.each([
    [order('BTC/USDT', 'buy', '0.01', '65000.001', 'x'), 'price_precision'],
    [order('BTC/USDT', 'buy', '0.000001', '60000', 'x'), 'amount_precision'],
    [order('MDK/USDT', 'buy', '0.5', '20', 'x'), 'min_amount'],
    [order('BTC/USDT', 'buy', '0.00001', '60000', 'x'), 'min_notional'],
    [order('MDK/USDT', 'sell', '5', undefined, 'x'), 'min_notional'],
    [order('BTC/USDT', 'buy', '2', '60000', 'x'), 'insufficient_balance'],
    [order('BTC/USDT', 'sell', '2.5', undefined, 'x'), 'insufficient_balance'],
    [order('BTC/USDT', 'buy', '0', '60000', 'x'), 'invalid_order'],
    [order('BTC/USDT', 'buy', '-1', '60000', 'x'), 'invalid_order'],
    [order('BTC/USDT', 'buy', '1e-3', '60000', 'x'), 'invalid_order'],
    [order('BTC/USDT', 'buy', '0.01', '0', 'x'), 'invalid_order'],
    [order('BTC/USDT', 'buy', '0.01', '60000', ''), 'invalid_order'],
    [order('BTC/USDT', 'buy', '0.01', undefined, 'x', { timeInForce: 'POST_ONLY' }), 'invalid_order'],
    [order('DOGE/USDT', 'buy', '1', '1', 'x'), 'unknown_symbol'],
  ] as const)('refuses %j with %s and changes nothing', async (request, kind) => {
    const { alice, venue } = setup();
    const before = JSON.stringify(venue.snapshot());
    expect(await rejection(alice.placeOrder(request))).toMatchObject({ kind });
    expect(JSON.stringify(venue.snapshot())).toBe(before);
  });

  it('names the minimum it enforced', async () => {
    const { alice } = setup();
    expect(await rejection(alice.placeOrder(order('MDK/USDT', 'buy', '0.5', '20', 'x')))).toMatchObject({
      kind: 'min_amount',
      params: { minAmount: '1' },
    });
  });

  it('refuses a client order id in use by an open or a recent order', async () => {
    const { alice, bob } = setup();
    const placed = await alice.placeOrder(order('SOL/USDT', 'buy', '1', '100', 'dup'));
    const err = await rejection(alice.placeOrder(order('SOL/USDT', 'buy', '1', '101', 'dup')));
    expect(err).toMatchObject({ kind: 'invalid_order', message: 'Duplicate order sent.' });
    await alice.cancelOrder('SOL/USDT', placed.orderNo);
    expect(await rejection(alice.placeOrder(order('ETH/USDT', 'buy', '1', '100', 'dup')))).toMatchObject({ kind: 'invalid_order' });
    await expect(bob.placeOrder(order('SOL/USDT', 'buy', '1', '100', 'dup'))).resolves.toMatchObject({ status: 'pending' });
  });

  it("prevents self-trades: a user's buy never fills against its own resting sell", async () => {
    const { alice, bob } = setup();
    const ownSell = await alice.placeOrder(order('BTC/USDT', 'sell', '0.01', '65000', 'own-sell'));
    const buy = await alice.placeOrder(order('BTC/USDT', 'buy', '0.01', '65010', 'own-buy'));
    expect(buy).toMatchObject({ status: 'canceled', filledAmount: '0.00000' });
    expect(await alice.fetchOpenOrders('BTC/USDT')).toEqual([ownSell]);
    expect(await alice.fetchMyTrades('BTC/USDT')).toEqual([]);
    expect(await balance(alice, 'USDT')).toMatchObject({ available: '100000.00000000', frozen: '0.00000000' });

    // Bob's better ask fills first; matching stops at Alice's own ask and cancels the rest.
    await bob.placeOrder(order('BTC/USDT', 'sell', '0.004', '64990', 'bob-sell'));
    const partly = await alice.placeOrder(order('BTC/USDT', 'buy', '0.01', '65010', 'own-buy-2'));
    expect(partly).toMatchObject({ status: 'partial_canceled', filledAmount: '0.00400', filledValue: '259.96000000' });
    expect(await alice.fetchOrder('BTC/USDT', ownSell.orderNo)).toEqual(ownSell);
  });

  it('refuses a post-only order that would take and rests one that would not', async () => {
    const { alice } = setup();
    const [bestAsk] = (await alice.fetchOrderBook('SOL/USDT', 1)).asks;
    const crossing = order('SOL/USDT', 'buy', '1', bestAsk![0], 'po-1', { timeInForce: 'POST_ONLY' });
    expect(await rejection(alice.placeOrder(crossing))).toMatchObject({ kind: 'post_only_would_cross' });
    const resting = await alice.placeOrder(order('SOL/USDT', 'buy', '1', '149.999', 'po-2', { timeInForce: 'POST_ONLY' }));
    expect(resting).toMatchObject({ status: 'pending', timeInForce: 'POST_ONLY', price: '149.999' });
  });

  it('cancels what an IOC order or a market order cannot fill', async () => {
    const { alice } = setup();
    const book = await alice.fetchOrderBook('MDK/USDT', 1000);
    const bidLots = book.bids.reduce((sum, [, amount]) => sum + decimalToUnits(amount, 2), 0n);
    const sold = await alice.placeOrder(order('MDK/USDT', 'sell', '200000', undefined, 'dump'));
    expect(sold).toMatchObject({ status: 'partial_canceled', filledAmount: unitsToDecimal(bidLots, 2) });
    expect((await alice.fetchOrderBook('MDK/USDT')).bids).toEqual([]);
    expect(await balance(alice, 'MDK')).toMatchObject({ frozen: '0.00000000' });

    const ioc = await alice.placeOrder(order('MDK/USDT', 'buy', '10', '0.5', 'ioc', { timeInForce: 'IOC' }));
    expect(ioc).toMatchObject({ status: 'canceled', filledAmount: '0.00', timeInForce: 'IOC' });
    const unfilled = await alice.placeOrder(order('MDK/USDT', 'sell', '10', undefined, 'nothing-left'));
    expect(unfilled).toMatchObject({ status: 'canceled', filledAmount: '0.00' });
  });

  it('fills a fill-or-kill order entirely, or expires it with nothing filled, frozen or moved', async () => {
    const { alice } = setup();
    const asks = (await alice.fetchOrderBook('SOL/USDT', 2)).asks;
    const limit = asks[1]![0];
    const available = asks.reduce((sum, [, amount]) => sum + decimalToUnits(amount, 3), 0n);
    const before = await alice.fetchOrderBook('SOL/USDT', 50);
    const usdt = await balance(alice, 'USDT');
    const killed = await alice.placeOrder(order('SOL/USDT', 'buy', unitsToDecimal(available + 1n, 3), limit, 'fok-1', { timeInForce: 'FOK' }));
    expect(killed).toMatchObject({ status: 'canceled', timeInForce: 'FOK', filledAmount: '0.000', filledValue: '0.00000000' });
    expect(await alice.fetchOrderBook('SOL/USDT', 50)).toEqual(before);
    expect(await balance(alice, 'USDT')).toEqual(usdt);
    expect(await alice.fetchMyTrades('SOL/USDT')).toEqual([]);

    const filled = await alice.placeOrder(order('SOL/USDT', 'buy', unitsToDecimal(available, 3), limit, 'fok-2', { timeInForce: 'FOK' }));
    expect(filled).toMatchObject({ status: 'filled', timeInForce: 'FOK', filledAmount: unitsToDecimal(available, 3) });
    expect((await alice.fetchOrderBook('SOL/USDT', 1)).asks[0]![0]).not.toBe(asks[0]![0]);
    expect(await alice.fetchOpenOrders('SOL/USDT')).toEqual([]);
  });
});

describe('SimVenue cancel-replace', () => {
  it('cancels and places in one step, the new order trading like any other', async () => {
    const { venue, alice } = setup();
    const resting = await alice.placeOrder(order('ETH/USDT', 'buy', '1', '3000.00', 'old'));
    const result = await venue.cancelReplace('alice', 'ETH/USDT', resting.orderNo, order('ETH/USDT', 'buy', '2', '3100.00', 'new'), 'stop_on_failure');
    expect(result.canceled).toMatchObject({ ok: true, order: { orderNo: resting.orderNo, status: 'canceled' } });
    expect(result.placed).toMatchObject({ ok: true, order: { clientOrderId: 'new', status: 'pending', price: '3100.00', amount: '2.0000' } });
    expect((await alice.fetchOpenOrders('ETH/USDT')).map((o) => o.clientOrderId)).toEqual(['new']);
    expect(await balance(alice, 'USDT')).toMatchObject({ frozen: '6200.00000000' });
  });

  it('keeps the cancel when the new order is refused, and places nothing after a failed cancel unless allowed', async () => {
    const { venue, alice } = setup();
    const resting = await alice.placeOrder(order('ETH/USDT', 'buy', '1', '3000.00', 'old'));
    const tooBig = await venue.cancelReplace('alice', 'ETH/USDT', resting.orderNo, order('ETH/USDT', 'buy', '1000', '3000.00', 'big'), 'stop_on_failure');
    expect(tooBig.canceled.ok).toBe(true);
    expect(tooBig.placed).toMatchObject({ ok: false, error: { kind: 'insufficient_balance' } });
    expect(await alice.fetchOpenOrders('ETH/USDT')).toEqual([]);
    expect(await balance(alice, 'USDT')).toMatchObject({ frozen: '0.00000000' });

    const stopped = await venue.cancelReplace('alice', 'ETH/USDT', resting.orderNo, order('ETH/USDT', 'buy', '1', '3000.00', 'next'), 'stop_on_failure');
    expect(stopped).toMatchObject({ canceled: { ok: false, error: { kind: 'order_closed' } }, placed: null });
    expect(await alice.fetchOpenOrders('ETH/USDT')).toEqual([]);
    const allowed = await venue.cancelReplace('alice', 'ETH/USDT', '999999', order('ETH/USDT', 'buy', '1', '3000.00', 'next'), 'allow_failure');
    expect(allowed).toMatchObject({ canceled: { ok: false, error: { kind: 'order_not_found' } }, placed: { ok: true, order: { clientOrderId: 'next' } } });
  });

  it('refuses the whole call, changing nothing, when the new order fails its checks', async () => {
    const { venue, alice } = setup();
    const resting = await alice.placeOrder(order('ETH/USDT', 'buy', '1', '3000.00', 'old'));
    await expect(venue.cancelReplace('alice', 'ETH/USDT', resting.orderNo, order('ETH/USDT', 'buy', '0.00001', '3000.00', 'tiny'), 'stop_on_failure')).rejects.toMatchObject({ kind: 'amount_precision' });
    await expect(venue.cancelReplace('alice', 'ETH/USDT', resting.orderNo, order('BTC/USDT', 'buy', '1', '3000.00', 'elsewhere'), 'stop_on_failure')).rejects.toMatchObject({ kind: 'invalid_order' });
    expect((await alice.fetchOpenOrders('ETH/USDT')).map((o) => o.orderNo)).toEqual([resting.orderNo]);
  });
});

describe('SimVenue market data', () => {
  it('aggregates candles and the 24 h ticker from the trades', async () => {
    const { alice, bob, clock } = setup();
    const trade = async (at: number, price: string, amount: string) => {
      clock.t = at;
      await alice.placeOrder(order('BTC/USDT', 'sell', amount, price, `s-${at}`));
      await bob.placeOrder(order('BTC/USDT', 'buy', amount, price, `b-${at}`));
    };
    await trade(T0 + 1_000, '65000.00', '0.01');
    await trade(T0 + 30_000, '65020.00', '0.02');
    await trade(T0 + 59_999, '64980.00', '0.01');
    await trade(T0 + 60_000, '65010.00', '0.03');

    expect(await alice.fetchCandles('BTC/USDT', '1m')).toEqual([
      { time: T0, open: '65000.00', high: '65020.00', low: '64980.00', close: '64980.00', volume: '0.04000', quoteVolume: '2600.20000000' },
      { time: T0 + 60_000, open: '65010.00', high: '65010.00', low: '65010.00', close: '65010.00', volume: '0.03000', quoteVolume: '1950.30000000' },
    ]);
    expect(await alice.fetchCandles('BTC/USDT', '5m')).toEqual([
      { time: T0, open: '65000.00', high: '65020.00', low: '64980.00', close: '65010.00', volume: '0.07000', quoteVolume: '4550.50000000' },
    ]);
    expect(await alice.fetchCandles('BTC/USDT', '1m', { since: T0 + 1 })).toHaveLength(1);
    expect(await alice.fetchCandles('BTC/USDT', '1m', { limit: 1 })).toMatchObject([{ time: T0 + 60_000 }]);

    clock.t = T0 + 90_000;
    const ticker = await alice.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({
      symbol: 'BTC/USDT',
      last: '65010.00',
      open24h: '65000.00',
      high24h: '65020.00',
      low24h: '64980.00',
      baseVolume24h: '0.07000',
      quoteVolume24h: '4550.50000000',
      timestamp: T0 + 90_000,
    });
    expect(ticker.bid).toBe((await alice.fetchOrderBook('BTC/USDT', 1)).bids[0]![0]);

    clock.t = T0 + 86_400_000 + 30_000; // the first minute has left the window
    expect(await alice.fetchTicker('BTC/USDT')).toMatchObject({
      last: '65010.00',
      open24h: '65010.00',
      high24h: '65010.00',
      low24h: '65010.00',
      baseVolume24h: '0.03000',
    });
    clock.t = T0 + 2 * 86_400_000;
    expect(await alice.fetchTicker('BTC/USDT')).toMatchObject({
      last: '65010.00',
      open24h: null,
      high24h: null,
      low24h: null,
      baseVolume24h: '0.00000',
      quoteVolume24h: '0.00000000',
    });
    expect((await alice.fetchTrades('BTC/USDT')).map((t) => t.price)).toEqual(['65010.00', '64980.00', '65020.00', '65000.00']);
  });

  it('refuses an unknown candle interval', async () => {
    const { alice } = setup();
    expect(await rejection(alice.fetchCandles('BTC/USDT', '2m' as '1m'))).toMatchObject({ kind: 'invalid_order' });
  });
});

describe('SimVenue events', () => {
  it('sends order, balances, trades and one book event per change', async () => {
    const { venue, alice, bob } = setup();
    const events: ExchangeEvent[] = [];
    const unsubscribe = alice.subscribe('ETH/USDT', (event) => events.push(event));

    await alice.placeOrder(order('ETH/USDT', 'sell', '1', '3200', 'e-1'));
    expect(events.map((e) => e.type)).toEqual(['order', 'balances', 'book']);

    events.length = 0;
    await bob.placeOrder(order('ETH/USDT', 'buy', '0.5', '3200', 'e-2'));
    expect(events.map((e) => e.type)).toEqual(['order', 'balances', 'trades', 'book']);
    expect(events[0]).toMatchObject({ type: 'order', order: { status: 'partial_filled', clientOrderId: 'e-1' } });
    expect(events[2]).toMatchObject({ type: 'trades', trades: [{ price: '3200.00', amount: '0.5000', side: 'buy' }] });

    events.length = 0;
    venue.step();
    expect(events.filter((e) => e.type === 'book')).toHaveLength(1);

    events.length = 0;
    await rejection(alice.placeOrder(order('ETH/USDT', 'sell', '1000', '3200', 'e-3')));
    expect(events).toEqual([]);

    unsubscribe();
    venue.step();
    expect(events).toEqual([]);
  });

  it('keeps going when a listener throws, and close() ends the subscriptions', async () => {
    const { venue, alice } = setup();
    const seen: string[] = [];
    alice.subscribe('SOL/USDT', () => {
      throw new Error('listener bug');
    });
    alice.subscribe('SOL/USDT', (event) => seen.push(event.type));
    await expect(alice.placeOrder(order('SOL/USDT', 'buy', '1', '100', 'l-1'))).resolves.toMatchObject({ status: 'pending' });
    expect(seen).toEqual(['order', 'balances', 'book']);
    await alice.close();
    venue.step();
    expect(seen).toHaveLength(3);
  });
});
