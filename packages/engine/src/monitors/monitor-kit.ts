import { add, compare, div, minus, mul } from '@makerdesk/decimal';
import { amountWithUnit, quoteDigits, truncate } from '@makerdesk/format';
import type { ServerText } from '@makerdesk/contract';
import type { OrderBook } from '@makerdesk/exchange';
import type { PairRules } from '../strategy.ts';

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

/**
 * A quote amount for a message at `decimals`, trailing zeros kept (a fixed column), cut toward zero:
 * the console's one display rule (@makerdesk/format), so a message and a screen read the same figure.
 */
export function shown(value: string, decimals: number): string {
  return truncate(value, decimals, { padZeros: true });
}

/** Epoch ms as 'YYYY-MM-DD HH:MM' at a UTC offset in minutes, with the offset written ('+08:00'). */
export function localTime(at: number, offsetMin: number): string {
  const d = new Date(at + offsetMin * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} (UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}

/** A value at `decimals` (the pair's precision, cut toward zero as the console shows it), with thousands separators and its unit: "64,873.79 USDT" (@makerdesk/format's amountWithUnit). */
export const figureOf = amountWithUnit;

/** A price as monitors write it: at the pair's price precision, grouped, with the quote unit ("64,873.80 USDT"). */
export function priceOf(value: string, rules: Pick<PairRules, 'pricePrecision' | 'quote'>): string {
  return figureOf(value, rules.pricePrecision, rules.quote);
}

/** Decimals a quote amount (a balance, a P&L, a fee) is shown at: the price precision, 2 to 8. */
export function quoteDecimals(rules: Pick<PairRules, 'pricePrecision'>): number {
  return quoteDigits(rules.pricePrecision);
}

/** An amount of the pair's base (amount precision) or quote asset (quoteDecimals), grouped, with its unit. */
export function assetAmount(value: string, asset: 'base' | 'quote', rules: Pick<PairRules, 'pricePrecision' | 'amountPrecision' | 'base' | 'quote'>): string {
  return asset === 'base' ? figureOf(value, rules.amountPrecision, rules.base) : figureOf(value, quoteDecimals(rules), rules.quote);
}

/** A percentage as monitors write it: "5.2 %" (the value is in % already). */
export function percentOf(value: string): string {
  return `${value} %`;
}

/**
 * A server text's params with the text itself under `name` (`'@key'`), for a template that names it
 * as a part (`{breach}`): nested texts share their params.
 */
export function nested(name: string, t: ServerText): Record<string, string | number> {
  if (t.key === 'verbatim') return { [name]: String(t.params.text ?? '') };
  return { ...t.params, [name]: `@${t.key}` };
}

/** Two clauses as one ("the price … ; the price moved …"); one clause as it is. */
export function joined(parts: ServerText[]): ServerText {
  const [first, second] = parts;
  if (!first) throw new Error('joined: no clause');
  if (!second) return first;
  return { key: 'monitor.both', params: { ...nested('second', second), ...nested('first', first) } };
}
