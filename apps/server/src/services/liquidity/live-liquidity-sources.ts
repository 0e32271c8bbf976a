import type { LiquidityObligation } from '@makerdesk/contract';
import { minus } from '@makerdesk/decimal';
import type { LiquidityBook, MinuteActivity, RestingQuote } from '@makerdesk/engine';
import type { Order } from '@makerdesk/exchange';
import type { HeardCursor } from '@makerdesk/exchange/ccxt';
import type { LedgerBatch, LedgerCursor } from '../../repositories/liquidity.repository.ts';
import type { LiveMarket } from '../../venues/market-feeds.ts';
import { addOwn, foldLedger, NO_OWN_ACTIVITY, tradedQuote, type OwnActivity } from './live-activity.ts';
import type { LiquiditySources, MeasuredPair } from './liquidity-sampler.ts';

/**
 * The LiquiditySources of live pairs (a ccxt or custom-URL platform) that have an obligation or a
 * bot running on them (issue 20: the market quality a desk's bots make is measured whether or not it
 * is owed; a pair with neither is not, as its book would cost a stream of its own): measured from what
 * the server already holds, never by a request of their own.
 *
 * - The book: the pair's shared market feed (market-feeds.ts), peeked at. While the venue streams it,
 *   the stream's book; while the feed polls (no stream, or the stream is down), the newest answer of
 *   the poll the bots' reads make, at their pace: an answer older than LIVE_BOOK_STALE_MS is no sample
 *   (a gap, down), and so is a feed that holds no book yet. The sampler's peeks keep the feed open
 *   (and its stream subscribed) but never make it ask the venue.
 * - The desk's own orders: where the account stream of every key the console holds on the pair is up
 *   and complete for it, the open orders it holds (the venue's truth, as on the simulator: the bots',
 *   the console's manual orders and any other of those accounts, each order once), peeked at without
 *   a request and without marking the pair as read by the feed; else the bots' orders resting on the
 *   pair in their journal (open), not the venue's account (reading it would be a request per second
 *   and key), so manual orders count only while the account streams are up.
 * - The market's traded volume: the trades the pair's feed heard on its trade stream (ccxt.pro's
 *   `watchTrades`, which the feed subscribes with the book: one subscription per venue and pair for
 *   every reader on the server) since the previous second, each trade once (MarketFeed.peekTradesSince),
 *   never a request. A second whose trades may be incomplete (the first one, the trades' stream down or
 *   failed since, more than HEARD_CAP trades in one second) has no volume figure, and then the desk's
 *   own volume handed out in it is left out too, so an outage never flatters the share of volume. A
 *   venue that streams no trades (ccxt.pro has no `watchTrades` for it): no volume figure at all, as
 *   polling its trades every second would add a request per pair and second (the summary's share of
 *   volume stays null there; the order-to-trade ratio is still measured).
 * - The desk's own volume, fills and placements: its ledger, read for all the live pairs at once every
 *   LEDGER_READ_MS (where the tables stand, then three primary-key range queries, whatever the
 *   number of pairs and bots: LiquidityRepository.ledgerSince) since where the previous read reached; what a read found
 *   is handed to each pair's next second, so it lands in the minute it was read in (up to
 *   LEDGER_READ_MS late; a fill in the last seconds of a minute may count in the next one). Own volume:
 *   the bots' fills (robot_fills) and the manual fills copied from the venue (manual_fills, those since
 *   the sampler began: they are copied when a snapshot is taken or the analysis read, so they count
 *   in the minute they were copied in), a trade between two of the desk's orders once (foldLedger).
 *   Fills and placements (the order-to-trade ratio): the bots' only, their journal's rows (refused
 *   placements not counted); a manual order is not journalled, so neither side of it is counted. A
 *   journal row written by another transaction that commits after a later row was read is missed
 *   (PostgreSQL with several writers; PGlite writes one at a time).
 *
 * What the activity costs in process: 500 pairs hearing 10 trades a second each, with a ledger read of
 * 200 fills every 5 s folded, about 4 ms of CPU a second (0.4 % of a core; the queries not counted).
 */

/** How often the desk's ledger is read for all the live pairs. */
export const LEDGER_READ_MS = 5000;

