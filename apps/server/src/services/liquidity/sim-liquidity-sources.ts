import type { LiquidityObligation } from '@makerdesk/contract';
import { add, minus, mul } from '@makerdesk/decimal';
import type { LiquidityBook, MinuteActivity, RestingQuote } from '@makerdesk/engine';
import type { Order, SimVenueApi, Trade } from '@makerdesk/exchange';
import type { MeasuredPair, LiquiditySources } from './liquidity-sampler.ts';

/**
 * The LiquiditySources of the built-in simulator's pairs (issue 20), read in process on the server
 * that runs the simulator (any other server measures nothing: the pair is measured once in a
 * cluster, where its book is, and never over the internal API every second).
 *
 * - The book: the simulator's own (what the console's order book shows), 1000 levels a side.
 * - The desk's own orders: the open orders of the simulator accounts whose API keys the console's
 *   credentials hold on the pair (a simulator account per API key). That is the venue's truth, so
 *   manual orders, bots' orders and orders of the Binance facade all count, and a cancelled order
 *   stops counting in the very next second.
 * - Activity: the pair's public trades and those accounts' fills since the last second (a trade
 *   between two of the desk's accounts: two fills, its volume once); orders
 *   placed counted as order numbers seen for the first time (open, or in a fill), so an order placed
 *   and cancelled within the same second without a fill is not counted.
 *
 * Live venues' pairs are measured by LiveLiquiditySources (live-liquidity-sources.ts).
 */

const BOOK_LEVELS = 1000;
/** Trades read per second and pair: more in one second than this and the volume is undercounted. */
const TRADES_PER_READ = 1000;
/** The newest trades read first each second (formatting trades is most of a round's cost). */
const TRADES_FIRST_READ = 20;
/** Order numbers remembered per pair to count placements. */
const SEEN_ORDERS_MAX = 20_000;

export interface SimLiquidityDeps {
  /** The simulator of this process; undefined while another server runs it. */
  venue(): SimVenueApi | undefined;
  /** The simulator platform's pairs (id and symbol), enabled ones. */
  simPairs(): Promise<{ id: number; symbol: string }[]>;
  obligations(): Promise<LiquidityObligation[]>;
  /** The simulator API keys the console's credentials hold on the pair. */
  apiKeysOn(coinId: number): Promise<string[]>;
}

interface PairState {
  symbol: string;
  apiKeys: string[];
  /** The newest public trade counted (its id as a number); undefined before the first read. */
  lastTradeId: number | undefined;
  /** Per API key, the newest own fill counted. */
  lastFillId: Map<string, number>;
  seenOrders: Set<string>;
  placed: number;
  /** False until the first read of the open orders: those already open then were not placed in this second. */
  primed: boolean;
}

const tradeId = (t: Pick<Trade, 'id'>) => Number(t.id);
const toQuote = (o: Order): RestingQuote | null =>
  o.price === null ? null : { side: o.direction, price: o.price, remaining: minus(o.amount, o.filledAmount) };

export class SimLiquiditySources implements LiquiditySources {
  private readonly state = new Map<number, PairState>();

  constructor(private readonly deps: SimLiquidityDeps) {}

  async pairs(): Promise<MeasuredPair[]> {
    if (!this.deps.venue()) {
      this.state.clear();
      return [];
    }
    const [pairs, obligations] = await Promise.all([this.deps.simPairs(), this.deps.obligations()]);
    const terms = new Map(obligations.map((o) => [o.coinId, o]));
    const kept = new Set<number>();
    for (const { id, symbol } of pairs) {
      kept.add(id);
      const apiKeys = await this.deps.apiKeysOn(id);
      const prior = this.state.get(id);
      if (prior && prior.symbol === symbol) prior.apiKeys = apiKeys;
      else this.state.set(id, { symbol, apiKeys, lastTradeId: undefined, lastFillId: new Map(), seenOrders: new Set(), placed: 0, primed: false });
    }
    for (const id of [...this.state.keys()]) if (!kept.has(id)) this.state.delete(id);
    return pairs.map(({ id }) => {
      const o = terms.get(id);
      return { coinId: id, obligation: o ? { maxSpreadBps: o.maxSpreadBps, depthWithinPct: o.depthWithinPct, minDepthQuote: o.minDepthQuote, minUptimePct: o.minUptimePct, period: o.period } : null };
    });
  }

