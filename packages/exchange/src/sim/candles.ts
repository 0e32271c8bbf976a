/**
 * Candles aggregated from trades, in integer units: prices in ticks, volume in lots, quote volume
 * in quote-asset units, with the number of trades and the first and last trade id (trade ids
 * increase with time). Pure: the caller supplies every timestamp.
 */
import { candleIntervals } from '@makerdesk/contract';
import { candleIntervalMs, type CandleInterval } from '../exchange.ts';

export interface CandleUnits {
  /** Open time, epoch ms, a multiple of the interval. */
  readonly time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
  quoteVolume: bigint;
  trades: number;
  /** Null where a snapshot from before trade ids were kept gave none. */
  firstTradeId: number | null;
  lastTradeId: number | null;
}

/** Rolling figures over a window of 1m candles. */
export interface RollingStats {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly volume: bigint;
  readonly quoteVolume: bigint;
  readonly trades: number;
  /** The window's first and last trade ids, null when its candles keep none. */
  readonly firstTradeId: number | null;
  readonly lastTradeId: number | null;
}

/**
 * JSON form of a candle: [time, open, high, low, close, volume, quoteVolume, trades, firstTradeId,
 * lastTradeId]; snapshots from before trade counts were kept have the first seven only.
 */
export type CandleTuple = [number, number, number, number, number, string, string, number, number | null, number | null];

export type CandleSeriesJson = Partial<Record<CandleInterval, CandleTuple[]>>;

export const DEFAULT_CANDLE_CAPACITY = 1500;
const DAY_MS = 86_400_000;

export function bucketStart(time: number, intervalMs: number): number {
  return time - (((time % intervalMs) + intervalMs) % intervalMs);
}

/** Every interval of one pair, each keeping its newest `capacity` candles, oldest first. */
export class CandleSeries {
  readonly capacity: number;
  private readonly series = new Map<CandleInterval, CandleUnits[]>();

  constructor(capacity = DEFAULT_CANDLE_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.capacity = capacity;
    for (const interval of candleIntervals) this.series.set(interval, []);
  }

  /** Adds one trade (`tradeId` its id) to the candle of its time in every interval. */
  add(time: number, price: number, qty: number | bigint, quote: bigint, tradeId: number): void {
    const trade: TradeUnits = { price, lots: BigInt(qty), quote, id: tradeId };
    for (const interval of candleIntervals) {
      const list = this.list(interval);
      const start = bucketStart(time, candleIntervalMs[interval]);
      const last = list[list.length - 1];
      if (last !== undefined && last.time === start) {
        merge(last, trade);
      } else if (last === undefined || start > last.time) {
        list.push(open(start, trade));
        if (list.length > this.capacity) list.shift();
      } else {
        this.addLate(list, start, trade);
      }
    }
  }

  /**
   * Candles oldest first: from `since` on (open time ≥ since) when given, else the newest ones;
   * at most `limit`.
   */
  candles(interval: CandleInterval, options: { since?: number; limit?: number } = {}): CandleUnits[] {
    const list = this.list(interval);
    const limit = Math.max(0, Math.min(options.limit ?? list.length, list.length));
    if (options.since === undefined) return list.slice(list.length - limit);
    const from = lowerBound(list, options.since);
    return list.slice(from, from + limit);
  }

  /** The candles of the 24 h (1440 one-minute buckets, the current one included) up to `now`. */
  rolling24h(now: number): RollingStats | null {
    const list = this.list('1m');
    const from = bucketStart(now, 60_000) - DAY_MS + 60_000;
    let i = list.length;
    while (i > 0 && (list[i - 1] as CandleUnits).time >= from) i--;
    const first = list[i];
    if (first === undefined || first.time > now) return null;
    let high = first.high;
    let low = first.low;
    let volume = 0n;
    let quoteVolume = 0n;
    let trades = 0;
    let firstTradeId: number | null = null;
    let lastTradeId: number | null = null;
    for (let j = i; j < list.length; j++) {
      const candle = list[j] as CandleUnits;
      if (candle.time > now) break;
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
      volume += candle.volume;
      quoteVolume += candle.quoteVolume;
      trades += candle.trades;
      firstTradeId = minId(firstTradeId, candle.firstTradeId);
      lastTradeId = maxId(lastTradeId, candle.lastTradeId);
    }
    return { open: first.open, high, low, volume, quoteVolume, trades, firstTradeId, lastTradeId };
  }

