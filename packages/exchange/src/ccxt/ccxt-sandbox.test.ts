/** Platforms in a venue's sandbox or testnet mode: what ccxt knows offline, and the refusal where it has none. */
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import { createCcxtExchange, describeCcxtVenue, type CcxtExchange, type CcxtExchangeConfig } from './ccxt-exchange.ts';

/**
 * The URL and headers ccxt would send a request to, from the venue inside the adapter (ccxt's own
 * `sign`, the step before its HTTP call, and the headers it adds to every call): this machine has no route to the venues, so the test reads
 * where the request would go instead of sending it.
 */
interface SignedRequest {
  url: string;
  headers?: Record<string, string>;
}
async function requestOf(config: CcxtExchangeConfig, path: string, api: unknown): Promise<SignedRequest> {
  const exchange: CcxtExchange = await createCcxtExchange(config);
  try {
    const venue = (exchange as unknown as { venue: { headers: Record<string, string>; sign(path: string, api: unknown, method: string, params: object): SignedRequest } }).venue;
    const signed = venue.sign(path, api, 'GET', {});
    // ccxt adds the venue's own headers to every call's (its fetch2).
    return { url: signed.url, headers: { ...venue.headers, ...signed.headers } };
  } finally {
    await exchange.close();
  }
}

describe('describeCcxtVenue', () => {
  it('knows ccxt ids and which have sandbox URLs', async () => {
    expect(await describeCcxtVenue('binance')).toEqual({ known: true, sandbox: true });
    expect(await describeCcxtVenue('mexc')).toEqual({ known: true, sandbox: false });
    expect(await describeCcxtVenue('nosuchvenue')).toEqual({ known: false, sandbox: false });
    expect(await describeCcxtVenue('Binance')).toEqual({ known: false, sandbox: false });
  });
});

describe('createCcxtExchange with sandbox', () => {
  it('opens a venue in its sandbox mode, and refuses one without sandbox URLs', async () => {
    const binance = await createCcxtExchange({ id: 'binance', sandbox: true });
    await binance.close();
    const refused = await createCcxtExchange({ id: 'mexc', sandbox: true }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ExchangeError);
    expect((refused as ExchangeError).message).toMatch(/mexc has no sandbox/);
  });

  it("sends the venue's calls to its testnet URLs in sandbox mode, to its own API otherwise", async () => {
    expect((await requestOf({ id: 'binance' }, 'ping', 'public')).url).toBe('https://api.binance.com/api/v3/ping');
    expect((await requestOf({ id: 'binance', sandbox: true }, 'ping', 'public')).url).toBe('https://testnet.binance.vision/api/v3/ping');
    expect((await requestOf({ id: 'bybit' }, 'v5/market/time', 'public')).url).toMatch(/^https:\/\/api\.bybit\.com\//);
    expect((await requestOf({ id: 'bybit', sandbox: true }, 'v5/market/time', 'public')).url).toMatch(/^https:\/\/api-testnet\.bybit\.com\//);
    // OKX's demo trading keeps its host and says so in a header on every call.
    const demoKey = { apiKey: 'k', secret: 's', password: 'p' };
    const okxDemo = await requestOf({ id: 'okx', sandbox: true, ...demoKey }, 'account/balance', 'private');
    expect(okxDemo.url).toMatch(/^https:\/\/www\.okx\.com\//);
    expect(okxDemo.headers?.['x-simulated-trading']).toBe('1');
    expect((await requestOf({ id: 'okx', ...demoKey }, 'account/balance', 'private')).headers?.['x-simulated-trading']).toBeUndefined();
  });

  it('sends every call to a custom API base (the simulator\'s Binance-compatible API among them)', async () => {
    const base = 'http://127.0.0.1:8080/sim-binance';
    expect((await requestOf({ id: 'binance', apiBaseUrl: base }, 'ping', 'public')).url).toBe(`${base}/ping`);
    expect((await requestOf({ id: 'binance', apiBaseUrl: base, apiKey: 'k', secret: 's' }, 'account', 'private')).url).toMatch(new RegExp(`^${base}/account\\?`));
  });
});
