import { CHURN_WINDOW_SEC, EMPTY_LIVE_FIGURES, type RobotActionKind, type RobotLiveFigures, type ServerText } from '@makerdesk/contract';
import { add, compare, div, mul, parse, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { amountWithUnit, spreadBps as spreadBpsOf, thousands, truncate } from '@makerdesk/format';

/**
 * What a running bot shows live (issue 18 §5), pure: its own best bid and ask and their spread, its
 * inventory against its target, its last action, its orders, cancels and fills in the last hour and
 * their ratio, its errors. The bot runner feeds it; the server reads a snapshot per /robot/list row.
 */

/**
 * (ask − bid) / mid × 10,000 at two decimals, cut toward zero as every screen shows it
 * (@makerdesk/format's spreadBps, the one display rule); null when a side is missing or not positive.
 */
export function spreadBps(bid: string | null, ask: string | null): string | null {
  return spreadBpsOf(bid, ask, 2);
}

/** The best bid (highest buy) and best ask (lowest sell) among the bot's own resting orders. */
export function ownQuote(orders: readonly { side: Side; price: string }[]): RobotLiveFigures['quote'] {
  let bid: string | null = null;
  let ask: string | null = null;
  for (const o of orders) {
    if (o.side === 'buy' && (bid === null || compare(o.price, bid) > 0)) bid = o.price;
    if (o.side === 'sell' && (ask === null || compare(o.price, ask) < 0)) ask = o.price;
  }
  return { bid, ask, spreadBps: spreadBps(bid, ask) };
}

/** Orders per fill, two decimals (half-even); null without fills (the ratio is unbounded). */
export function orderToFill(orders: number, fills: number): string | null {
  if (fills <= 0) return null;
  return parse(div(String(orders), String(fills), { decimals: 2, rounding: 'half-even' }));
}

/** The base's share of the pair's value at `mid`: base × mid / (base × mid + quote), 4 decimals; null without a mid or value. */
export function baseShare(base: string, quote: string, mid: string | null): string | null {
  if (mid === null) return null;
  const baseValue = mul(base, mid);
  const total = add(baseValue, quote);
  if (sign(total) <= 0) return null;
  return parse(div(baseValue, total, { decimals: 4, rounding: 'half-even' }));
}

/**
 * Counts events in a sliding window, in buckets (one minute by default): bounded memory however fast
 * the bot is; the count is exact to a bucket at the window's old edge.
 */
export class RollingCounter {
  private readonly buckets = new Map<number, number>();

  constructor(
    private readonly windowMs = 3_600_000,
    private readonly bucketMs = 60_000,
  ) {}

  add(at: number, n = 1): void {
    if (n <= 0) return;
    const b = Math.floor(at / this.bucketMs);
    this.buckets.set(b, (this.buckets.get(b) ?? 0) + n);
    this.prune(at);
  }

  count(now: number): number {
    this.prune(now);
    let n = 0;
    for (const v of this.buckets.values()) n += v;
    return n;
  }

  private prune(now: number): void {
    const oldest = Math.floor((now - this.windowMs) / this.bucketMs);
    for (const b of this.buckets.keys()) if (b <= oldest) this.buckets.delete(b);
  }
}

/**
 * Events per minute over the last `windowMs` (or since `since` when that is shorter, never less than a
 * minute), one decimal (half-even); null before `since` is known.
 */
export function perMinute(count: number, now: number, since: number | null, windowMs: number): string | null {
  if (since === null) return null;
  const span = Math.max(60_000, Math.min(windowMs, now - since));
  return parse(div(String(count * 60_000), String(span), { decimals: 1, rounding: 'half-even' }));
}

/** One bot's live figures, fed by its runner. */
export class LiveFigures {
  private quote: RobotLiveFigures['quote'] = EMPTY_LIVE_FIGURES.quote;
  private inventory: RobotLiveFigures['inventory'] = EMPTY_LIVE_FIGURES.inventory;
  private lastAction: RobotLiveFigures['lastAction'] = null;
  /** Undefined for a bot that does not quote to its pair's obligation (the snapshot then has none). */
  private obligation: RobotLiveFigures['obligation'] = undefined;
  private readonly orders = new RollingCounter();
  private readonly cancels = new RollingCounter();
  private readonly fills = new RollingCounter();
  /** The churn window: placements and cancels, in 10 s buckets. */
  private readonly recentPlaced = new RollingCounter(CHURN_WINDOW_SEC * 1000, 10_000);
  private readonly recentCancelled = new RollingCounter(CHURN_WINDOW_SEC * 1000, 10_000);
  private since: number | null = null;
  private errorCount = 0;
  private lastError: { at: number; text: ServerText } | null = null;

  setQuote(orders: readonly { side: Side; price: string }[]): void {
    this.quote = ownQuote(orders);
  }

  /** The key's balances at the tick, the pair's mid and the bot's target share (null when its type has none). */
  setInventory(base: string, quote: string, mid: string | null, target: string | null): void {
    this.inventory = { base: parse(base), share: baseShare(base, quote, mid), target: target === null ? null : parse(target) };
  }

  /** How close the bot runs to its pair's obligation (null: it quotes to it, the pair has none). */
  setObligation(progress: NonNullable<RobotLiveFigures['obligation']> | null): void {
    this.obligation = progress;
  }

  action(at: number, kind: RobotActionKind, reason: ServerText): void {
    this.lastAction = { at, kind, reason };
  }

  /** The run's first tick: the churn rates count from here. */
  begin(at: number): void {
    this.since ??= at;
  }

  placed(at: number, n = 1): void {
    this.orders.add(at, n);
    this.recentPlaced.add(at, n);
  }

  cancelled(at: number, n = 1): void {
    this.cancels.add(at, n);
    this.recentCancelled.add(at, n);
  }

  filled(at: number, n = 1): void {
    this.fills.add(at, n);
  }

  error(at: number, reason: ServerText): void {
    this.errorCount++;
    this.lastError = { at, text: reason };
  }

  snapshot(now: number): RobotLiveFigures {
    const orders = this.orders.count(now);
    const fills = this.fills.count(now);
    return {
      quote: this.quote,
      inventory: this.inventory,
      lastAction: this.lastAction,
      lastHour: { orders, cancels: this.cancels.count(now), fills, orderToFill: orderToFill(orders, fills) },
      perMinute: {
        placements: perMinute(this.recentPlaced.count(now), now, this.since, CHURN_WINDOW_SEC * 1000),
        cancels: perMinute(this.recentCancelled.count(now), now, this.since, CHURN_WINDOW_SEC * 1000),
        windowSec: CHURN_WINDOW_SEC,
        // The runner tells the placement budget's (placement-budget.ts).
        refreshTolerance: null,
        budget: null,
        deferred: null,
      },
      errors: { count: this.errorCount, last: this.lastError },
      ...(this.obligation !== undefined ? { obligation: this.obligation } : {}),
    };
  }
}

/** Thousands separators on a decimal string: '-1234567' → '-1,234,567' (@makerdesk/format). */
export const grouped = thousands;

/** A value at `decimals`, cut toward zero (the display rule), padded, grouped, with its unit: "64,766.67 USDT" (@makerdesk/format). */
export const withUnit = amountWithUnit;

/** A fraction as a signed percentage, "+0.12 %": two decimals, four when it would read 0.00; cut toward zero (the display rule). */
export function percentMove(fraction: string): string {
  let pct = truncate(mul(fraction, '100'), 2);
  if (sign(pct) === 0 && sign(fraction) !== 0) pct = truncate(mul(fraction, '100'), 4);
  return `${sign(pct) > 0 ? '+' : ''}${pct} %`;
}
