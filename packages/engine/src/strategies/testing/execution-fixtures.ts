import { add, minus, mul, sign } from '@makerdesk/decimal';
import type { BookLevel, OrderBook } from '@makerdesk/exchange';
import type { Intent, PlaceIntent } from '../../intents.ts';
import { createRng } from '../../rng.ts';
import type { MarketSnapshot, OwnFill, OwnOrder, PairRules, ReferenceBooks, TickInput } from '../../strategy.ts';

/** Fixed snapshots for the execution and follow strategies' tests. */

export const rules: PairRules = {
  symbol: 'TKN/USDT',
  base: 'TKN',
  quote: 'USDT',
  pricePrecision: 2,
  amountPrecision: 4,
  minAmount: '0.001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.002',
};

export function book(bids: BookLevel[], asks: BookLevel[], symbol = rules.symbol): OrderBook {
  return { symbol, bids, asks, timestamp: 0 };
}

export const emptyBook = book([], []);

export function market(over: Partial<MarketSnapshot> & { references?: ReferenceBooks } = {}): MarketSnapshot {
  return {
    rules,
    book: emptyBook,
    references: {},
    balances: { base: { available: '1000', total: '1000' }, quote: { available: '100000', total: '100000' } },
    ...over,
  };
}

export function balances(base: string, quote: string): MarketSnapshot['balances'] {
  return { base: { available: base, total: base }, quote: { available: quote, total: quote } };
}

export function tick<C, S>(config: C, state: S, over: Partial<Omit<TickInput<C, S>, 'config' | 'state'>> & { seed?: number } = {}): TickInput<C, S> {
  const { seed, ...rest } = over;
  return {
    config,
    state,
    market: market(),
    orders: [],
    fills: [],
    now: 1_700_000_000_000,
    rng: createRng(seed ?? 7),
    priceMode: 'normal',
    startedAt: 1_700_000_000_000,
    ...rest,
  };
}

export function ownOrder(tag: string, side: OwnOrder['side'], price: string, amount: string, extra: Partial<OwnOrder> = {}): OwnOrder {
  return { clientOrderId: `c-${tag}`, tag, side, price, amount, filledAmount: '0', state: 'open', placedAt: 0, ...extra };
}

export function ownFill(tag: string, side: OwnFill['side'], price: string, amount: string, at = 0): OwnFill {
  return { clientOrderId: `c-${tag}`, tag, side, price, amount, at };
}

/** The orders a tick places (plain places and the new half of replaces). */
export function placements(intents: readonly Intent[]): PlaceIntent[] {
  return intents.flatMap((i) => (i.kind === 'place' ? [i] : i.kind === 'replace' ? [{ kind: 'place' as const, ...i.place }] : []));
}

export function kinds(intents: readonly Intent[]): string[] {
  return intents.map((i) => i.kind);
}

/** Quote the placed bids would hold and base the placed asks would hold. */
export function committed(intents: readonly Intent[]): { quote: string; base: string } {
  let quote = '0';
  let base = '0';
  for (const p of placements(intents)) {
    if (p.side === 'buy') quote = add(quote, mul(p.price, p.amount));
    else base = add(base, p.amount);
  }
  return { quote, base };
}

export function atMost(value: string, limit: string): boolean {
  return sign(minus(limit, value)) >= 0;
}
