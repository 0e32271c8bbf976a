import { ALL_DAY, ErrorCode, liquidityReportUnit, liquidityVerdict, type LiquidityObligation, type LiquidityReport, type LiquidityReportUnit, type LiquidityObligationSet, type LiquiditySummary, type LiquiditySummaryQuery } from '@makerdesk/contract';
import { aggregatedReport, DAY_MS, HOUR_MS, rangeMinutes, REPORT_UNIT_MS, requiredUpSeconds, summaryBand } from '@makerdesk/engine';
import { AppError } from '../../domain/app-error.ts';
import type { AdminRow } from '../../domain/account.ts';
import type { LiquidityRepository } from '../../repositories/liquidity.repository.ts';
import type { Port } from '../../repositories/repositories.ts';
import type { CoinService } from '../coin.service.ts';
import { liquidityReportCsv } from './liquidity-report-csv.ts';

export interface LiquidityDeps {
  repo: Port<LiquidityRepository>;
  coins: Pick<CoinService, 'findCoin' | 'requireUsablePair'>;
  now?: () => number;
  /** Told when an obligation changes (the sampler measures against the new one from its next round). */
  onObligationSet?: (coinId: number) => void;
}

/**
 * Liquidity obligations and their figures (issue 20): the main account sets a pair's obligation; any
 * account that may use the pair (the main account, a restricted account bound to it) reads it and
 * the summary of its one-minute rows.
 */
export class LiquidityService {
  private readonly now: () => number;

  constructor(private readonly deps: LiquidityDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The route lets the main account only through. */
  async setObligation(admin: AdminRow, request: LiquidityObligationSet): Promise<LiquidityObligation> {
    const { coinId, ...terms } = request;
    if (!(await this.deps.coins.findCoin(coinId))) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    const stored = await this.deps.repo.setObligation(coinId, terms, admin.id);
    this.deps.onObligationSet?.(coinId);
    return stored;
  }

  async obligation(admin: AdminRow, coinId: number): Promise<LiquidityObligation | null> {
    await this.deps.coins.requireUsablePair(admin, coinId);
    return this.deps.repo.obligation(coinId);
  }

  async summary(admin: AdminRow, query: LiquiditySummaryQuery): Promise<LiquiditySummary> {
    return (await this.aggregated(admin, query, DAY_MS, null)).summary;
  }

  /**
   * The printable report in one answer (GET /backend/liquidity/report): the period's summary, its
   * verdict and the table hour by hour or day by day, from the range's rows added up by the database
   * per hour or day, with the same figures as the CSV.
   */
  async report(admin: AdminRow, query: LiquiditySummaryQuery): Promise<LiquidityReport> {
    const unit = liquidityReportUnit(query.from, query.to);
    const { obligation, summary, buckets } = await this.aggregated(admin, query, unit === null ? DAY_MS : REPORT_UNIT_MS[unit], unit);
    return { obligation, summary, verdict: obligation && liquidityVerdict(summary, obligation), unit, rows: buckets };
  }

  /** The summary's range hour by hour (UTC) as CSV, with the obligation and the period's figures stated. */
  async reportCsv(admin: AdminRow, query: LiquiditySummaryQuery): Promise<{ fileName: string; csv: string }> {
    const { coin, obligation, summary, buckets } = await this.aggregated(admin, query, HOUR_MS, 'hour');
    const terms = obligation && { maxSpreadBps: obligation.maxSpreadBps, depthWithinPct: obligation.depthWithinPct, minDepthQuote: obligation.minDepthQuote, minUptimePct: obligation.minUptimePct, period: obligation.period, fromHourUtc: obligation.fromHourUtc, toHourUtc: obligation.toHourUtc };
    const csv = liquidityReportCsv({ pair: coin.coinName, from: query.from, to: query.to, obligation: terms, period: summary, hours: buckets });
    const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '');
    return { fileName: `liquidity_${coin.coinName.replace(/[^A-Za-z0-9]+/g, '-')}_${stamp(query.from)}Z_${stamp(query.to)}Z.csv`, csv };
  }

  /**
   * A range of a pair the reader may use: its obligation, the period's summary and its buckets of
   * `unit` (parts of `partMs`, the unit's length). The database adds the rows up per part
   * (LiquidityRepository.totals); aggregatedReport gives what summariseLiquidity and
   * liquidityBuckets give from the rows themselves.
   */
  private async aggregated(admin: AdminRow, query: LiquiditySummaryQuery, partMs: number, unit: LiquidityReportUnit | null) {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    const obligation = await this.deps.repo.obligation(query.coinId);
    const now = this.now();
    const { start, end } = rangeMinutes(query.from, query.to, now);
    const { parts, runs } =
      end > start
        ? await this.deps.repo.totals({
            coinId: query.coinId,
            start,
            end,
            partMs,
            withinPct: summaryBand({ obligation }),
            hours: obligation ?? ALL_DAY,
            requiredUpSec: obligation === null ? null : requiredUpSeconds(obligation.minUptimePct),
          })
        : { parts: [], runs: [] };
    return { coin, obligation, ...aggregatedReport({ from: query.from, to: query.to, now, obligation, partMs, parts, runs }, unit) };
  }
}
