/**
 * PGlite runs PostgreSQL as one backend, without the checkpointer process: nothing checkpoints on
 * `checkpoint_timeout`, only when the WAL since the last checkpoint passes about half of
 * `max_wal_size` (1 GB, and PGlite reads no postgresql.conf to lower it). Until then every WAL segment
 * stays in the folder's pg_wal: measured with 100 bots (bench/soak.bench.ts), about 190 MB an hour,
 * on the way to a gigabyte. A CHECKPOINT every `everyMs` (PostgreSQL's own default: 5 minutes) lets
 * the segments before it go, so pg_wal stays near `min_wal_size` (80 MB).
 *
 * A hot backup (backup/hot-backup.ts) needs the WAL from its start to its stop: a checkpoint during
 * it would recycle those segments and fail it. `holding` runs a backup with the checkpoints held off.
 */
export interface PgliteCheckpointsOptions {
  /** Runs one CHECKPOINT (on the PGlite client). */
  checkpoint: () => Promise<unknown>;
  /** 5 minutes unless given. */
  everyMs?: number;
  /** A failed checkpoint is told here (the next one is tried at its time). */
  onError?: (err: unknown) => void;
}

export const PGLITE_CHECKPOINT_MS = 300_000;

export class PgliteCheckpoints {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private held = 0;

  constructor(private readonly options: PgliteCheckpointsOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.everyMs ?? PGLITE_CHECKPOINT_MS);
    this.timer.unref();
  }

  /**
   * One checkpoint now, unless one is running or a backup holds them off; answers whether it ran.
   * (The timer's step; tests call it directly.)
   */
  async tick(): Promise<boolean> {
    if (this.running || this.held > 0) return false;
    this.running = this.options
      .checkpoint()
      .then(
        () => undefined,
        (err: unknown) => this.options.onError?.(err),
      )
      .finally(() => (this.running = undefined));
    await this.running;
    return true;
  }

  /** Runs `work` (a hot backup) with no checkpoint started by this timer until it ends. */
  async holding<T>(work: () => Promise<T>): Promise<T> {
    this.held++;
    try {
      return await work();
    } finally {
      this.held--;
    }
  }

  /** No more checkpoints; waits for a running one (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
