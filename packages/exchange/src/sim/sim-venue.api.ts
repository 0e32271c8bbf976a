/**
 * The contract of the built-in simulated exchange, shared by its implementation (`sim-venue.ts`),
 * the Binance-compatible facade and the server. Change it only together with all three.
 */
import type { Exchange, Market, MarketDataReader, Order, OrderBook } from '../exchange.ts';
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
  /** The second, reference venue: its book is the "other-side order book" and the follow modes' price source. */
  referenceBook(symbol: string, depth?: number): OrderBook;
  referencePrice(symbol: string): string;
  snapshot(): SimSnapshot;
}
