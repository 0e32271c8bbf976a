/**
 * Binance takes times in milliseconds or microseconds (`timestamp`, `startTime`, `endTime`): a
 * microsecond value has three more digits, so the two are told apart by size. It answers in
 * milliseconds, or in microseconds when the request's `X-MBX-TIME-UNIT` header asks. Our clock
 * and records are in whole milliseconds.
 */
import { binanceErrors } from './binance-errors.ts';

/** A time parameter: digits only. */
export const INTEGER_TIME = /^[0-9]{1,17}$/;
/**
 * From here on a time is read as microseconds: 10^14 ms is the year 5138, 10^14 µs the year 1973,
 * so every time a client sends today falls clearly on one side.
 */
const MICROSECONDS_FROM = 100_000_000_000_000n;

export function toMicros(time: bigint): bigint {
  return time >= MICROSECONDS_FROM ? time : time * 1000n;
}

/**
 * The whole milliseconds a time bound selects: `start` takes records at or after it (rounded up),
 * `end` records at or before it (rounded down).
 */
export function boundMillis(time: bigint, bound: 'start' | 'end'): number {
  if (time < MICROSECONDS_FROM) return Number(time);
  const whole = time / 1000n;
  return Number(bound === 'start' && time % 1000n !== 0n ? whole + 1n : whole);
}

export type TimeUnit = 'MILLISECOND' | 'MICROSECOND';

/** The header's unit, milliseconds when absent; -1194 for anything but the four spellings Binance takes. */
export function timeUnitOf(header: string | undefined): TimeUnit {
  if (header === undefined || header === 'MILLISECOND' || header === 'millisecond') return 'MILLISECOND';
  if (header === 'MICROSECOND' || header === 'microsecond') return 'MICROSECOND';
  throw binanceErrors.invalidTimeUnit();
}

/** Every time field of Binance's answers (`T`: an aggregate trade's). */
const TIME_FIELDS = new Set(['serverTime', 'time', 'transactTime', 'updateTime', 'workingTime', 'openTime', 'closeTime', 'T']);
/** Positions of the open and close times in a kline row. */
const KLINE_TIMES = [0, 6];

/** An answer's body with its times in the unit asked for; `path` is the endpoint's. */
export function inTimeUnit(body: unknown, unit: TimeUnit, path: string): unknown {
  if (unit === 'MILLISECOND') return body;
  return path === 'klines' || path === 'uiKlines' ? klinesInMicros(body) : timesInMicros(body);
}

function klinesInMicros(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  return body.map((row: unknown) => (Array.isArray(row) ? row.map((value: unknown, i) => (KLINE_TIMES.includes(i) && typeof value === 'number' ? value * 1000 : value)) : row));
}

function timesInMicros(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(timesInMicros);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, TIME_FIELDS.has(key) && typeof field === 'number' ? field * 1000 : timesInMicros(field)]),
  );
}
