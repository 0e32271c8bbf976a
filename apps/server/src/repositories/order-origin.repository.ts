import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { manualFillCursors, orderClientIds, robotFills, robotOrders, robots } from '../db/schema.ts';

/** Where the copy of an account's manual fills of a pair stands. */
export interface ManualFillCursor {
  credentialId: number;
  tradeId: string;
  at: Date;
}

/**
 * What the server knows of the venue orders of a pair without asking the venue: the bots' order
 * journal, and the client order ids it learnt (the console's orders when placed, others looked up once).
 */
export class OrderOriginRepository {
  constructor(private readonly db: Db) {}

  /** The client order ids of these orders of the pair that the journal or the learnt ones know (null: the venue told none). */
  async clientIdsOf(coinId: number, orderNos: string[]): Promise<Map<string, string | null>> {
    if (orderNos.length === 0) return new Map();
    const [journal, learnt] = await Promise.all([
      this.db
        .select({ orderNo: robotOrders.orderNo, clientOrderId: robotOrders.clientOrderId })
        .from(robotOrders)
        .innerJoin(robots, eq(robots.id, robotOrders.robotId))
        .where(and(eq(robots.coinId, coinId), inArray(robotOrders.orderNo, orderNos)))
        // An order retention pruned left its number on its fills.
        .union(
          this.db
            .select({ orderNo: robotFills.orderNo, clientOrderId: robotFills.clientOrderId })
            .from(robotFills)
            .innerJoin(robots, eq(robots.id, robotFills.robotId))
            .where(and(eq(robots.coinId, coinId), inArray(robotFills.orderNo, orderNos))),
        ),
      this.db
        .select({ orderNo: orderClientIds.orderNo, clientOrderId: orderClientIds.clientOrderId })
        .from(orderClientIds)
        .where(and(eq(orderClientIds.coinId, coinId), inArray(orderClientIds.orderNo, orderNos))),
    ]);
    const known = new Map<string, string | null>(learnt.map((r) => [r.orderNo, r.clientOrderId]));
    for (const r of journal) if (r.orderNo !== null) known.set(r.orderNo, r.clientOrderId);
    return known;
  }

  /** Keeps what was learnt of these orders; an order already known keeps its row. */
  async remember(coinId: number, orders: { orderNo: string; clientOrderId: string | null }[]): Promise<void> {
    if (orders.length === 0) return;
    await this.db
      .insert(orderClientIds)
      .values(orders.map((o) => ({ coinId, orderNo: o.orderNo, clientOrderId: o.clientOrderId })))
      .onConflictDoNothing();
  }

  async cursorOf(adminId: number, coinId: number): Promise<ManualFillCursor | null> {
    const [row] = await this.db
      .select({ credentialId: manualFillCursors.credentialId, tradeId: manualFillCursors.tradeId, at: manualFillCursors.at })
      .from(manualFillCursors)
      .where(and(eq(manualFillCursors.adminId, adminId), eq(manualFillCursors.coinId, coinId)));
    return row ?? null;
  }

  async saveCursor(adminId: number, coinId: number, cursor: ManualFillCursor): Promise<void> {
    await this.db
      .insert(manualFillCursors)
      .values({ adminId, coinId, ...cursor })
      .onConflictDoUpdate({ target: [manualFillCursors.adminId, manualFillCursors.coinId], set: { ...cursor, updatedAt: sql`now()` } });
  }
}
