import type { LiquidityObligation } from '@makerdesk/contract';
import type { LiquidityBook, RestingQuote } from '@makerdesk/engine';
import type { LiveMarket } from '../../venues/market-feeds.ts';
import type { LiquiditySources, MeasuredPair } from './liquidity-sampler.ts';

/**
 * The LiquiditySources of live pairs (a ccxt or custom-URL platform) that have an obligation (issue
 * 20): measured from what the server already holds, never by a request of their own.
 *
 * - The book: the pair's shared market feed (market-feeds.ts), peeked at. While the venue streams it,
 *   the stream's book; while the feed polls (no stream, or the stream is down), the newest answer of
 *   the poll the bots' reads make, at their pace: an answer older than LIVE_BOOK_STALE_MS is no sample
 *   (a gap, down), and so is a feed that holds no book yet. The sampler's peeks keep the feed open
 *   (and its stream subscribed) but never make it ask the venue.
 * - The desk's own orders: the bots' orders resting on the pair in their journal (open), not the
 *   venue's account (that would be a request per second and key). Manual orders are not counted.
 * - Activity (traded volume, own fills, placements): not measured on live pairs yet, so the own share
 *   of volume and the order-to-trade ratio have no figure there (the summary answers null).
 */

/** A polled book older than this is no sample: the second is a gap. */
export const LIVE_BOOK_STALE_MS = 5000;
const BOOK_LEVELS = 1000;

export interface LiveLiquidityDeps {
  /** The enabled pairs of live platforms (id and symbol). */
  livePairs(): Promise<{ id: number; symbol: string }[]>;
  obligations(): Promise<LiquidityObligation[]>;
  /** The pair's shared market, through a key the console holds on it; undefined without one. */
  marketOf(coinId: number): Promise<LiveMarket | undefined>;
  /** The bots' resting orders on the pair (their journal). */
  restingOrders(coinId: number): Promise<RestingQuote[]>;
  now?: () => number;
}

interface LivePair {
  symbol: string;
  market: LiveMarket | undefined;
}

export class LiveLiquiditySources implements LiquiditySources {
  private readonly state = new Map<number, LivePair>();
  private readonly now: () => number;

  constructor(private readonly deps: LiveLiquidityDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The live pairs with an obligation (re-read with the sampler's list, so a key added since is used). */
  async pairs(): Promise<MeasuredPair[]> {
    const [pairs, obligations] = await Promise.all([this.deps.livePairs(), this.deps.obligations()]);
    const terms = new Map(obligations.map((o) => [o.coinId, o]));
    const measured: MeasuredPair[] = [];
    const kept = new Set<number>();
    for (const { id, symbol } of pairs) {
      const o = terms.get(id);
      if (!o) continue;
      kept.add(id);
      let market: LiveMarket | undefined;
      try {
        market = await this.deps.marketOf(id);
      } catch {
        market = undefined;
      }
      this.state.set(id, { symbol, market });
      measured.push({ coinId: id, obligation: { maxSpreadBps: o.maxSpreadBps, depthWithinPct: o.depthWithinPct, minDepthQuote: o.minDepthQuote, minUptimePct: o.minUptimePct, period: o.period } });
    }
    for (const id of [...this.state.keys()]) if (!kept.has(id)) this.state.delete(id);
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
    if (!this.state.has(coinId)) return [];
    return this.deps.restingOrders(coinId);
  }
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
