import { readCommand, SimJournalError, type SimCommand, type SimSnapshot, type SimVenueApi } from '@makerdesk/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { JournalRow, SimStateRepository } from '../repositories/sim-state.repository.ts';
import { SimJournalWriter, type CompactionPolicy } from './sim-journal-writer.ts';

export interface SimHostOptions {
  /** Builds a fresh venue, or restores one from a snapshot. */
  create(snapshot: SimSnapshot | undefined): SimVenueApi;
  /** Run the background market on a timer (off in tests that step it by hand). */
  background?: boolean;
  compaction?: CompactionPolicy;
  /** How long shutdown keeps trying to save what is unsaved. */
  closeTimeoutMs?: number;
  /** Venue time, for the compaction clock (the venue's own `now`). */
  now?: () => number;
}

export interface SimHostStartup {
  /** Commands replayed over the snapshot at start. */
  replayed: number;
  replayMs: number;
  /** Why the stored state was set aside, if it was. */
  discarded: string | null;
}

/**
 * Owns the simulator's life in the server (DESIGN §6): at start, the last snapshot plus the
 * journal's commands since; while running, every accepted command journalled with group commit
 * before the venue answers; at shutdown, a final snapshot. `kill -9` at any moment loses nothing
 * the venue acknowledged.
 */
export class SimHost {
  private constructor(
    readonly venue: SimVenueApi,
    private readonly writer: SimJournalWriter,
    readonly startup: SimHostStartup,
  ) {}

  static async open(repository: SimStateRepository, options: SimHostOptions, log?: FastifyBaseLogger): Promise<SimHost> {
    const now = options.now ?? Date.now;
    const stored = await repository.load();
    const began = performance.now();
    let restored: { venue: SimVenueApi; lastSeq: number; replayed: number } | undefined;
    let discarded: string | null = null;
    if (stored.snapshot !== null) {
      try {
        restored = restore(options, stored.snapshot, stored.journalSeq, stored.tail);
      } catch (err) {
        // State this version cannot read must not stop the console: keep it aside and start fresh.
        discarded = err instanceof Error ? err.message : String(err);
        log?.error({ err }, 'simulator state unreadable; it is kept in sim_discarded and a fresh simulated exchange starts');
        await repository.discard(discarded);
      }
    }
    const venue = restored?.venue ?? options.create(undefined);
    const lastSeq = restored?.lastSeq ?? 0;
    const replayed = restored?.replayed ?? 0;
    const replayMs = performance.now() - began;
    // A fresh venue's first state, or a replayed one folded up at once: the next start replays nothing.
    if (restored === undefined || replayed > 0) await repository.saveSnapshot(JSON.stringify(venue.snapshot()), lastSeq);
    if (replayed > 0) log?.info({ replayed, replayMs: Math.round(replayMs) }, 'simulator journal replayed');

    const writer = new SimJournalWriter(repository, {
      lastSeq,
      snapshotTime: now(),
      snapshot: () => JSON.stringify(venue.snapshot()),
      ...(options.compaction ? { compaction: options.compaction } : {}),
      ...(options.closeTimeoutMs !== undefined ? { closeTimeoutMs: options.closeTimeoutMs } : {}),
      log,
    });
    venue.journalTo(writer);
    if (options.background !== false) venue.start();
    return new SimHost(venue, writer, { replayed, replayMs, discarded });
  }

  /** Resolves once everything the venue accepted so far is durable. */
  flush(): Promise<void> {
    return this.writer.idle();
  }

  async close(): Promise<void> {
    this.venue.stop();
    await this.writer.close();
  }
}

/** The stored snapshot with its journal replayed over it; throws what it cannot read. */
function restore(
  options: SimHostOptions,
  snapshotText: string,
  journalSeq: number,
  tail: readonly JournalRow[],
): { venue: SimVenueApi; lastSeq: number; replayed: number } {
  const venue = options.create(JSON.parse(snapshotText) as SimSnapshot);
  const commands: SimCommand[] = [];
  let lastSeq = journalSeq;
  for (const row of tail) {
    if (row.firstSeq !== lastSeq + 1 || row.lastSeq < row.firstSeq) {
      throw new SimJournalError(`the journal has a gap: after command ${lastSeq} comes ${row.firstSeq}-${row.lastSeq}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.commands);
    } catch (err) {
      throw new SimJournalError(`commands ${row.firstSeq}-${row.lastSeq} are not JSON`, { cause: err });
    }
    if (!Array.isArray(parsed) || parsed.length !== row.lastSeq - row.firstSeq + 1) {
      throw new SimJournalError(`commands ${row.firstSeq}-${row.lastSeq} should be an array of ${row.lastSeq - row.firstSeq + 1}`);
    }
    parsed.forEach((command, i) => commands.push(readCommand(command, `command ${row.firstSeq + i}`)));
    lastSeq = row.lastSeq;
  }
  venue.replay(commands);
  return { venue, lastSeq, replayed: commands.length };
}
