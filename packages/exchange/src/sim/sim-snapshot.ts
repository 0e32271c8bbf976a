/**
 * Snapshot and restore: the venue's whole state as JSON (bigints as strings), and the same state
 * rebuilt from it, checked field by field and for consistency between books, accounts and ledger.
 */
import { CandleSeries } from './candles.ts';
import type { Side } from './matching/index.ts';
import { Prng } from './prng.ts';
import type { ReferenceVenue, ReferenceVenueJson } from './reference-venue.ts';
import { LIQUIDITY_PROFILE } from './sim-background-driver.ts';
import { readFunds, readPairConfig } from './sim-journal.ts';
import { PUBLIC_TRADES_PER_PAIR, type AddedPair, type SimState } from './sim-state.ts';
import type { SimSnapshot } from './sim-venue.api.ts';
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
import { UserAccount, type UserAccountJson } from './user-account.ts';

/** JSON form of a public trade: [id, time, price, qty, side]. */
type TradeTuple = [string, number, number, number, Side];

interface PairJson {
  symbol: string;
  /** [pricePrecision, amountPrecision, baseDecimals, quoteDecimals]: the units everything else is in. */
  units: [number, number, number, number];
  walk: number;
  /** The book's update id (absent in snapshots written before it was kept). */
  bookUpdateId?: number;
  lastPrice: number | null;
  book: RestingTuple[];
  bids: (string | null)[];
  asks: (string | null)[];
  trades: TradeTuple[];
  candles: unknown;
}

interface SnapshotJson {
  version: 1;
  /** Pairs opened with `addPair`, oldest first: configured again at restore, before their state is read. */
  added: AddedPair[];
  takenAt: number;
  counters: { nextOrderNo: number; nextTradeId: number };
  rng: number[];
  ledger: LedgerJson;
  pairs: PairJson[];
  accounts: UserAccountJson[];
  reference: ReferenceVenueJson;
}

export function writeSnapshot(state: SimState, reference: ReferenceVenue, takenAt: number): SimSnapshot {
  const json: SnapshotJson = {
    version: 1,
    added: state.added.map((a) => ({ config: { ...a.config }, funds: { ...a.funds } })),
    takenAt,
    counters: { nextOrderNo: state.nextOrderNo, nextTradeId: state.nextTradeId },
    rng: [...state.rng.state()],
    ledger: ledgerToJson(state.ledger),
    pairs: [...state.pairs.values()].map((pair) => {
      const { config } = pair.setup;
      return {
        symbol: config.symbol,
        units: [config.pricePrecision, config.amountPrecision, config.baseDecimals, config.quoteDecimals],
        walk: pair.walk,
        bookUpdateId: pair.bookUpdateId,
        lastPrice: pair.lastPrice,
        book: pair.book.restingOrders().map(restingToJson),
        bids: [...pair.ladder.bids],
        asks: [...pair.ladder.asks],
        trades: pair.trades.map((t) => [t.id, t.time, t.price, t.qty, t.side]),
        candles: pair.candles.toJSON(),
      };
    }),
    accounts: [...state.users.values()].map((user) => user.toJSON()),
    reference: reference.toJSON(),
  };
  return json as unknown as SimSnapshot;
}

/** The snapshot's top level, once its version is one this code reads. */
export function readSnapshotHead(snapshot: unknown): Record<string, unknown> {
  const json = obj(snapshot, 'the snapshot');
  if (json.version !== 1) throw new SimSnapshotError(`unsupported snapshot version ${JSON.stringify(json.version)}`);
  return json;
}

/** The pairs a snapshot says were opened while running (none before `addPair` existed). */
export function readAdded(json: Record<string, unknown> | undefined): AddedPair[] {
  if (json?.added === undefined) return [];
  return arr(json.added, 'added').map((entry, i) => {
    const a = obj(entry, `added[${i}]`);
    return { config: readPairConfig(a.config, `added[${i}].config`), funds: readFunds(a.funds, `added[${i}].funds`) };
  });
}

/**
 * Rebuilds into `state` (its pairs configured, their books empty) what a snapshot describes;
 * returns the pairs it restored (pairs configured since start afresh). The reference venue reads
 * its own part.
 */
export function restoreSnapshot(state: SimState, json: Record<string, unknown>): Set<string> {
  const counters = obj(json.counters, 'counters');
  state.nextOrderNo = int(counters.nextOrderNo, 'counters.nextOrderNo');
  state.nextTradeId = int(counters.nextTradeId, 'counters.nextTradeId');
  state.rng = reading('rng', () => Prng.fromState(arr(json.rng, 'rng') as number[]));
  const image = readLedger(json.ledger, 'ledger');
  depositLedger(state.ledger, image);

  arr(json.accounts, 'accounts').forEach((entry, i) => {
    const user = UserAccount.fromJSON(entry, `accounts[${i}]`);
    if (state.users.has(user.ledgerId)) throw new SimSnapshotError(`accounts[${i}]: account ${user.apiKey} appears twice`);
    state.users.set(user.ledgerId, user);
  });

  const restored = new Set<string>();
  arr(json.pairs, 'pairs').forEach((entry, i) => {
    const at = `pairs[${i}]`;
    const saved = obj(entry, at);
    const symbol = str(saved.symbol, `${at}.symbol`);
    const pair = state.pairs.get(symbol);
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
    if (saved.bookUpdateId !== undefined) pair.bookUpdateId = int(saved.bookUpdateId, `${at}.bookUpdateId`);
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
  for (const user of state.users.values()) {
    for (const pair of state.pairs.values()) {
      for (const record of user.openOrders(pair.setup.config.symbol)) {
        const view = pair.book.order(record.no);
        if (view === undefined || view.account !== user.ledgerId) {
          throw new SimSnapshotError(`open order ${record.no} of ${user.apiKey} is not in the ${record.symbol} book`);
        }
      }
    }
  }
  for (const pair of state.pairs.values()) {
    for (const order of pair.book.restingOrders()) {
      const owner = state.users.get(order.account);
      if (owner !== undefined && owner.openOrder(pair.setup.config.symbol, order.no) === undefined) {
        throw new SimSnapshotError(
          `order ${order.no} rests in the ${pair.setup.config.symbol} book but ${owner.apiKey} has no such open order`,
        );
      }
    }
  }
  verifyLedger(state.ledger, image, 'ledger');
  return restored;
}
