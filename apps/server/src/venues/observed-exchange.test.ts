import { ExchangeError, type Exchange, type SubscribeOptions } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import { observedExchange, type VenueCallObserver } from './exchange-gateway.ts';

const material: ApiKeyMaterial = { id: 1, platformCode: 'binance', apiKey: 'k', secretKey: 's', passphrase: null, hosts: [] };

class FakeVenue {
  #calls = 0;
  onPoll: SubscribeOptions['onPoll'];
  listener: ((event: unknown) => void) | undefined;
  get calls() {
    return this.#calls;
  }
  async fetchOrderBook() {
    this.#calls += 1;
    if (this.#calls === 2) throw new ExchangeError('network', 'ETIMEDOUT');
    return { bids: [], asks: [] };
  }
  feedStatus(symbol: string) {
    return symbol === 'BTC/USDT' && this.#calls >= 0 ? { mode: 'polling', since: 1000, reason: 'down' } : null;
  }
  subscribe(_symbol: string, listener: (event: unknown) => void, options?: SubscribeOptions) {
    this.listener = listener;
    this.onPoll = options?.onPoll;
    return () => {
      this.listener = undefined;
    };
  }
}

function observer() {
  const log: string[] = [];
  const o: VenueCallObserver = {
    called: (_m, call, err) => void log.push(`${call} ${err === null ? 'ok' : (err as ExchangeError).kind}`),
    streamOpened: (_m, symbol) => {
      log.push(`open ${symbol}`);
      return { delivered: () => void log.push('delivered'), closed: () => void log.push('closed') };
    },
  };
  return { log, o };
}

describe('observedExchange', () => {
  it('tells each call outcome and keeps the venue as `this` (private fields work)', async () => {
    const venue = new FakeVenue();
    const { log, o } = observer();
    const ex = observedExchange(venue as unknown as Exchange, material, o);
    await ex.fetchOrderBook('BTC/USDT');
    await expect(ex.fetchOrderBook('BTC/USDT')).rejects.toMatchObject({ kind: 'network' });
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['fetchOrderBook ok', 'fetchOrderBook network']);
    expect((ex as unknown as FakeVenue).calls).toBe(2);
  });

  it('a live feed: events and answered polls keep it alive, failed polls are venue failures, closing is told once', () => {
    const venue = new FakeVenue();
    const { log, o } = observer();
    const ex = observedExchange(venue as unknown as Exchange, material, o);
    const events: unknown[] = [];
    const stop = ex.subscribe('BTC/USDT', (e) => events.push(e));
    venue.listener?.({ type: 'book' });
    venue.onPoll?.(null);
    venue.onPoll?.(new ExchangeError('network', 'ETIMEDOUT'));
    stop();
    stop();
    venue.onPoll?.(null);
    expect(events).toEqual([{ type: 'book' }]);
    expect(log).toEqual(['open BTC/USDT', 'delivered', 'poll ok', 'delivered', 'poll network', 'closed']);
  });

  it('passes the feed status on (issue 19): a reading of the venue, not a call', () => {
    const venue = new FakeVenue();
    const { log, o } = observer();
    const ex = observedExchange(venue as unknown as Exchange, material, o);
    expect(ex.feedStatus?.('BTC/USDT')).toEqual({ mode: 'polling', since: 1000, reason: 'down' });
    expect(ex.feedStatus?.('ETH/USDT')).toBeNull();
    expect(log).toEqual([]);
  });
});
