import type { OrderBook, Side } from '@makerdesk/exchange';
import type { Intent, PlaceIntent } from '../intents.ts';
import { createRng, type Rng } from '../rng.ts';
import type { MarketSnapshot, OwnFill, OwnOrder, PairRules, TickInput } from '../strategy.ts';

/** Fixed snapshots for the liquidity strategies' tests: a TKN/USDT pair, a book, own orders and fills. */

export const NOW = 1_700_000_000_000;

export const rules: PairRules = {
  symbol: 'TKN/USDT',
  base: 'TKN',
  quote: 'USDT',
  pricePrecision: 2,
  amountPrecision: 2,
  minAmount: '0.01',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.001',
};

export function book(bids: [string, string][], asks: [string, string][]): OrderBook {
  return { symbol: rules.symbol, bids, asks, timestamp: NOW };
}

/** A book with mid 100: 99.5 / 100.5. */
export const book100 = book([['99.5', '10'], ['99', '20']], [['100.5', '10'], ['101', '20']]);

export const richBalances: MarketSnapshot['balances'] = {
  base: { available: '100000', total: '100000' },
  quote: { available: '10000000', total: '10000000' },
};

/** An rng that always draws the lowest value: makes drawn amounts and spreads the configured minimum. */
export const lowestRng: Rng = { next: () => 0, int: (min) => min };

export function tick<C, S>(config: C, state: S, over: Omit<Partial<TickInput<C, S>>, 'market'> & { market?: Partial<MarketSnapshot> } = {}): TickInput<C, S> {
  const { market, ...rest } = over;
  return {
    config,
    state,
    market: { rules, book: book100, references: {}, balances: richBalances, ...market },
    orders: [],
    fills: [],
    now: NOW,
    rng: createRng(42),
    priceMode: 'normal',
    startedAt: NOW - 60_000,
    ...rest,
  };
}

export function ownOrder(tag: string, side: Side, price: string, amount: string, extra: Partial<OwnOrder> = {}): OwnOrder {
  return { clientOrderId: `c-${tag}`, tag, side, price, amount, filledAmount: '0', state: 'open', placedAt: NOW - 10_000, ...extra };
}

/** The orders a tick's placements become once the venue took them. */
export function placed(intents: readonly Intent[], placedAt = NOW): OwnOrder[] {
  return places(intents).map((p) => ownOrder(p.tag, p.side, p.price, p.amount, { placedAt }));
}

export function fill(order: OwnOrder, amount: string, at = NOW): OwnFill {
  return { clientOrderId: order.clientOrderId, tag: order.tag, side: order.side, price: order.price, amount, at };
}

export const places = (intents: readonly Intent[]): PlaceIntent[] => intents.filter((i): i is PlaceIntent => i.kind === 'place');
export const cancels = (intents: readonly Intent[]): string[] => intents.flatMap((i) => (i.kind === 'cancel' ? [i.clientOrderId] : []));
export const side = (intents: readonly Intent[], s: Side): PlaceIntent[] => places(intents).filter((p) => p.side === s);
