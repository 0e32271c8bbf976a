/**
 * Binance spot's REST limits, as the facade reports and enforces them (rest-api.md "LIMITS",
 * errors.md -1003 and -1015): pure bookkeeping over an injected `now`, no IO.
 *
 * - Request weight per IP in fixed one-minute windows (aligned on the minute, as Binance's
 *   `X-MBX-USED-WEIGHT-1M` counts): a request whose weight would take the window past the limit is
 *   refused with 429, -1003 and `Retry-After` (seconds to the next window), and not counted.
 * - An address that keeps sending after its 429s is banned: 418, -1003 "IP banned until …" and
 *   `Retry-After` (seconds to the end of the ban). Bans grow for repeat offenders, from 2 minutes
 *   to 3 days, as Binance describes (the exact thresholds are not published: ours are below).
 * - New orders per account in fixed windows of 10 seconds and one day (UTC): past either limit a
 *   placement is refused with 429, -1015 "Too many new orders; current limit is %s orders per %s."
 *   and `Retry-After`. Every accepted placement counts (Binance lowers the count for orders that
 *   fill; the simulator does not).
 */

/** The limits the facade enforces; 0 switches one off (it is still counted and reported). */
export interface BinanceLimits {
  /** Request weight per IP per minute (`REQUEST_WEIGHT`, 1 MINUTE). */
  weightPerMinute: number;
  /** New orders per account per 10 seconds (`ORDERS`, 10 SECOND). */
  ordersPer10s: number;
  /** New orders per account per day (`ORDERS`, 1 DAY). */
  ordersPerDay: number;
}

/** Binance spot's published numbers (DESK.md "Venue limits"). */
export const BINANCE_LIMITS: Readonly<BinanceLimits> = Object.freeze({ weightPerMinute: 6000, ordersPer10s: 100, ordersPerDay: 200_000 });

/** Every limit off: counted and reported, never refused. */
export const NO_BINANCE_LIMITS: Readonly<BinanceLimits> = Object.freeze({ weightPerMinute: 0, ordersPer10s: 0, ordersPerDay: 0 });

const SETTING_NAMES: Record<string, keyof BinanceLimits> = { weight1m: 'weightPerMinute', orders10s: 'ordersPer10s', orders1d: 'ordersPerDay' };

/**
 * The setting's text: `on` (Binance's numbers), `off` (none enforced), or some of
 * `weight1m=<n>,orders10s=<n>,orders1d=<n>` over Binance's numbers (0 switches that one off).
 * Throws a message naming what is wrong.
 */
export function parseBinanceLimits(text: string): BinanceLimits {
  const value = text.trim();
  if (value === '' || value === 'on') return { ...BINANCE_LIMITS };
  if (value === 'off') return { ...NO_BINANCE_LIMITS };
  const limits: BinanceLimits = { ...BINANCE_LIMITS };
  for (const part of value.split(',')) {
    const [name = '', number, ...rest] = part.split('=').map((s) => s.trim());
    const field = SETTING_NAMES[name];
    if (field === undefined || number === undefined || rest.length > 0 || !/^\d{1,9}$/.test(number)) {
      throw new Error(`must be on, off, or a comma-separated list of weight1m=<n>, orders10s=<n>, orders1d=<n> (0 switches one off); not ${JSON.stringify(part.trim())}`);
    }
    limits[field] = Number(number);
  }
  return limits;
}

export interface RateLimitEntry {
  rateLimitType: 'REQUEST_WEIGHT' | 'ORDERS';
  interval: 'SECOND' | 'MINUTE' | 'DAY';
  intervalNum: number;
  limit: number;
}

/** exchangeInfo's `rateLimits`: the limits enforced, and only those. */
export function rateLimitsOf(limits: BinanceLimits): RateLimitEntry[] {
  const entries: RateLimitEntry[] = [
    { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: limits.weightPerMinute },
    { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: limits.ordersPer10s },
    { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: limits.ordersPerDay },
  ];
  return entries.filter((entry) => entry.limit > 0);
}

// ------------------------------------------------------------------ weights

/** A request's parameters as the weight table reads them (query and body together). */
export type ParamReader = (name: string) => string | undefined;

const DEPTH_WEIGHTS: [maxLimit: number, weight: number][] = [
  [100, 5],
  [500, 25],
  [1000, 50],
  [5000, 250],
];

function depthWeight(param: ParamReader): number {
  const limit = Number(param('limit') ?? '100');
  if (!Number.isFinite(limit) || limit < 1) return 5;
  return DEPTH_WEIGHTS.find(([max]) => limit <= max)?.[1] ?? 250;
}

function symbolCount(param: ParamReader): number | undefined {
  const list = param('symbols');
  if (list === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(list);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1;
  }
}

/** ticker/24hr: 2 for one symbol, by the number of `symbols` (2, 40, 80), 80 for every symbol. */
function ticker24hrWeight(param: ParamReader): number {
  if (param('symbol') !== undefined) return 2;
  const count = symbolCount(param);
  if (count === undefined) return 80;
  return count <= 20 ? 2 : count <= 100 ? 40 : 80;
}

