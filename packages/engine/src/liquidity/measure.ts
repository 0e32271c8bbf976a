import { LIQUIDITY_DEPTH_BANDS, type LiquidityDepthBand, type LiquidityObligationTerms } from '@makerdesk/contract';
import { add, compare, div, minus, mul, sign } from '@makerdesk/decimal';

/**
 * One sample of a pair's market quality (DESK.md "Market quality", issue 20), pure: from the book
 * and the desk's own open orders, the spread, the depth per side within each band of mid (the
 * book's and the desk's own) and whether the desk is two-sided within its obligation. Exact: every
 * amount is a decimal string, every test an exact comparison; only the spread is rounded (up, to
 * 0.1 bps, so it never flatters).
 */

/** [price, amount], as the exchange package's BookLevel. */
export type LiquidityLevel = readonly [string, string];

export interface LiquidityBook {
  bids: readonly LiquidityLevel[];
  asks: readonly LiquidityLevel[];
  /** The last trade: the mid when one side of the book is empty (DESK.md "mid"). */
  last?: string | null;
}

/** A resting order of the desk: its price and its amount still open (base). */
export interface RestingQuote {
  side: 'buy' | 'sell';
  price: string;
  remaining: string;
}

export interface BandDepth {
  bidQuote: string;
  askQuote: string;
  ownBidQuote: string;
  ownAskQuote: string;
}

/**
 * Whether the desk was two-sided within the obligation in this sample, and if not the first test it
 * failed: `no_quote` it lacks a bid or an ask, `spread` its best bid and ask are wider than the cap,
 * `depth` its own depth within the band is under the minimum on a side.
 */
export type SampleStatus = 'up' | 'no_quote' | 'spread' | 'depth';

export interface LiquiditySample {
  /** Mean of the best bid and ask; the last trade when a side is empty; null with neither. */
  mid: string | null;
  /** The book's spread in bps, rounded up to 0.1; null when a side of the book is empty. */
  spreadBps: string | null;
  depth: Record<LiquidityDepthBand, BandDepth>;
  /** Without an obligation the test is only "holds a bid and an ask". */
  status: SampleStatus;
}

const ZERO_DEPTH: BandDepth = { bidQuote: '0', askQuote: '0', ownBidQuote: '0', ownAskQuote: '0' };

function bestOf(levels: readonly LiquidityLevel[], side: 'bid' | 'ask'): string | null {
  let best: string | null = null;
  for (const [price, amount] of levels) {
    if (sign(amount) <= 0 || sign(price) <= 0) continue;
    if (best === null || (side === 'bid' ? compare(price, best) > 0 : compare(price, best) < 0)) best = price;
  }
  return best;
}

/** (ask − bid) / mid × 10,000 with mid = (ask + bid) / 2, rounded up to 0.1 bps; null when not positive. */
export function spreadBpsCeil(bid: string, ask: string): string | null {
  const sum = add(bid, ask);
  if (sign(bid) <= 0 || sign(sum) <= 0) return null;
  // (ask − bid) / ((ask + bid) / 2) × 10,000 = (ask − bid) × 20,000 / (ask + bid)
  return div(mul(minus(ask, bid), '20000'), sum, { decimals: 1, rounding: 'ceil' });
}

/** True when (ask − bid) / mid × 10,000 ≤ cap, exactly (mid = (ask + bid) / 2). */
export function spreadWithin(bid: string, ask: string, capBps: string): boolean {
  // (ask − bid) × 20,000 ≤ cap × (ask + bid)
  return compare(mul(minus(ask, bid), '20000'), mul(capBps, add(bid, ask))) <= 0;
}

/** The band's edges around mid: bids at or above `low`, asks at or below `high`. */
function bandEdges(mid: string, pct: string): { low: string; high: string } {
  const f = mul(pct, '0.01');
  return { low: mul(mid, minus('1', f)), high: mul(mid, add('1', f)) };
}

function sideDepth(levels: Iterable<LiquidityLevel>, edge: string, side: 'bid' | 'ask'): string {
  let total = '0';
  for (const [price, amount] of levels) {
    if (sign(amount) <= 0) continue;
    const inside = side === 'bid' ? compare(price, edge) >= 0 : compare(price, edge) <= 0;
    if (inside) total = add(total, mul(price, amount));
  }
  return total;
}

function bandDepth(book: LiquidityBook, own: readonly RestingQuote[], mid: string, pct: string): BandDepth {
  const { low, high } = bandEdges(mid, pct);
  const ownBids = own.filter((o) => o.side === 'buy').map((o): LiquidityLevel => [o.price, o.remaining]);
  const ownAsks = own.filter((o) => o.side === 'sell').map((o): LiquidityLevel => [o.price, o.remaining]);
  return {
    bidQuote: sideDepth(book.bids, low, 'bid'),
    askQuote: sideDepth(book.asks, high, 'ask'),
    ownBidQuote: sideDepth(ownBids, low, 'bid'),
    ownAskQuote: sideDepth(ownAsks, high, 'ask'),
  };
}

function statusOf(own: readonly RestingQuote[], depth: Record<LiquidityDepthBand, BandDepth> | null, obligation: LiquidityObligationTerms | null): SampleStatus {
  const open = own.filter((o) => sign(o.remaining) > 0 && sign(o.price) > 0);
  const ownBid = bestOf(
    open.filter((o) => o.side === 'buy').map((o): LiquidityLevel => [o.price, o.remaining]),
    'bid',
  );
  const ownAsk = bestOf(
    open.filter((o) => o.side === 'sell').map((o): LiquidityLevel => [o.price, o.remaining]),
    'ask',
  );
  if (ownBid === null || ownAsk === null) return 'no_quote';
  if (obligation === null) return 'up';
  if (!spreadWithin(ownBid, ownAsk, obligation.maxSpreadBps)) return 'spread';
  if (depth === null) return 'depth';
  const band = depth[obligation.depthWithinPct];
  if (compare(band.ownBidQuote, obligation.minDepthQuote) < 0 || compare(band.ownAskQuote, obligation.minDepthQuote) < 0) return 'depth';
  return 'up';
}

/**
 * Measures one sample. The desk's own depth comes from its open orders (they rest in the book, so
 * the book's depth includes them when the book is whole); the bands are around the book's mid.
 */
export function measureSample(book: LiquidityBook, own: readonly RestingQuote[], obligation: LiquidityObligationTerms | null): LiquiditySample {
  const bid = bestOf(book.bids, 'bid');
  const ask = bestOf(book.asks, 'ask');
  const last = book.last != null && sign(book.last) > 0 ? book.last : null;
  const mid = bid !== null && ask !== null ? mul(add(bid, ask), '0.5') : last;
  const spreadBps = bid !== null && ask !== null ? spreadBpsCeil(bid, ask) : null;
  const depth = {} as Record<LiquidityDepthBand, BandDepth>;
  for (const band of LIQUIDITY_DEPTH_BANDS) depth[band] = mid === null ? ZERO_DEPTH : bandDepth(book, own, mid, band);
  return { mid, spreadBps, depth, status: statusOf(own, mid === null ? null : depth, obligation) };
}

