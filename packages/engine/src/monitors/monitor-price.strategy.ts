import type { MonitorPriceConfig } from '@makerdesk/contract';
import { compare, max, min, mul } from '@makerdesk/decimal';
import { alert, emergencyStop, notify, type Intent } from '../intents.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { midPrice, percentChange, sameRun, withMargin } from './monitor-kit.ts';

/**
 * Price monitor (docs/strategies.md, "Price monitor"): the own book's mid against a lower and an
 * upper bound, and its move within a rolling window (from the window's lowest and highest price).
 * Each breach raises one alert, and with the `stop_pair` action the pair's emergency stop; its end
 * (back inside by the recovery margin) raises one "back to normal" notice.
 */

/** The window is kept as at most this many buckets (each its lowest and highest price), whatever its length. */
export const WINDOW_BUCKETS = 120;

/** [bucket index, lowest, highest]: bucket i covers [i × bucketMs, (i + 1) × bucketMs). */
export type PriceBucket = [number, string, string];

export interface PriceMonitorState {
  run: number | null;
  bucketMs: number;
  buckets: PriceBucket[];
  bound: 'lower' | 'upper' | null;
  /** The move (%) that breached, while the move rule is breached. */
  moved: string | null;
  /** True while the book is empty (told once). */
  blind: boolean;
}

export function bucketMsOf(windowMinutes: number): number {
  return Math.max(1000, Math.ceil((windowMinutes * 60_000) / WINDOW_BUCKETS));
}

/** The window with `price` added at `now`, buckets that ended before the window dropped. */
export function slideWindow(buckets: readonly PriceBucket[], bucketMs: number, windowMs: number, now: number, price: string): PriceBucket[] {
  const current = Math.floor(now / bucketMs);
  const kept = buckets.filter(([i]) => (i + 1) * bucketMs > now - windowMs && i <= current);
  const last = kept.at(-1);
  if (last && last[0] === current) return [...kept.slice(0, -1), [current, min(last[1], price), max(last[2], price)]];
  return [...kept, [current, price, price]];
}

/** The largest move of `price` from the window's lowest (up) or highest (down) price, in %. */
export function windowMove(buckets: readonly PriceBucket[], price: string): { percent: string; direction: 'up' | 'down' } {
  let lo = price;
  let hi = price;
  for (const [, l, h] of buckets) {
    lo = min(lo, l);
    hi = max(hi, h);
  }
  const up = percentChange(price, lo) ?? '0';
  const down = mul(percentChange(price, hi) ?? '0', '-1');
  return compare(up, down) >= 0 ? { percent: up, direction: 'up' } : { percent: down, direction: 'down' };
}

function boundStatus(config: MonitorPriceConfig, price: string, previous: PriceMonitorState['bound']): PriceMonitorState['bound'] {
  const { lowerBound: lower, upperBound: upper, recoveryMargin: margin } = config;
  if (previous === 'lower' && lower !== undefined && compare(price, withMargin(lower, margin, 1)) < 0) return 'lower';
  if (previous === 'upper' && upper !== undefined && compare(price, withMargin(upper, margin, -1)) > 0) return 'upper';
  if (lower !== undefined && compare(price, lower) < 0) return 'lower';
  if (upper !== undefined && compare(price, upper) > 0) return 'upper';
  return null;
}

function decide(input: TickInput<MonitorPriceConfig, PriceMonitorState>): TickOutput<PriceMonitorState> {
  const { config, market, now } = input;
  const symbol = market.rules.symbol;
  const bucketMs = bucketMsOf(config.windowMinutes);
  const fresh = !sameRun(input.state, input.startedAt);
  const prior: PriceMonitorState = fresh ? { run: input.startedAt, bucketMs, buckets: [], bound: null, moved: null, blind: false } : input.state;
  const price = midPrice(market.book);
  if (price === null) {
    const intents = prior.blind ? [] : [alert('warn', `Price monitor: the ${symbol} book is empty, no price to check; checks resume when it has one`)];
    return { intents, state: { ...prior, blind: true }, reference: null };
  }
  const intents: Intent[] = prior.blind ? [alert('info', `Price monitor: ${symbol} has a price again (${price})`)] : [];
  const buckets = slideWindow(prior.bucketMs === bucketMs ? prior.buckets : [], bucketMs, config.windowMinutes * 60_000, now, price);
  const breaches: string[] = [];

  const bound = boundStatus(config, price, prior.bound);
  if (bound !== prior.bound) {
    if (bound === 'lower') breaches.push(`the price ${price} is below the lower bound ${config.lowerBound}`);
    else if (bound === 'upper') breaches.push(`the price ${price} is above the upper bound ${config.upperBound}`);
    else intents.push(notify('info', `${symbol} price back inside its bounds`, `The price ${price} is back ${prior.bound === 'lower' ? `above ${config.lowerBound}` : `below ${config.upperBound}`}.`));
  }

  let moved: string | null = null;
  if (config.movePercent !== undefined) {
    const move = windowMove(buckets, price);
    const limit = prior.moved !== null ? withMargin(config.movePercent, config.recoveryMargin, -1) : config.movePercent;
    if (compare(move.percent, limit) >= 0) moved = move.percent;
    if (moved !== null && prior.moved === null) breaches.push(`the price ${price} moved ${move.direction} ${move.percent} % within ${config.windowMinutes} min (limit ${config.movePercent} %)`);
    if (moved === null && prior.moved !== null) intents.push(notify('info', `${symbol} price move back to normal`, `The move within ${config.windowMinutes} min is ${move.percent} %, under ${config.movePercent} %.`));
  }

  if (breaches.length > 0) {
    const reason = breaches.join('; ');
    if (config.action === 'stop_pair') {
      intents.unshift(emergencyStop(reason));
      intents.push(notify('error', `${symbol} price alert: pair stopped`, `${capitalised(reason)}. The pair's bots are stopped and their orders cancelled.`));
    } else {
      intents.push(notify('warn', `${symbol} price alert`, `${capitalised(reason)}.`));
    }
  }
  return { intents, state: { run: prior.run, bucketMs, buckets, bound, moved, blind: false }, reference: price };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const monitorPriceStrategy: Strategy<MonitorPriceConfig, PriceMonitorState> = {
  type: 'monitor_price',
  watchOnly: true,
  intervalMs: (config) => config.intervalSec * 1000,
  initialState: (config) => ({ run: null, bucketMs: bucketMsOf(config.windowMinutes), buckets: [], bound: null, moved: null, blind: false }),
  needs: () => ({ bookDepth: 1, references: [], balances: false }),
  decide,
};

