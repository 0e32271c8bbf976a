import type { Coin, Platform } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { referencePairOptions, referencePlatformOptions } from './reference-options';

const platforms: Platform[] = [
  { id: 1, name: 'MakerDesk Simulator', code: 'sim', sandbox: false },
  { id: 2, name: 'Binance', code: 'binance', sandbox: false },
  { id: 3, name: 'Binance testnet', code: 'binance', sandbox: true },
];
const coin = (coinId: number, platformId: number, coinName: string): Coin => ({ coinId, platformId, coinName, marketKind: 'spot', endTimeStamp: null, status: 'enabled' });

describe('follow reference options', () => {
  it('offers one exchange per ccxt id, named by its platforms, and keeps a stored id no platform has', () => {
    expect(referencePlatformOptions(platforms, 'sim')).toEqual([
      { value: 'sim', label: 'MakerDesk Simulator · sim' },
      { value: 'binance', label: 'Binance / Binance testnet · binance' },
    ]);
    expect(referencePlatformOptions(platforms, 'okx').at(-1)).toEqual({ value: 'okx', label: 'okx' });
  });

  it('offers the pairs of the chosen exchange only, once each, sorted', () => {
    const coins = [coin(1, 1, 'ETH/USDT'), coin(2, 1, 'BTC/USDT'), coin(3, 2, 'BTC/USDT'), coin(4, 3, 'BTC/USDT'), coin(5, 3, 'SOL/USDT')];
    expect(referencePairOptions(platforms, coins, 'sim').map((o) => o.value)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(referencePairOptions(platforms, coins, 'binance').map((o) => o.value)).toEqual(['BTC/USDT', 'SOL/USDT']);
    expect(referencePairOptions(platforms, coins, 'okx')).toEqual([]);
  });
});