/** A polled book older than this is no sample: the second is a gap. */
export const LIVE_BOOK_STALE_MS = 5000;
const BOOK_LEVELS = 1000;

export interface LiveLiquidityDeps {
  /** The enabled pairs of live platforms (id and symbol), and whether a bot runs on each. */
  livePairs(): Promise<{ id: number; symbol: string; botsRunning?: boolean }[]>;
  obligations(): Promise<LiquidityObligation[]>;
  /** The pair's shared market, through a key the console holds on it; undefined without one. */
  marketOf(coinId: number): Promise<LiveMarket | undefined>;
  /** The bots' resting orders on the pair (their journal). */
  restingOrders(coinId: number): Promise<RestingQuote[]>;
  /** The accounts of the keys the console holds on the pair, as their streams hold them; none: the journal only. */
  accountsOf?(coinId: number): Promise<LiveAccount[]>;
  /** The desk's ledger on these pairs since `cursor` (LiquidityRepository.ledgerSince); none counted without a cursor. */
  ledgerSince(coinIds: readonly number[], cursor: LedgerCursor | undefined, manualFrom: number): Promise<{ batch: LedgerBatch; cursor: LedgerCursor }>;
  now?: () => number;
  /** How often the ledger is read; default LEDGER_READ_MS. */
  ledgerReadMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

/** A key's account as its stream holds it (ExchangeGateway.liveAccountOf). */
export interface LiveAccount {
  peekOpenOrders(symbol: string): Order[] | null;
}

interface LivePair {
  symbol: string;
  market: LiveMarket | undefined;
  accounts: LiveAccount[];
  /** Where the pair's count of the feed's trades stands. */
  heard: HeardCursor | undefined;
}

interface LedgerState {
  cursor: LedgerCursor | undefined;
  /** When the first read was made: manual fills before it are not counted. */
  from: number;
  readAt: number;
  reading: Promise<void> | undefined;
  /** Per pair, what the reads found that its seconds have not yet taken. */
  pending: Map<number, OwnActivity>;
}

export class LiveLiquiditySources implements LiquiditySources {
  private readonly state = new Map<number, LivePair>();
  private readonly now: () => number;
  private readonly ledger: LedgerState = { cursor: undefined, from: 0, readAt: Number.NEGATIVE_INFINITY, reading: undefined, pending: new Map() };