/** ticker/price and ticker/bookTicker: 2 for one symbol, 4 otherwise. */
const oneOrAll = (param: ParamReader) => (param('symbol') !== undefined ? 2 : 4);

/** Binance's weight of each `/api/v3` endpoint, by `METHOD path` below `/api/v3/` (rest-api.md). */
const WEIGHTS: Record<string, number | ((param: ParamReader) => number)> = {
  'GET ping': 1,
  'GET time': 1,
  'GET exchangeInfo': 20,
  'GET depth': depthWeight,
  'GET trades': 25,
  'GET historicalTrades': 25,
  'GET aggTrades': 4,
  'GET klines': 2,
  'GET uiKlines': 2,
  'GET avgPrice': 2,
  'GET ticker/24hr': ticker24hrWeight,
  'GET ticker/price': oneOrAll,
  'GET ticker/bookTicker': oneOrAll,
  'GET account': 20,
  'POST order': 1,
  'POST order/test': (param) => (param('computeCommissionRates') === 'true' ? 20 : 1),
  'GET order': 4,
  'DELETE order': 1,
  'GET openOrders': (param) => (param('symbol') !== undefined ? 6 : 80),
  'DELETE openOrders': 1,
  'GET allOrders': 20,
  'GET myTrades': (param) => (param('orderId') !== undefined ? 5 : 20),
  'POST order/cancelReplace': 1,
  'GET account/commission': 20,
  'GET rateLimit/order': 40,
};

/**
 * The request weight of a call, Binance's for `/api/v3` endpoints. Wallet calls (`/sapi`, which
 * the facade also answers under `/api/v3` for ccxt) weigh 0 here: Binance counts them against a
 * separate SAPI limit the simulator does not model. A path Binance does not serve weighs 1.
 */
export function requestWeight(method: string, path: string, param: ParamReader, family: 'api' | 'sapi' | undefined): number {
  if (family === 'sapi') return 0;
  const weight = WEIGHTS[`${method.toUpperCase()} ${path}`];
  if (weight === undefined) return 1;
  return typeof weight === 'number' ? weight : weight(param);
}

// ------------------------------------------------------------------ request weight per IP

const MINUTE_MS = 60_000;
/** Refused requests (429s) an address may still send in one window before it is banned. */
export const REFUSALS_BEFORE_BAN = 10;
/** Ban lengths: 2 minutes, doubling for each ban within BAN_MEMORY_MS of the last, at most 3 days. */
export const FIRST_BAN_MS = 2 * MINUTE_MS;
export const LONGEST_BAN_MS = 3 * 24 * 60 * MINUTE_MS;
/** A ban is forgotten (the next one starts at 2 minutes again) this long after the last one ended. */
export const BAN_MEMORY_MS = LONGEST_BAN_MS;

/** The answer to a request's weight: let through, or refused with Binance's status and code. */
export type WeightVerdict =
  | { ok: true; usedWeight: number }
  | { ok: false; status: 429 | 418; code: -1003; msg: string; retryAfterSeconds: number; usedWeight: number };

interface Address {
  windowStart: number;
  used: number;
  refusals: number;
  bannedUntil: number;
  bans: number;
}

/**
 * Request weight per IP in one-minute windows, with bans for addresses that keep sending after 429s.
 * Counts on the server that answers (with several servers the simulator's Binance API is served by
 * each; an IP talking to two of them has two counts, like two of Binance's gateways would not: an
 * accepted approximation, the simulator being a test venue).
 */
export class RequestWeightLimiter {
  private readonly addresses = new Map<string, Address>();

  constructor(private readonly limitPerMinute: () => number) {}

