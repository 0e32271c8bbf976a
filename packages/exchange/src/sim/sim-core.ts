/**
 * The simulated venue's state and every change to it, synchronous and free of timers: the
 * shared ledger, one book per pair, user accounts and their histories, public trades and
 * candles, the background market and the reference venue, and the snapshot of all of it.
 *
 * Every public change runs as one batch: state changes first, then its command goes to the journal
 * (when there is one), then the batch's events go out (order, balances, trades, then at most one
 * book per pair): at once without a journal, once the command is durable with one.
 */
import { ExchangeError } from '../errors.ts';
import type { Order, PlaceOrderRequest } from '../exchange.ts';
import {
  drawNoiseOrder,
  emptyLadder,
  requoteLadder,
  walkLogOffset,
  type Ladder,
  type LadderProfile,
  type NoiseOrder,
  type NoiseProfile,
  type QuotingPort,
} from './background-market.ts';
import { CandleSeries } from './candles.ts';
import { seedHistory } from './history-seed.ts';
import {
  Ledger,
  decimalToUnits,
  lotsToBaseUnits,
  notionalUnits,
  type OrderRequest,
  type Side,
} from './matching/index.ts';
import { parsePlaceRequest, placeError } from './order-request.ts';
import { Prng } from './prng.ts';
import { ReferenceVenue, type ReferenceVenueJson } from './reference-venue.ts';
import { EventHub } from './sim-events.ts';
import { SimJournalError, journalledRequest, readFunds, readPairConfig, type SimCommand, type SimJournal } from './sim-journal.ts';
import { SimConfigError, formatPrice, setupPairs, type PairSetup } from './sim-pair.ts';
import type { SimAddPairOptions, SimPairConfig, SimSnapshot, SimVenueOptions } from './sim-venue.api.ts';
import { BalanceViews, bookView, orderView, tradeView, type TradeRecord } from './sim-views.ts';
import {
  SimSnapshotError,
  arr,
  depositLedger,
  int,
  ledgerToJson,
  nullable,
  num,
  obj,
  oneOf,
  readLadderSlots,
  readLedger,
  readResting,
  reading,
  restingToJson,
  str,
  verifyLedger,
  type LedgerJson,
  type RestingTuple,
} from './snapshot-codec.ts';
import { UserAccount, type OrderRecord, type UserAccountJson } from './user-account.ts';
import { VenueBook, type Placement } from './venue-book.ts';

export const FEE_ACCOUNT = 'fees';
const PROVIDER = 'market:lp';
const noiseTrader = (index: number): string => `market:noise-${index}`;

export const PUBLIC_TRADES_PER_PAIR = 1000;
/** Depth of the book in 'book' events. */
export const EVENT_BOOK_DEPTH = 20;
/** What the background accounts are minted when short, in multiples of what they need right then. */
const REFILL_FACTOR = 20n;
const REFERENCE_SEED_SALT = 0x5eedf00d;
const HISTORY_SEED_SALT = 0x0ddba11;
/** The most history a new venue makes up: the 1m candles keep 25 hours, the 1d ones years. */
const MAX_HISTORY_DAYS = 30;

export const LIQUIDITY_PROFILE: LadderProfile = {
  layers: 15,
  halfSpread: 0.0004,
  step: 0.0005,
  firstLayerNotionals: 300,
  growth: 0.3,
  requoteChance: 0.04,
};

export const NOISE_PROFILE: NoiseProfile = {
  activity: 0.45,
  medianNotionals: 12,
  sizeDispersion: 0.9,
  limitShare: 0.3,
  limitReach: 0.0015,
  traders: 3,
};

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
}

/** A command before the batch that runs it gives it its time. */
type UnstampedCommand = SimCommand extends infer C ? (C extends SimCommand ? Omit<C, 't'> : never) : never;

interface Batch {
  readonly time: number;
  changed: boolean;
  readonly books: Set<CorePair>;
  readonly trades: Map<CorePair, TradeRecord[]>;
  /** Orders whose state changed, with their owner. */
  readonly orders: Map<OrderRecord, UserAccount>;
  readonly balances: Set<UserAccount>;
}

/** JSON form of a public trade: [id, time, price, qty, side]. */
type TradeTuple = [string, number, number, number, Side];

