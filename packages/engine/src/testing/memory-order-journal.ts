import { FINAL_JOURNAL_STATES, type FillRecord, type JournalOrder, type JournalPatch, type OrderJournal } from '../ports.ts';

/** The order journal in memory, with the port's idempotency: a known id is not inserted again, a fill already recorded is skipped. */
export class MemoryOrderJournal implements OrderJournal {
  readonly orders = new Map<string, JournalOrder>();
  /** Each bot's orders in insertion order, so reads cost what one bot has, not what every bot ever had (the bench runs 10,000). */
  private readonly byRobot = new Map<number, Map<string, JournalOrder>>();
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
    }
  }

  async settle(changes: { robotId: number; clientOrderId: string; patch: JournalPatch }[], fills: FillRecord[]): Promise<void> {
    for (const change of changes) {
      const order = this.orders.get(change.clientOrderId);
      if (!order || order.robotId !== change.robotId) throw new Error(`no journalled order ${change.clientOrderId} of bot ${change.robotId}`);
    }
    for (const change of changes) Object.assign(this.orders.get(change.clientOrderId)!, change.patch);
    for (const fill of fills) {
      const key = `${fill.clientOrderId}|${fill.filledAfter}`;
      if (this.fillKeys.has(key)) continue;
      this.fillKeys.add(key);
      this.fills.push({ ...fill });
    }
  }

  async live(robotId: number): Promise<JournalOrder[]> {
    return this.all(robotId)
      .filter((o) => !FINAL_JOURNAL_STATES.has(o.state))
      .map((o) => ({ ...o }));
  }

  /** Every order of a bot, final ones too, in insertion order. */
  all(robotId: number): JournalOrder[] {
    return [...(this.byRobot.get(robotId)?.values() ?? [])];
  }

  /** A journal write that never happened (what journal-first makes impossible, for the tests that check it is handled all the same). */
  forget(clientOrderId: string): void {
    const order = this.orders.get(clientOrderId);
    this.orders.delete(clientOrderId);
    if (order) this.byRobot.get(order.robotId)?.delete(clientOrderId);
  }
}
