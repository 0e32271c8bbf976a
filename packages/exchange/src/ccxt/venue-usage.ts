/**
 * A venue's limit headers → the venue-neutral `VenueUsage`. Header names and published limits are
 * venue-specific and live here; the engine reads only `VenueUsage`. Pure.
 */
import type { VenueUsage } from '../exchange.ts';

interface UsageHeaders {
  weight1m: string;
  orders10s: string;
  orders1d: string;
  /** The venue's published limits, until it states its own (Binance's exchangeInfo `rateLimits`). */
  published: VenueUsage['limits'];
}

/** Binance spot (rest-api.md "LIMITS"), header names in lower case. */
const BINANCE: UsageHeaders = {
  weight1m: 'x-mbx-used-weight-1m',
  orders10s: 'x-mbx-order-count-10s',
  orders1d: 'x-mbx-order-count-1d',
  published: { weight1m: 6000, orders10s: 100, orders1d: 200_000 },
};

const BY_VENUE: Record<string, UsageHeaders> = { binance: BINANCE };

/** Whether this venue (a ccxt id) reports its usage in headers we know. */
export function reportsUsage(venueId: string): boolean {
  return venueId in BY_VENUE;
}

/** The venue's published limits (null for a venue we know nothing of). */
export function publishedLimits(venueId: string): VenueUsage['limits'] | null {
  return BY_VENUE[venueId]?.published ?? null;
}

/**
 * The usage an answer's headers report, over the previous report (an order count is on order
 * answers only: the last one seen is kept while it is in its window). Null when the answer says
 * nothing of it (a venue without such headers, or an answer without them).
 */
export function usageFromHeaders(
  venueId: string,
  headers: Record<string, unknown> | undefined,
  limits: VenueUsage['limits'],
  previous: VenueUsage | null,
  at: number,
): VenueUsage | null {
  const names = BY_VENUE[venueId];
  if (names === undefined || headers === undefined) return null;
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const count = (name: string): number | null => {
    const value = lower.get(name);
    const text = Array.isArray(value) ? value[0] : value;
    return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : null;
  };
  const weight = count(names.weight1m);
  if (weight === null) return null;
  const sameWindow = (ms: number) => previous !== null && Math.floor(previous.at / ms) === Math.floor(at / ms);
  return {
    usedWeight1m: weight,
    orderCount10s: count(names.orders10s) ?? (sameWindow(10_000) ? previous!.orderCount10s : null),
    orderCount1d: count(names.orders1d) ?? (sameWindow(86_400_000) ? previous!.orderCount1d : null),
    limits,
    at,
  };
}

/** The limits a Binance exchangeInfo answer states (`rateLimits`); one it does not list is not enforced (null). */
export function limitsFromExchangeInfo(body: unknown): VenueUsage['limits'] | null {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { rateLimits?: unknown }).rateLimits)) return null;
  const entries = (body as { rateLimits: { rateLimitType?: unknown; interval?: unknown; intervalNum?: unknown; limit?: unknown }[] }).rateLimits;
  const find = (type: string, interval: string, num: number) => {
    const entry = entries.find((e) => e.rateLimitType === type && e.interval === interval && e.intervalNum === num);
    return typeof entry?.limit === 'number' ? entry.limit : null;
  };
  return { weight1m: find('REQUEST_WEIGHT', 'MINUTE', 1), orders10s: find('ORDERS', 'SECOND', 10), orders1d: find('ORDERS', 'DAY', 1) };
}
