import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useOrderBook } from '../api/get-order-book';
import { bookPrecision, DEFAULT_PRECISION, type PairPrecision } from '../utils/precision';

export interface TradingPair {
  coinId: number;
  /** 'BTC/USDT' */
  name: string;
  base: string;
  quote: string;
}

interface TradingContextValue {
  pair: TradingPair;
  precision: PairPrecision;
  /** A price clicked in a book, for the order forms; `seq` changes on every click, so the same price can be picked twice. */
  picked: { price: string; seq: number } | null;
  pickPrice: (price: string) => void;
}

const TradingContext = createContext<TradingContextValue | null>(null);

function tradingPair(coinId: number, name: string): TradingPair {
  const [base = name, quote = ''] = name.split('/');
  return { coinId, name, base, quote };
}

/** The pair a trading screen works on, its precision (read from the book), and the price last clicked. */
export function TradingProvider({ coinId, name, children }: { coinId: number; name: string; children: ReactNode }) {
  // select with structural sharing: the screen re-renders when the precision changes, not with every book.
  const { data: precision } = useOrderBook(coinId, bookPrecision);
  const [picked, setPicked] = useState<TradingContextValue['picked']>(null);
  const pickPrice = useCallback((price: string) => setPicked((current) => ({ price, seq: (current?.seq ?? 0) + 1 })), []);
  const value = useMemo(
    () => ({ pair: tradingPair(coinId, name), precision: precision ?? DEFAULT_PRECISION, picked, pickPrice }),
    [coinId, name, precision, picked, pickPrice],
  );
  return <TradingContext value={value}>{children}</TradingContext>;
}

export function useTrading(): TradingContextValue {
  const value = use(TradingContext);
  if (!value) throw new Error('useTrading needs <TradingProvider>');
  return value;
}
