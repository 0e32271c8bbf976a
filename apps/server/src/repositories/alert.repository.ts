import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertChannels, alertDeliveries, alerts } from '../db/schema.ts';
import type { PageWindow, RowPage } from './query-kit.ts';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type NewAlertChannel = Pick<AlertChannelRow, 'adminId' | 'kind' | 'name' | 'enabled' | 'settings' | 'secretSealed'> & Partial<Pick<AlertChannelRow, 'lang'>>;
export type AlertChannelChanges = Partial<Pick<AlertChannelRow, 'name' | 'enabled' | 'settings' | 'secretSealed' | 'updatedAt' | 'lang'>>;

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = Pick<AlertRow, 'adminId' | 'coinId' | 'robotId' | 'level' | 'title' | 'text'> & Partial<Pick<AlertRow, 'message'>>;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type NewAlertDelivery = Pick<AlertDeliveryRow, 'channelId' | 'channelKind' | 'channelName'>;
export type AlertDeliveryChanges = Partial<Pick<AlertDeliveryRow, 'status' | 'attempts' | 'reason' | 'sentAt' | 'updatedAt'>>;

/** An alert with its deliveries, oldest delivery first. */
export type AlertRecord = AlertRow & { deliveries: AlertDeliveryRow[] };
/** A delivery still to make, with the alert it carries. */
export type PendingDelivery = AlertDeliveryRow & { alert: AlertRow };

/**
 * Which server sends a pending delivery, for how long (database time): servers sharing one
 * PostgreSQL each send only what they claimed, and take over a delivery whose claim ran out.
 */
export interface DeliveryClaim {
  nodeId: string;
  ms: number;
}

const claimEnd = (claim: DeliveryClaim) => sql`now() + make_interval(secs => ${claim.ms / 1000})`;

/** Alert channels (secrets arrive and leave sealed), alerts and their deliveries. */
export class AlertRepository {
  constructor(private readonly db: Db) {}

  async listChannels(adminId: number): Promise<AlertChannelRow[]> {
    return this.db.select().from(alertChannels).where(eq(alertChannels.adminId, adminId)).orderBy(asc(alertChannels.id));
  }

