import type { LiquidityObligationTerms, PriceMode, ReferenceSource, RobotTypeKey } from '@makerdesk/contract';
import type { Market, OrderBook, Side, Trade } from '@makerdesk/exchange';
import type { Intent } from './intents.ts';
import type { PairBotFigures } from './ports.ts';
import type { Rng } from './rng.ts';

/**
 * The strategy contract (DESIGN §7): a pure function of (config, state, market snapshot, clock, rng)
 * to intents and the next state. It never calls a venue, never reads the clock itself and never
 * keeps anything outside `state`, so the same input gives the same output, in a test and after a
 * restart. `state` is plain JSON (it is stored between ticks).
 */

/** The pair's trading rules, as the venue gives them. */
export type PairRules = Pick<Market, 'symbol' | 'base' | 'quote' | 'pricePrecision' | 'amountPrecision' | 'minAmount' | 'minNotional' | 'makerFee' | 'takerFee'>;

export interface AssetBalance {
  available: string;
  total: string;
}

/** One of the bot's own live orders, as the journal knows it after reconciliation. */
export interface OwnOrder {
  clientOrderId: string;
  tag: string;
  side: Side;
  price: string;
  amount: string;
  filledAmount: string;
  /**
   * open: resting on the venue. unknown: sent, answer lost, not yet found (the strategy must not
   * place into that slot again). canceling: a cancel is in flight.
   */
  state: 'open' | 'unknown' | 'canceling';
  placedAt: number;
}

/** One of the account's resting limit orders on the pair (any bot's of the key, or a manual one). */
export interface AccountOrder {
  /** Null for an order placed without one (outside the console). */
  clientOrderId: string | null;
  side: Side;
  price: string;
  amount: string;
  filledAmount: string;
}

/** A fill of one of the bot's orders since the previous tick. */
export interface OwnFill {
  clientOrderId: string;
  tag: string;
  side: Side;
  price: string;
  amount: string;
  at: number;
}

/** A reference book read from another platform or pair (follow modes), keyed by `referenceKey`. */
export type ReferenceBooks = Readonly<Record<string, OrderBook>>;

export function referenceKey(source: Pick<ReferenceSource, 'platform' | 'symbol'>): string {
  return `${source.platform}:${source.symbol}`;
}

export interface MarketSnapshot {
  rules: PairRules;
  /** The bot's own venue's book for its pair, best first, `needs.bookDepth` levels. */
  book: OrderBook;
  /** References the strategy asked for in `needs` (missing when the source could not be read this tick). */
  references: ReferenceBooks;
  balances: { base: AssetBalance; quote: AssetBalance };
  /** The pair's latest public trades, newest first, when `needs.trades` asked for them. */
  trades?: readonly Trade[];
  /** The account's other bots on the pair with their figures, when `needs.pairFigures` asked for them. */
  pairBots?: readonly PairBotFigures[];
  /**
   * The account's resting limit orders on the pair (the bot's own among them), read with the book:
   * on a live venue whenever the bot places orders (the tick's one read of the open orders), on the
   * simulator when `needs.accountOrders` asks. Missing when not read this tick.
   */
  accountOrders?: readonly AccountOrder[];
  /**
   * The pair's liquidity obligation (issue 20), when `needs.obligation` asked for it: null when the
   * pair has none. The server reads it from its store (cached, refreshed when it changes).
   */
  obligation?: LiquidityObligationTerms | null;
}

export interface TickInput<C, S> {
  config: C;
  state: S;
  market: MarketSnapshot;
  /** The bot's own live orders (never another bot's, never manual ones). */
  orders: readonly OwnOrder[];
  /** Fills since the previous tick, oldest first. */
  fills: readonly OwnFill[];
  /** Epoch ms of this tick. */
  now: number;
  rng: Rng;
  priceMode: PriceMode;
  /** When the bot was (last) started, epoch ms. */
  startedAt: number;
}

export interface TickOutput<S> {
  intents: Intent[];
  state: S;
  /**
   * The price this tick quoted around (own mid, mapped follow price, pool price…). Safe price mode
   * refuses any order further than `maxDeviation` from it; null skips the tick's placements in safe mode.
   */
  reference: string | null;
  /**
   * A bot quoting to its pair's obligation: true when its funds (or its settings) could not cover it
   * this tick and it quotes what it can. The bot's status says so beside how close it runs.
   */
  obligationShort?: boolean;
}

/** What a strategy needs read before its tick. */
export interface MarketNeeds {
  /** Levels of the own book to read; 0 reads none (the snapshot's book is then empty). */
  bookDepth: number;
  references: readonly Pick<ReferenceSource, 'platform' | 'symbol'>[];
  /** How many of the pair's latest public trades to read (none when absent or 0). */
  trades?: number;
  /** False skips the balance read (the snapshot's balances are then zero). Default true. */
  balances?: boolean;
  /** Read the pair's bots' figures (MarketSnapshot.pairBots) at the book's mid. */
  pairFigures?: boolean;
  /**
   * Read the account's resting orders on the pair (MarketSnapshot.accountOrders) on the simulator
   * too: one in-process call a tick. Live venues read them every tick anyway.
   */
  accountOrders?: boolean;
  /** Read the pair's liquidity obligation (MarketSnapshot.obligation): a bot quoting to it. */
  obligation?: boolean;
}

export interface Strategy<C, S> {
  readonly type: RobotTypeKey;
  /**
   * A watcher never places orders (the risk-control monitors): the runtime does no order
   * reconciliation or self-trade reads for it and ignores any order intent.
   */
  readonly watchOnly?: boolean;
  /** A fixed pause between ticks; without it the pause is drawn between the config's intervalMin and intervalMax. */
  intervalMs?(config: C): number;
  initialState(config: C, now: number): S;
  needs(config: C): MarketNeeds;
  decide(input: TickInput<C, S>): TickOutput<S>;
}

/** A strategy of any config/state, as the runtime holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStrategy = Strategy<any, any>;

/** Interval before the next tick, drawn between the config's min and max seconds. */
export function drawIntervalMs(config: { intervalMin: number; intervalMax: number }, rng: Rng): number {
  const lo = Math.round(config.intervalMin * 1000);
  const hi = Math.max(lo, Math.round(config.intervalMax * 1000));
  return rng.int(lo, hi);
}
