import type { BatchResult, RetentionRepository, RetentionTable } from '../../repositories/retention.repository.ts';
import { retentionCuts, type RetentionSettings } from '../../domain/retention.ts';

/** How often the job prunes by default: hourly. */
export const RETENTION_SWEEP_MS = 3_600_000;
/** Rows a batch removes at most: each batch is one short transaction. */
export const RETENTION_BATCH = 2000;
/** Rows removed from a table in a pass past which the job vacuums it (autovacuum sees to smaller ones). */
export const VACUUM_AFTER_ROWS = 50_000;

export interface RetentionPass {
  orders: number;
  tradingLogs: number;
  incidents: number;
  /** The bots' fill rows older than their rows' retention, folded into day aggregates and each bot's ledger checkpoint, and packed. */
  fills: number;
  /** Packs of fills all older than the ledger's retention, deleted. */
  fillPacks?: number;
  /** Tables vacuumed after the pass, with their bytes before and after. */
  vacuumed: { table: RetentionTable; before: number; after: number }[];
  /** Another server's batch held the lock: this pass stopped early. */
  busy: boolean;
  /** The order journal's indexes were rebuilt (they had grown past REINDEX_RATIO times its rows). */
  reindexed?: boolean;
}

export interface RetentionJobDeps {
  repo: Pick<RetentionRepository, 'pruneOrders' | 'pruneTradingLogs' | 'pruneIncidents' | 'sizes' | 'vacuum'> & Partial<Pick<RetentionRepository, 'reindexIfBloated' | 'pruneFills' | 'pairsWithFillsBefore' | 'pruneFillPacks'>>;
  settings: RetentionSettings;
  now?: () => number;
  log?: { warn(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  sweepMs?: number;
  batch?: number;
  vacuumAfterRows?: number;
  /** Pause between two batches, so the job never hogs the database. */
  pauseMs?: number;
  /** Whether this server prunes (several servers on one database: one of them); every one without it. */
  mine?: () => boolean;
}

/**
 * Bounded data (issue 21): every `sweepMs`, removes what is past its retention in batches of
 * `batch` rows, each batch one transaction (the bots' orders and fills folded into their day aggregates,
 * and the fills into each bot's ledger checkpoint and each pair's replay checkpoint, as they go), then vacuums the tables it removed many rows from so their space is used again. In a cluster
 * one server runs it (`mine`), and a batch's advisory lock keeps two passes from overlapping anyway.
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RetentionPass> | null = null;
  private stopping = false;
  private readonly now: () => number;

  constructor(private readonly deps: RetentionJobDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => void this.sweep(), this.deps.sweepMs ?? RETENTION_SWEEP_MS);
    this.timer.unref();
  }

  /** Stops the timer; a pass under way ends after its current batch. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass (a pass still running is joined, not doubled); failures are logged, never thrown. */
  sweep(): Promise<RetentionPass> {
    this.running ??= this.pass()
      .catch((err: unknown) => {
        this.deps.log?.warn({ err }, 'retention: the pass failed; the next one resumes');
        return { orders: 0, tradingLogs: 0, incidents: 0, fills: 0, vacuumed: [], busy: false };
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<RetentionPass> {
    const result: RetentionPass = { orders: 0, tradingLogs: 0, incidents: 0, fills: 0, vacuumed: [], busy: false };
    if (this.deps.mine && !this.deps.mine()) return result;
    const cuts = retentionCuts(this.now(), this.deps.settings);
    const limit = this.deps.batch ?? RETENTION_BATCH;
    const drain = async (batch: () => Promise<BatchResult & { next?: number }>): Promise<number> => {
      let total = 0;
      while (!this.stopping) {
        const { pruned, busy } = await batch();
        total += pruned;
        if (busy) result.busy = true;
        if (busy || pruned < limit) break;
        if (this.deps.pauseMs) await new Promise((resolve) => setTimeout(resolve, this.deps.pauseMs));
      }
      return total;
    };
    let from: number | undefined;
    result.orders = await drain(async () => {
      const answer = await this.deps.repo.pruneOrders(cuts, limit, from);
      from = answer.next ?? from;
      return answer;
    });
    result.tradingLogs = await drain(() => this.deps.repo.pruneTradingLogs(cuts.tradingLogs, limit));
    result.incidents = await drain(() => this.deps.repo.pruneIncidents(cuts.incidents, limit));
    // The fills account and pair by account and pair (the analysis replays a pair's bots' and manual
    // fills merged: each batch folds the pair's oldest), after the orders (a pruned order leaves its number on its fills).
    const { pruneFills, pairsWithFillsBefore } = this.deps.repo;
    if (pruneFills && pairsWithFillsBefore && !result.busy) {
      for (const pair of await pairsWithFillsBefore.call(this.deps.repo, cuts.fillRows)) {
        if (this.stopping || result.busy) break;
        result.fills += await drain(() => pruneFills.call(this.deps.repo, pair, cuts.fillRows, limit));
      }
    }
    // The packs (the fills past their rows' days) go at the ledger's own cut; their figures were folded when packed.
    const { pruneFillPacks } = this.deps.repo;
    if (pruneFillPacks && !result.busy && !this.stopping) result.fillPacks = await drain(() => pruneFillPacks.call(this.deps.repo, cuts.fills, limit));
    const threshold = this.deps.vacuumAfterRows ?? VACUUM_AFTER_ROWS;
    const heavy: RetentionTable[] = [];
    if (result.orders >= threshold) heavy.push('robot_orders');
    if (result.tradingLogs >= threshold) heavy.push('trading_logs');
    if (result.incidents >= threshold) heavy.push('incidents');
    if (result.fills >= threshold) heavy.push('robot_fills');
    if (heavy.length > 0 && !this.stopping) {
      const before = await this.deps.repo.sizes();
      await this.deps.repo.vacuum(heavy);
      // The order journal's and the ledger's indexes keep a pruned day's pages that new rows never reuse: rebuilt when bloated.
      for (const table of ['robot_orders', 'robot_fills'] as const) {
        if (!heavy.includes(table)) continue;
        const rebuilt = await (this.deps.repo.reindexIfBloated?.(table) ?? Promise.resolve(false)).catch((err: unknown) => {
          this.deps.log?.warn({ err, table }, 'retention: rebuilding a table’s indexes failed; the next large prune tries again');
          return false;
        });
        result.reindexed = (result.reindexed ?? false) || rebuilt;
      }
      const after = await this.deps.repo.sizes();
      result.vacuumed = heavy.map((table) => ({ table, before: before[table], after: after[table] }));
    }
    if (result.orders + result.tradingLogs + result.incidents + result.fills + (result.fillPacks ?? 0) > 0) this.deps.log?.info?.({ ...result }, 'retention: pruned');
    return result;
  }
}
