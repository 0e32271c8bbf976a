import { ExchangeError } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { HealthChange } from '../../domain/venue-health.ts';
import type { ApiKeyMaterial } from '../../domain/key-material.ts';
import { callOutcome, venueOf, VenueWatch } from './venue-watch.ts';

const material = (id: number, coinId: number): ApiKeyMaterial => ({ id, platformCode: 'binance', apiKey: 'k', secretKey: 's', passphrase: null, hosts: [], owner: { adminId: 3, coinId } });

function recorder() {
  const seen: string[] = [];
  const incidents = {
    venueChanged: async (c: HealthChange, s: { venue: string; coinIds: number[] }) => void seen.push(`venue ${c.type} ${s.venue} [${s.coinIds.join(',')}]`),
    streamChanged: async (c: HealthChange, s: { coinId: number; symbol: string }) => void seen.push(`stream ${c.type} ${s.symbol}@${s.coinId} ${c.type === 'up' ? c.downMs : c.since}`),
    keyRefused: async (f: { adminId: number; coinId: number; call: string }) => void seen.push(`refused ${f.adminId}/${f.coinId} ${f.call}`),
  };
  return { seen, incidents };
}

describe('callOutcome', () => {
  it('network is out of reach, a refused key is refused, any other venue answer is an answer', () => {
    expect(callOutcome(null)).toBe('answered');
    expect(callOutcome(new ExchangeError('network', 'ETIMEDOUT'))).toBe('unreachable');
    expect(callOutcome(new ExchangeError('invalid_key', 'x'))).toBe('key_refused');
    expect(callOutcome(new ExchangeError('permission_denied', 'x'))).toBe('key_refused');
    expect(callOutcome(new ExchangeError('insufficient_balance', 'x'))).toBe('answered');
    expect(callOutcome(new ExchangeError('rate_limited', 'x'))).toBe('answered');
    expect(callOutcome(new TypeError('bug'))).toBe('unknown');
    expect(venueOf({ platformCode: 'okx', sandbox: true, apiBaseUrl: null })).toBe('okx (sandbox)');
  });
});

describe('VenueWatch', () => {
  it('one venue incident per change, on every pair the venue was called for', () => {
    let now = 0;
    const { seen, incidents } = recorder();
    const watch = new VenueWatch(incidents, () => now);
    const down = new ExchangeError('network', 'ETIMEDOUT');
    watch.called(material(1, 10), 'fetchOrderBook', null);
    watch.called(material(2, 11), 'fetchBalances', null);
    for (const at of [0, 5_000, 10_000, 15_000]) {
      now = at;
      watch.called(material(1, 10), 'fetchOrderBook', down);
    }
    now = 60_000;
    watch.called(material(2, 11), 'fetchBalances', null);
    expect(seen).toEqual(['venue down binance [10,11]', 'venue up binance [10,11]']);
  });

  it('a refused key: one incident of its account per key per hour', () => {
    let now = 0;
    const { seen, incidents } = recorder();
    const watch = new VenueWatch(incidents, () => now);
    const refused = new ExchangeError('invalid_key', 'Invalid API-key');
    watch.called(material(1, 10), 'fetchBalances', refused);
    now = 30 * 60_000;
    watch.called(material(1, 10), 'createOrder', refused);
    watch.called(material(2, 11), 'createOrder', refused);
    now = 61 * 60_000;
    watch.called(material(1, 10), 'cancelOrder', refused);
    expect(seen).toEqual(['refused 3/10 fetchBalances', 'refused 3/11 createOrder', 'refused 3/10 cancelOrder']);
  });

  it('a live feed silent past the threshold while listened to is down, its next event up', () => {
    let now = 0;
    const { seen, incidents } = recorder();
    const watch = new VenueWatch(incidents, () => now, { stallMs: 30_000, checkMs: 60_000 });
    const feed = watch.streamOpened(material(1, 10), 'BTC/USDT');
    now = 2_000;
    feed.delivered();
    now = 31_000;
    watch.checkStreams();
    expect(seen).toEqual([]);
    now = 33_000;
    watch.checkStreams();
    now = 40_000;
    watch.checkStreams();
    now = 50_000;
    feed.delivered();
    feed.closed();
    now = 500_000;
    watch.checkStreams();
    watch.stop();
    expect(seen).toEqual(['stream down BTC/USDT@10 2000', 'stream up BTC/USDT@10 48000']);
  });

  it('the built-in simulator’s feeds are not watched: it pushes only when its book changes', () => {
    let now = 0;
    const { seen, incidents } = recorder();
    const watch = new VenueWatch(incidents, () => now, { stallMs: 30_000, checkMs: 60_000 });
    const feed = watch.streamOpened({ ...material(1, 10), platformCode: 'sim' }, 'BTC/USDT');
    now = 120_000;
    watch.checkStreams();
    feed.delivered();
    feed.closed();
    watch.stop();
    expect(seen).toEqual([]);
  });
});
