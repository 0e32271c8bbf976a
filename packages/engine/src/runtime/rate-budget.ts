import { isExchangeError, LOCAL_READS, type ExchangeError, type LocalRead } from '@makerdesk/exchange';
import { systemClock, type Clock } from '../ports.ts';
import type { RateBudgets } from './engine-api.ts';
import { interceptExchange } from './intercept-exchange.ts';
import { VenuePacer, type PacedCall } from './venue-pacing.ts';

/** A token bucket: `ratePerSecond` tokens a second, at most `burst` saved up. */
export interface RateLimit {
  ratePerSecond: number;
  burst: number;
}

/** Live keys: well under the common venue limits (Binance spot allows 6000 weight a minute). */
export const LIVE_RATE_LIMIT: RateLimit = { ratePerSecond: 10, burst: 20 };
/** The built-in simulator answers in-process; its keys (`sim…`) get a much larger budget. */
export const SIM_RATE_LIMIT: RateLimit = { ratePerSecond: 1000, burst: 2000 };

export interface RateBudgetOptions {
  clock?: Clock;
  /** The bucket of a key; by default SIM_RATE_LIMIT for keys starting with `sim`, else LIVE_RATE_LIMIT. */
  limitFor?: (budgetKey: string) => RateLimit;
  /**
   * The part of a key's limit this process may use, in (0, 1], read whenever tokens are counted:
   * with several servers sharing the keys, each takes its share, so together they stay within the
   * venue's limit. 1 (the whole limit) by default.
   */
  shareOf?: (budgetKey: string) => number;
  /** Pause after a 429/418 without Retry-After: `initialMs`, doubling per strike up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
  /** Told when a key starts (or extends) a pause. */
  onThrottle?: (budgetKey: string, untilMs: number) => void;
}

export const defaultLimitFor = (budgetKey: string): RateLimit => (budgetKey.startsWith('sim') ? SIM_RATE_LIMIT : LIVE_RATE_LIMIT);

/** A share as used: in (0, 1], anything else (not a number, 0 or less) the whole. */
export function usableShare(share: number): number {
  return Number.isFinite(share) && share > 0 ? Math.min(1, share) : 1;
}

/** `share` of a limit: the rate scaled, the burst too but never below one call. */
export function shareOfLimit(limit: RateLimit, share: number): RateLimit {
  const part = usableShare(share);
  return { ratePerSecond: limit.ratePerSecond * part, burst: Math.max(1, limit.burst * part) };
}

/** Cancels take risk off the book: they wait ahead of every other call on the key (an emergency stop's cancels pass the bots' reads). */
const URGENT: ReadonlySet<string> = new Set(['cancelOrder', 'cancelOrders']);

/**
 * One token bucket per venue key. Calls wait in FIFO order for a token, cancels ahead of the rest; a 'rate_limited' answer
 * pauses the whole key (Retry-After when the venue said, else exponential backoff) and is handed
 * back to the caller unretried, so a 429 never turns into a storm of retries. Where the venue
 * reports its limits' use (`Exchange.venueUsage`: request weight, order counts), the key's calls
 * are also paced to stay under them (venue-pacing.ts), before the venue refuses, not after.
 */
export function createRateBudgets(options: RateBudgetOptions = {}): RateBudgets {
  const clock = options.clock ?? systemClock;
  const limitFor = options.limitFor ?? defaultLimitFor;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  const budgets = new Map<string, KeyBudget>();
  const budgetOf = (key: string): KeyBudget => {
    let budget = budgets.get(key);
    if (!budget) {
      const limit = limitFor(key);
      const shareOf = options.shareOf;
      budget = new KeyBudget(key, shareOf ? () => shareOfLimit(limit, shareOf(key)) : () => limit, clock, backoff, options.onThrottle);
      budgets.set(key, budget);
    }
    return budget;
  };
  return {
    shareOf: (budgetKey) => usableShare(options.shareOf?.(budgetKey) ?? 1),
    wrap(exchange, budgetKey) {
      const budget = budgetOf(budgetKey);
      const observe = () => budget.pacer.observe(exchange.venueUsage?.() ?? null);
      return interceptExchange(exchange, async (method, send, args) => {
        // A read the server's streams answer costs the venue nothing: no token, no pace (issue 19).
        if (LOCAL_READS.has(method) && exchange.answersLocally?.(method as LocalRead, args) === true) return send();
        const kind: PacedCall = method === 'placeOrder' ? 'order' : 'request';
        // A token at hand, the venue's limits not near and nobody queued: the call goes at once (what acquire would grant next).
        if (!budget.tryTake(kind)) await budget.acquire(URGENT.has(method), kind);
        try {
          const answer = await send();
          budget.succeeded();
          return answer;
        } catch (err) {
          if (isExchangeError(err) && err.kind === 'rate_limited') budget.rateLimited(err);
          throw err;
        } finally {
          observe();
        }
      });
    },
    throttledUntil(budgetKey) {
      const until = budgets.get(budgetKey)?.pausedUntil ?? 0;
      return until > clock.now() ? until : null;
    },
  };
}

