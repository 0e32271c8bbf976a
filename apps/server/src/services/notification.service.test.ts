import { ErrorCode } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { simVenueFactory } from '../venues/sim-factory.ts';
import { NotificationService, unifiedSymbol } from './notification.service.ts';

const markets = [
  { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT' },
  { symbol: 'ETH/USDT', base: 'ETH', quote: 'USDT' },
];

describe('unifiedSymbol', () => {
  it('reads the compact, underscore, dash and slash forms in any case', () => {
    for (const form of ['BTCUSDT', 'btc_usdt', 'Btc-Usdt', 'BTC/USDT']) expect(unifiedSymbol(form, markets), form).toBe('BTC/USDT');
    expect(unifiedSymbol('ETHBTC', markets)).toBeUndefined();
  });
});

describe('NotificationService', () => {
  const venue = simVenueFactory(3)(undefined);
  for (let i = 0; i < 5; i++) venue.step();
  const service = new NotificationService(venue);

  it('answers the simulator’s candles of a pair, oldest first, at most `limit`', async () => {
    const candles = await service.spotCandles('eth_usdt', '1m', 3);
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.length).toBeLessThanOrEqual(3);
    expect(candles).toEqual([...candles].sort((a, b) => a.time - b.time));
  });

  it('an unknown pair is PAIR_NOT_FOUND', async () => {
    await expect(service.spotCandles('DOGEUSDT', '1m', 10)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PAIR_NOT_FOUND }));
  });
});
