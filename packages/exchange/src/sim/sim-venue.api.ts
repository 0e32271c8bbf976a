/**
 * The contract of the built-in simulated exchange, shared by its implementation (`sim-venue.ts`),
 * the Binance-compatible facade and the server. Change it only together with all three.
 */
import type { ExchangeError } from '../errors.ts';
import type { Exchange, Market, MarketDataReader, Order, OrderBook, PlaceOrderRequest } from '../exchange.ts';
import type { SimPairConfig } from './sim-pair-config.ts';
import type { SimCommand, SimJournal } from './sim-journal.ts';

export type { SimPairConfig };

export interface SimVenueOptions {
  pairs: SimPairConfig[];
  /** Seeds every random choice of the background market, so runs are repeatable. */
  seed: number;
  now?: () => number;
  /** What a newly opened demo account holds, per asset, decimal strings. */
  demoFunds: Record<string, string>;
  /** Background market tick period; `start()` runs it on a timer, tests call `step()`. */
  tickMs: number;
  /** Days of minute candles a new venue makes up before it opens (0 to 30; none by default). */
  historyDays?: number;
}

export interface SimAddPairOptions {
  /** Demo funds of the pair's assets no other pair trades, credited to every account, decimal strings. */
  funds: Record<string, string>;
  /** Days of minute candles made up before it opens (0 to 30). */
  historyDays: number;
}

/** How a cancel-replace goes on when its cancel fails: Binance's STOP_ON_FAILURE and ALLOW_FAILURE. */
export type CancelReplaceMode = 'stop_on_failure' | 'allow_failure';

/** What one part of a cancel-replace came to: the order as it now stands, or the venue's refusal. */
export type CancelReplacePart = { ok: true; order: Order } | { ok: false; error: ExchangeError };

export interface CancelReplaceResult {
  canceled: CancelReplacePart;
  /** Null when the new order was not attempted (the cancel failed under stop_on_failure). */
  placed: CancelReplacePart | null;
}

/** JSON-safe (bigints as strings): everything needed to resume after a restart. */
export type SimSnapshot = { version: 1 } & Record<string, unknown>;

export interface SimVenueApi {
  readonly pairs: readonly SimPairConfig[];
  markets(): Market[];
  /** Starts / stops the background market timer (liquidity providers, noise traders, reference walk). */
  start(): void;
  stop(): void;
  /** One background tick, synchronously (tests and `start()`'s timer). */
  step(): void;
  /**
   * Opens a market while the venue runs (background market, reference venue book, made-up
   * history), journalled like any command; it stays in the venue's snapshot. Resolves once durable.
   */
  addPair(config: SimPairConfig, options: SimAddPairOptions): Promise<void>;
  hasAccount(apiKey: string): boolean;
  /** Idempotent; a new account is funded with `demoFunds`. Resolves once the opening is durable. */
  openAccount(apiKey: string): Promise<void>;
  /** Credits an account (opened on first use) with a positive decimal `amount` of `asset`: a testnet faucet. */
  deposit(apiKey: string, asset: string, amount: string): Promise<void>;
  /** Sends every later accepted command to `journal`, and holds every answer until it is durable there. Once. */
  journalTo(journal: SimJournal): void;
  /** Applies what a journal kept since the snapshot the venue was restored from; before `journalTo`. */
  replay(commands: Iterable<SimCommand>): void;
  /** Public market data without an account (charts, the REST facade's public endpoints). */
  marketData(): MarketDataReader;
  /** The venue as one account sees it; opens the account on first use. */
  account(apiKey: string): Exchange;
  /** An account's order by its client order id, open or among its recent closed ones. */
  orderByClientId(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined>;
  /**
   * Cancels the account's open order `orderNo` and places `request` (same symbol) in one step, with
   * nothing of anyone else's in between (Binance's cancelReplace). The new order's checks come
   * first: a refusal there (precision, minimums) rejects the call and changes nothing. Otherwise
   * each part's refusal is in the result; under stop_on_failure a failed cancel places nothing.
   * Resolves once durable.
   */
  cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult>;
  /** The second, reference venue: its book is the "other-side order book" and the follow modes' price source. */
  referenceBook(symbol: string, depth?: number): OrderBook;
  referencePrice(symbol: string): string;
  snapshot(): SimSnapshot;
}
