import { writtenDecimals } from '@/lib/numbers';
import type { OrderBook } from '../types';

/** Decimals of a price and of an amount on the pair. */
export interface PairPrecision {
  price: number;
  amount: number;
}

/** Used until the first book arrives. */
export const DEFAULT_PRECISION: PairPrecision = { price: 2, amount: 4 };

/**
 * The pair's precision as the venue writes it: book levels, trades and candles carry prices and
 * amounts padded to the pair's decimals ('65043.52', '0.02869'). The contract has no market-info call.
 */
export function precisionFrom(sample: { price?: string; amount?: string } | undefined, fallback = DEFAULT_PRECISION): PairPrecision {
  return {
    price: sample?.price ? writtenDecimals(sample.price) : fallback.price,
    amount: sample?.amount ? writtenDecimals(sample.amount) : fallback.amount,
  };
}

/** The precision the book is written in: its best ask (or bid) level. */
export function bookPrecision(book: Pick<OrderBook, 'bids' | 'asks'>): PairPrecision {
  const level = book.asks[0] ?? book.bids[0];
  return precisionFrom(level && { price: level[0], amount: level[1] });
}
