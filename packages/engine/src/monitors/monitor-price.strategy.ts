import { text, type MonitorPriceConfig, type ServerText } from '@makerdesk/contract';
import { compare, max, min, mul } from '@makerdesk/decimal';
import { alert, emergencyStop, notify, type Intent } from '../intents.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { joined, midPrice, nested, percentChange, percentOf, priceOf, sameRun, withMargin } from './monitor-kit.ts';

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
  const { rules } = market;
  const pair = rules.symbol;
  const bucketMs = bucketMsOf(config.windowMinutes);
  const fresh = !sameRun(input.state, input.startedAt);
  const prior: PriceMonitorState = fresh ? { run: input.startedAt, bucketMs, buckets: [], bound: null, moved: null, blind: false } : input.state;
  const price = midPrice(market.book);
  if (price === null) {
    const intents = prior.blind ? [] : [alert('warn', text('monitor.price.emptyBook', { pair }))];
    return { intents, state: { ...prior, blind: true }, reference: null };
  }
  const shownPrice = priceOf(price, rules);
  const lower = config.lowerBound !== undefined ? priceOf(config.lowerBound, rules) : '';
  const upper = config.upperBound !== undefined ? priceOf(config.upperBound, rules) : '';
  const intents: Intent[] = prior.blind ? [alert('info', text('monitor.price.priceBack', { pair, price: shownPrice }))] : [];
  const buckets = slideWindow(prior.bucketMs === bucketMs ? prior.buckets : [], bucketMs, config.windowMinutes * 60_000, now, price);
  /** Each breach as a clause key and its params (also the start of a sentence: `<key>Sentence`). */
  const breaches: ServerText[] = [];

  const bound = boundStatus(config, price, prior.bound);
  if (bound !== prior.bound) {
    if (bound === 'lower') breaches.push(text('monitor.price.below', { price: shownPrice, lower }));
    else if (bound === 'upper') breaches.push(text('monitor.price.above', { price: shownPrice, upper }));
    else {
      const back = prior.bound === 'lower' ? text('monitor.price.backAboveText', { price: shownPrice, lower }) : text('monitor.price.backBelowText', { price: shownPrice, upper });
      intents.push(notify('info', text('monitor.price.backInsideTitle', { pair }), back));
    }
  }

  let moved: string | null = null;
  if (config.movePercent !== undefined) {
    const move = windowMove(buckets, price);
    const limit = prior.moved !== null ? withMargin(config.movePercent, config.recoveryMargin, -1) : config.movePercent;
    if (compare(move.percent, limit) >= 0) moved = move.percent;
    const figures = { minutes: config.windowMinutes, move: percentOf(move.percent), limit: percentOf(config.movePercent) };
    if (moved !== null && prior.moved === null) breaches.push(text('monitor.price.moved', { price: shownPrice, direction: `@monitor.word.${move.direction}`, ...figures }));
    if (moved === null && prior.moved !== null) intents.push(notify('info', text('monitor.price.moveBackTitle', { pair }), text('monitor.price.moveBackText', figures)));
  }

  if (breaches.length > 0) {
    const reason = joined(breaches);
    // In a sentence the first clause starts with a capital.
    const sentence = joined([{ key: `${breaches[0]!.key}Sentence`, params: breaches[0]!.params }, ...breaches.slice(1)]);
    if (config.action === 'stop_pair') {
      intents.unshift(emergencyStop(reason));
      intents.push(notify('error', text('monitor.price.stoppedTitle', { pair }), text('monitor.price.stoppedText', nested('breach', sentence))));
    } else {
      intents.push(notify('warn', text('monitor.price.alertTitle', { pair }), text('monitor.price.alertText', nested('breach', sentence))));
    }
  }
  return { intents, state: { run: prior.run, bucketMs, buckets, bound, moved, blind: false }, reference: price };
}

export const monitorPriceStrategy: Strategy<MonitorPriceConfig, PriceMonitorState> = {
  type: 'monitor_price',
  watchOnly: true,
  intervalMs: (config) => config.intervalSec * 1000,
  initialState: (config) => ({ run: null, bucketMs: bucketMsOf(config.windowMinutes), buckets: [], bound: null, moved: null, blind: false }),
  needs: () => ({ bookDepth: 1, references: [], balances: false }),
  decide,
};

