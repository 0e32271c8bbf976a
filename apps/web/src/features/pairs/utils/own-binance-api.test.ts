import { describe, expect, it } from 'vitest';
import { ownBinanceApi, wsBaseForBinanceApi } from './own-binance-api';

describe("this server's Binance API as a platform's bases", () => {
  it('gives the REST base and the WebSocket base from the console’s address', () => {
    expect(ownBinanceApi('http://127.0.0.1:8080')).toEqual({ apiBaseUrl: 'http://127.0.0.1:8080/sim/binance/api/v3', wsBaseUrl: 'ws://127.0.0.1:8080/sim/binance' });
    expect(ownBinanceApi('https://desk.example.com')).toEqual({ apiBaseUrl: 'https://desk.example.com/sim/binance/api/v3', wsBaseUrl: 'wss://desk.example.com/sim/binance' });
  });

  it('pairs a WebSocket base with a MakerDesk Binance API base only', () => {
    expect(wsBaseForBinanceApi(' http://10.0.0.5:8080/sim/binance/api/v3/ ')).toBe('ws://10.0.0.5:8080/sim/binance');
    expect(wsBaseForBinanceApi('https://desk.example.com/sim/binance/api/v3')).toBe('wss://desk.example.com/sim/binance');
    expect(wsBaseForBinanceApi('https://api.binance.com/api/v3')).toBeUndefined();
    expect(wsBaseForBinanceApi('https://desk.example.com/sim/binance/api/v3/order')).toBeUndefined();
    expect(wsBaseForBinanceApi('not a url')).toBeUndefined();
    expect(wsBaseForBinanceApi('ftp://desk.example.com/sim/binance/api/v3')).toBeUndefined();
  });
});
