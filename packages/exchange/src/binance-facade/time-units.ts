/**
 * Binance takes times in milliseconds or microseconds (`timestamp`, `startTime`, `endTime`): a
 * microsecond value has three more digits, so the two are told apart by size. Our clock and
 * records are in whole milliseconds.
 */

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