interface PairJson {
  symbol: string;
  /** [pricePrecision, amountPrecision, baseDecimals, quoteDecimals]: the units everything else is in. */
  units: [number, number, number, number];
  walk: number;
  lastPrice: number | null;
  book: RestingTuple[];
  bids: (string | null)[];
  asks: (string | null)[];
  trades: TradeTuple[];
  candles: unknown;
}

/** A pair opened while the venue ran, with the demo funds its new assets give every account. */
interface AddedPairJson {
  config: SimPairConfig;
  funds: Record<string, string>;
}

interface SnapshotJson {
  version: 1;
  /** Pairs opened with `addPair`, oldest first: configured again at restore, before their state is read. */
  added: AddedPairJson[];
  takenAt: number;
  counters: { nextOrderNo: number; nextTradeId: number };
  rng: number[];
  ledger: LedgerJson;
  pairs: PairJson[];
  accounts: UserAccountJson[];
  reference: ReferenceVenueJson;
}

export class SimCore {
  private readonly setupList: PairSetup[];
  private readonly decimals: Map<string, number>;
  readonly ledger = new Ledger(FEE_ACCOUNT);
  readonly hub = new EventHub();
  /** Every account's balances as readers see them (rendered again only where they changed). */
  readonly balanceViews: BalanceViews;
  readonly now: () => number;
  private readonly pairs = new Map<string, CorePair>();
  /** By ledger id. */
  private readonly users = new Map<string, UserAccount>();
  private readonly demoFunds: [string, bigint][];
  private readonly added: AddedPairJson[] = [];
  private readonly reference: ReferenceVenue;
  private rng: Prng;
  private nextOrderNo = 1;
  private nextTradeId = 1;
  private batch: Batch | null = null;
  private journal: SimJournal | null = null;
  /** Settles once every command applied so far is durable (at once without a journal). */
  private durable: Promise<void> = Promise.resolve();
  /** While replaying: the time of the command being replayed. */
  private replayTime: number | null = null;

  constructor(options: SimVenueOptions, snapshot?: unknown) {
    const json = snapshot === undefined ? undefined : readSnapshotHead(snapshot);
    const configured = new Set(options.pairs.map((p) => p.symbol));
    // Pairs opened while running come back before their state is read; one configured since is the configured one.
    const added = readAdded(json).filter((a) => !configured.has(a.config.symbol));
    const { setups, assetDecimals } = setupPairs([...options.pairs, ...added.map((a) => a.config)]);
    this.setupList = setups;
    this.decimals = assetDecimals;
    this.balanceViews = new BalanceViews(this.ledger, assetDecimals);
    this.now = options.now ?? Date.now;
    this.demoFunds = readDemoFunds(options.demoFunds, assetDecimals);
    for (const a of added) this.demoFunds.push(...readDemoFunds(a.funds, assetDecimals));
    this.added.push(...added);
    if (!Number.isFinite(options.seed)) throw new SimConfigError('seed must be a finite number');
    this.rng = Prng.seeded(options.seed);
    for (const setup of setups) this.pairs.set(setup.config.symbol, this.newPair(setup));

    const restored = json === undefined ? new Set<string>() : this.restore(json);
    if (json === undefined) this.seedHistory(options.historyDays ?? 0, options.seed);
    this.run(null, () => {
      for (const pair of this.pairs.values()) {
        if (!restored.has(pair.setup.config.symbol)) this.quote(pair);
      }
    });
    this.reference = new ReferenceVenue(
      setups,
      (options.seed ^ REFERENCE_SEED_SALT) >>> 0,
      this.fairs(),
      json === undefined ? undefined : json.reference,
    );
  }

  get setups(): readonly PairSetup[] {
    return this.setupList;
  }

  get assetDecimals(): ReadonlyMap<string, number> {
    return this.decimals;
  }

