/**
 * Whether the live benches' bots still quote while their placement budget widens their refresh
 * tolerance (issue 19): /robot/list's runtime read every few seconds, each bot's own best bid and ask
 * counted two-sided or not, their spread in bps, and the tolerance and budget the bots show.
 */
import { median } from './report.ts';

export interface QuoteRow {
  id: number;
  runtime: {
    quote: { bid: string | null; ask: string | null; spreadBps: string | null };
    perMinute: { refreshTolerance?: string | null; budget?: string | null; deferred?: number | null };
    lastHour: { fills: number };
  } | null;
}

export interface QuoteSummary {
  /** Of every bot-sample, the share with both a bid and an ask resting. */
  twoSided: number;
  /** Median of the bots' own spreads (bps) over the two-sided samples. */
  spreadBps: number | null;
  /** The tolerances the bots showed at the last sample: lowest, median, highest (null: the field is absent). */
  tolerance: { min: string; median: string; max: string } | null;
  /** The budget the bots showed at the last sample (placements a minute), or null. */
  budget: string | null;
  /** Placements a bot deferred past its budget in the last minute (its own figure), the mean over the bot-samples that show one; null when none does. */
  deferredPerBotMin: number | null;
  /** Fills a bot saw in its last hour, the mean over the bots at the last sample: a filled order is replaced whatever the tolerance. */
  fillsPerBot: number;
}

/** Samples `read()` (the bots' rows) every `everyMs` until stopped. */
export function sampleQuotes(read: () => Promise<QuoteRow[]>, everyMs = 5_000): { stop: () => Promise<QuoteSummary> } {
  let samples = 0;
  let twoSided = 0;
  const spreads: number[] = [];
  const deferred: number[] = [];
  let last: QuoteRow[] = [];
  let busy: Promise<void> = Promise.resolve();
  const take = async () => {
    const rows = await read();
    last = rows;
    for (const row of rows) {
      samples++;
      const quote = row.runtime?.quote;
      const held = row.runtime?.perMinute.deferred;
      if (typeof held === 'number') deferred.push(held);
      if (quote?.bid && quote.ask) {
        twoSided++;
        if (quote.spreadBps !== null) spreads.push(Number(quote.spreadBps));
      }
    }
  };
  const timer = setInterval(() => {
    busy = busy.then(take).catch(() => undefined);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      const tolerances = last.map((r) => r.runtime?.perMinute.refreshTolerance).filter((v): v is string => typeof v === 'string');
      const sorted = [...tolerances].sort((a, b) => Number(a) - Number(b));
      return {
        twoSided: samples === 0 ? 0 : twoSided / samples,
        spreadBps: spreads.length === 0 ? null : median(spreads),
        tolerance: sorted.length === 0 ? null : { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! },
        deferredPerBotMin: deferred.length === 0 ? null : deferred.reduce((a, b) => a + b, 0) / deferred.length,
        budget: last.map((r) => r.runtime?.perMinute.budget).find((v): v is string => typeof v === 'string') ?? null,
        fillsPerBot: last.length === 0 ? 0 : last.reduce((sum, r) => sum + (r.runtime?.lastHour.fills ?? 0), 0) / last.length,
      };
    },
  };
}

/** "0.0005 / 0.001 / 0.002" (lowest / median / highest), or "–". */
export function toleranceText(summary: QuoteSummary): string {
  const t = summary.tolerance;
  if (t === null) return '–';
  return t.min === t.max ? t.min : `${t.min} / ${t.median} / ${t.max}`;
}
