import { describe, expect, it } from 'vitest';
import { botExposure, checkPriceBand, exposureShortfalls, fractionToPercent, isPriceBandInBounds, percentToFraction, priceBandField, shareOf } from './fat-finger.ts';

const book = { bestBid: '99', bestAsk: '100', last: '99.5' };

describe('checkPriceBand', () => {
  it('a buy exactly at best ask × (1 + band) is inside; one unit of the last decimal beyond is out', () => {
    expect(checkPriceBand({ ...book, direction: 'buy', price: '105', amount: '2', band: '0.05' })).toEqual({
      reference: '100',
      referenceKind: 'best_ask',
      distance: '0.05',
      notional: '210',
      beyond: false,
      limit: '105',
    });
    const out = checkPriceBand({ ...book, direction: 'buy', price: '105.00000001', amount: '1', band: '0.05' });
    expect(out.beyond).toBe(true);
    expect(out.distance).toBe('0.05');
  });

  it('a sell is measured against the best bid: exactly at bid × (1 − band) inside, below it out', () => {
    expect(checkPriceBand({ ...book, direction: 'sell', price: '94.05', amount: '1', band: '0.05' })).toMatchObject({ reference: '99', beyond: false, distance: '0.05', limit: '94.05' });
    expect(checkPriceBand({ ...book, direction: 'sell', price: '94.04', amount: '1', band: '0.05' }).beyond).toBe(true);
    // A sell above the market, or a buy below it, rests on its own side: never beyond.
    expect(checkPriceBand({ ...book, direction: 'sell', price: '1000', amount: '1', band: '0.05' })).toMatchObject({ beyond: false, distance: '-9.10101' });
    expect(checkPriceBand({ ...book, direction: 'buy', price: '1', amount: '1', band: '0.05' }).beyond).toBe(false);
  });

  it('15× the market is 1,400 % away and names its notional', () => {
    const c = checkPriceBand({ ...book, direction: 'buy', price: '1500', amount: '0.5', band: '0.05' });
    expect(c).toMatchObject({ beyond: true, distance: '14', notional: '750' });
    expect(fractionToPercent(c.distance!)).toBe('1400');
  });

  it('an empty opposite side: the last trade, then the own best; nothing at all passes', () => {
    expect(checkPriceBand({ bestBid: '99', bestAsk: null, last: '98', direction: 'buy', price: '103', amount: '1', band: '0.05' })).toMatchObject({ referenceKind: 'last', reference: '98', beyond: true });
    expect(checkPriceBand({ bestBid: '99', bestAsk: null, last: null, direction: 'buy', price: '103', amount: '1', band: '0.05' })).toMatchObject({ referenceKind: 'own_best', reference: '99', beyond: false });
    expect(checkPriceBand({ bestBid: null, bestAsk: null, last: null, direction: 'sell', price: '1', amount: '1', band: '0.05' })).toMatchObject({ reference: null, beyond: false, distance: null, notional: '1' });
    // A zero or malformed price is no reference.
    expect(checkPriceBand({ bestBid: null, bestAsk: '0', last: 'x', direction: 'buy', price: '1', amount: '1', band: '0.05' }).reference).toBeNull();
  });

  it('tiny prices and amounts stay exact', () => {
    const c = checkPriceBand({ bestBid: '0.00000100', bestAsk: '0.00000101', last: null, direction: 'buy', price: '0.0000010605', amount: '0.00000001', band: '0.05' });
    expect(c).toMatchObject({ beyond: false, limit: '0.0000010605', notional: '0.000000000000010605' });
  });
});

