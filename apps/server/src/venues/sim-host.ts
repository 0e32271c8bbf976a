import type { SimSnapshot, SimVenueApi } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { simState } from '../db/schema.ts';

const ROW_ID = 1;

export interface SimHostOptions {
  /** Builds a fresh venue, or restores one from a snapshot. */
  create(snapshot: SimSnapshot | undefined): SimVenueApi;
  /** Longest a change waits before it is written. */
  persistDelayMs?: number;
  /** Run the background market on a timer (off in tests that step it by hand). */
  background?: boolean;
}

/**
 * Owns the simulator's life in the server: restore at start, write a snapshot shortly after changes
 * (one write at a time, the newest state wins) and a final one at shutdown.
 */
export class SimHost {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private unsubscribe: (() => void) | undefined;

  private constructor(
    readonly venue: SimVenueApi,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly persistDelayMs: number,
  ) {}

  static async open(db: Db, options: SimHostOptions, log?: FastifyBaseLogger): Promise<SimHost> {
    const [row] = await db.select().from(simState).where(eq(simState.id, ROW_ID));
    let venue: SimVenueApi;
    try {
      venue = options.create(row?.snapshot as SimSnapshot | undefined);
    } catch (err) {
      // A snapshot this version cannot read must not stop the console: keep it aside and start fresh.
      log?.error({ err }, 'simulator snapshot unreadable; starting a fresh simulated exchange');
      if (row) await db.update(simState).set({ id: -Math.floor(Date.now() / 1000) }).where(eq(simState.id, ROW_ID));
      venue = options.create(undefined);
    }
    const host = new SimHost(venue, db, log, options.persistDelayMs ?? 2000);
    host.unsubscribe = venue.onChange(() => host.schedule());
    if (!row) await host.persist();
    if (options.background !== false) venue.start();
    return host;
  }

  private schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.persist();
    }, this.persistDelayMs);
    this.timer.unref();
  }

  /** Writes the current state; calls queue behind each other so writes never interleave. */
  persist(): Promise<void> {
    this.writing = this.writing.then(async () => {
      this.dirty = false;
      const snapshot = this.venue.snapshot();
      try {
        await this.db
          .insert(simState)
          .values({ id: ROW_ID, snapshot, updatedAt: new Date() })
          .onConflictDoUpdate({ target: simState.id, set: { snapshot, updatedAt: new Date() } });
      } catch (err) {
        this.dirty = true;
        this.log?.error({ err }, 'could not persist the simulator snapshot');
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    this.venue.stop();
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.persist();
  }

  get hasUnsavedChanges(): boolean {
    return this.dirty;
  }
}
