import { describe, expect, it } from 'vitest';
import { BinanceError } from './binance-errors.ts';
import { SymbolMap, toBinanceSymbol } from './symbols.ts';
import { fakeMarkets } from './testing/fake-venue.ts';

describe('symbols', () => {
  it('maps BTC/USDT ⇄ BTCUSDT through the market list', () => {
    expect(toBinanceSymbol('BTC/USDT')).toBe('BTCUSDT');
    const map = new SymbolMap(fakeMarkets);
    expect(map.unified('ETHUSDT')).toBe('ETH/USDT');
    expect(() => map.market('BTCUSD')).toThrow(BinanceError);
    expect(() => map.market('btcusdt')).toThrow(/Invalid symbol/);
  });
});
