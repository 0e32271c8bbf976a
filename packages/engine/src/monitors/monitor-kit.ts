import { add, compare, div, minus, mul, toFixed } from '@makerdesk/decimal';
import type { OrderBook } from '@makerdesk/exchange';

/** What the risk-control monitors share (docs/strategies.md, "Risk control"). */

/** (best bid + best ask) / 2 of the own book, its only side's best when one-sided, null when empty. */
export function midPrice(book: OrderBook): string | null {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid !== undefined && ask !== undefined) return div(add(bid, ask), '2', { decimals: 12, rounding: 'half-even' });
  return bid ?? ask ?? null;
}

/**
 * A monitor's state belongs to one run (from a switch-on to a switch-off): `run` is the bot's
 * `startedAt`, the same after a server restart and new at each switch-on, so a restart keeps what
 * the monitor knew and a new run starts afresh (a breach present at the start alerts again).
 */
export function sameRun(state: { run: number | null } | null | undefined, startedAt: number): boolean {
  return state !== null && state !== undefined && state.run === startedAt;
}

/** `value × (1 + fraction)` (`sign` 1) or `× (1 − fraction)` (−1): a threshold moved by the recovery margin. */
export function withMargin(value: string, fraction: string, sign: 1 | -1): string {
  return mul(value, sign === 1 ? add('1', fraction) : minus('1', fraction));
}

/** (a − b) / b × 100 at 4 decimals; null when b is 0. */
export function percentChange(a: string, b: string): string | null {
  if (compare(b, '0') === 0) return null;
  return div(mul(minus(a, b), '100'), b, { decimals: 4, rounding: 'half-even' });
}

/** A quote amount for a message: rounded half-up at `decimals`, trailing zeros kept (a fixed column). */
export function shown(value: string, decimals: number): string {
  return toFixed(value, decimals, 'half-up');
}

/** Epoch ms as 'YYYY-MM-DD HH:MM' at a UTC offset in minutes, with the offset written ('+08:00'). */
export function localTime(at: number, offsetMin: number): string {
  const d = new Date(at + offsetMin * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} (UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}
