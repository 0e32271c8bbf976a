/**
 * SimVenue: the built-in simulated exchange (DESIGN §6) behind the SimVenueApi contract. SimCore
 * holds the state and the rules; this class adds the background timer and the per-account views.
 *
 * For its users:
 * - Order numbers and trade ids are decimal digit strings, increasing, unique per venue and kept
 *   across restarts. Background orders take numbers too, so a user's numbers are not consecutive.
 * - Refusals are ExchangeErrors: unknown_symbol, invalid_order (also "Duplicate order sent." and
 *   bad arguments to reads), price_precision, amount_precision, max_amount, min_amount,
 *   min_notional, insufficient_balance, post_only_would_cross, order_not_found, order_closed,
 *   invalid_key (empty API key). A self-trade is not an error: the incoming user order ends
 *   canceled or partial_canceled (cancel_taker, always on for users). A fill-or-kill order that
 *   cannot fill entirely ends canceled having filled nothing.
 * - `cancelReplace` cancels and places in one step and one journalled command; each part's
 *   refusal is in its result, not thrown.
 * - Without a journal, events are synchronous: they run inside the call that changed
 *   the state, after the change and before its promise resolves; a background tick sends at most
 *   one 'book' per pair.
 * - With a journal (`journalTo`), every accepted command is appended to it, and every answer,
 *   read and event waits until what it reflects is durable. After a crash, the last
 *   snapshot plus `replay` of the journal's commands rebuild exactly what was acknowledged. The background market, the demo funds and re-funding the background accounts mint
 *   into the ledger: each asset's supply grows, and total === supply holds throughout.
 */
import type { Exchange, Market, MarketDataReader, Order, OrderBook, PlaceOrderRequest } from '../exchange.ts';
import { SimAccount, SimMarketData } from './sim-account.ts';
import { SimCore } from './sim-core.ts';
import { SimConfigError, formatPrice } from './sim-pair.ts';
import type { SimCommand, SimJournal } from './sim-journal.ts';
import type { CancelReplaceMode, CancelReplaceResult, SimAddPairOptions, SimPairConfig, SimSnapshot, SimVenueApi, SimVenueOptions } from './sim-venue.api.ts';
import { orderView } from './sim-views.ts';

export class SimVenue implements SimVenueApi {
  readonly tickMs: number;
  private readonly core: SimCore;
  private timer: ReturnType<typeof setInterval> | null = null;

  /**
   * A fresh venue: every pair's liquidity provider quotes at once. Throws a SimConfigError on a
   * bad configuration. With `snapshot`, the venue resumes from it (see `restore`).
   */
  constructor(options: SimVenueOptions, snapshot?: SimSnapshot) {
    if (!(Number.isFinite(options.tickMs) && options.tickMs > 0)) {
      throw new SimConfigError('tickMs must be a positive number of milliseconds');
    }
    this.core = new SimCore(options, snapshot);
    this.tickMs = options.tickMs;
  }

  /**
   * Resumes a venue from `snapshot()` output (after a JSON round trip, too): it answers every read
   * as before and continues the same background sequence; `options.seed` no longer matters.
   * Pairs configured since start afresh. Throws a SimSnapshotError naming what it cannot read
   * (another version, a pair no longer configured or with other precisions, balances that do
   * not match the books).
   */
  static restore(options: SimVenueOptions, snapshot: SimSnapshot): SimVenue {
    return new SimVenue(options, snapshot);
  }

  get pairs(): readonly SimPairConfig[] {
    return Object.freeze(this.core.setups.map((setup) => Object.freeze({ ...setup.config })));
  }

  addPair(config: SimPairConfig, options: SimAddPairOptions): Promise<void> {
    try {
      this.core.addPair(config, options);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.core.whenDurable(undefined);
  }

  markets(): Market[] {
    return this.core.setups.map((setup) => ({ ...setup.venueMarket }));
  }

  /** Runs `step()` every `tickMs` (an unref'd timer: it does not keep the process alive). */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.step(), this.tickMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
  }

  step(): void {
    this.core.step();
  }

  hasAccount(apiKey: string): boolean {
    return this.core.hasUser(apiKey);
  }

  openAccount(apiKey: string): Promise<void> {
    this.core.user(apiKey);
    return this.core.whenDurable(undefined);
  }

  deposit(apiKey: string, asset: string, amount: string): Promise<void> {
    try {
      this.core.deposit(this.core.user(apiKey), asset, amount);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.core.whenDurable(undefined);
  }

  journalTo(journal: SimJournal): void {
    this.core.journalTo(journal);
  }

  replay(commands: Iterable<SimCommand>): void {
    this.core.replay(commands);
  }

  marketData(): MarketDataReader {
    return new SimMarketData(this.core);
  }

  account(apiKey: string): Exchange {
    return new SimAccount(this.core, this.core.user(apiKey));
  }

  /** An account's order by its client order id, open or among its recent closed orders (for the REST facade). */
  orderByClientId(apiKey: string, symbol: string, clientOrderId: string): Promise<Order | undefined> {
    let found: Order | undefined;
    try {
      const pair = this.core.pair(symbol);
      const order = this.core.hasUser(apiKey) ? this.core.user(apiKey).orderByClientId(symbol, clientOrderId) : undefined;
      found = order === undefined ? undefined : orderView(pair.setup, order);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.core.whenDurable(found);
  }

  cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult> {
    let result: CancelReplaceResult;
    try {
      result = this.core.cancelReplace(this.core.user(apiKey), symbol, orderNo, request, mode);
    } catch (err) {
      // Its refusal, like every answer, once what came before it is durable.
      return this.core.whenDurable(undefined).then(() => Promise.reject(err));
    }
    return this.core.whenDurable(result);
  }

  referenceBook(symbol: string, depth = 20): OrderBook {
    this.core.pair(symbol);
    return this.core.referenceVenue().book(symbol, depth, this.core.now()) as OrderBook;
  }

  referencePrice(symbol: string): string {
    return this.core.referencePrice(symbol);
  }

  /** The main venue's background reference price (what both venues' providers quote around), at the pair's precision. */
  fairPrice(symbol: string): string {
    const pair = this.core.pair(symbol);
    return formatPrice(pair.setup, Math.max(1, Math.round(this.core.fair(pair) * pair.setup.grid.tickScale)));
  }

  /** True while every asset's balances add up to its supply, on both venues. */
  conserves(): boolean {
    return this.core.conserves();
  }

  snapshot(): SimSnapshot {
    return this.core.snapshot();
  }
}