interface Waiting {
  grant: () => void;
  kind: PacedCall;
}

class KeyBudget {
  pausedUntil = 0;
  /** The venue's reported use of its limits, and the pace it sets. */
  readonly pacer = new VenuePacer();
  private tokens: number;
  private refilledAt: number;
  private strikes = 0;
  private readonly queue: Waiting[] = [];
  private readonly urgent: Waiting[] = [];
  private timer: unknown = null;
  /** Whether `timer` waits for the venue's pace (rather than for a token or the end of a pause). */
  private pacing = false;

  constructor(
    private readonly key: string,
    private readonly limitNow: () => RateLimit,
    private readonly clock: Clock,
    private readonly backoff: { initialMs: number; maxMs: number },
    private readonly onThrottle: RateBudgetOptions['onThrottle'],
  ) {
    this.tokens = limitNow().burst;
    this.refilledAt = clock.now();
  }

  /**
   * Waits for a token; an urgent call waits behind other urgent ones only, and is not held back by
   * the venue's pace (a cancel takes risk off the book and weighs little).
   */
  acquire(urgent = false, kind: PacedCall = 'request'): Promise<void> {
    return new Promise((resolve) => {
      (urgent ? this.urgent : this.queue).push({ grant: resolve, kind });
      if (urgent && this.pacing && this.timer !== null) {
        // The queue waits for the venue's pace, which does not hold an urgent call back.
        this.clock.clearTimeout(this.timer);
        this.timer = null;
      }
      this.pump();
    });
  }

  /** Takes a token when one is free now, the venue's pace allows and no call waits before this one; false otherwise. */
  tryTake(kind: PacedCall = 'request'): boolean {
    if (this.queue.length > 0 || this.urgent.length > 0 || this.timer !== null) return false;
    const now = this.clock.now();
    if (now < this.pausedUntil) return false;
    this.refill(now);
    if (this.tokens < 1) return false;
    if (this.pacer.reserve(kind, now) > 0) return false;
    this.tokens -= 1;
    return true;
  }

  succeeded(): void {
    this.strikes = 0;
  }

  rateLimited(err: ExchangeError): void {
    const said = Number(err.params.retryAfterMs);
    const pauseMs = Number.isFinite(said) && said > 0 ? said : Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.strikes);
    this.strikes++;
    const until = this.clock.now() + pauseMs;
    if (until > this.pausedUntil) {
      this.pausedUntil = until;
      this.tokens = 0;
      this.onThrottle?.(this.key, until);
    }
  }

  private pump(): void {
    if (this.timer !== null) return;
    while (this.urgent.length > 0 || this.queue.length > 0) {
      const now = this.clock.now();
      if (now < this.pausedUntil) return this.wake(this.pausedUntil - now);
      this.refill(now);
      if (this.tokens < 1) return this.wake(Math.ceil(((1 - this.tokens) / this.limitNow().ratePerSecond) * 1000));
      if (this.urgent.length === 0) {
        const paced = this.pacer.reserve(this.queue[0]!.kind, now);
        if (paced > 0) return this.wake(paced, true);
      }
      this.tokens -= 1;
      (this.urgent.shift() ?? this.queue.shift()!).grant();
    }
  }

  private refill(now: number): void {
    const from = Math.max(this.refilledAt, this.pausedUntil);
    const limit = this.limitNow();
    if (now > from) this.tokens = Math.min(limit.burst, this.tokens + ((now - from) / 1000) * limit.ratePerSecond);
    else if (this.tokens > limit.burst) this.tokens = limit.burst;
    this.refilledAt = now;
  }

  private wake(ms: number, pacing = false): void {
    this.pacing = pacing;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.pacing = false;
      this.pump();
    }, Math.max(1, ms));
  }
}
