/**
 * What the simulated venue holds, shared by the parts of SimCore that change it (batches,
 * settlement, the background market, opening pairs, snapshots): the pairs with their books,
 * trades and candles, the user accounts, the shared ledger, the counters that number orders and
 * trades, and the background market's random source.
 */
import type { Ladder, QuotingPort } from './background-market.ts';
import type { CandleSeries } from './candles.ts';
import { Ledger } from './matching/index.ts';
import type { Prng } from './prng.ts';
import type { PairSetup } from './sim-pair.ts';
import type { SimPairConfig } from './sim-venue.api.ts';
import type { TradeRecord } from './sim-views.ts';
import type { UserAccount } from './user-account.ts';
import type { VenueBook } from './venue-book.ts';

const FEE_ACCOUNT = 'fees';
export const PUBLIC_TRADES_PER_PAIR = 1000;

export interface CorePair {
  readonly setup: PairSetup;
  readonly book: VenueBook;
  /** Oldest first. */
  readonly trades: TradeRecord[];
  candles: CandleSeries;
  /** Ticks of the last trade. */
  lastPrice: number | null;
  /** Log offset of the reference price from the initial price. */
  walk: number;
  readonly ladder: Ladder;
  readonly port: QuotingPort;
  /** The book's update id (OrderBook.updateId): see nextBookUpdateId. */
  bookUpdateId: number;
}

/**
 * The update id a book changed in a batch at `time` gets: one more than the last, and never less
 * than the batch's time in microseconds, so the ids keep growing across a restart (the snapshot does
 * not keep them) while the clock does.
 */
export function nextBookUpdateId(previous: number, time: number): number {
  return Math.max(previous + 1, time * 1000);
}

/** A pair opened while the venue ran, with the demo funds its new assets give every account. */
export interface AddedPair {
  config: SimPairConfig;
  funds: Record<string, string>;
}

export class SimState {
  readonly ledger = new Ledger(FEE_ACCOUNT);
  readonly pairs = new Map<string, CorePair>();
  /** By ledger id. */
  readonly users = new Map<string, UserAccount>();
  /** What a new account is credited, per asset. */
  readonly demoFunds: [string, bigint][] = [];
  /** Pairs opened with `addPair`, oldest first. */
  readonly added: AddedPair[] = [];
  nextOrderNo = 1;
  nextTradeId = 1;

  constructor(
    /** Every pair's setup, in the order pairs were configured or opened. */
    readonly setups: PairSetup[],
    readonly assetDecimals: Map<string, number>,
    public rng: Prng,
  ) {}
}
