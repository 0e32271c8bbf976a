import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch-mock';
import { mappedPrice, priceGap, referencePrice, type ReferenceLeg } from '../utils/price-gap';
import { fetchReferencePrices } from './get-reference-prices';

afterEach(() => vi.unstubAllGlobals());

/** The server, by path: the pair's own price (BTC/USDT at 65,000), and live reference prices by platform and pair. */
function stubServer(live: Record<string, string | null | 'fail'>) {
  localStorage.setItem('makerdesk_token', 'tok');
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/backend/order/getPrice') return jsonResponse(200, { code: 200, data: { symbol: 'BTC/USDT', last: '65000.00', bid: '64990.00', ask: '65010.00', reference: '64000.00' }, msg: 'SUCCESS' });
    if (url.pathname === '/backend/robot/referencePrice') {
      const platform = url.searchParams.get('platform')!;
      const symbol = url.searchParams.get('symbol')!;
      const price = live[`${platform} ${symbol}`];
      if (price === 'fail') return jsonResponse(500, { code: 500, data: null, msg: 'boom' });
      return jsonResponse(200, { code: 200, data: { platform, symbol, price: price ?? null, at: 1 }, msg: 'SUCCESS' });
    }
    return jsonResponse(404, { code: 404, data: null, msg: `no stub for ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([input]) => new URL(input, 'http://localhost')).filter((u) => u.pathname === '/backend/robot/referencePrice').map((u) => `${u.searchParams.get('platform')} ${u.searchParams.get('symbol')}`);

describe('the follow form’s reference prices (5 % check)', () => {
  it('reads a live follow reference through the server, so the gap is known and checked', async () => {
    const fetchMock = stubServer({ 'binance BTC/USDT': '70000.1' });
    const legs: ReferenceLeg[] = [{ platform: 'binance', symbol: 'BTC/USDT' }];
    const prices = await fetchReferencePrices(new QueryClient(), 1, legs);
    const reference = referencePrice(legs, prices.priceOf);
    expect(reference).toBe('70000.1');
    const gap = priceGap(mappedPrice(reference!, '1')!, prices.current!);
    expect(gap?.needsConfirmation).toBe(true);
    expect(calls(fetchMock)).toEqual(['binance BTC/USDT']);
  });

  it('a combo over a live and a simulator leg: each read where it lives, a live pair named twice read once', async () => {
    const fetchMock = stubServer({ 'binance ETH/BTC': '0.05' });
    const legs: ReferenceLeg[] = [
      { platform: 'binance', symbol: 'ETH/BTC' },
      { platform: 'Binance', symbol: 'ETH/BTC', use: 'inverse' },
      { platform: 'sim', symbol: 'BTC/USDT' },
    ];
    const prices = await fetchReferencePrices(new QueryClient(), 1, legs);
    expect(legs.map(prices.priceOf)).toEqual(['0.05', '0.05', '64000.00']);
    expect(calls(fetchMock)).toEqual(['binance ETH/BTC']);
  });

  it('a live price the server cannot read stays unknown (no gap asked about)', async () => {
    stubServer({ 'okx BTC/USDT': 'fail', 'kraken BTC/USDT': null });
    const legs: ReferenceLeg[] = [{ platform: 'okx', symbol: 'BTC/USDT' }];
    const prices = await fetchReferencePrices(new QueryClient(), 1, [...legs, { platform: 'kraken', symbol: 'BTC/USDT' }]);
    expect(prices.priceOf(legs[0]!)).toBeNull();
    expect(prices.priceOf({ platform: 'kraken', symbol: 'BTC/USDT' })).toBeNull();
  });
});
