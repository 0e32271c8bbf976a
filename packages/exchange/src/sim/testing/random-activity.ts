/**
 * Random user activity for property tests: orders of every kind near the fair price (self-trading
 * ones too), cancels, cancel-replaces, deposits and background ticks, some of them refused by the
 * venue on purpose.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { ExchangeError } from '../../errors.ts';
import { defaultSimPairs } from '../default-pairs.ts';
import type { SimVenue } from '../sim-venue.ts';

export const ACTIVITY_USERS = ['u0', 'u1', 'u2'];

export type Activity =
  | { kind: 'step'; ticks: number }
  | { kind: 'limit'; user: number; pair: number; buy: boolean; bps: number; size: number; tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'; selfTrade: boolean }
  | { kind: 'market'; user: number; pair: number; buy: boolean; size: number }
  | { kind: 'cancel'; user: number; pair: number; pick: number }
  | { kind: 'cancelAll'; user: number; pair: number }
  | { kind: 'replace'; user: number; pair: number; pick: number; buy: boolean; bps: number; size: number; allowFailure: boolean }
  | { kind: 'deposit'; user: number; pair: number; size: number }
  | { kind: 'duplicate'; user: number; pair: number };

/** What the venue may refuse in this activity; anything else fails the test. */
const EXPECTED_REFUSALS = ['min_notional', 'min_amount', 'insufficient_balance', 'post_only_would_cross', 'invalid_order', 'order_not_found'];

const user = fc.integer({ min: 0, max: ACTIVITY_USERS.length - 1 });
const pair = fc.integer({ min: 0, max: defaultSimPairs.length - 1 });

export const activityArb = (options: { deposits?: boolean } = {}): fc.Arbitrary<Activity> => {
  const kinds: fc.Arbitrary<Activity>[] = [
    fc.record({ kind: fc.constant('step' as const), ticks: fc.integer({ min: 1, max: 5 }) }),
    fc.record({
      kind: fc.constant('limit' as const),
      user,
      pair,
      buy: fc.boolean(),
      bps: fc.integer({ min: -60, max: 60 }),
      size: fc.integer({ min: 1, max: 400 }),
      tif: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const, 'POST_ONLY' as const),
      selfTrade: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('market' as const), user, pair, buy: fc.boolean(), size: fc.integer({ min: 1, max: 400 }) }),
    fc.record({ kind: fc.constant('cancel' as const), user, pair, pick: fc.nat() }),
    fc.record({ kind: fc.constant('cancelAll' as const), user, pair }),
    fc.record({
      kind: fc.constant('replace' as const),
      user,
      pair,
      pick: fc.nat(),
      buy: fc.boolean(),
      bps: fc.integer({ min: -60, max: 60 }),
      size: fc.integer({ min: 1, max: 400 }),
      allowFailure: fc.boolean(),
    }),
  ];
  if (options.deposits) {
    kinds.push(
      fc.record({ kind: fc.constant('deposit' as const), user, pair, size: fc.integer({ min: 1, max: 400 }) }),
      fc.record({ kind: fc.constant('duplicate' as const), user, pair }),
    );
  }
  return fc.oneof(...kinds);
};

/** Client order ids, unique within a run. */
export class ClientIds {
  private next = 0;
  take(): string {
    this.next += 1;
    return `c${this.next}`;
  }
  last(): string {
    return `c${Math.max(1, this.next)}`;
  }
}

/** Carries one activity out; the venue's expected refusals are swallowed, anything else throws. */
export async function applyActivity(venue: SimVenue, clock: { t: number }, activity: Activity, ids: ClientIds): Promise<void> {
  if (activity.kind === 'step') {
    for (let i = 0; i < activity.ticks; i++) {
      clock.t += 1_000;
      venue.step();
    }
    return;
  }
  const config = defaultSimPairs[activity.pair]!;
  const name = ACTIVITY_USERS[activity.user]!;
  const account = venue.account(name);
  const symbol = config.symbol;
  const amountOf = (size: number) => (Number(config.minAmount) * size * 10).toFixed(config.amountPrecision);
  const priceAt = (bps: number) => (Number(venue.fairPrice(symbol)) * (1 + bps / 10_000)).toFixed(config.pricePrecision);
  try {
    switch (activity.kind) {
      case 'market':
        await account.placeOrder({ symbol, direction: activity.buy ? 'buy' : 'sell', tradeType: 'market', amount: amountOf(activity.size), clientOrderId: ids.take() });
        return;
      case 'limit':
        await account.placeOrder({
          symbol,
          direction: activity.buy ? 'buy' : 'sell',
          tradeType: 'limit',
          price: priceAt(activity.bps),
          amount: amountOf(activity.size),
          timeInForce: activity.tif,
          clientOrderId: ids.take(),
          ...(activity.selfTrade ? { allowSelfTrade: true } : {}),
        });
        return;
      case 'replace': {
        // An open order when there is one, else one the account never had.
        const open = await account.fetchOpenOrders(symbol);
        const target = open[activity.pick % Math.max(1, open.length)]?.orderNo ?? '999999999';
        const request = { symbol, direction: activity.buy ? ('buy' as const) : ('sell' as const), tradeType: 'limit' as const, price: priceAt(activity.bps), amount: amountOf(activity.size), clientOrderId: ids.take() };
        const result = await venue.cancelReplace(name, symbol, target, request, activity.allowFailure ? 'allow_failure' : 'stop_on_failure');
        for (const part of [result.canceled, result.placed]) if (part?.ok === false) expect(EXPECTED_REFUSALS).toContain(part.error.kind);
        return;
      }
      case 'cancel': {
        const open = await account.fetchOpenOrders(symbol);
        const target = open[activity.pick % Math.max(1, open.length)];
        if (target !== undefined) await account.cancelOrder(symbol, target.orderNo);
        return;
      }
      case 'cancelAll': {
        const open = await account.fetchOpenOrders(symbol);
        await account.cancelOrders(symbol, open.map((o) => o.orderNo));
        return;
      }
      case 'deposit':
        await venue.deposit(name, config.base, amountOf(activity.size));
        return;
      case 'duplicate':
        // The last client order id again: refused once it is in use, as a venue refuses a resend.
        await account.placeOrder({ symbol, direction: 'buy', tradeType: 'limit', price: venue.fairPrice(symbol), amount: config.minAmount, clientOrderId: ids.last() });
        return;
    }
  } catch (err) {
    if (!(err instanceof ExchangeError)) throw err;
    expect(EXPECTED_REFUSALS).toContain(err.kind);
  }
}
