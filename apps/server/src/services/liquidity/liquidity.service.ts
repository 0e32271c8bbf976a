import { ErrorCode, liquidityReportUnit, liquidityVerdict, type LiquidityObligation, type LiquidityReport, type LiquidityObligationSet, type LiquiditySummary, type LiquiditySummaryQuery } from '@makerdesk/contract';
import { hourlyLiquidity, liquidityBuckets, summariseLiquidity } from '@makerdesk/engine';
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
    return summariseLiquidity((await this.range(admin, query)).input);
  }

  /**
   * The printable report in one answer (GET /backend/liquidity/report): one read of the range's rows,
   * the period's summary, its verdict and the table hour by hour or day by day, grouped by the same
   * code as the CSV.
   */
  async report(admin: AdminRow, query: LiquiditySummaryQuery): Promise<LiquidityReport> {
    const { obligation, input } = await this.range(admin, query);
    const summary = summariseLiquidity(input);
    const unit = liquidityReportUnit(query.from, query.to);
    const rows = unit === null ? [] : liquidityBuckets(input, unit);
    return { obligation, summary, verdict: obligation && liquidityVerdict(summary, obligation), unit, rows };
  }

  /** The summary's range hour by hour (UTC) as CSV, with the obligation and the period's figures stated. */
  async reportCsv(admin: AdminRow, query: LiquiditySummaryQuery): Promise<{ fileName: string; csv: string }> {
    const { coin, input } = await this.range(admin, query);
    const { obligation } = input;
    const terms = obligation && { maxSpreadBps: obligation.maxSpreadBps, depthWithinPct: obligation.depthWithinPct, minDepthQuote: obligation.minDepthQuote, minUptimePct: obligation.minUptimePct, period: obligation.period };
    const csv = liquidityReportCsv({ pair: coin.coinName, from: query.from, to: query.to, obligation: terms, period: summariseLiquidity(input), hours: hourlyLiquidity(input) });
    const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '');
    return { fileName: `liquidity_${coin.coinName.replace(/[^A-Za-z0-9]+/g, '-')}_${stamp(query.from)}Z_${stamp(query.to)}Z.csv`, csv };
  }

  /** A range of a pair the reader may use: its obligation and one-minute rows, as the pure summaries take them. */
  private async range(admin: AdminRow, query: LiquiditySummaryQuery) {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    const [obligation, rows] = await Promise.all([this.deps.repo.obligation(query.coinId), this.deps.repo.minutes(query.coinId, query.from, query.to)]);
    return { coin, obligation, input: { from: query.from, to: query.to, now: this.now(), rows, obligation } };
  }
}
