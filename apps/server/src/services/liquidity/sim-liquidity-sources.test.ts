import { add, compare, mul } from '@makerdesk/decimal';
import { defaultSimVenueOptions, SimVenue } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { SimLiquiditySources } from './sim-liquidity-sources.ts';

const BTC = 1;
const SYMBOL = 'BTC/USDT';

async function setup() {
  const venue = new SimVenue(defaultSimVenueOptions({ seed: 20 }));
  for (let i = 0; i < 5; i++) venue.step();
  for (const key of ['desk-a', 'desk-b', 'stranger']) await venue.openAccount(key);
  let local = true;
  const sources = new SimLiquiditySources({
    venue: () => (local ? venue : undefined),
    simPairs: async () => [{ id: BTC, symbol: SYMBOL }],
    obligations: async () => [],
    // 'never-seen' is a key the simulator has no account for: it is skipped, not opened.
    apiKeysOn: async () => ['desk-a', 'desk-b', 'never-seen'],
  });
  return { venue, sources, goRemote: () => (local = false) };
}

describe('SimLiquiditySources', () => {
  it('reads the book, the desk accounts’ open orders and their trading since the last read', async () => {
    const { venue, sources } = await setup();
    const book = await venue.marketData().fetchOrderBook(SYMBOL, 5);
    const bid = book.bids[0]![0];
    const ask = book.asks[0]![0];
    const inside = add(bid, '0.01');
    expect(compare(inside, ask)).toBeLessThan(0);
    const farBid = mul(bid, '0.9').replace(/(\.\d{2})\d+$/, '$1');
    await venue.account('desk-a').placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: farBid, amount: '0.002', clientOrderId: 'far' });
    // Someone else's order is in the book, not in the desk's own.
    await venue.account('stranger').placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: farBid, amount: '0.003', clientOrderId: 'other' });

    expect(await sources.pairs()).toEqual([{ coinId: BTC, obligation: null }]);
    expect((await sources.book(BTC))!.bids.length).toBeGreaterThan(0);
    // The first read: what is open already was not placed in this second; trades before it are not counted.
    expect(await sources.ownOrders(BTC)).toEqual([{ side: 'buy', price: farBid, remaining: '0.002' }]);
    expect(await sources.activity(BTC)).toEqual({ volumeQuote: '0', ownVolumeQuote: '0', fills: 0, ordersPlaced: 0 });
    expect(venue.hasAccount('never-seen')).toBe(false);

    // desk-a offers inside the spread; desk-b takes it: one trade, two fills of the desk, two orders placed.
    await venue.account('desk-a').placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', price: inside, amount: '0.001', clientOrderId: 'inside' });
    expect(await sources.ownOrders(BTC)).toHaveLength(2);
    await venue.account('desk-b').placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: inside, amount: '0.001', clientOrderId: 'taker' });
    const value = mul(inside, '0.001');
    const activity = await sources.activity(BTC);
    expect(activity.fills).toBe(2);
    expect(activity.ordersPlaced).toBe(2);
    expect(compare(activity.ownVolumeQuote!, value)).toBe(0);
    expect(compare(activity.volumeQuote!, value)).toBe(0);
    expect(await sources.ownOrders(BTC)).toEqual([{ side: 'buy', price: farBid, remaining: '0.002' }]);
    // Nothing new since: nothing counted twice.
    expect(await sources.activity(BTC)).toEqual({ volumeQuote: '0', ownVolumeQuote: '0', fills: 0, ordersPlaced: 0 });
    expect(venue.hasAccount('never-seen')).toBe(false);
  });

  it('measures nothing while another server runs the simulator', async () => {
    const { sources, goRemote } = await setup();
    expect(await sources.pairs()).toHaveLength(1);
    goRemote();
    expect(await sources.pairs()).toEqual([]);
    expect(await sources.book(BTC)).toBeNull();
    expect(await sources.ownOrders(BTC)).toEqual([]);
  });
});
