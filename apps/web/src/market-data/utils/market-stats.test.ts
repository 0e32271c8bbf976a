import { describe, expect, it } from 'vitest';
import type { Candle, MyTrade, Order } from '../types';
import { fillTotals, orderOccupied, valuation, volumeSince } from './market-stats';

const balance = (asset: string, available: string, frozen: string, total: string) => ({ asset, available, frozen, total });

const order = (direction: 'buy' | 'sell', price: string | null, amount: string, filledAmount = '0'): Order => ({
  orderNo: `${direction}-${price}`,
  clientOrderId: null,
  source: { kind: 'other', robotId: null, robotName: null },
  symbol: 'BTC/USDT',
  price,
  amount,
  direction,
  tradeType: price === null ? 'market' : 'limit',
  filledAmount,
  filledValue: '0',
  status: 'pending',
  createdAt: 0,
  updatedAt: 0,
});

describe('dashboard figures', () => {
  it('values both balances in quote at the last price', () => {
    const wallet = { base: balance('BTC', '1.5', '0.5', '2'), quote: balance('USDT', '90000', '10000', '100000') };
    expect(valuation(wallet, '65000.10')).toEqual({ total: '230000.2', available: '187500.15', frozen: '42500.05' });
  });

  it('adds up what open orders hold: buys at their price, sells at the last price', () => {
    const open = [order('buy', '60000', '0.1'), order('buy', '59000.5', '0.2', '0.05'), order('sell', '70000', '0.3', '0.1')];
    // 6000 + 59000.5 × 0.15 + 0.2 × 65000
    expect(orderOccupied(open, '65000')).toBe('27850.075');
    expect(orderOccupied([], '65000')).toBe('0');
  });

  it('sums market volume from a point in time', () => {
    const candle = (time: number, volume: string, quoteVolume: string): Candle => ({ time, open: '1', high: '1', low: '1', close: '1', volume, quoteVolume });
    const candles = [candle(0, '5', '500'), candle(100, '0.1', '10.5'), candle(200, '0.2', '21')];
    expect(volumeSince(candles, 100)).toEqual({ base: '0.3', quote: '31.5' });
    expect(volumeSince(candles, 300)).toEqual({ base: '0', quote: '0' });
  });

  it('totals the account’s own fills', () => {
    const fill = (price: string, amount: string): MyTrade => ({ id: price, price, amount, side: 'buy', timestamp: 0, orderNo: '1', fee: '0', feeAsset: 'BTC', liquidity: 'maker', source: { kind: 'manual', robotId: null, robotName: null } });
    expect(fillTotals([fill('0.1', '3'), fill('0.2', '0.5')])).toEqual({ volume: '3.5', turnover: '0.4' });
  });
});