  /** Charges `weight` to `ip` at `now`, or refuses the request. */
  charge(ip: string, weight: number, now: number): WeightVerdict {
    const address = this.current(ip, now);
    const limit = this.limitPerMinute();
    if (limit > 0 && now < address.bannedUntil) {
      return { ok: false, status: 418, code: -1003, msg: bannedMessage(address.bannedUntil), retryAfterSeconds: secondsUntil(address.bannedUntil, now), usedWeight: address.used };
    }
    if (limit > 0 && address.used + weight > limit) {
      address.refusals += 1;
      if (address.refusals > REFUSALS_BEFORE_BAN) {
        const recent = address.bannedUntil > 0 && now - address.bannedUntil < BAN_MEMORY_MS;
        address.bans = recent ? address.bans + 1 : 1;
        address.bannedUntil = now + banLength(address.bans);
        address.refusals = 0;
        return { ok: false, status: 418, code: -1003, msg: bannedMessage(address.bannedUntil), retryAfterSeconds: secondsUntil(address.bannedUntil, now), usedWeight: address.used };
      }
      const windowEnd = address.windowStart + MINUTE_MS;
      return {
        ok: false,
        status: 429,
        code: -1003,
        msg: `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
        retryAfterSeconds: secondsUntil(windowEnd, now),
        usedWeight: address.used,
      };
    }
    address.used += weight;
    return { ok: true, usedWeight: address.used };
  }

  /** The weight `ip` used in the current window (what `X-MBX-USED-WEIGHT-1M` says). */
  used(ip: string, now: number): number {
    return this.current(ip, now).used;
  }

  private current(ip: string, now: number): Address {
    const windowStart = now - (now % MINUTE_MS);
    let address = this.addresses.get(ip);
    if (address === undefined) {
      address = { windowStart, used: 0, refusals: 0, bannedUntil: 0, bans: 0 };
      this.addresses.set(ip, address);
      this.forgetIdle(now);
    } else if (address.windowStart !== windowStart) {
      Object.assign(address, { windowStart, used: 0, refusals: 0 });
    }
    return address;
  }

  /** Keeps the table small: addresses with nothing to remember are dropped as new ones arrive. */
  private forgetIdle(now: number): void {
    if (this.addresses.size % 1024 !== 0) return;
    for (const [ip, address] of this.addresses) {
      const idle = now - address.windowStart >= MINUTE_MS;
      const banForgotten = address.bannedUntil === 0 || now - address.bannedUntil >= BAN_MEMORY_MS;
      if (idle && banForgotten) this.addresses.delete(ip);
    }
  }
}

/** The length of an address's `bans`-th ban in a row: 2 minutes doubling, at most 3 days. */
export function banLength(bans: number): number {
  return Math.min(LONGEST_BAN_MS, FIRST_BAN_MS * 2 ** Math.max(0, Math.min(bans - 1, 20)));
}

function bannedMessage(until: number): string {
  return `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.`;
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

// ------------------------------------------------------------------ orders per account

const ORDER_WINDOWS = [
  { interval: 'SECOND', intervalNum: 10, lengthMs: 10_000, header: 'x-mbx-order-count-10s', limitOf: (l: BinanceLimits) => l.ordersPer10s },
  { interval: 'DAY', intervalNum: 1, lengthMs: 86_400_000, header: 'x-mbx-order-count-1d', limitOf: (l: BinanceLimits) => l.ordersPerDay },
] as const;

export type OrderVerdict = { ok: true } | { ok: false; status: 429; code: -1015; msg: string; retryAfterSeconds: number };

interface Window {
  start: number;
  count: number;
}

/**
 * The new orders each API key placed in Binance's ORDERS intervals (10 s and one day, fixed
 * windows aligned on UTC), as `GET /api/v3/rateLimit/order` and the `X-MBX-ORDER-COUNT-*`
 * headers report them, refused past the limits. Each server keeps its own count.
 */
export class OrderLimiter {
  private readonly byKey = new Map<string, Window[]>();

  constructor(private readonly limits: () => BinanceLimits) {}

  /** Whether `apiKey` may place one more order now (nothing is counted). */
  check(apiKey: string, now: number): OrderVerdict {
    const windows = this.current(apiKey, now);
    const limits = this.limits();
    for (const [i, spec] of ORDER_WINDOWS.entries()) {
      const limit = spec.limitOf(limits);
      const window = windows[i]!;
      if (limit > 0 && window.count >= limit) {
        return {
          ok: false,
          status: 429,
          code: -1015,
          msg: `Too many new orders; current limit is ${limit} orders per ${spec.intervalNum} ${spec.interval}.`,
          retryAfterSeconds: secondsUntil(window.start + spec.lengthMs, now),
        };
      }
    }
    return { ok: true };
  }

  record(apiKey: string, now: number): void {
    for (const window of this.current(apiKey, now)) window.count += 1;
  }

  /** The `X-MBX-ORDER-COUNT-10S` and `-1D` headers of an order answer. */
  headers(apiKey: string, now: number): Record<string, string> {
    const windows = this.current(apiKey, now);
    return Object.fromEntries(ORDER_WINDOWS.map((spec, i) => [spec.header, String(windows[i]!.count)]));
  }

  /** `GET /api/v3/rateLimit/order`: the count in each enforced ORDERS interval. */
  of(apiKey: string, now: number) {
    const windows = this.current(apiKey, now);
    const limits = this.limits();
    return ORDER_WINDOWS.flatMap((spec, i) => {
      const limit = spec.limitOf(limits);
      return limit > 0 ? [{ rateLimitType: 'ORDERS', interval: spec.interval, intervalNum: spec.intervalNum, limit, count: windows[i]!.count }] : [];
    });
  }

  private current(apiKey: string, now: number): Window[] {
    const starts = ORDER_WINDOWS.map(({ lengthMs }) => now - (now % lengthMs));
    let windows = this.byKey.get(apiKey);
    if (windows === undefined) {
      windows = starts.map((start) => ({ start, count: 0 }));
      this.byKey.set(apiKey, windows);
    }
    windows.forEach((window, i) => {
      if (window.start !== starts[i]) Object.assign(window, { start: starts[i], count: 0 });
    });
    return windows;
  }
}