  toJSON(): CandleSeriesJson {
    const out: CandleSeriesJson = {};
    for (const interval of candleIntervals) {
      out[interval] = this.list(interval).map((c) => [
        c.time,
        c.open,
        c.high,
        c.low,
        c.close,
        c.volume.toString(),
        c.quoteVolume.toString(),
        c.trades,
        c.firstTradeId,
        c.lastTradeId,
      ]);
    }
    return out;
  }

  /** Throws a TypeError naming what it cannot read. */
  static fromJSON(json: unknown, capacity = DEFAULT_CANDLE_CAPACITY): CandleSeries {
    const series = new CandleSeries(capacity);
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TypeError('candles must be an object');
    for (const interval of candleIntervals) {
      const tuples: unknown = (json as Record<string, unknown>)[interval];
      if (tuples === undefined) continue;
      if (!Array.isArray(tuples)) throw new TypeError(`candles.${interval} must be an array`);
      const list = series.list(interval);
      for (const tuple of tuples.slice(-capacity)) {
        const candle = readCandle(tuple, interval);
        const last = list[list.length - 1];
        if (last !== undefined && candle.time <= last.time) throw new TypeError(`candles.${interval} must be in time order`);
        list.push(candle);
      }
    }
    return series;
  }

  private list(interval: CandleInterval): CandleUnits[] {
    return this.series.get(interval) as CandleUnits[];
  }

  /** A trade older than the newest candle (a clock stepped back): into its own bucket, wherever that is. */
  private addLate(list: CandleUnits[], start: number, trade: TradeUnits): void {
    const at = lowerBound(list, start);
    const found = list[at];
    if (found !== undefined && found.time === start) {
      // Late trades do not move open or close, which belong to the bucket's first and last trade in time.
      count(found, trade);
      return;
    }
    if (at === 0 && list.length >= this.capacity) return;
    list.splice(at, 0, open(start, trade));
    if (list.length > this.capacity) list.shift();
  }
}

interface TradeUnits {
  readonly price: number;
  readonly lots: bigint;
  readonly quote: bigint;
  readonly id: number;
}

function open(time: number, { price, lots, quote, id }: TradeUnits): CandleUnits {
  return { time, open: price, high: price, low: price, close: price, volume: lots, quoteVolume: quote, trades: 1, firstTradeId: id, lastTradeId: id };
}

function merge(candle: CandleUnits, trade: TradeUnits): void {
  count(candle, trade);
  candle.close = trade.price;
}

/** Everything a trade adds to its candle but the close. */
function count(candle: CandleUnits, { price, lots, quote, id }: TradeUnits): void {
  if (price > candle.high) candle.high = price;
  if (price < candle.low) candle.low = price;
  candle.volume += lots;
  candle.quoteVolume += quote;
  candle.trades += 1;
  candle.firstTradeId = minId(candle.firstTradeId, id);
  candle.lastTradeId = maxId(candle.lastTradeId, id);
}

function minId(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function maxId(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}

/** Index of the first candle whose time is ≥ `time`. */
function lowerBound(list: readonly CandleUnits[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as CandleUnits).time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function readCandle(tuple: unknown, interval: CandleInterval): CandleUnits {
  const where = `candles.${interval}`;
  if (!Array.isArray(tuple) || (tuple.length !== 7 && tuple.length !== 10)) throw new TypeError(`${where}: a candle is a 7- or 10-tuple`);
  const [time, o, h, l, c, volume, quoteVolume, trades = 0, firstTradeId = null, lastTradeId = null] = tuple as unknown[];
  for (const n of [time, o, h, l, c]) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
      throw new TypeError(`${where}: times and prices are safe integers`);
    }
  }
  for (const v of [volume, quoteVolume]) {
    if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new TypeError(`${where}: volumes are unsigned integer strings`);
  }
  return {
    time: time as number,
    open: o as number,
    high: h as number,
    low: l as number,
    close: c as number,
    volume: BigInt(volume as string),
    quoteVolume: BigInt(quoteVolume as string),
    trades: tradeCount(trades, where),
    firstTradeId: tradeId(firstTradeId, where),
    lastTradeId: tradeId(lastTradeId, where),
  };
}

function tradeCount(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new TypeError(`${where}: a trade count is a non-negative safe integer`);
  return value;
}

function tradeId(value: unknown, where: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new TypeError(`${where}: a trade id is a positive safe integer or null`);
  return value;
}
