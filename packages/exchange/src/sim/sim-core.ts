/**
 * The simulated venue's state and every change to it, synchronous and free of timers: the
 * shared ledger, one book per pair, user accounts and their histories, public trades and
 * candles, the background market and the reference venue, and the snapshot of all of it.
 *
 * Each change is one command run as one batch (sim-batches.ts): its state changes settle into the
 * batch (sim-settlement.ts), it goes to the journal, and its events go out once it is durable.
 * The background market (sim-background-driver.ts), opening pairs (sim-pair-opening.ts) and
 * snapshots (sim-snapshot.ts) are parts of their own over the same state (sim-state.ts).
 */
import { ExchangeError } from '../errors.ts';
import type { Order, PlaceOrderRequest } from '../exchange.ts';
import { decimalToUnits } from './matching/index.ts';
import { parsePlaceRequest, placeError, type ParsedOrder } from './order-request.ts';
import { averagePrice, checkPercentPriceBySide } from './percent-price.ts';
import { Prng } from './prng.ts';
import { ReferenceVenue } from './reference-venue.ts';
import { BackgroundDriver, fairOf } from './sim-background-driver.ts';
import { CommandBatches, type Batch } from './sim-batches.ts';
import { EventHub } from './sim-events.ts';
import { journalledRequest, type SimCommand, type SimJournal } from './sim-journal.ts';
import { checkPairToOpen, openPair, readDemoFunds, seedHistories } from './sim-pair-opening.ts';
import { SimConfigError, formatPrice, setupPairs, type PairSetup } from './sim-pair.ts';
import { cancelOpen, settle } from './sim-settlement.ts';
import { readAdded, readSnapshotHead, restoreSnapshot, writeSnapshot } from './sim-snapshot.ts';
import { SimState, type CorePair } from './sim-state.ts';
import type { CancelReplaceMode, CancelReplacePart, CancelReplaceResult, SimAddPairOptions, SimPairConfig, SimSnapshot, SimVenueOptions } from './sim-venue.api.ts';
import { BalanceViews, orderView } from './sim-views.ts';
import { ledgerToJson } from './snapshot-codec.ts';
import { UserAccount, type OrderRecord } from './user-account.ts';
import type { Placement } from './venue-book.ts';

const REFERENCE_SEED_SALT = 0x5eedf00d;

/** A place request checked against its pair: fields, precision and minimums. */
function parsePlacement(pair: CorePair, request: PlaceOrderRequest): ParsedOrder {
  const book = pair.book.book;
  const parsed = parsePlaceRequest(pair.setup, request, (side) => (side === 'buy' ? book.bestAsk() : book.bestBid()));
  // Binance's PERCENT_PRICE_BY_SIDE: every client's limit price, within multipliers of the average price.
  if (parsed.price !== null) checkPercentPriceBySide(parsed.side, parsed.price, averagePrice(pair.trades, pair.lastPrice), pair.setup.config);
  return parsed;
}

/** Why the account's order cannot be canceled: 'order_not_found' if it never had it, 'order_closed' if no longer open; null if it can. */
function cancelRefusal(user: UserAccount, symbol: string, orderNo: string): ExchangeError | null {
  const record = user.find(symbol, orderNo);
  if (record === undefined) return new ExchangeError('order_not_found', `Order ${String(orderNo)} not found.`, { orderNo });
  if (user.openOrder(symbol, orderNo) === undefined) {
    return new ExchangeError('order_closed', `Order ${orderNo} is already ${record.status}.`, { orderNo, status: record.status });
  }
  return null;
}

/** A placement's outcome, its refusal included; anything but a refusal is thrown. */
function attempt(place: () => Order): CancelReplacePart {
  try {
    return { ok: true, order: place() };
  } catch (err) {
    if (err instanceof ExchangeError) return { ok: false, error: err };
    throw err;
  }
}

export class SimCore {
  readonly hub = new EventHub();
  /** Every account's balances as readers see them (rendered again only where they changed). */
  readonly balanceViews: BalanceViews;
  readonly now: () => number;
  private readonly state: SimState;
  private readonly batches: CommandBatches;
  private readonly background: BackgroundDriver;
  private readonly reference: ReferenceVenue;