  /**
   * Opens a market while the venue runs: its background market, its reference venue book and
   * `historyDays` of made-up candles ending at its initial price, like the configured pairs. Every
   * account, and every account opened later, is credited `funds` (demo funds of the pair's new
   * assets). Throws a SimConfigError for a bad configuration, an ExchangeError 'invalid_order' for a
   * pair that already trades.
   */
  addPair(config: SimPairConfig, options: SimAddPairOptions): void {
    if (this.pairs.has(config?.symbol)) throw new ExchangeError('invalid_order', `${config.symbol} already trades here.`, { symbol: config.symbol });
    const { setups, assetDecimals } = setupPairs([...this.setupList.map((setup) => setup.config), config]);
    const setup = setups.at(-1) as PairSetup;
    for (const asset of Object.keys(options.funds)) {
      if (this.decimals.has(asset) || (asset !== config.base && asset !== config.quote)) {
        throw new SimConfigError(`demo funds of ${config.symbol} may name only its new assets, not ${asset}`);
      }
    }
    const funds = readDemoFunds(options.funds, assetDecimals);
    const days = options.historyDays;
    if (!(Number.isInteger(days) && days >= 0 && days <= MAX_HISTORY_DAYS)) throw new SimConfigError(`historyDays must be between 0 and ${MAX_HISTORY_DAYS}`);
    this.run({ k: 'addPair', pair: { ...config }, funds: { ...options.funds }, days }, (batch) => {
      this.setupList.push(setup);
      for (const [asset, decimals] of assetDecimals) this.decimals.set(asset, decimals);
      const pair = this.newPair(setup);
      this.pairs.set(config.symbol, pair);
      this.added.push({ config: { ...config }, funds: { ...options.funds } });
      // Its own random source for the past, from what the journal keeps: a replay draws the same candles.
      const rng = Prng.seeded((hashText(config.symbol) ^ batch.time ^ HISTORY_SEED_SALT) >>> 0);
      pair.lastPrice = seedHistory(pair.candles, setup, batch.time, days, NOISE_PROFILE, rng);
      this.quote(pair);
      this.reference.addPair(setup, this.fair(pair));
      for (const [asset, units] of funds) {
        this.demoFunds.push([asset, units]);
        for (const user of this.users.values()) {
          this.ledger.deposit(user.ledgerId, asset, units);
          batch.balances.add(user);
        }
      }
      batch.changed = true;
      batch.books.add(pair);
    });
  }

  /** A new venue's made-up past (its own random source: the market's sequence is the same with or without it). */
  private seedHistory(days: number, seed: number): void {
    if (!(Number.isFinite(days) && days >= 0 && days <= MAX_HISTORY_DAYS)) {
      throw new SimConfigError(`historyDays must be between 0 and ${MAX_HISTORY_DAYS}`);
    }
    const rng = Prng.seeded((seed ^ HISTORY_SEED_SALT) >>> 0);
    const now = Math.floor(this.now());
    for (const pair of this.pairs.values()) {
      pair.lastPrice = seedHistory(pair.candles, pair.setup, now, days, NOISE_PROFILE, rng) ?? pair.lastPrice;
    }
  }

  /** The pair, or an ExchangeError 'unknown_symbol'. */
  pair(symbol: string): CorePair {
    const pair = this.pairs.get(symbol);
    if (pair === undefined) throw new ExchangeError('unknown_symbol', `Unknown symbol ${String(symbol)}.`, { symbol });
    return pair;
  }

  hasUser(apiKey: string): boolean {
    return this.users.has(UserAccount.ledgerIdOf(apiKey));
  }

  /** Opens (and funds) the account on first use. */
  user(apiKey: string): UserAccount {
    if (typeof apiKey !== 'string' || apiKey === '') throw new ExchangeError('invalid_key', 'The API key is empty.');
    const existing = this.users.get(UserAccount.ledgerIdOf(apiKey));
    if (existing !== undefined) return existing;
    return this.run({ k: 'open', key: apiKey }, (batch) => {
      const user = new UserAccount(apiKey);
      this.users.set(user.ledgerId, user);
      // The demo funds are minted: the supply grows with them and total === supply still holds.
      for (const [asset, amount] of this.demoFunds) this.ledger.deposit(user.ledgerId, asset, amount);
      batch.changed = true;
      batch.balances.add(user);
      return user;
    });
  }

  placeOrder(user: UserAccount, request: PlaceOrderRequest): Order {
    const pair = this.pair(request?.symbol);
    const book = pair.book.book;
    const parsed = parsePlaceRequest(pair.setup, request, (side) => (side === 'buy' ? book.bestAsk() : book.bestBid()));
    if (user.usesClientOrderId(parsed.clientOrderId)) {
      throw new ExchangeError('invalid_order', 'Duplicate order sent.', { clientOrderId: parsed.clientOrderId });
    }
    return this.run({ k: 'place', key: user.apiKey, req: journalledRequest(request) }, (batch) => {
      const no = String(this.nextOrderNo);
      let placement: Placement;
      try {
        placement = pair.book.place(no, parsed.request(user.ledgerId));
      } catch (err) {
        throw placeError(err);
      }
      this.nextOrderNo += 1;
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
      this.settle(pair, placement, { user, record });
      return orderView(pair.setup, record);
    });
  }

