import type { JournalOrder } from '../ports.ts';

/** How many ended orders an executor remembers at most (far more than one tick touches). */
export const ENDED_KEPT = 512;
/**
 * How long an ended order is remembered: the writes that race an order's end (a streamed update, a
 * tick's older read of the open orders, a cancel chosen before a fill) come within a call's timeout
 * (10 s) and a tick or two of it; ten minutes is far past them, and bounds the memory a busy bot
 * holds (a quoting bot ends some ten orders a minute: without it, 512 orders a bot, about 21 MB for
 * 100 bots, filled only after most of an hour).
 */
export const ENDED_KEPT_MS = 10 * 60_000;

interface Ended {
  order: JournalOrder;
  at: number;
  /** The venue itself said it ended (filled, cancelled), rather than the executor inferring it. */
  byVenue: boolean;
}

/**
 * The orders of one bot that became final lately, as written: a write racing their end reads them,
 * not a stale copy, and an end the venue told stands against an older view of the venue. Bounded
 * by count and by age; the oldest end goes first.
 */
export class EndedOrders {
  private readonly byId = new Map<string, Ended>();

  constructor(
    private readonly kept = ENDED_KEPT,
    private readonly keptMs = ENDED_KEPT_MS,
  ) {}

  get size(): number {
    return this.byId.size;
  }

  has(clientOrderId: string): boolean {
    return this.byId.has(clientOrderId);
  }

  get(clientOrderId: string): JournalOrder | undefined {
    return this.byId.get(clientOrderId)?.order;
  }

  /** True when the venue said the order ended (not only the executor). */
  endedByVenue(clientOrderId: string): boolean {
    return this.byId.get(clientOrderId)?.byVenue ?? false;
  }

  /** An order that became final at `now` (written again: its newest copy, its first end kept). */
  remember(order: JournalOrder, now: number): void {
    const known = this.byId.get(order.clientOrderId);
    if (known) known.order = order;
    else this.byId.set(order.clientOrderId, { order, at: now, byVenue: false });
    this.forgetOld(now);
  }

  /** Marks a remembered order as ended by the venue's word. */
  markEndedByVenue(clientOrderId: string): void {
    const known = this.byId.get(clientOrderId);
    if (known) known.byVenue = true;
  }

  private forgetOld(now: number): void {
    for (const [id, ended] of this.byId) {
      if (this.byId.size <= this.kept && now - ended.at <= this.keptMs) return;
      this.byId.delete(id);
    }
  }
}