  constructor(options: SimVenueOptions, snapshot?: unknown) {
    const json = snapshot === undefined ? undefined : readSnapshotHead(snapshot);
    const configured = new Set(options.pairs.map((p) => p.symbol));
    // Pairs opened while running come back before their state is read; one configured since is the configured one.
    const added = readAdded(json).filter((a) => !configured.has(a.config.symbol));
    const { setups, assetDecimals } = setupPairs([...options.pairs, ...added.map((a) => a.config)]);
    this.now = options.now ?? Date.now;
    const demoFunds = readDemoFunds(options.demoFunds, assetDecimals);
    for (const a of added) demoFunds.push(...readDemoFunds(a.funds, assetDecimals));
    if (!Number.isFinite(options.seed)) throw new SimConfigError('seed must be a finite number');
    const state = new SimState(setups, assetDecimals, Prng.seeded(options.seed));
    this.state = state;
    state.demoFunds.push(...demoFunds);
    state.added.push(...added);
    this.balanceViews = new BalanceViews(state.ledger, assetDecimals);
    this.batches = new CommandBatches(this.now, { hub: this.hub, balanceViews: this.balanceViews, pairs: state.pairs });
    this.background = new BackgroundDriver(state, this.batches);
    for (const setup of setups) state.pairs.set(setup.config.symbol, this.background.newPair(setup));

    const restored = json === undefined ? new Set<string>() : restoreSnapshot(state, json);
    if (json === undefined) seedHistories(state, options.historyDays ?? 0, options.seed, Math.floor(this.now()));
    this.batches.run(null, () => {
      for (const pair of state.pairs.values()) {
        if (!restored.has(pair.setup.config.symbol)) this.background.quote(pair);
      }
    });
    this.reference = new ReferenceVenue(
      setups,
      (options.seed ^ REFERENCE_SEED_SALT) >>> 0,
      this.background.fairs(),
      json === undefined ? undefined : json.reference,
    );
  }

  get setups(): readonly PairSetup[] {
    return this.state.setups;
  }

  get assetDecimals(): ReadonlyMap<string, number> {
    return this.state.assetDecimals;
  }

  /**
   * Opens a market while the venue runs: its background market, its reference venue book and
   * `historyDays` of made-up candles ending at its initial price, like the configured pairs. Every
   * account, and every account opened later, is credited `funds` (demo funds of the pair's new
   * assets). Throws a SimConfigError for a bad configuration, an ExchangeError 'invalid_order' for a
   * pair that already trades.
   */
  addPair(config: SimPairConfig, options: SimAddPairOptions): void {
    const pairToOpen = checkPairToOpen(this.state, config, options);
    this.batches.run({ k: 'addPair', pair: { ...config }, funds: { ...options.funds }, days: pairToOpen.historyDays }, (batch) =>
      openPair(this.state, this.background, this.reference, batch, pairToOpen),
    );
  }

  /** The pair, or an ExchangeError 'unknown_symbol'. */
  pair(symbol: string): CorePair {
    const pair = this.state.pairs.get(symbol);
    if (pair === undefined) throw new ExchangeError('unknown_symbol', `Unknown symbol ${String(symbol)}.`, { symbol });
    return pair;
  }

  hasUser(apiKey: string): boolean {
    return this.state.users.has(UserAccount.ledgerIdOf(apiKey));
  }

  /** Opens (and funds) the account on first use. */
  user(apiKey: string): UserAccount {
    if (typeof apiKey !== 'string' || apiKey === '') throw new ExchangeError('invalid_key', 'The API key is empty.');
    const { users, demoFunds, ledger } = this.state;
    const existing = users.get(UserAccount.ledgerIdOf(apiKey));
    if (existing !== undefined) return existing;
    return this.batches.run({ k: 'open', key: apiKey }, (batch) => {
      const user = new UserAccount(apiKey);
      users.set(user.ledgerId, user);
      // The demo funds are minted: the supply grows with them and total === supply still holds.
      for (const [asset, amount] of demoFunds) ledger.deposit(user.ledgerId, asset, amount);
      batch.changed = true;
      batch.balances.add(user);
      return user;
    });
  }

