import { REFRESH_TOLERANCE_MAX } from '@makerdesk/contract';
import { compare, div, isDecimal, max, min, mul, parse, sign } from '@makerdesk/decimal';
import { RollingCounter } from './live-figures.ts';

/**
 * A quoting bot's placement budget (issue 19's churn): instead of a fixed refresh tolerance, the
 * tolerance adapts to how fast the bot places. Pure: the caller gives the time.
 *
 * - The budget: each bot on a live venue may place `placementBudgetPerMinute` orders a minute: its
 *   key's daily order cap (as the venue reports it), less a safety margin, shared evenly among the
 *   key's running quoting bots, spread over the day's minutes; never above
 *   QUOTING_PLACEMENTS_PER_MINUTE (a live venue that reports no cap gets that). The simulator in
 *   process has no cap and no budget: its bots keep their configured tolerance.
 * - The governor (`PlacementGovernor`) counts the bot's placements over the last BUDGET_WINDOW_MS
 *   (its first SETTLE_MS left out: the start-up ladder is not churn). From FIRST_ADJUST_MS past that,
 *   at most every ADJUST_EVERY_MS, a rate over the budget widens the tolerance one level (doubles
 *   it), a rate under NARROW_BELOW of the budget over NARROW_WINDOW_MS (and that long after the last
 *   widening) narrows it one level back. Levels are bounded both ways: 0 (the
 *   configured tolerance) and the level where the doubled tolerance reaches its bound
 *   (`toleranceBound`: MAX_LEVEL doublings, the bot's nearest half-spread, REFRESH_TOLERANCE_MAX).
 */
export const QUOTING_PLACEMENTS_PER_MINUTE = 5;
/** Of the key's daily order cap, the share the budgets hand out (the key's day pacing holds 85 % too). */
export const DAY_CAP_SAFETY = 0.85;
export const BUDGET_WINDOW_MS = 60_000;
export const ADJUST_EVERY_MS = 30_000;
export const SETTLE_MS = 20_000;
/** The first step waits this long past the settle: the rate is then over at least that much time. */
export const FIRST_ADJUST_MS = 30_000;
/**
 * Narrow back only under a quarter of the budget: the churn a tolerance leaves goes with the square
 * of the market's moves against it, so halving the tolerance may bring up to four times the
 * placements; narrowing any sooner would put the bot back over its budget (and flap).
 */
export const NARROW_BELOW = 0.25;
/**
 * Narrowing reads a longer window, and waits that long after the last widening: a bot's placements
 * come in bursts (the market moving a layer step), and a quiet minute says little.
 */
export const NARROW_WINDOW_MS = 300_000;
/** At most three doublings: eight times the configured tolerance. */
export const MAX_LEVEL = 3;

const MINUTES_A_DAY = 1440;

export interface BudgetInput {
  /** The bot's session is the built-in simulator in process. */
  simulated: boolean;
  /** The key's orders a day as the venue reports its limit; null when it reports none. */
  dailyOrderCap: number | null;
  /**
   * The key's running quoting bots, this one included; with several servers sharing the key, this
   * server's count over its share of the key (so it may not be a whole number).
   */
  botsOnKey: number;
}

/**
 * Placements a minute this bot may use, two decimals (cut down); null where no budget applies (the
 * simulator in process without a cap).
 */
export function placementBudgetPerMinute(input: BudgetInput): number | null {
  const cap = input.dailyOrderCap;
  if (cap === null || !Number.isFinite(cap) || cap <= 0) return input.simulated ? null : QUOTING_PLACEMENTS_PER_MINUTE;
  const share = (cap * DAY_CAP_SAFETY) / Math.max(1, input.botsOnKey) / MINUTES_A_DAY;
  return Math.min(QUOTING_PLACEMENTS_PER_MINUTE, Math.floor(share * 100) / 100);
}

/**
 * How far the tolerance may widen: MAX_LEVEL doublings of it, no further than the bot's nearest
 * half-spread (an order kept nearer the market never passes the reference price) nor the field's
 * maximum; never below the configured tolerance itself.
 */
export function toleranceBound(base: string, halfSpread: string | null): string {
  let bound = min(mul(base, String(2 ** MAX_LEVEL)), REFRESH_TOLERANCE_MAX);
  if (halfSpread !== null && sign(halfSpread) > 0) bound = min(bound, halfSpread);
  return parse(max(base, bound));
}