  /** Throws 'order_not_found' for an order the account never had, 'order_closed' for one no longer open. */
  cancelOrder(user: UserAccount, symbol: string, orderNo: string): Order {
    const pair = this.pair(symbol);
    const record = user.find(symbol, orderNo);
    if (record === undefined) throw new ExchangeError('order_not_found', `Order ${String(orderNo)} not found.`, { orderNo });
    if (user.openOrder(symbol, orderNo) === undefined) {
      throw new ExchangeError('order_closed', `Order ${orderNo} is already ${record.status}.`, {
        orderNo,
        status: record.status,
      });
    }
    return this.run({ k: 'cancel', key: user.apiKey, sym: symbol, no: orderNo }, (batch) => {
      this.cancelOpen(pair, user, record, batch);
      return orderView(pair.setup, record);
    });
  }

  /** Cancels every open one of the orders in one batch; returns each known order as it now stands, unknown ones left out. */
  cancelOrders(user: UserAccount, symbol: string, orderNos: readonly string[]): Order[] {
    const pair = this.pair(symbol);
    return this.run({ k: 'cancelMany', key: user.apiKey, sym: symbol, nos: [...orderNos] }, (batch) => {
      const out: Order[] = [];
      for (const no of orderNos) {
        const record = user.find(symbol, no);
        if (record === undefined) continue;
        if (user.openOrder(symbol, no) !== undefined) this.cancelOpen(pair, user, record, batch);
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
    this.run({ k: 'deposit', key: user.apiKey, asset, amount }, (batch) => {
      this.ledger.deposit(user.ledgerId, asset, units);
      batch.changed = true;
      batch.balances.add(user);
    });
  }

  /**
   * From now on every accepted command goes to `journal`, and nothing is answered or sent before
   * the journal says it is durable. Replay first: a venue takes one journal, once.
   */
  journalTo(journal: SimJournal): void {
    if (this.journal !== null) throw new Error('the simulator already writes a journal');
    this.journal = journal;
  }

  /** Applies commands a journal kept, at their own times; throws a SimJournalError where one cannot be applied. */
  replay(commands: Iterable<SimCommand>): void {
    if (this.journal !== null) throw new Error('replay before the journal is attached, not after');
    let index = 0;
    for (const command of commands) {
      this.replayTime = command.t;
      try {
        this.apply(command);
      } catch (err) {
        const what = err instanceof Error ? err.message : String(err);
        throw new SimJournalError(`command ${index} (${command.k} at ${command.t}) failed again: ${what}`, { cause: err });
      } finally {
        this.replayTime = null;
      }
      index++;
    }
  }

  /** Resolves to `value` once everything applied so far is durable. */
  whenDurable<T>(value: T): Promise<T> {
    if (this.journal === null) return Promise.resolve(value);
    return this.durable.then(
      () => value,
      (err: unknown) => {
        throw new ExchangeError('venue_error', 'The simulator could not save this change; try again.', {}, { cause: err });
      },
    );
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
    }
  }

  private knownUser(apiKey: string): UserAccount {
    const user = this.users.get(UserAccount.ledgerIdOf(apiKey));
    if (user === undefined) throw new Error(`account ${apiKey} was never opened`);
    return user;
  }

  /**
   * One background tick: every reference price walks, every provider requotes, noise traders
   * may trade, and the reference venue follows.
   */
  step(): void {
    this.run({ k: 'step' }, (batch) => {
      batch.changed = true;
      for (const pair of this.pairs.values()) {
        pair.walk = walkLogOffset(pair.walk, pair.setup.config.volatility, this.rng);
      }
      for (const pair of this.pairs.values()) {
        this.quote(pair);
        const noise = drawNoiseOrder(this.fair(pair), NOISE_PROFILE, pair.setup.grid, this.rng);
        if (noise !== null) this.placeNoise(pair, noise);
        batch.books.add(pair);
      }
      this.reference.step(this.fairs());
    });
  }

  /** The background market's current reference price (a float, for the quoting only). */
  fair(pair: CorePair): number {
    return pair.setup.initialPrice * Math.exp(pair.walk);
  }

  referenceVenue(): ReferenceVenue {
    return this.reference;
  }

  /** Formatted price of the reference venue: its mid, or its fair price while its book is one-sided. */
  referencePrice(symbol: string): string {
    const pair = this.pair(symbol);
    const mid = this.reference.midTicks(symbol);
    const fair = this.reference.fairPrice(symbol, this.fair(pair));
    const ticks = mid ?? Math.max(1, Math.round(fair * pair.setup.grid.tickScale));
    return formatPrice(pair.setup, ticks);
  }

  /** Every asset's balances against its supply, on this venue and on the reference venue. */
  conserves(): boolean {
    const main = ledgerToJson(this.ledger).supply.every(([asset, supply]) => this.ledger.total(asset) === BigInt(supply));
    return main && this.reference.conserves();
  }

  snapshot(): SimSnapshot {
    const json: SnapshotJson = {
      version: 1,
      added: this.added.map((a) => ({ config: { ...a.config }, funds: { ...a.funds } })),
      takenAt: Math.floor(this.now()),
      counters: { nextOrderNo: this.nextOrderNo, nextTradeId: this.nextTradeId },
      rng: [...this.rng.state()],
      ledger: ledgerToJson(this.ledger),
      pairs: [...this.pairs.values()].map((pair) => {
        const { config } = pair.setup;
        return {
          symbol: config.symbol,
          units: [config.pricePrecision, config.amountPrecision, config.baseDecimals, config.quoteDecimals],
          walk: pair.walk,
          lastPrice: pair.lastPrice,
          book: pair.book.restingOrders().map(restingToJson),
          bids: [...pair.ladder.bids],
          asks: [...pair.ladder.asks],
          trades: pair.trades.map((t) => [t.id, t.time, t.price, t.qty, t.side]),
          candles: pair.candles.toJSON(),
        };
      }),
      accounts: [...this.users.values()].map((user) => user.toJSON()),
      reference: this.reference.toJSON(),
    };
    return json as unknown as SimSnapshot;
  }

  /**
   * Runs `change` as one batch (or inside the batch already running), records its command in the
   * journal once it succeeded, then sends its events: after the command is durable, with a journal.
   */
  private run<T>(command: UnstampedCommand | null, change: (batch: Batch) => T): T {
    if (this.batch !== null) return change(this.batch);
    const batch: Batch = {
      // Whole milliseconds: the snapshot keeps timestamps as integers.
      time: this.replayTime ?? Math.floor(this.now()),
      changed: false,
      books: new Set(),
      trades: new Map(),
      orders: new Map(),
      balances: new Set(),
    };
    this.batch = batch;
    try {
      const result = change(batch);
      if (command !== null && this.journal !== null && this.replayTime === null) {
        this.durable = this.journal.append({ ...command, t: batch.time } as SimCommand);
        // Whoever waits on it sees a failure; an unobserved one must not crash the process.
        this.durable.catch(() => undefined);
      }
      return result;
    } finally {
      this.batch = null;
      if (batch.changed) this.flush(batch);
    }
  }

  private flush(batch: Batch): void {
    const hub = this.hub;
    const deliveries: (() => void)[] = [];
    for (const [record, user] of batch.orders) {
      if (!hub.watchesAccount(user.ledgerId)) continue;
      const pair = this.pairs.get(record.symbol) as CorePair;
      const event = { type: 'order', symbol: record.symbol, order: orderView(pair.setup, record) } as const;
      deliveries.push(() => hub.toAccountPair(user.ledgerId, record.symbol, event));
    }
    for (const user of batch.balances) {
      if (!hub.watchesAccount(user.ledgerId)) continue;
      const event = { type: 'balances', balances: this.balanceViews.of(user.ledgerId) } as const;
      deliveries.push(() => hub.toAccount(user.ledgerId, event));
    }
    for (const [pair, trades] of batch.trades) {
      const symbol = pair.setup.config.symbol;
      if (!hub.watchesPair(symbol)) continue;
      // Newest first, like fetchTrades.
      const event = { type: 'trades', symbol, trades: trades.map((t) => tradeView(pair.setup, t)).reverse() } as const;
      deliveries.push(() => hub.toPair(symbol, event));
    }
    for (const pair of batch.books) {
      const symbol = pair.setup.config.symbol;
      if (!hub.watchesPair(symbol)) continue;
      const event = { type: 'book', symbol, book: bookView(pair.setup, pair.book.book, EVENT_BOOK_DEPTH, batch.time) } as const;
      deliveries.push(() => hub.toPair(symbol, event));
    }
    if (deliveries.length === 0) return;
    const send = (): void => {
      for (const deliver of deliveries) deliver();
    };
    if (this.journal === null) send();
    // What the journal has not kept yet is shown to nobody; what it can never keep, never.
    else this.durable.then(send, () => undefined);
  }

  /** Records what a placement did: public trades and candles, user orders, fills and balances. */
  private settle(pair: CorePair, placement: Placement, taker: { user: UserAccount; record: OrderRecord } | null): void {
    const batch = this.batch as Batch;
    const { result, makerNos, canceledMakerNos } = placement;
    const { market, config } = pair.setup;
    const symbol = config.symbol;
    const time = batch.time;
    batch.changed = true;
    batch.books.add(pair);
    for (let i = 0; i < result.fills.length; i++) {
      const fill = result.fills[i]!;
      const id = String(this.nextTradeId++);
      const trade: TradeRecord = { id, price: fill.price, qty: fill.qty, side: fill.takerSide, time };
      pair.trades.push(trade);
      if (pair.trades.length > PUBLIC_TRADES_PER_PAIR) pair.trades.shift();
      pair.candles.add(time, fill.price, fill.qty, fill.quoteAmount);
      pair.lastPrice = fill.price;
      const batchTrades = batch.trades.get(pair);
      if (batchTrades === undefined) batch.trades.set(pair, [trade]);
      else batchTrades.push(trade);

      if (taker !== null) {
        taker.user.addFill(symbol, {
          tradeId: trade.id,
          orderNo: taker.record.no,
          side: fill.takerSide,
          price: fill.price,
          qty: fill.qty,
          fee: fill.takerFee,
          feeAsset: fill.takerSide === 'buy' ? market.base : market.quote,
          liquidity: 'taker',
          time,
        });
      }
      const maker = this.users.get(fill.makerAccount);
      if (maker !== undefined) {
        const record = maker.openOrder(symbol, makerNos[i]!) as OrderRecord;
        record.filledQty += fill.qty;
        record.filledQuote += fill.quoteAmount;
        record.status = fill.makerFilled ? 'filled' : 'partial_filled';
        record.updatedAt = time;
        if (fill.makerFilled) maker.close(record);
        const makerSide: Side = fill.takerSide === 'buy' ? 'sell' : 'buy';
        maker.addFill(symbol, {
          tradeId: trade.id,
          orderNo: record.no,
          side: makerSide,
          price: fill.price,
          qty: fill.qty,
          fee: fill.makerFee,
          feeAsset: makerSide === 'buy' ? market.base : market.quote,
          liquidity: 'maker',
          time,
        });
        batch.orders.set(record, maker);
        batch.balances.add(maker);
      }
    }
    for (let i = 0; i < result.canceledMakers.length; i++) {
      const view = result.canceledMakers[i]!;
      const owner = this.users.get(view.account);
      const record = owner?.openOrder(symbol, canceledMakerNos[i]!);
      if (owner === undefined || record === undefined) continue;
      record.status = canceledStatus(record);
      record.updatedAt = time;
      owner.close(record);
      batch.orders.set(record, owner);
      batch.balances.add(owner);
    }
    if (taker !== null) {
      const { user, record } = taker;
      const order = result.order;
      record.filledQty = order.filledQty;
      record.filledQuote = order.filledQuote;
      record.status = order.status;
      user.add(record, order.remainingQty > 0);
      batch.orders.set(record, user);
      batch.balances.add(user);
    }
  }

  private cancelOpen(pair: CorePair, user: UserAccount, record: OrderRecord, batch: Batch): void {
    const view = pair.book.cancel(record.no, user.ledgerId);
    if (view === undefined) throw new Error(`open order ${record.no} is not in the ${record.symbol} book`);
    record.status = canceledStatus(record);
    record.updatedAt = batch.time;
    user.close(record);
    batch.changed = true;
    batch.books.add(pair);
    batch.orders.set(record, user);
    batch.balances.add(user);
  }

  private newPair(setup: PairSetup): CorePair {
    const book = new VenueBook(setup.market, this.ledger);
    const pair: CorePair = {
      setup,
      book,
      trades: [],
      candles: new CandleSeries(),
      lastPrice: null,
      walk: 0,
      ladder: emptyLadder(LIQUIDITY_PROFILE.layers),
      port: {
        priceOf: (no) => book.priceOf(no),
        cancel: (no) => {
          book.cancel(no, PROVIDER);
        },
        placeLimit: (side, price, qty) => this.placeBackground(pair, { type: 'limit', account: PROVIDER, side, price, qty }),
      },
    };
    return pair;
  }

  private quote(pair: CorePair): void {
    requoteLadder(pair.port, pair.ladder, this.fair(pair), LIQUIDITY_PROFILE, pair.setup.grid, this.rng);
  }

  private placeNoise(pair: CorePair, noise: NoiseOrder): void {
    const account = noiseTrader(noise.trader);
    const { side, qty } = noise;
    this.placeBackground(
      pair,
      noise.price === null
        ? { type: 'market', account, side, qty }
        : { type: 'limit', account, side, price: noise.price, qty, timeInForce: 'IOC' },
    );
  }

  /**
   * Places a background order, minting the account what it lacks first (the ledger's supply
   * grows; total === supply still holds). Returns the order number if it rests.
   */
  private placeBackground(pair: CorePair, req: OrderRequest): string | null {
    const market = pair.setup.market;
    let asset: string;
    let need: bigint;
    if (req.side === 'sell') {
      asset = market.base;
      need = lotsToBaseUnits(market, req.qty as number);
    } else {
      asset = market.quote;
      need =
        req.type === 'limit'
          ? notionalUnits(market, req.price, req.qty)
          : pair.book.book.previewMarket('buy', req.account, req.qty as number).quote;
    }
    const available = this.ledger.balance(req.account, asset).available;
    if (available < need) this.ledger.deposit(req.account, asset, need * REFILL_FACTOR - available);
    const no = String(this.nextOrderNo++);
    this.settle(pair, pair.book.place(no, req), null);
    return pair.book.isResting(no) ? no : null;
  }

  private fairs(): Map<string, number> {
    const out = new Map<string, number>();
    for (const pair of this.pairs.values()) out.set(pair.setup.config.symbol, this.fair(pair));
    return out;
  }

  /** Rebuilds the state a snapshot describes; returns the pairs it restored (new pairs start afresh). */
  private restore(json: Record<string, unknown>): Set<string> {
    const counters = obj(json.counters, 'counters');
    this.nextOrderNo = int(counters.nextOrderNo, 'counters.nextOrderNo');
    this.nextTradeId = int(counters.nextTradeId, 'counters.nextTradeId');
    this.rng = reading('rng', () => Prng.fromState(arr(json.rng, 'rng') as number[]));
    const image = readLedger(json.ledger, 'ledger');
    depositLedger(this.ledger, image);

    arr(json.accounts, 'accounts').forEach((entry, i) => {
      const user = UserAccount.fromJSON(entry, `accounts[${i}]`);
      if (this.users.has(user.ledgerId)) throw new SimSnapshotError(`accounts[${i}]: account ${user.apiKey} appears twice`);
      this.users.set(user.ledgerId, user);
    });

    const restored = new Set<string>();
    arr(json.pairs, 'pairs').forEach((entry, i) => {
      const at = `pairs[${i}]`;
      const saved = obj(entry, at);
      const symbol = str(saved.symbol, `${at}.symbol`);
      const pair = this.pairs.get(symbol);
      if (pair === undefined) throw new SimSnapshotError(`${at}: pair ${symbol} is not configured any more`);
      const { config } = pair.setup;
      const units = arr(saved.units, `${at}.units`);
      const expected = [config.pricePrecision, config.amountPrecision, config.baseDecimals, config.quoteDecimals];
      if (units.length !== 4 || units.some((u, j) => u !== expected[j])) {
        throw new SimSnapshotError(
          `${at}: ${symbol} was saved with precisions and decimals ${JSON.stringify(units)}, ` +
            `configured ${JSON.stringify(expected)}`,
        );
      }
      pair.walk = num(saved.walk, `${at}.walk`);
      pair.lastPrice = nullable(saved.lastPrice, `${at}.lastPrice`, int);
      arr(saved.book, `${at}.book`).forEach((order, j) => {
        const resting = readResting(order, `${at}.book[${j}]`);
        reading(`${at}.book[${j}]`, () => pair.book.restore(resting));
      });
      pair.ladder.bids.splice(0, Infinity, ...readLadderSlots(saved.bids, `${at}.bids`, LIQUIDITY_PROFILE.layers));
      pair.ladder.asks.splice(0, Infinity, ...readLadderSlots(saved.asks, `${at}.asks`, LIQUIDITY_PROFILE.layers));
      arr(saved.trades, `${at}.trades`).forEach((t, j) => {
        const [id, time, price, qty, side] = arr(t, `${at}.trades[${j}]`);
        pair.trades.push({
          id: str(id, `${at}.trades[${j}][0]`),
          time: int(time, `${at}.trades[${j}][1]`),
          price: int(price, `${at}.trades[${j}][2]`),
          qty: int(qty, `${at}.trades[${j}][3]`),
          side: oneOf(side, `${at}.trades[${j}][4]`, ['buy', 'sell'] as const),
        });
      });
      pair.trades.splice(0, Math.max(0, pair.trades.length - PUBLIC_TRADES_PER_PAIR));
      pair.candles = reading(`${at}.candles`, () => CandleSeries.fromJSON(saved.candles));
      restored.add(symbol);
    });

    // Every open order of a user rests in its book under that user, and the other way round.
    for (const user of this.users.values()) {
      for (const pair of this.pairs.values()) {
        for (const record of user.openOrders(pair.setup.config.symbol)) {
          const view = pair.book.order(record.no);
          if (view === undefined || view.account !== user.ledgerId) {
            throw new SimSnapshotError(`open order ${record.no} of ${user.apiKey} is not in the ${record.symbol} book`);
          }
        }
      }
    }
    for (const pair of this.pairs.values()) {
      for (const order of pair.book.restingOrders()) {
        const owner = this.users.get(order.account);
        if (owner !== undefined && owner.openOrder(pair.setup.config.symbol, order.no) === undefined) {
          throw new SimSnapshotError(
            `order ${order.no} rests in the ${pair.setup.config.symbol} book but ${owner.apiKey} has no such open order`,
          );
        }
      }
    }
    verifyLedger(this.ledger, image, 'ledger');
    return restored;
  }
}

/**
 * What a canceled order ends as, from its own fills: the book's view cannot tell, since an order
 * restored from a snapshot rests again with its remaining quantity only.
 */
function canceledStatus(record: OrderRecord): 'canceled' | 'partial_canceled' {
  return record.filledQty > 0 ? 'partial_canceled' : 'canceled';
}

/** FNV-1a of a text: a seed from a pair's symbol. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The pairs a snapshot says were opened while running (none before `addPair` existed). */
function readAdded(json: Record<string, unknown> | undefined): AddedPairJson[] {
  if (json?.added === undefined) return [];
  return arr(json.added, 'added').map((entry, i) => {
    const a = obj(entry, `added[${i}]`);
    return { config: readPairConfig(a.config, `added[${i}].config`), funds: readFunds(a.funds, `added[${i}].funds`) };
  });
}

function readSnapshotHead(snapshot: unknown): Record<string, unknown> {
  const json = obj(snapshot, 'the snapshot');
  if (json.version !== 1) throw new SimSnapshotError(`unsupported snapshot version ${JSON.stringify(json.version)}`);
  return json;
}

function readDemoFunds(funds: Readonly<Record<string, string>>, assetDecimals: ReadonlyMap<string, number>): [string, bigint][] {
  if (typeof funds !== 'object' || funds === null) {
    throw new SimConfigError('demoFunds must be an object of decimal strings');
  }
  return Object.entries(funds).map(([asset, amount]) => {
    const decimals = assetDecimals.get(asset);
    if (decimals === undefined) throw new SimConfigError(`demoFunds names ${asset}, which no pair trades`);
    try {
      return [asset, decimalToUnits(amount, decimals)];
    } catch (err) {
      throw new SimConfigError(`demoFunds.${asset}: ${(err as Error).message}`, { cause: err });
    }
  });
}
