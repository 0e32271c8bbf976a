/**
 * Candles aggregated from trades, in integer units: prices in ticks, volume in lots, quote volume
 * in quote-asset units. Pure: the caller supplies every timestamp.
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
}

/** Rolling figures over a window of 1m candles. */
export interface RollingStats {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly volume: bigint;
  readonly quoteVolume: bigint;
}

/** JSON form of a candle: [time, open, high, low, close, volume, quoteVolume]. */
export type CandleTuple = [number, number, number, number, number, string, string];

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

  /** Adds one trade to the candle of its time in every interval. */
  add(time: number, price: number, qty: number | bigint, quote: bigint): void {
    const lots = BigInt(qty);
    for (const interval of candleIntervals) {
      const list = this.list(interval);
      const start = bucketStart(time, candleIntervalMs[interval]);
      const last = list[list.length - 1];
      if (last !== undefined && last.time === start) {
        merge(last, price, lots, quote);
      } else if (last === undefined || start > last.time) {
        list.push(open(start, price, lots, quote));
        if (list.length > this.capacity) list.shift();
      } else {
        this.addLate(list, start, price, lots, quote);
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
    for (let j = i; j < list.length; j++) {
      const candle = list[j] as CandleUnits;
      if (candle.time > now) break;
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
      volume += candle.volume;
      quoteVolume += candle.quoteVolume;
    }
    return { open: first.open, high, low, volume, quoteVolume };
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
  private addLate(list: CandleUnits[], start: number, price: number, lots: bigint, quote: bigint): void {
    const at = lowerBound(list, start);
    const found = list[at];
    if (found !== undefined && found.time === start) {
      // Late trades do not move open or close, which belong to the bucket's first and last trade in time.
      if (price > found.high) found.high = price;
      if (price < found.low) found.low = price;
      found.volume += lots;
      found.quoteVolume += quote;
      return;
    }
    if (at === 0 && list.length >= this.capacity) return;
    list.splice(at, 0, open(start, price, lots, quote));
    if (list.length > this.capacity) list.shift();
  }
}

function open(time: number, price: number, volume: bigint, quoteVolume: bigint): CandleUnits {
  return { time, open: price, high: price, low: price, close: price, volume, quoteVolume };
}

function merge(candle: CandleUnits, price: number, lots: bigint, quote: bigint): void {
  if (price > candle.high) candle.high = price;
  if (price < candle.low) candle.low = price;
  candle.close = price;
  candle.volume += lots;
  candle.quoteVolume += quote;
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
  if (!Array.isArray(tuple) || tuple.length !== 7) throw new TypeError(`${where}: a candle is a 7-tuple`);
  const [time, o, h, l, c, volume, quoteVolume] = tuple as unknown[];
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
  };
}
