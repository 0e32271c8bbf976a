import { FINAL_JOURNAL_STATES, type FillRecord, type JournalOrder, type JournalPatch, type OrderJournal } from '../ports.ts';

/** The order journal in memory, with the port's idempotency: a known id is not inserted again, a fill already recorded is skipped. */
export class MemoryOrderJournal implements OrderJournal {
  readonly orders = new Map<string, JournalOrder>();
  /** Each bot's orders in insertion order, so reads cost what one bot has, not what every bot ever had (the bench runs 10,000). */
  private readonly byRobot = new Map<number, Map<string, JournalOrder>>();
  /** Each bot's orders not yet final, in insertion order: `live` costs what a bot has open, not its whole history. */
  private readonly liveByRobot = new Map<number, Map<string, JournalOrder>>();
  readonly fills: FillRecord[] = [];
  private readonly fillKeys = new Set<string>();
  /** The next inserts throw (a database that is down): `failInserts = 1`. */
  failInserts = 0;

  async insert(orders: JournalOrder[]): Promise<void> {
    if (this.failInserts > 0) {
      this.failInserts--;
      throw new Error('journal unavailable');
    }
    for (const order of orders) {
      if (this.orders.has(order.clientOrderId)) continue;
      const copy = { ...order };
      this.orders.set(order.clientOrderId, copy);
      let mine = this.byRobot.get(order.robotId);
      if (!mine) this.byRobot.set(order.robotId, (mine = new Map()));
      mine.set(order.clientOrderId, copy);
      this.track(copy, true);
    }
  }

  async settle(changes: { robotId: number; clientOrderId: string; patch: JournalPatch }[], fills: FillRecord[]): Promise<void> {
    for (const change of changes) {
      const order = this.orders.get(change.clientOrderId);
      if (!order || order.robotId !== change.robotId) throw new Error(`no journalled order ${change.clientOrderId} of bot ${change.robotId}`);
    }
    for (const change of changes) {
      const order = this.orders.get(change.clientOrderId)!;
      Object.assign(order, change.patch);
      this.track(order, false);
    }
    for (const fill of fills) {
      const key = `${fill.clientOrderId}|${fill.filledAfter}`;
      if (this.fillKeys.has(key)) continue;
      this.fillKeys.add(key);
      this.fills.push({ ...fill });
    }
  }

  async live(robotId: number): Promise<JournalOrder[]> {
    const live = this.liveByRobot.get(robotId);
    if (!live) return [];
    // insert, settle and forget keep the index; it holds what `all` filtered to non-final states would.
    const out: JournalOrder[] = [];
    for (const o of live.values()) out.push({ ...o });
    return out;
  }

  /** Every order of a bot, final ones too, in insertion order. */
  all(robotId: number): JournalOrder[] {
    return [...(this.byRobot.get(robotId)?.values() ?? [])];
  }

  /** A journal write that never happened (what journal-first makes impossible, for the tests that check it is handled all the same). */
  forget(clientOrderId: string): void {
    const order = this.orders.get(clientOrderId);
    this.orders.delete(clientOrderId);
    if (order) {
      this.byRobot.get(order.robotId)?.delete(clientOrderId);
      this.liveByRobot.get(order.robotId)?.delete(clientOrderId);
    }
  }

  /** Keeps `order` in its bot's live index while it is not final (`inserted`: it is the bot's newest order). */
  private track(order: JournalOrder, inserted: boolean): void {
    let live = this.liveByRobot.get(order.robotId);
    if (FINAL_JOURNAL_STATES.has(order.state)) {
      live?.delete(order.clientOrderId);
      return;
    }
    if (live?.has(order.clientOrderId)) return;
    if (!live) this.liveByRobot.set(order.robotId, (live = new Map()));
    if (inserted) {
      live.set(order.clientOrderId, order);
      return;
    }
    // A final order patched back to live: rebuild the index so it keeps insertion order.
    live.clear();
    for (const o of this.all(order.robotId)) if (!FINAL_JOURNAL_STATES.has(o.state)) live.set(o.clientOrderId, o);
  }
}
