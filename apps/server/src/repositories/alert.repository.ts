import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertChannels, alertDeliveries, alerts } from '../db/schema.ts';
import type { PageWindow, RowPage } from './query-kit.ts';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type NewAlertChannel = Pick<AlertChannelRow, 'adminId' | 'kind' | 'name' | 'enabled' | 'settings' | 'secretSealed'>;
export type AlertChannelChanges = Partial<Pick<AlertChannelRow, 'name' | 'enabled' | 'settings' | 'secretSealed' | 'updatedAt'>>;

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = Pick<AlertRow, 'adminId' | 'coinId' | 'robotId' | 'level' | 'title' | 'text'>;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type NewAlertDelivery = Pick<AlertDeliveryRow, 'channelId' | 'channelKind' | 'channelName'>;
export type AlertDeliveryChanges = Partial<Pick<AlertDeliveryRow, 'status' | 'attempts' | 'reason' | 'sentAt' | 'updatedAt'>>;

/** An alert with its deliveries, oldest delivery first. */
export type AlertRecord = AlertRow & { deliveries: AlertDeliveryRow[] };
/** A delivery still to make, with the alert it carries. */
export type PendingDelivery = AlertDeliveryRow & { alert: AlertRow };

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
  async insertAlert(alert: NewAlert, deliveries: NewAlertDelivery[]): Promise<AlertRecord> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(alerts).values(alert).returning();
      if (!row) throw new Error('alert insert returned no row');
      const rows = deliveries.length > 0 ? await tx.insert(alertDeliveries).values(deliveries.map((d) => ({ ...d, alertId: row.id }))).returning() : [];
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

  /** Every delivery not yet sent or given up, oldest first, with its alert (resumed at start). */
  async listPendingDeliveries(): Promise<PendingDelivery[]> {
    const rows = await this.db
      .select({ delivery: alertDeliveries, alert: alerts })
      .from(alertDeliveries)
      .innerJoin(alerts, eq(alertDeliveries.alertId, alerts.id))
      .where(eq(alertDeliveries.status, 'pending'))
      .orderBy(asc(alertDeliveries.id));
    return rows.map(({ delivery, alert }) => ({ ...delivery, alert }));
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