  placeOrder(user: UserAccount, request: PlaceOrderRequest): Order {
    const pair = this.pair(request?.symbol);
    const parsed = parsePlacement(pair, request);
    return this.batches.run({ k: 'place', key: user.apiKey, req: journalledRequest(request) }, (batch) => this.place(user, pair, parsed, batch));
  }

  /** Throws 'order_not_found' for an order the account never had, 'order_closed' for one no longer open. */
  cancelOrder(user: UserAccount, symbol: string, orderNo: string): Order {
    const pair = this.pair(symbol);
    const refusal = cancelRefusal(user, symbol, orderNo);
    if (refusal !== null) throw refusal;
    const record = user.find(symbol, orderNo) as OrderRecord;
    return this.batches.run({ k: 'cancel', key: user.apiKey, sym: symbol, no: orderNo }, (batch) => {
      cancelOpen(pair, user, record, batch);
      return orderView(pair.setup, record);
    });
  }

  /**
   * Cancels an open order and places `request` in one batch (see SimVenueApi.cancelReplace). Only a
   * cancel that succeeded makes a 'cancelReplace' command; a failed one under allow_failure leaves
   * a plain placement.
   */
  cancelReplace(user: UserAccount, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): CancelReplaceResult {
    const pair = this.pair(symbol);
    if (request?.symbol !== symbol) throw new ExchangeError('invalid_order', 'The new order must be on the symbol of the canceled one.', { symbol });
    const parsed = parsePlacement(pair, request);
    const refusal = cancelRefusal(user, symbol, orderNo);
    if (refusal !== null) {
      const canceled: CancelReplacePart = { ok: false, error: refusal };
      return { canceled, placed: mode === 'stop_on_failure' ? null : attempt(() => this.placeOrder(user, request)) };
    }
    const record = user.find(symbol, orderNo) as OrderRecord;
    return this.batches.run({ k: 'cancelReplace', key: user.apiKey, sym: symbol, no: orderNo, req: journalledRequest(request) }, (batch) => {
      cancelOpen(pair, user, record, batch);
      const canceled: CancelReplacePart = { ok: true, order: orderView(pair.setup, record) };
      return { canceled, placed: attempt(() => this.place(user, pair, parsed, batch)) };
    });
  }

  /** Cancels every open one of the orders in one batch; returns each known order as it now stands, unknown ones left out. */
  cancelOrders(user: UserAccount, symbol: string, orderNos: readonly string[]): Order[] {
    const pair = this.pair(symbol);
    return this.batches.run({ k: 'cancelMany', key: user.apiKey, sym: symbol, nos: [...orderNos] }, (batch) => {
      const out: Order[] = [];
      for (const no of orderNos) {
        const record = user.find(symbol, no);
        if (record === undefined) continue;
        if (user.openOrder(symbol, no) !== undefined) cancelOpen(pair, user, record, batch);
        out.push(orderView(pair.setup, record));
      }
      return out;
    });
  }

  /** Credits an open account (a testnet faucet): `amount` is a positive decimal string of `asset`. */
  deposit(user: UserAccount, asset: string, amount: string): void {
    const decimals = this.assetDecimals.get(asset);
    if (decimals === undefined) throw new ExchangeError('invalid_order', `No pair trades ${String(asset)}.`, { asset: String(asset) });
    let units: bigint;
    try {
      units = decimalToUnits(amount, decimals);
    } catch {
      throw new ExchangeError('invalid_order', `The amount must be a decimal with at most ${decimals} decimals.`, { amount: String(amount) });
    }
    if (units <= 0n) throw new ExchangeError('invalid_order', 'The amount must be positive.', { amount });
    this.batches.run({ k: 'deposit', key: user.apiKey, asset, amount }, (batch) => {
      this.state.ledger.deposit(user.ledgerId, asset, units);
      batch.changed = true;
      batch.balances.add(user);
    });
  }

  /**
   * From now on every accepted command goes to `journal`, and nothing is answered or sent before
   * the journal says it is durable. Replay first: a venue takes one journal, once.
   */
  journalTo(journal: SimJournal): void {
    this.batches.journalTo(journal);
  }