  async listEnabledChannels(adminId: number): Promise<AlertChannelRow[]> {
    return this.db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.adminId, adminId), eq(alertChannels.enabled, true)))
      .orderBy(asc(alertChannels.id));
  }

  async findChannel(id: number): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db.select().from(alertChannels).where(eq(alertChannels.id, id));
    return row;
  }

  /** The channel only when `adminId` owns it. */
  async findOwnedChannel(id: number, adminId: number): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db.select().from(alertChannels).where(and(eq(alertChannels.id, id), eq(alertChannels.adminId, adminId)));
    return row;
  }

  async insertChannel(channel: NewAlertChannel): Promise<AlertChannelRow> {
    const [row] = await this.db.insert(alertChannels).values(channel).returning();
    if (!row) throw new Error('alert channel insert returned no row');
    return row;
  }

  async updateChannel(id: number, changes: AlertChannelChanges): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db.update(alertChannels).set(changes).where(eq(alertChannels.id, id)).returning();
    return row;
  }

  /** False when `adminId` owns no such channel. Its deliveries stay, without the link. */
  async deleteOwnedChannel(id: number, adminId: number): Promise<boolean> {
    const gone = await this.db
      .delete(alertChannels)
      .where(and(eq(alertChannels.id, id), eq(alertChannels.adminId, adminId)))
      .returning({ id: alertChannels.id });
    return gone.length > 0;
  }

  /** The alert and one pending delivery per channel, together or not at all. */
  async insertAlert(alert: NewAlert, deliveries: NewAlertDelivery[], claim?: DeliveryClaim): Promise<AlertRecord> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(alerts).values(alert).returning();
      if (!row) throw new Error('alert insert returned no row');
      const claimed = claim ? { claimedBy: claim.nodeId, claimedUntil: claimEnd(claim) } : {};
      const rows = deliveries.length > 0 ? await tx.insert(alertDeliveries).values(deliveries.map((d) => ({ ...d, alertId: row.id, ...claimed }))).returning() : [];
      return { ...row, deliveries: rows.sort((a, b) => a.id - b.id) };
    });
  }

  async findDelivery(id: number): Promise<AlertDeliveryRow | undefined> {
    const [row] = await this.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id));
    return row;
  }

  async updateDelivery(id: number, changes: AlertDeliveryChanges): Promise<AlertDeliveryRow | undefined> {
    const [row] = await this.db.update(alertDeliveries).set(changes).where(eq(alertDeliveries.id, id)).returning();
    return row;
  }

  /**
   * Claims for `claim.nodeId` every pending delivery nobody else holds (never claimed, or its claim
   * ran out), oldest first, with its alert. Servers claiming at once get disjoint sets (SKIP LOCKED).
   * What this node claimed already is left out: it is queued here.
   */
  async claimPendingDeliveries(claim: DeliveryClaim): Promise<PendingDelivery[]> {
    const free = this.db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.status, 'pending'),
          or(isNull(alertDeliveries.claimedUntil), lt(alertDeliveries.claimedUntil, sql`now()`)),
          or(isNull(alertDeliveries.claimedBy), ne(alertDeliveries.claimedBy, claim.nodeId)),
        ),
      )
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(alertDeliveries)
      .set({ claimedBy: claim.nodeId, claimedUntil: claimEnd(claim) })
      .where(inArray(alertDeliveries.id, free))
      .returning({ id: alertDeliveries.id });
    if (claimed.length === 0) return [];
    const rows = await this.db
      .select({ delivery: alertDeliveries, alert: alerts })
      .from(alertDeliveries)
      .innerJoin(alerts, eq(alertDeliveries.alertId, alerts.id))
      .where(inArray(alertDeliveries.id, claimed.map((c) => c.id)))
      .orderBy(asc(alertDeliveries.id));
    return rows.map(({ delivery, alert }) => ({ ...delivery, alert }));
  }

  /** Extends this node's claim on a pending delivery before an attempt; false when it is no longer this node's (or no longer pending). */
  async holdClaim(id: number, claim: DeliveryClaim): Promise<boolean> {
    const held = await this.db
      .update(alertDeliveries)
      .set({ claimedUntil: claimEnd(claim) })
      .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.claimedBy, claim.nodeId), eq(alertDeliveries.status, 'pending')))
      .returning({ id: alertDeliveries.id });
    return held.length > 0;
  }

  /** Extends every claim this node holds on a pending delivery (its queues' periodic renewal). */
  async renewClaims(claim: DeliveryClaim): Promise<number> {
    const renewed = await this.db
      .update(alertDeliveries)
      .set({ claimedUntil: claimEnd(claim) })
      .where(and(eq(alertDeliveries.claimedBy, claim.nodeId), eq(alertDeliveries.status, 'pending')))
      .returning({ id: alertDeliveries.id });
    return renewed.length;
  }

  /** Lets go of this node's pending deliveries (a graceful stop): the next sweep of any server takes them at once. */
  async releaseClaims(nodeId: string): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({ claimedBy: null, claimedUntil: null })
      .where(and(eq(alertDeliveries.claimedBy, nodeId), eq(alertDeliveries.status, 'pending')));
  }

  /** An account's alerts on a pair, newest first, each with its deliveries. */
  async listAlerts(adminId: number, coinId: number, window: PageWindow): Promise<RowPage<AlertRecord>> {
    const where = and(eq(alerts.adminId, adminId), eq(alerts.coinId, coinId));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(alerts).where(where).orderBy(desc(alerts.id)).limit(window.limit).offset(window.offset),
      this.db.select({ n: count() }).from(alerts).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const deliveries = ids.length > 0 ? await this.db.select().from(alertDeliveries).where(inArray(alertDeliveries.alertId, ids)).orderBy(asc(alertDeliveries.id)) : [];
    return { rows: rows.map((r) => ({ ...r, deliveries: deliveries.filter((d) => d.alertId === r.id) })), total: total?.n ?? 0 };
  }
}