  async book(coinId: number): Promise<LiquidityBook | null> {
    const venue = this.deps.venue();
    const pair = this.state.get(coinId);
    if (!venue || !pair) return null;
    const book = await venue.marketData().fetchOrderBook(pair.symbol, BOOK_LEVELS);
    return { bids: book.bids, asks: book.asks };
  }

  async ownOrders(coinId: number): Promise<RestingQuote[]> {
    const venue = this.deps.venue();
    const pair = this.state.get(coinId);
    if (!venue || !pair) return [];
    const out: RestingQuote[] = [];
    for (const apiKey of pair.apiKeys) {
      // account() would open an account for a key the simulator never saw: such a key holds no orders.
      if (!venue.hasAccount(apiKey)) continue;
      for (const order of await venue.account(apiKey).fetchOpenOrders(pair.symbol)) {
        this.sawOrder(pair, order.orderNo);
        const q = toQuote(order);
        if (q) out.push(q);
      }
    }
    if (!pair.primed) {
      pair.primed = true;
      pair.placed = 0;
    }
    return out;
  }

  async activity(coinId: number): Promise<Partial<MinuteActivity>> {
    const venue = this.deps.venue();
    const pair = this.state.get(coinId);
    if (!venue || !pair) return {};
    let volumeQuote = '0';
    // A few of the newest first: more only when all of them are new (a busy second).
    let trades = await venue.marketData().fetchTrades(pair.symbol, TRADES_FIRST_READ);
    const oldest = trades.at(-1);
    if (trades.length === TRADES_FIRST_READ && oldest !== undefined && pair.lastTradeId !== undefined && tradeId(oldest) > pair.lastTradeId) {
      trades = await venue.marketData().fetchTrades(pair.symbol, TRADES_PER_READ);
    }
    const newest = trades.length > 0 ? tradeId(trades[0]!) : undefined;
    // The first read only sets where counting starts: trades before the sampler ran are not this second's.
    if (pair.lastTradeId !== undefined) for (const t of trades) if (tradeId(t) > pair.lastTradeId) volumeQuote = add(volumeQuote, mul(t.price, t.amount));
    if (newest !== undefined) pair.lastTradeId = Math.max(newest, pair.lastTradeId ?? newest);
    let ownVolumeQuote = '0';
    let fills = 0;
    // A trade between two of the desk's accounts is two fills, but its volume is counted once.
    const ownTrades = new Set<number>();
    for (const apiKey of pair.apiKeys) {
      if (!venue.hasAccount(apiKey)) continue;
      const last = pair.lastFillId.get(apiKey);
      const exchange = venue.account(apiKey);
      const mine = last === undefined ? await exchange.fetchMyTrades(pair.symbol, { limit: 1 }) : await exchange.fetchMyTrades(pair.symbol, { from: { id: String(last + 1), timestamp: 0 }, limit: TRADES_PER_READ });
      let top = last;
      for (const f of mine) {
        const id = tradeId(f);
        top = Math.max(top ?? id, id);
        if (last === undefined) continue;
        fills++;
        if (!ownTrades.has(id)) ownVolumeQuote = add(ownVolumeQuote, mul(f.price, f.amount));
        ownTrades.add(id);
        this.sawOrder(pair, f.orderNo);
      }
      pair.lastFillId.set(apiKey, top ?? 0);
    }
    const ordersPlaced = pair.placed;
    pair.placed = 0;
    return { volumeQuote, ownVolumeQuote, fills, ordersPlaced };
  }

  private sawOrder(pair: PairState, orderNo: string): void {
    if (pair.seenOrders.has(orderNo)) return;
    if (pair.seenOrders.size >= SEEN_ORDERS_MAX) pair.seenOrders.clear();
    pair.seenOrders.add(orderNo);
    pair.placed++;
  }
}