  /** Applies commands a journal kept, at their own times; throws a SimJournalError where one cannot be applied. */
  replay(commands: Iterable<SimCommand>): void {
    this.batches.replay(commands, (command) => this.apply(command));
  }

  /** Resolves to `value` once everything applied so far is durable. */
  whenDurable<T>(value: T): Promise<T> {
    return this.batches.whenDurable(value);
  }

  private apply(command: SimCommand): void {
    switch (command.k) {
      case 'step':
        this.step();
        return;
      case 'addPair':
        this.addPair(command.pair, { funds: command.funds, historyDays: command.days });
        return;
      case 'open':
        this.user(command.key);
        return;
      case 'deposit':
        this.deposit(this.knownUser(command.key), command.asset, command.amount);
        return;
      case 'place':
        this.placeOrder(this.knownUser(command.key), command.req);
        return;
      case 'cancel':
        this.cancelOrder(this.knownUser(command.key), command.sym, command.no);
        return;
      case 'cancelMany':
        this.cancelOrders(this.knownUser(command.key), command.sym, command.nos);
        return;
      case 'cancelReplace': {
        // Journalled only once its cancel succeeded: a cancel that fails again means another history.
        const { canceled } = this.cancelReplace(this.knownUser(command.key), command.sym, command.no, command.req, 'stop_on_failure');
        if (!canceled.ok) throw canceled.error;
        return;
      }
    }
  }

  /** Places a checked order inside the running batch. Throws the venue's refusal, having changed nothing. */
  private place(user: UserAccount, pair: CorePair, parsed: ParsedOrder, batch: Batch): Order {
    if (user.usesClientOrderId(parsed.clientOrderId)) {
      throw new ExchangeError('invalid_order', 'Duplicate order sent.', { clientOrderId: parsed.clientOrderId });
    }
    const no = String(this.state.nextOrderNo);
    let placement: Placement;
    try {
      placement = pair.book.place(no, parsed.request(user.ledgerId));
    } catch (err) {
      throw placeError(err);
    }
    this.state.nextOrderNo += 1;
    const record: OrderRecord = {
      no,
      clientOrderId: parsed.clientOrderId,
      symbol: pair.setup.config.symbol,
      side: parsed.side,
      type: parsed.type,
      timeInForce: parsed.timeInForce,
      price: parsed.price,
      qty: parsed.qty,
      filledQty: 0,
      filledQuote: 0n,
      status: 'pending',
      createdAt: batch.time,
      updatedAt: batch.time,
    };
    settle(this.state, batch, pair, placement, { user, record });
    return orderView(pair.setup, record);
  }

  private knownUser(apiKey: string): UserAccount {
    const user = this.state.users.get(UserAccount.ledgerIdOf(apiKey));
    if (user === undefined) throw new Error(`account ${apiKey} was never opened`);
    return user;
  }

  /**
   * One background tick: every reference price walks, every provider requotes, noise traders
   * may trade, and the reference venue follows.
   */
  step(): void {
    this.batches.run({ k: 'step' }, (batch) => this.background.step(batch, this.reference));
  }

  /** The background market's current reference price (a float, for the quoting only). */
  fair(pair: CorePair): number {
    return fairOf(pair);
  }

  referenceVenue(): ReferenceVenue {
    return this.reference;
  }

  /** Formatted price of the reference venue: its mid, or its fair price while its book is one-sided. */
  referencePrice(symbol: string): string {
    const pair = this.pair(symbol);
    const mid = this.reference.midTicks(symbol);
    const fair = this.reference.fairPrice(symbol, fairOf(pair));
    const ticks = mid ?? Math.max(1, Math.round(fair * pair.setup.grid.tickScale));
    return formatPrice(pair.setup, ticks);
  }

  /** Every asset's balances against its supply, on this venue and on the reference venue. */
  conserves(): boolean {
    const { ledger } = this.state;
    const main = ledgerToJson(ledger).supply.every(([asset, supply]) => ledger.total(asset) === BigInt(supply));
    return main && this.reference.conserves();
  }

  snapshot(): SimSnapshot {
    return writeSnapshot(this.state, this.reference, Math.floor(this.now()));
  }
}
