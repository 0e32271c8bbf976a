/**
 * The second, independent venue the simulator shows beside its own: the "other-side order
 * book" and the price source of the follow modes. Its own ledger and books, and one liquidity
 * provider quoting around the same reference price as the main venue, off by a small random
 * basis and with its own layers and sizes. Nobody trades there.
 */
import type { OrderBook } from '../exchange.ts';
import {
  emptyLadder,
  requoteLadder,
  type Ladder,
  type LadderProfile,
  type QuotingPort,
} from './background-market.ts';
import { Ledger, lotsToBaseUnits, notionalUnits } from './matching/index.ts';
import { Prng } from './prng.ts';
import { formatAmount, formatPrice, type PairSetup } from './sim-pair.ts';
import {
  SimSnapshotError,
  arr,
  depositLedger,
  int,
  ledgerToJson,
  num,
  obj,
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
import { VenueBook } from './venue-book.ts';

export const REFERENCE_PROFILE: LadderProfile = {
  layers: 20,
  halfSpread: 0.0003,
  step: 0.00035,
  firstLayerNotionals: 500,
  growth: 0.2,
  requoteChance: 0.05,
};

/** The basis follows its own mean-reverting walk: about 0.1 % typical, never past 1 %. */
const BASIS_VOLATILITY = 0.0002;
const BASIS_REVERSION = 0.02;
const MAX_BASIS = 0.01;
/** Minted to the provider, in multiples of what it is about to need, when it runs short. */
const REFILL_FACTOR = 20n;
const MAKER = 'reference-lp';

interface ReferencePair {
  readonly setup: PairSetup;
  readonly book: VenueBook;
  readonly ladder: Ladder;
  /** Relative offset of this venue's fair price from the main reference price. */
  basis: number;
}

export interface ReferenceVenueJson {
  rng: number[];
  nextOrderNo: number;
  ledger: LedgerJson;
  pairs: { symbol: string; basis: number; book: RestingTuple[]; bids: (string | null)[]; asks: (string | null)[] }[];
}

export class ReferenceVenue {
  private readonly ledger = new Ledger();
  private readonly pairs = new Map<string, ReferencePair>();
  private rng: Prng;
  private nextOrderNo = 1;

  /** `fairs`: the main reference price of each pair, to quote around at once. */
  constructor(setups: readonly PairSetup[], seed: number, fairs: ReadonlyMap<string, number>, snapshot?: unknown) {
    this.rng = Prng.seeded(seed);
    for (const setup of setups) {
      this.pairs.set(setup.config.symbol, {
        setup,
        book: new VenueBook(setup.market, this.ledger),
        ladder: emptyLadder(REFERENCE_PROFILE.layers),
        basis: 0,
      });
    }
    const restored = snapshot === undefined ? new Set<string>() : this.restore(snapshot);
    for (const pair of this.pairs.values()) {
      const symbol = pair.setup.config.symbol;
      if (!restored.has(symbol)) this.quote(pair, fairs.get(symbol) ?? pair.setup.initialPrice);
    }
  }

  /** A pair opened while running: its provider quotes around `fair` at once. */
  addPair(setup: PairSetup, fair: number): void {
    const pair: ReferencePair = { setup, book: new VenueBook(setup.market, this.ledger), ladder: emptyLadder(REFERENCE_PROFILE.layers), basis: 0 };
    this.pairs.set(setup.config.symbol, pair);
    this.quote(pair, fair);
  }

  /** One tick: each basis walks, each provider requotes around the new fair price. */
  step(fairs: ReadonlyMap<string, number>): void {
    for (const pair of this.pairs.values()) {
      const z = this.rng.normal();
      pair.basis = Math.max(-MAX_BASIS, Math.min(MAX_BASIS, pair.basis * (1 - BASIS_REVERSION) + BASIS_VOLATILITY * z));
      this.quote(pair, fairs.get(pair.setup.config.symbol) ?? pair.setup.initialPrice);
    }
  }

  book(symbol: string, depth: number, timestamp: number): OrderBook | undefined {
    const pair = this.pairs.get(symbol);
    if (pair === undefined) return undefined;
    const levels = pair.book.book.depth(depth);
    const setup = pair.setup;
    return {
      symbol,
      bids: levels.bids.map((l) => [formatPrice(setup, l.price), formatAmount(setup, l.qty)]),
      asks: levels.asks.map((l) => [formatPrice(setup, l.price), formatAmount(setup, l.qty)]),
      timestamp,
    };
  }

  /** Mid of the best bid and ask in ticks (rounded half up), or undefined on a one-sided book. */
  midTicks(symbol: string): number | undefined {
    const book = this.pairs.get(symbol)?.book.book;
    const bid = book?.bestBid();
    const ask = book?.bestAsk();
    if (bid === undefined || ask === undefined) return undefined;
    return Math.floor((bid + ask + 1) / 2);
  }

  /** The provider's quoting centre: the main reference price moved by the basis. */
  fairPrice(symbol: string, mainFair: number): number {
    return mainFair * (1 + (this.pairs.get(symbol)?.basis ?? 0));
  }

  /** Every asset's balances add up to its supply. */
  conserves(): boolean {
    return ledgerToJson(this.ledger).supply.every(([asset, supply]) => this.ledger.total(asset) === BigInt(supply));
  }

  toJSON(): ReferenceVenueJson {
    return {
      rng: [...this.rng.state()],
      nextOrderNo: this.nextOrderNo,
      ledger: ledgerToJson(this.ledger),
      pairs: [...this.pairs.values()].map((pair) => ({
        symbol: pair.setup.config.symbol,
        basis: pair.basis,
        book: pair.book.restingOrders().map(restingToJson),
        bids: [...pair.ladder.bids],
        asks: [...pair.ladder.asks],
      })),
    };
  }

  /** Returns the symbols it restored; pairs new since the snapshot start afresh. */
  private restore(value: unknown): Set<string> {
    const path = 'reference';
    const json = obj(value, path);
    this.rng = reading(`${path}.rng`, () => Prng.fromState(arr(json.rng, `${path}.rng`) as number[]));
    this.nextOrderNo = int(json.nextOrderNo, `${path}.nextOrderNo`);
    const image = readLedger(json.ledger, `${path}.ledger`);
    depositLedger(this.ledger, image);
    const restored = new Set<string>();
    arr(json.pairs, `${path}.pairs`).forEach((entry, i) => {
      const at = `${path}.pairs[${i}]`;
      const saved = obj(entry, at);
      const symbol = str(saved.symbol, `${at}.symbol`);
      const pair = this.pairs.get(symbol);
      if (pair === undefined) throw new SimSnapshotError(`${at}: pair ${symbol} is not configured any more`);
      pair.basis = num(saved.basis, `${at}.basis`);
      arr(saved.book, `${at}.book`).forEach((order, j) => {
        const resting = readResting(order, `${at}.book[${j}]`);
        reading(`${at}.book[${j}]`, () => pair.book.restore(resting));
      });
      pair.ladder.bids.splice(0, Infinity, ...readLadderSlots(saved.bids, `${at}.bids`, REFERENCE_PROFILE.layers));
      pair.ladder.asks.splice(0, Infinity, ...readLadderSlots(saved.asks, `${at}.asks`, REFERENCE_PROFILE.layers));
      restored.add(symbol);
    });
    verifyLedger(this.ledger, image, `${path}.ledger`);
    return restored;
  }

  private quote(pair: ReferencePair, mainFair: number): void {
    requoteLadder(this.port(pair), pair.ladder, mainFair * (1 + pair.basis), REFERENCE_PROFILE, pair.setup.grid, this.rng);
  }

  private port(pair: ReferencePair): QuotingPort {
    const { book } = pair;
    const market = pair.setup.market;
    return {
      priceOf: (no) => book.priceOf(no),
      cancel: (no) => {
        book.cancel(no);
      },
      placeLimit: (side, price, qty) => {
        const asset = side === 'buy' ? market.quote : market.base;
        const need = side === 'buy' ? notionalUnits(market, price, qty) : lotsToBaseUnits(market, qty);
        const available = this.ledger.balance(MAKER, asset).available;
        if (available < need) this.ledger.deposit(MAKER, asset, need * REFILL_FACTOR - available);
        const no = `R${this.nextOrderNo++}`;
        book.place(no, { type: 'limit', account: MAKER, side, price, qty });
        return book.isResting(no) ? no : null;
      },
    };
  }
}
