import { add, div, minus, mul } from '@makerdesk/format';
import { compareDecimals } from '@/lib/numbers';
import type { BookLevel, Direction, OrderBook } from '@/market-data/types';

/** One step of a depth curve: at `price`, the amount summed from the best level to this one. */
export interface CurvePoint {
  price: string;
  cumulative: string;
}

export interface DepthCurve {
  /** Best first (highest price first). */
  bids: CurvePoint[];
  /** Best first (lowest price first). */
  asks: CurvePoint[];
  /** The price range drawn and the largest cumulative amount (the y scale). */
  minPrice: string;
  maxPrice: string;
  maxCumulative: string;
  mid: string;
}

function cumulate(levels: readonly BookLevel[]): CurvePoint[] {
  let running = '0';
  return levels.map(([price, amount]) => {
    running = add(running, amount);
    return { price, cumulative: running };
  });
}

/**
 * The depth chart's curves: cumulative bids and asks, best first, over a price window symmetric
 * around the mid (as wide as the nearer side's deepest level reaches, so both sides show). Null
 * while a side is empty. Exact (decimal strings); only the drawing turns them into pixels.
 */
export function depthCurve(book: Pick<OrderBook, 'bids' | 'asks'>): DepthCurve | null {
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  if (!bestBid || !bestAsk) return null;
  const mid = mul(add(bestBid, bestAsk), '0.5');
  const bidReach = minus(mid, book.bids.at(-1)![0]);
  const askReach = minus(book.asks.at(-1)![0], mid);
  const reach = compareDecimals(bidReach, askReach) <= 0 ? bidReach : askReach;
  const minPrice = minus(mid, reach);
  const maxPrice = add(mid, reach);
  const bids = cumulate(book.bids.filter(([p]) => compareDecimals(p, minPrice) >= 0));
  const asks = cumulate(book.asks.filter(([p]) => compareDecimals(p, maxPrice) <= 0));
  const bidTop = bids.at(-1)?.cumulative ?? '0';
  const askTop = asks.at(-1)?.cumulative ?? '0';
  return { bids, asks, minPrice, maxPrice, maxCumulative: compareDecimals(bidTop, askTop) >= 0 ? bidTop : askTop, mid };
}

/** A price's position across the window, 0..1 (for drawing: a float is the right type on screen). */
export function priceX(curve: Pick<DepthCurve, 'minPrice' | 'maxPrice'>, price: string): number {
  const span = minus(curve.maxPrice, curve.minPrice);
  return compareDecimals(span, '0') === 0 ? 0.5 : Number(div(minus(price, curve.minPrice), span));
}

/** A cumulative amount's height, 0..1. */
export function amountY(curve: Pick<DepthCurve, 'maxCumulative'>, amount: string): number {
  return compareDecimals(curve.maxCumulative, '0') === 0 ? 0 : Number(div(amount, curve.maxCumulative));
}

/** Where the side's own levels sit: the points of the curve at the prices the desk holds orders. */
export function ownPoints(curve: DepthCurve, side: Direction, ownPrices: readonly string[]): CurvePoint[] {
  const points = side === 'buy' ? curve.bids : curve.asks;
  return points.filter((p) => ownPrices.some((own) => compareDecimals(own, p.price) === 0));
}
