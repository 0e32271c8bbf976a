import type { SimCommand, SimJournal } from '@makerdesk/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { JournalRow } from '../repositories/sim-state.repository.ts';

/** Where the writer keeps the journal and the snapshots that fold it up. */
export interface JournalStore {
  appendCommands(row: JournalRow): Promise<void>;
  saveSnapshot(snapshot: string, journalSeq: number): Promise<void>;
}

/** When the journal is folded into a snapshot: whichever comes first. */
export interface CompactionPolicy {
  /** Commands journalled since the last snapshot. */
  maxCommands: number;
  /** Venue time since the last snapshot (so a fast-forwarded clock compacts as a real one). */
  maxAgeMs: number;
}

export const DEFAULT_COMPACTION: CompactionPolicy = { maxCommands: 50_000, maxAgeMs: 5 * 60_000 };

export interface SimJournalWriterOptions {
  /** The last sequence number already stored (in the snapshot); new commands continue after it. */
  lastSeq: number;
  /** Venue time of the stored snapshot. */
  snapshotTime: number;
  /** The venue's state as JSON text, including every command appended so far. */
  snapshot(): string;
  compaction?: CompactionPolicy;
  /** How long `close` keeps retrying a failing store before it gives up on what is unwritten. */
  closeTimeoutMs?: number;
  log?: FastifyBaseLogger | undefined;
}

class Group {
  readonly commands: SimCommand[] = [];
  readonly promise: Promise<void>;
  resolve!: () => void;
  reject!: (err: unknown) => void;

  constructor(readonly firstSeq: number) {
    this.promise = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Rejections reach the venue, which answers them; none may go unhandled here.
    this.promise.catch(() => undefined);
  }

  get lastSeq(): number {
    return this.firstSeq + this.commands.length - 1;
  }
}

export class JournalClosedError extends Error {
  override readonly name = 'JournalClosedError';
}

const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 2_000;

/**
 * The simulator's journal with group commit: commands appended while a write is in flight wait
 * together for the next one, so a busy venue writes one row per round trip however many orders
 * arrive, and an idle one writes each command at once. Every so often the next write is a
 * snapshot instead, which includes the commands waiting and drops the journal it folds up.
 *
 * A write that fails is retried, the same rows again (the store ignores a group it already has),
 * for as long as the writer is open: a later group is never written before an earlier one, so the
 * journal has no holes. Nothing waiting is acknowledged until its write is done.
 */
export class SimJournalWriter implements SimJournal {
  private open: Group | null = null;
  private nextSeq: number;
  private snapshotSeq: number;
  private snapshotTime: number;
  private running: Promise<void> | null = null;
  private closing = false;
  private failure: Error | null = null;
  private giveUpAt = Number.POSITIVE_INFINITY;
  private readonly compaction: CompactionPolicy;

  constructor(
    private readonly store: JournalStore,
    private readonly options: SimJournalWriterOptions,
  ) {
    this.nextSeq = options.lastSeq + 1;
    this.snapshotSeq = options.lastSeq;
    this.snapshotTime = options.snapshotTime;
    this.compaction = options.compaction ?? DEFAULT_COMPACTION;
  }

  append(command: SimCommand): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.closing) return Promise.reject(new JournalClosedError('The simulator is shutting down.'));
    const group = (this.open ??= new Group(this.nextSeq));
    group.commands.push(command);
    this.nextSeq += 1;
    this.running ??= this.drain();
    return group.promise;
  }

  /** The last sequence number handed out. */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** Resolves once everything appended so far is written (or could never be). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /**
   * Refuses new commands, writes what waits, then a snapshot of everything, so the next start
   * replays nothing. Gives up after `closeTimeoutMs` of failing writes: what is unwritten was never
   * acknowledged, and its callers are told it failed.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.giveUpAt = Date.now() + (this.options.closeTimeoutMs ?? 10_000);
    await this.idle();
    if (this.failure !== null || this.lastSeq === this.snapshotSeq) return;
    const seq = this.lastSeq;
    const snapshot = this.options.snapshot();
    try {
      await this.retrying(() => this.store.saveSnapshot(snapshot, seq), `snapshot through ${seq}`);
      this.snapshotSeq = seq;
    } catch (err) {
      this.options.log?.error({ err }, 'the simulator could not write its final snapshot; its journal is kept and will be replayed');
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.open !== null) {
        const group = this.open;
        this.open = null;
        // Taken synchronously, before any await: the snapshot holds exactly the commands up to group.lastSeq.
        const last = group.commands[group.commands.length - 1] as SimCommand;
        const compact =
          group.lastSeq - this.snapshotSeq >= this.compaction.maxCommands || last.t - this.snapshotTime >= this.compaction.maxAgeMs;
        try {
          if (compact) {
            const snapshot = this.options.snapshot();
            await this.retrying(() => this.store.saveSnapshot(snapshot, group.lastSeq), `snapshot through ${group.lastSeq}`);
            this.snapshotSeq = group.lastSeq;
            this.snapshotTime = last.t;
          } else {
            const row: JournalRow = { firstSeq: group.firstSeq, lastSeq: group.lastSeq, commands: JSON.stringify(group.commands) };
            await this.retrying(() => this.store.appendCommands(row), `commands ${row.firstSeq}-${row.lastSeq}`);
          }
        } catch (err) {
          this.fail(group, err);
          return;
        }
        group.resolve();
      }
    } finally {
      this.running = null;
    }
  }

  /** A group that can never be written takes every later one with it: they rest on it. */
  private fail(group: Group, err: unknown): void {
    this.failure = new JournalClosedError('The simulator could not save its state.', { cause: err });
    group.reject(this.failure);
    this.open?.reject(this.failure);
    this.open = null;
  }

  private async retrying(write: () => Promise<void>, what: string): Promise<void> {
    let delay = RETRY_FIRST_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        await write();
        if (attempt > 1) this.options.log?.warn({ attempt }, `simulator journal: ${what} written after retrying`);
        return;
      } catch (err) {
        if (Date.now() + delay > this.giveUpAt) throw err;
        if (attempt === 1 || attempt % 20 === 0) this.options.log?.error({ err, attempt }, `simulator journal: could not write ${what}; retrying`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
  }
}
