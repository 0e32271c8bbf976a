import { ExchangeError, createDefaultSimVenue } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock.ts';
import { FaultyExchange, faults } from '../testing/faulty-exchange.ts';
import { withCallTimeout } from './call-timeout.ts';

function setup() {
  const clock = new FakeClock();
  const venue = createDefaultSimVenue({ seed: 7, now: () => clock.now() });
  const alice = new FaultyExchange(venue.account('alice'));
  const bob = new FaultyExchange(venue.account('bob'));
  return { clock, alice, bob };
}

function outcome(call: Promise<unknown>) {
  const seen: { value?: unknown; error?: unknown } = {};
  call.then(
    (value) => (seen.value = value),
    (error: unknown) => (seen.error = error),
  );
  return seen;
}

describe('withCallTimeout', () => {
  it('gives up each hanging call at its own deadline, across venues sharing the clock, and lets answered ones through', async () => {
    const { clock, alice, bob } = setup();
    const a = withCallTimeout(alice.exchange, 1_000, clock);
    const b = withCallTimeout(bob.exchange, 1_000, clock);
    alice.inject('fetchOrderBook', faults.hang);
    bob.inject('fetchBalances', faults.hang);
    const first = outcome(a.fetchOrderBook('BTC/USDT'));
    await clock.advance(400);
    const second = outcome(b.fetchBalances());
    const answered = outcome(b.fetchOrderBook('BTC/USDT'));
    await clock.advance(0);
    expect(answered.value).toMatchObject({ symbol: 'BTC/USDT' });
    await clock.advance(599);
    expect(first).toEqual({});
    await clock.advance(1);
    expect(first.error).toBeInstanceOf(ExchangeError);
    expect((first.error as ExchangeError).kind).toBe('network');
    expect((first.error as Error).message).toBe('fetchOrderBook got no answer within 1000 ms');
    expect(second).toEqual({});
    await clock.advance(399);
    expect(second).toEqual({});
    await clock.advance(1);
    expect((second.error as Error).message).toBe('fetchBalances got no answer within 1000 ms');
    expect(clock.pendingTimers).toBe(0);
  });

  it('leaves no timer behind once every call has answered', async () => {
    const { clock, alice } = setup();
    const a = withCallTimeout(alice.exchange, 10_000, clock);
    await Promise.all([a.fetchBalances(), a.fetchOrderBook('BTC/USDT'), a.fetchOpenOrders('BTC/USDT')]);
    expect(clock.pendingTimers).toBe(0);
  });
});