  constructor(private readonly deps: LiveLiquidityDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The live pairs with an obligation (re-read with the sampler's list, so a key added since is used). */
  async pairs(): Promise<MeasuredPair[]> {
    const [pairs, obligations] = await Promise.all([this.deps.livePairs(), this.deps.obligations()]);
    const terms = new Map(obligations.map((o) => [o.coinId, o]));
    const measured: MeasuredPair[] = [];
    const kept = new Set<number>();
    for (const { id, symbol, botsRunning = false } of pairs) {
      const o = terms.get(id);
      if (!o && !botsRunning) continue;
      kept.add(id);
      let market: LiveMarket | undefined;
      try {
        market = await this.deps.marketOf(id);
      } catch {
        market = undefined;
      }
      const accounts = (await this.deps.accountsOf?.(id).catch(() => [])) ?? [];
      const prior = this.state.get(id);
      this.state.set(id, { symbol, market, accounts, heard: prior?.symbol === symbol ? prior.heard : undefined });
      measured.push({ coinId: id, obligation: o ? { maxSpreadBps: o.maxSpreadBps, depthWithinPct: o.depthWithinPct, minDepthQuote: o.minDepthQuote, minUptimePct: o.minUptimePct, period: o.period } : null });
    }
    for (const id of [...this.state.keys()])
      if (!kept.has(id)) {
        this.state.delete(id);
        this.ledger.pending.delete(id);
      }
    return measured;
  }

  async book(coinId: number): Promise<LiquidityBook | null> {
    const pair = this.state.get(coinId);
    if (!pair?.market?.peekBook) return null;
    const held = await pair.market.peekBook(pair.symbol, BOOK_LEVELS);
    if (held === null) return null;
    if (!held.streamed && this.now() - held.at > LIVE_BOOK_STALE_MS) return null;
    return { bids: held.book.bids, asks: held.book.asks };
  }

  async ownOrders(coinId: number): Promise<RestingQuote[]> {
    const pair = this.state.get(coinId);
    if (!pair) return [];
    return streamedOrders(pair) ?? this.deps.restingOrders(coinId);
  }

  /** The pair's trading since its previous second: the market's volume from its feed, the desk's part from its ledger. */
  async activity(coinId: number): Promise<Partial<MinuteActivity>> {
    const pair = this.state.get(coinId);
    if (!pair) return {};
    let volumeQuote: string | undefined;
    const heard = pair.market?.peekTradesSince ? await pair.market.peekTradesSince(pair.symbol, pair.heard) : null;
    if (heard !== null) {
      pair.heard = heard.cursor;
      if (heard.complete) volumeQuote = tradedQuote(heard.trades);
    }
    await this.readLedger();
    const own = this.ledger.pending.get(coinId) ?? NO_OWN_ACTIVITY;
    this.ledger.pending.delete(coinId);
    return {
      ...(volumeQuote === undefined ? {} : { volumeQuote, ownVolumeQuote: own.ownVolumeQuote }),
      fills: own.fills,
      ordersPlaced: own.ordersPlaced,
    };
  }

  /** Reads the ledger for every live pair when the last read is LEDGER_READ_MS old; a read under way is waited for, not repeated. */
  private async readLedger(): Promise<void> {
    const ledger = this.ledger;
    if (ledger.reading) return ledger.reading;
    const now = this.now();
    if (now - ledger.readAt < (this.deps.ledgerReadMs ?? LEDGER_READ_MS)) return;
    ledger.readAt = now;
    if (ledger.cursor === undefined) ledger.from = now;
    ledger.reading = (async () => {
      try {
        const { batch, cursor } = await this.deps.ledgerSince([...this.state.keys()], ledger.cursor, ledger.from);
        ledger.cursor = cursor;
        for (const [coinId, own] of foldLedger(batch)) if (this.state.has(coinId)) ledger.pending.set(coinId, addOwn(ledger.pending.get(coinId) ?? NO_OWN_ACTIVITY, own));
      } catch (err) {
        // Not read: the next read (LEDGER_READ_MS on) picks up from the same place.
        this.deps.log?.warn({ err }, 'reading the desk’s ledger for the liquidity figures failed');
      } finally {
        ledger.reading = undefined;
      }
    })();
    return ledger.reading;
  }
}

/** The pair's open orders in every account's stream, each order once; null when one of them cannot tell (or there is none). */
export function streamedOrders(pair: { symbol: string; accounts: readonly LiveAccount[] }): RestingQuote[] | null {
  if (pair.accounts.length === 0) return null;
  const seen = new Set<string>();
  const out: RestingQuote[] = [];
  for (const account of pair.accounts) {
    const open = account.peekOpenOrders(pair.symbol);
    if (open === null) return null;
    for (const o of open) {
      // Two console accounts holding one venue key see the same orders.
      if (seen.has(o.orderNo)) continue;
      seen.add(o.orderNo);
      if (o.price !== null) out.push({ side: o.direction, price: o.price, remaining: minus(o.amount, o.filledAmount) });
    }
  }
  return out;
}

/** Several sources as one: each pair is answered by the source that listed it (the first one, if several did). */
export class CombinedLiquiditySources implements LiquiditySources {
  private owner = new Map<number, LiquiditySources>();

  constructor(private readonly sources: readonly LiquiditySources[]) {}

  async pairs(): Promise<MeasuredPair[]> {
    const lists = await Promise.all(this.sources.map((s) => s.pairs()));
    const owner = new Map<number, LiquiditySources>();
    const out: MeasuredPair[] = [];
    lists.forEach((list, i) => {
      for (const p of list) {
        if (owner.has(p.coinId)) continue;
        owner.set(p.coinId, this.sources[i]!);
        out.push(p);
      }
    });
    this.owner = owner;
    return out;
  }

  async book(coinId: number): Promise<LiquidityBook | null> {
    return (await this.owner.get(coinId)?.book(coinId)) ?? null;
  }

  async ownOrders(coinId: number): Promise<RestingQuote[]> {
    return (await this.owner.get(coinId)?.ownOrders(coinId)) ?? [];
  }

  async activity(coinId: number) {
    const source = this.owner.get(coinId);
    return source?.activity ? source.activity(coinId) : {};
  }
}
