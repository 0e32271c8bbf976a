/** The JSON of Binance's market stream events, built from the venue's own types. */
import type { BookLevel, OrderBook, Ticker, Trade } from '../../exchange.ts';
import { formatTicker24hr, wire, wireId } from '../format.ts';
import { toBinanceSymbol } from '../symbols.ts';
import type { DepthUpdate } from './depth-diffs.ts';

const levels = (list: readonly BookLevel[]): [string, string][] => list.map(([price, qty]) => [wire(price), wire(qty)]);

/** `<symbol>@depth[@100ms]`: a diff-depth event. */
export function depthUpdateEvent(binanceSymbol: string, update: DepthUpdate, eventTime: number) {
  return { e: 'depthUpdate', E: eventTime, s: binanceSymbol, U: update.U, u: update.u, b: levels(update.bids), a: levels(update.asks) };
}

/** `<symbol>@depth<levels>[@100ms]`: the top of the book, as REST depth answers it. */
export function partialDepthEvent(book: OrderBook & { updateId: number }, depth: number) {
  return { lastUpdateId: book.updateId, bids: levels(book.bids.slice(0, depth)), asks: levels(book.asks.slice(0, depth)) };
}

/** `<symbol>@trade`: one public trade. The buyer is the maker when the taker sold. */
export function tradeEvent(trade: Trade, eventTime: number) {
  return {
    e: 'trade',
    E: eventTime,
    s: toBinanceSymbol(trade.symbol),
    t: wireId(trade.id),
    p: wire(trade.price),
    q: wire(trade.amount),
    T: trade.timestamp,
    m: trade.side === 'sell',
    M: true,
  };
}

/** `<symbol>@bookTicker`: the best bid and ask, with the book's update id. Undefined while a side is empty. */
export function bookTickerEvent(book: OrderBook & { updateId: number }) {
  const bid = book.bids[0];
  const ask = book.asks[0];
  if (bid === undefined || ask === undefined) return undefined;
  return { u: book.updateId, s: toBinanceSymbol(book.symbol), b: wire(bid[0]), B: wire(bid[1]), a: wire(ask[0]), A: wire(ask[1]) };
}

/** `<symbol>@ticker`: the rolling 24-hour statistics, as REST `ticker/24hr` has them. */
export function tickerEvent(ticker: Ticker, book: OrderBook, eventTime: number) {
  const t = formatTicker24hr(ticker, book);
  return {
    e: '24hrTicker',
    E: eventTime,
    s: t.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    w: t.weightedAvgPrice,
    x: t.prevClosePrice,
    c: t.lastPrice,
    Q: t.lastQty,
    b: t.bidPrice,
    B: t.bidQty,
    a: t.askPrice,
    A: t.askQty,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
    O: t.openTime,
    C: t.closeTime,
    F: t.firstId,
    L: t.lastId,
    n: t.count,
  };
}

/** `<symbol>@miniTicker`: the 24-hour figures in short. */
export function miniTickerEvent(ticker: Ticker, book: OrderBook, eventTime: number) {
  const { e: _e, E: _E, s, c, o, h, l, v, q } = tickerEvent(ticker, book, eventTime);
  return { e: '24hrMiniTicker', E: eventTime, s, c, o, h, l, v, q };
}

/** How a combined stream (`/stream?streams=`) wraps each event. */
export function combined(stream: string, data: unknown) {
  return { stream, data };
}
