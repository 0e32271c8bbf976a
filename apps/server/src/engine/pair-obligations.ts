import type { LiquidityObligationTerms } from '@makerdesk/contract';
import type { PairObligationPort } from '@makerdesk/engine';

/** How long a pair's obligation is read from the cache before it is read again (another server may have changed it). */
export const OBLIGATION_CACHE_MS = 30_000;

/**
 * The pairs' liquidity obligations as the bots quoting to them read them each tick (PairObligationPort):
 * from the store once, then from memory, read again after OBLIGATION_CACHE_MS or at once when this
 * server changed it (`forget`). A read that fails answers the last known terms when there are some.
 */
export class CachedPairObligations implements PairObligationPort {
  private readonly cache = new Map<number, { terms: LiquidityObligationTerms | null; at: number }>();
  private readonly loading = new Map<number, Promise<LiquidityObligationTerms | null>>();

  constructor(
    private readonly load: (coinId: number) => Promise<LiquidityObligationTerms | null>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = OBLIGATION_CACHE_MS,
  ) {}

  async read(coinId: number): Promise<LiquidityObligationTerms | null> {
    const hit = this.cache.get(coinId);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.terms;
    const pending = this.loading.get(coinId);
    if (pending) return pending;
    const started = this.now();
    const next = this.load(coinId)
      .then((stored) => {
        const terms: LiquidityObligationTerms | null = stored && {
          maxSpreadBps: stored.maxSpreadBps,
          depthWithinPct: stored.depthWithinPct,
          minDepthQuote: stored.minDepthQuote,
          minUptimePct: stored.minUptimePct,
          period: stored.period,
          ...(stored.fromHourUtc !== undefined ? { fromHourUtc: stored.fromHourUtc } : {}),
          ...(stored.toHourUtc !== undefined ? { toHourUtc: stored.toHourUtc } : {}),
        };
        this.cache.set(coinId, { terms, at: started });
        return terms;
      })
      .catch((err: unknown) => {
        if (hit) return hit.terms;
        throw err;
      })
      .finally(() => this.loading.delete(coinId));
    this.loading.set(coinId, next);
    return next;
  }

  /** The pair's obligation changed: the next read goes to the store. */
  forget(coinId: number): void {
    this.cache.delete(coinId);
  }
}
