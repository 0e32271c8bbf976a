import { add, div, minus, mul } from '@makerdesk/format';
import { compareDecimals } from '@/lib/numbers';
import type { BookLevel, OrderBook } from '@/market-data/types';

export interface DepthRow {
  price: string;
  amount: string;
  /** Amount summed from the best level down to this one. */
  cumulative: string;
  /** cumulative ÷ the deeper side's total over the rows shown: the depth bar's width, 0..1. */
  ratio: number;
}

export interface DepthLadder {
  /** Worst first, so the best ask sits just above the spread. */
  asks: DepthRow[];
  /** Best first, just below the spread. */
  bids: DepthRow[];
  /** Best ask − best bid, and their middle; null while a side is empty. */
  spread: string | null;
  mid: string | null;
}

function cumulate(levels: readonly BookLevel[], rows: number): Omit<DepthRow, 'ratio'>[] {
  let running = '0';
  return levels.slice(0, rows).map(([price, amount]) => {
    running = add(running, amount);
    return { price, amount, cumulative: running };
  });
}

/**
 * The order-book ladder: the top `rows` levels per side with cumulative depth. Both sides share one
 * scale, so a thin side looks thin next to a deep one.
 */
export function depthLadder(book: Pick<OrderBook, 'bids' | 'asks'>, rows: number): DepthLadder {
  const asks = cumulate(book.asks, rows);
  const bids = cumulate(book.bids, rows);
  const askTotal = asks.at(-1)?.cumulative ?? '0';
  const bidTotal = bids.at(-1)?.cumulative ?? '0';
  const scale = compareDecimals(askTotal, bidTotal) >= 0 ? askTotal : bidTotal;
  // A width on screen, not money: the one place a float is the right type.
  const withRatio = (row: Omit<DepthRow, 'ratio'>): DepthRow => ({ ...row, ratio: scale === '0' ? 0 : Number(div(row.cumulative, scale)) });
  const bestAsk = book.asks[0]?.[0];
  const bestBid = book.bids[0]?.[0];
  return {
    asks: asks.map(withRatio).reverse(),
    bids: bids.map(withRatio),
    spread: bestAsk && bestBid ? minus(bestAsk, bestBid) : null,
    mid: bestAsk && bestBid ? mul(add(bestAsk, bestBid), '0.5') : null,
  };
}
