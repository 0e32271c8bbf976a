import { BinanceError, binanceErrors } from './binance-errors.ts';
import { INTEGER_TIME, boundMillis } from './time-units.ts';

/** Binance's format of decimal parameters (quantity, price, quoteOrderQty). */
const DECIMAL_PARAM = /^([0-9]{1,20})(\.[0-9]{1,20})?$/;
const INTEGER_PARAM = /^[0-9]{1,16}$/;
/** Binance's rule for client order ids. */
export const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/**
 * A request's parameters, from the query string and the form body together. When a name is in
 * both, the query string wins, as at Binance.
 */
export class Params {
  private readonly values = new Map<string, string>();

  constructor(query: string, body: string) {
    for (const [name, value] of new URLSearchParams(body)) this.values.set(name, value);
    for (const [name, value] of new URLSearchParams(query)) this.values.set(name, value);
  }

  /** Missing and empty are the same to Binance. */
  optional(name: string): string | undefined {
    const value = this.values.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw binanceErrors.mandatory(name);
    return value;
  }

  decimal(name: string): string | undefined {
    const value = this.optional(name);
    if (value !== undefined && !DECIMAL_PARAM.test(value)) throw binanceErrors.illegalChars(name);
    return value;
  }

  integer(name: string): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!INTEGER_PARAM.test(value)) throw binanceErrors.illegalChars(name, '^[0-9]{1,16}$');
    return Number(value);
  }

  /** A time bound in milliseconds or microseconds, as the whole milliseconds it selects (see `boundMillis`). */
  time(name: string, bound: 'start' | 'end'): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!INTEGER_TIME.test(value)) throw binanceErrors.illegalChars(name, INTEGER_TIME.source);
    return boundMillis(BigInt(value), bound);
  }

  /** Binance's `limit`: a default when absent, capped at the endpoint's maximum. */
  limit(fallback: number, max: number): number {
    const value = this.integer('limit');
    if (value === undefined) return fallback;
    if (value < 1) throw binanceErrors.illegalChars('limit', `^[1-9][0-9]{0,${String(max).length - 1}}$`);
    return Math.min(value, max);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], invalid: () => BinanceError): T | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) throw invalid();
    return value as T;
  }

  has(name: string): boolean {
    return this.optional(name) !== undefined;
  }
}