describe('the band setting', () => {
  it('takes decimal fractions of at most 6 decimals, bounded 0.001 to 10', () => {
    expect(priceBandField.parse(' 0.05 ')).toBe('0.05');
    expect(priceBandField.parse(0.2)).toBe('0.2');
    for (const bad of ['-1', '5%', 'abc', '0.1234567', '']) expect(priceBandField.safeParse(bad).success, bad).toBe(false);
    expect(isPriceBandInBounds('0.001')).toBe(true);
    expect(isPriceBandInBounds('10')).toBe(true);
    expect(isPriceBandInBounds('0.000999')).toBe(false);
    expect(isPriceBandInBounds('10.000001')).toBe(false);
  });

  it('percent and fraction convert exactly both ways', () => {
    expect(fractionToPercent('0.05')).toBe('5');
    expect(percentToFraction('5')).toBe('0.05');
    expect(percentToFraction('0.1')).toBe('0.001');
    expect(percentToFraction('1000')).toBe('10');
    expect(percentToFraction('0')).toBe('0');
  });
});

describe('botExposure and exposureShortfalls', () => {
  it('a depth-near ladder: layers per side (max) × the largest single amount, each side, in base and quote', () => {
    const e = botExposure('depth_near', { layersPerSideMax: 8, orderAmountMax: '40' }, '65000');
    expect(e.buy).toEqual({ orders: 8, perOrderBase: '40', perOrderQuote: '2600000', totalBase: '320', totalQuote: '20800000' });
    expect(e.sell).toEqual(e.buy);
    const short = exposureShortfalls(e, { base: '1', quote: '230000' });
    expect(short).toEqual([
      { side: 'buy', asset: 'quote', scope: 'single', needed: '2600000', available: '230000' },
      { side: 'sell', asset: 'base', scope: 'single', needed: '40', available: '1' },
    ]);
    expect(shareOf('2600000', '230000')).toBe('11.3043');
  });

  it('the single order fits but the ladder does not; exactly the balance fits', () => {
    const e = botExposure('depth_near', { layersPerSideMax: 3, orderAmountMax: '1' }, '100');
    expect(exposureShortfalls(e, { base: '3', quote: '299.99' })).toEqual([{ side: 'buy', asset: 'quote', scope: 'total', needed: '300', available: '299.99' }]);
    expect(exposureShortfalls(e, { base: '3', quote: '300' })).toEqual([]);
  });

  it('an inventory skew doubles the worst-case order', () => {
    const e = botExposure('depth_spread', { orderAmountMax: '2', options: { inventoryTarget: '0.5' } }, '10');
    expect(e.buy).toMatchObject({ orders: 1, perOrderBase: '4', totalQuote: '40' });
  });

  it('one-sided types and grids', () => {
    expect(botExposure('smart_sell', { totalAmount: '10', stageCount: 4 }, '5')).toEqual({ buy: null, sell: { orders: 1, perOrderBase: '2.5', perOrderQuote: '12.5', totalBase: '10', totalQuote: '50' } });
    expect(botExposure('bulldozer', { side: 'buy', budget: '1000', levelsPerSweep: 2 }, '10')).toMatchObject({ sell: null, buy: { totalQuote: '1000', totalBase: '100' } });
    expect(botExposure('amm', { baseInvestment: '10', quoteInvestment: '0', gridCount: 5 }, '2')).toMatchObject({ buy: null, sell: { orders: 5, perOrderBase: '2', totalBase: '10' } });
    expect(botExposure('range_oscillation', { gridCount: 10, orderAmount: '0.5' }, '100').buy).toMatchObject({ orders: 10, totalBase: '5', totalQuote: '500' });
    expect(botExposure('monitor_price', {}, '100')).toEqual({ buy: null, sell: null });
    // No price to value at: nothing is claimed.
    expect(botExposure('depth_near', { layersPerSideMax: 3, orderAmountMax: '1' }, '0')).toEqual({ buy: null, sell: null });
  });

  it('tiny balances: an empty wallet cannot fund the smallest order', () => {
    const e = botExposure('depth_spread', { orderAmountMax: '0.00001' }, '65000');
    expect(exposureShortfalls(e, { base: '0', quote: '0' }).map((s) => s.scope)).toEqual(['single', 'single']);
    expect(shareOf('1', '0')).toBeNull();
  });
});
