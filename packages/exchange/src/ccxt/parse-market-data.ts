/** ccxt's unified order book, trades, candles and ticker → ours. */
import type { OHLCV, OrderBook as CcxtOrderBook, Ticker as CcxtTicker, Trade as CcxtTrade } from 'ccxt';
import type { BookLevel, Candle, OrderBook, Side, Ticker, Trade } from '../exchange.ts';
import { decimal, optionalDecimal } from './ccxt-decimal.ts';

function levels(side: CcxtOrderBook['bids'], depth: number | undefined): BookLevel[] {
  return (depth === undefined ? side : side.slice(0, depth)).map(([price, amount]) => [decimal(price), decimal(amount)]);
}

/** The book's best `depth` levels a side (all without it); `updateId` is ccxt's `nonce` where the venue numbers its books. */
export function parseOrderBook(book: CcxtOrderBook, symbol: string, now: number, depth?: number): OrderBook {
  const parsed: OrderBook = { symbol, bids: levels(book.bids, depth), asks: levels(book.asks, depth), timestamp: book.timestamp ?? now };
  if (typeof book.nonce === 'number') parsed.updateId = book.nonce;
  return parsed;
}

export function parseSide(side: string | undefined): Side {
  return side === 'sell' ? 'sell' : 'buy';
}

/** A public trade; ccxt's `side` of a public trade is the taker's. */
export function parseTrade(trade: CcxtTrade, symbol: string, now: number): Trade {
  return {
    id: trade.id ?? '',
    symbol: trade.symbol ?? symbol,
    price: decimal(trade.price),
    amount: decimal(trade.amount),
    side: parseSide(trade.side),
    timestamp: trade.timestamp ?? now,
  };
}

/** ccxt's unified candles carry no quote volume: it reads 0. */
export function parseCandle([time, open, high, low, close, volume]: OHLCV): Candle {
  return {
    time: time ?? 0,
    open: decimal(open),
    high: decimal(high),
    low: decimal(low),
    close: decimal(close),
    volume: decimal(volume),
    quoteVolume: '0',
  };
}

export function parseTicker(ticker: CcxtTicker, symbol: string, now: number): Ticker {
  return {
    symbol: ticker.symbol ?? symbol,
    last: optionalDecimal(ticker.last),
    bid: optionalDecimal(ticker.bid),
    ask: optionalDecimal(ticker.ask),
    open24h: optionalDecimal(ticker.open),
    high24h: optionalDecimal(ticker.high),
    low24h: optionalDecimal(ticker.low),
    baseVolume24h: decimal(ticker.baseVolume),
    quoteVolume24h: decimal(ticker.quoteVolume),
    timestamp: ticker.timestamp ?? now,
  };
}
