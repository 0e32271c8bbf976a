import { VERBATIM_KEY, type ServerText } from '@makerdesk/contract';
import type { TradingLogEntry, TradingLogSink } from '@makerdesk/engine';
import { VERBATIM_MESSAGE_MAX } from '../domain/trading-log-line.ts';
import type { TradingLogRepository } from '../repositories/trading-log.repository.ts';

export interface BatchedSinkOptions {
  /** How long an entry may wait before its batch is written. */
  flushMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  /** Entries kept while the database does not answer; the oldest go first past it. */
  maxPending?: number;
  onError?: (err: unknown, dropped: number) => void;
}

/**
 * The engine's trading-log sink: `write` only queues (never throws, never waits); batches go to the
 * database in one insert every `flushMs` or `maxBatch` entries. A failed write keeps its entries for
 * the next flush, up to `maxPending`.
 */
export class BatchedTradingLogSink implements TradingLogSink {
  private pending: TradingLogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;

  constructor(
    private readonly logs: Pick<TradingLogRepository, 'appendMany'>,
    private readonly options: BatchedSinkOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 250;
    this.maxBatch = options.maxBatch ?? 500;
    this.maxPending = options.maxPending ?? 20_000;
  }

  write(entry: TradingLogEntry): void {
    this.pending.push(entry);
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.length - this.maxPending;
      this.pending.splice(0, dropped);
      this.options.onError?.(new Error('trading log backlog full'), dropped);
    }
    if (this.pending.length >= this.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref?.();
    }
  }

  /** Writes everything queued so far; resolves when it is stored (or kept after a failure). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.pending.length);
    this.flushing = this.logs
      .appendMany(
        batch.map((e) => ({
          coinId: e.coinId,
          adminId: e.adminId,
          robotId: e.robotId,
          level: e.level,
          ...lineOf(e),
          createdAt: new Date(e.at),
        })),
      )
      .catch((err: unknown) => {
        this.pending.unshift(...batch);
        this.options.onError?.(err, 0);
        if (!this.timer) {
          this.timer = setTimeout(() => void this.flush(), this.flushMs * 4);
          this.timer.unref?.();
        }
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

/** An entry's line: its server text (stored as key and params); its English words as they are when it has no key. */
function lineOf(e: TradingLogEntry): { text: ServerText } | { message: string } {
  return e.text.key !== VERBATIM_KEY ? { text: e.text } : { message: e.message.slice(0, VERBATIM_MESSAGE_MAX) };
}