/** The levels that widen anything: doublings until the bound is reached (0 for a tolerance of 0, which asks for exact prices). */
export function usefulLevels(base: string, bound: string): number {
  if (sign(base) <= 0) return 0;
  let level = 0;
  while (level < MAX_LEVEL && compare(mul(base, String(2 ** level)), bound) < 0) level++;
  return level;
}

/** The tolerance at a level: doubled `level` times, at most `bound`; a tolerance of 0 stays 0. */
export function widenedTolerance(base: string, level: number, bound: string): string {
  if (sign(base) <= 0 || level <= 0) return parse(base);
  return parse(max(base, min(mul(base, String(2 ** Math.min(level, MAX_LEVEL))), bound)));
}

/** One bot's placement rate against its budget, and the widening level it sets. */
export class PlacementGovernor {
  private readonly placements = new RollingCounter(BUDGET_WINDOW_MS, 5_000);
  private readonly longer = new RollingCounter(NARROW_WINDOW_MS, 10_000);
  private since: number | null = null;
  private lastAdjust = Number.NEGATIVE_INFINITY;
  private lastWiden = Number.NEGATIVE_INFINITY;
  private current = 0;

  /** The run's first tick. */
  begin(at: number): void {
    this.since ??= at;
  }

  placed(at: number, n = 1): void {
    if (this.since !== null && at < this.since + SETTLE_MS) return;
    this.placements.add(at, n);
    this.longer.add(at, n);
  }

  get level(): number {
    return this.current;
  }

  /** Placements a minute over the window (since the settle when shorter, over FIRST_ADJUST_MS at least); null before the settle ends. */
  rate(now: number): number | null {
    if (this.since === null) return null;
    const from = this.since + SETTLE_MS;
    if (now < from) return null;
    const span = Math.max(FIRST_ADJUST_MS, Math.min(BUDGET_WINDOW_MS, now - from));
    return (this.placements.count(now) * 60_000) / span;
  }

  /**
   * The level for this tick: widened over the budget (the last minute's rate), narrowed well under it
   * (the last NARROW_WINDOW_MS's, that long after the last widening), at most one step per
   * ADJUST_EVERY_MS, within [0, maxLevel]. No budget: back to 0.
   */
  adjust(now: number, budget: number | null, maxLevel: number): number {
    if (budget === null) return (this.current = 0);
    this.current = Math.min(this.current, Math.max(0, maxLevel));
    const rate = this.rate(now);
    if (rate === null || now < this.since! + SETTLE_MS + FIRST_ADJUST_MS || now - this.lastAdjust < ADJUST_EVERY_MS) return this.current;
    if (rate > budget && this.current < maxLevel) {
      this.current++;
      this.lastAdjust = now;
      this.lastWiden = now;
    } else if (this.current > 0 && now - this.lastWiden >= NARROW_WINDOW_MS && (this.longer.count(now) * 60_000) / NARROW_WINDOW_MS < budget * NARROW_BELOW) {
      this.current--;
      this.lastAdjust = now;
    }
    return this.current;
  }
}

/** Where a quoting config keeps its refresh tolerance: `options.refreshTolerance` (depth bots) or `refreshTolerance` (ladder bots). */
type Holder = 'options' | 'top';

function holderOf(config: Record<string, unknown>): Holder | null {
  const options = config.options as Record<string, unknown> | undefined;
  if (typeof options?.refreshTolerance === 'string') return 'options';
  if (typeof config.refreshTolerance === 'string') return 'top';
  return null;
}

/** The configured refresh tolerance of a quoting config, and its nearest half-spread; null when it has none. */
export function refreshToleranceOf(config: Record<string, unknown>): { base: string; halfSpread: string | null } | null {
  const holder = holderOf(config);
  if (holder === null) return null;
  const base = holder === 'options' ? ((config.options as Record<string, unknown>).refreshTolerance as string) : (config.refreshTolerance as string);
  const spread = [config.baseSpreadMin, config.baseSpread].find((v): v is string => typeof v === 'string' && isDecimal(v));
  return { base, halfSpread: spread === undefined ? null : div(spread, '2', { decimals: 12, rounding: 'down' }) };
}

/** The config with its refresh tolerance replaced (the same object when unchanged). */
export function withRefreshTolerance<C extends Record<string, unknown>>(config: C, tolerance: string): C {
  const holder = holderOf(config);
  if (holder === null) return config;
  if (holder === 'top') return config.refreshTolerance === tolerance ? config : { ...config, refreshTolerance: tolerance };
  const options = config.options as Record<string, unknown>;
  return options.refreshTolerance === tolerance ? config : { ...config, options: { ...options, refreshTolerance: tolerance } };
}
