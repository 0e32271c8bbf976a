import { add, parse } from '@makerdesk/decimal';
import { positionOf } from '@makerdesk/engine';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analysisSettings, balanceSnapshots, credentials, manualFills, pairFillCheckpoints, robotFillDays, robotFillPacks, robotFills, robotOrders, robots } from '../db/schema.ts';
import { decodeFillPack } from '../domain/fill-pack.ts';
import { byReplayOrder, type ReplayState } from '../domain/account-replay.ts';

const DAY_MS = 86_400_000;

export type SnapshotRow = typeof balanceSnapshots.$inferSelect;
export type NewSnapshot = Omit<typeof balanceSnapshots.$inferInsert, 'id'>;
export type AnalysisSettingsRow = typeof analysisSettings.$inferSelect;
export type ManualFillRow = typeof manualFills.$inferSelect;
export type NewManualFill = Omit<typeof manualFills.$inferInsert, 'id'>;

/** A fill the position cost counts, from either table. */
export interface AccountFill {
  at: Date;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  /** Null when the fee was in a third asset whose price was unknown. */
  feeQuote: string | null;
  origin: 'bot' | 'manual';
  /** The row's id in its table: the replay's order among fills of the same instant and origin. */
  id: number;
}

/** Accounts and pairs the scheduler snapshots: each account with a key bound to a pair. */
export interface SnapshotTarget {
  adminId: number;
  coinId: number;
}

/** Balance snapshots, analysis settings and manual fills per account and pair (all the SQL of data analysis). */
export class AnalysisRepository {
  constructor(private readonly db: Db) {}

  /** Every account and pair with a key, once. */
  async targets(): Promise<SnapshotTarget[]> {
    return this.db.selectDistinct({ adminId: credentials.adminId, coinId: credentials.coinId }).from(credentials).orderBy(asc(credentials.adminId), asc(credentials.coinId));
  }

  async settingsOf(adminId: number, coinId: number): Promise<AnalysisSettingsRow | undefined> {
    const [row] = await this.db.select().from(analysisSettings).where(and(eq(analysisSettings.adminId, adminId), eq(analysisSettings.coinId, coinId)));
    return row;
  }

  /** The settings of many pairs of accounts at once (the scheduler's sweep). */
  async allSettings(): Promise<AnalysisSettingsRow[]> {
    return this.db.select().from(analysisSettings);
  }

  async saveSettings(row: Omit<AnalysisSettingsRow, 'updatedAt'>): Promise<AnalysisSettingsRow> {
    const values = { ...row, updatedAt: new Date() };
    const [saved] = await this.db
      .insert(analysisSettings)
      .values(values)
      .onConflictDoUpdate({ target: [analysisSettings.adminId, analysisSettings.coinId], set: { initialFunds: values.initialFunds, initialToken: values.initialToken, cycleHours: values.cycleHours, updatedAt: values.updatedAt } })
      .returning();
    if (!saved) throw new Error('analysis settings upsert returned no row');
    return saved;
  }

  /** Inserts the snapshot unless its slot already has one; true when it was written. */
  async insertSnapshot(snapshot: NewSnapshot): Promise<boolean> {
    const written = await this.db.insert(balanceSnapshots).values(snapshot).onConflictDoNothing().returning({ id: balanceSnapshots.id });
    return written.length > 0;
  }

  /** The slots already taken among these (the sweep checks many accounts at once). */
  async takenSlots(slotAts: Date[]): Promise<Set<string>> {
    if (slotAts.length === 0) return new Set();
    const rows = await this.db
      .select({ adminId: balanceSnapshots.adminId, coinId: balanceSnapshots.coinId, slotAt: balanceSnapshots.slotAt })
      .from(balanceSnapshots)
      .where(inArray(balanceSnapshots.slotAt, slotAts));
    return new Set(rows.map((r) => slotKey(r.adminId, r.coinId, r.slotAt.getTime())));
  }

  async first(adminId: number, coinId: number): Promise<SnapshotRow | undefined> {
    const [row] = await this.db.select().from(balanceSnapshots).where(and(eq(balanceSnapshots.adminId, adminId), eq(balanceSnapshots.coinId, coinId))).orderBy(asc(balanceSnapshots.at)).limit(1);
    return row;
  }

  async count(adminId: number, coinId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(balanceSnapshots).where(and(eq(balanceSnapshots.adminId, adminId), eq(balanceSnapshots.coinId, coinId)));
    return row?.n ?? 0;
  }

  /** Oldest first, both ends included. */
  async snapshotsIn(adminId: number, coinId: number, from: Date, to: Date): Promise<SnapshotRow[]> {
    return this.db
      .select()
      .from(balanceSnapshots)
      .where(and(eq(balanceSnapshots.adminId, adminId), eq(balanceSnapshots.coinId, coinId), gte(balanceSnapshots.at, from), lte(balanceSnapshots.at, to)))
      .orderBy(asc(balanceSnapshots.at));
  }

  /** Copies fills from the venue's history; a trade id already held is skipped. */
  async insertManualFills(fills: NewManualFill[]): Promise<number> {
    if (fills.length === 0) return 0;
    const written = await this.db.insert(manualFills).values(fills).onConflictDoNothing().returning({ id: manualFills.id });
    return written.length;
  }

  /** Which of these venue trade ids are already copied. */
  async knownTradeIds(adminId: number, coinId: number, tradeIds: string[]): Promise<Set<string>> {
    if (tradeIds.length === 0) return new Set();
    const rows = await this.db
      .select({ tradeId: manualFills.tradeId })
      .from(manualFills)
      .where(and(eq(manualFills.adminId, adminId), eq(manualFills.coinId, coinId), inArray(manualFills.tradeId, tradeIds)));
    return new Set(rows.map((r) => r.tradeId));
  }

  /**
   * Which of these venue order numbers belong to the account's bots on the pair. `around` (epoch ms, the
   * trades' times): numbers found neither in the journal nor on a fill row are looked for in the packs
   * of the bots' fills (robot_fill_packs) of those days, a day either side.
   */
  async botOrderNos(adminId: number, coinId: number, orderNos: string[], around?: { from: number; to: number }): Promise<Set<string>> {
    if (orderNos.length === 0) return new Set();
    const found = await this.botOrderNosKept(adminId, coinId, orderNos);
    const missing = new Set(orderNos.filter((no) => !found.has(no)));
    if (!around || missing.size === 0) return found;
    const packs = await this.db
      .select({ pack: robotFillPacks.pack })
      .from(robotFillPacks)
      .innerJoin(robots, eq(robots.id, robotFillPacks.robotId))
      .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), gte(robotFillPacks.lastAt, new Date(around.from - DAY_MS)), lte(robotFillPacks.firstAt, new Date(around.to + DAY_MS))));
    for (const { pack } of packs) for (const f of decodeFillPack(pack)) if (f.orderNo !== null && missing.has(f.orderNo)) found.add(f.orderNo);
    return found;
  }

  private async botOrderNosKept(adminId: number, coinId: number, orderNos: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ orderNo: robotOrders.orderNo })
      .from(robotOrders)
      .innerJoin(robots, eq(robots.id, robotOrders.robotId))
      .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), isNotNull(robotOrders.orderNo), inArray(robotOrders.orderNo, orderNos)))
      // An order retention pruned left its number on its fills.
      .union(
        this.db
          .select({ orderNo: robotFills.orderNo })
          .from(robotFills)
          .innerJoin(robots, eq(robots.id, robotFills.robotId))
          .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), isNotNull(robotFills.orderNo), inArray(robotFills.orderNo, orderNos))),
      );
    return new Set(rows.map((r) => r.orderNo as string));
  }

  /** Base and quote the account traded on the pair in (after, until], its bots' and its other fills, with their count. */
  async volume(adminId: number, coinId: number, after: Date, until: Date): Promise<{ base: string; quote: string; count: number }> {
    const sums = { base: sql<string>`coalesce(sum(amount), 0)::text`, quote: sql<string>`coalesce(sum(price * amount), 0)::text`, count: sql<number>`count(*)::int` };
    const [[bot], [manual], [folded]] = await Promise.all([
      this.db
        .select({ base: sql<string>`coalesce(sum(${robotFills.amount}), 0)::text`, quote: sql<string>`coalesce(sum(${robotFills.price} * ${robotFills.amount}), 0)::text`, count: sums.count })
        .from(robotFills)
        .innerJoin(robots, eq(robots.id, robotFills.robotId))
        .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), gt(robotFills.at, after), lte(robotFills.at, until))),
      this.db
        .select({ base: sql<string>`coalesce(sum(${manualFills.amount}), 0)::text`, quote: sql<string>`coalesce(sum(${manualFills.price} * ${manualFills.amount}), 0)::text`, count: sums.count })
        .from(manualFills)
        .where(and(eq(manualFills.adminId, adminId), eq(manualFills.coinId, coinId), gt(manualFills.at, after), lte(manualFills.at, until))),
      // The bots' fills retention folded into days (services/retention): a day whole inside (after, until] or not at all.
      this.db
        .select({
          base: sql<string>`coalesce(sum(${robotFillDays.boughtBase} + ${robotFillDays.soldBase}), 0)::text`,
          quote: sql<string>`coalesce(sum(${robotFillDays.priceQuote}), 0)::text`,
          count: sql<number>`coalesce(sum(${robotFillDays.fills}), 0)::int`,
        })
        .from(robotFillDays)
        .innerJoin(robots, eq(robots.id, robotFillDays.robotId))
        .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), gt(robotFillDays.firstAt, after), lte(robotFillDays.lastAt, until))),
    ]);
    return {
      base: add(add(parse(bot?.base ?? '0'), parse(manual?.base ?? '0')), parse(folded?.base ?? '0')),
      quote: add(add(parse(bot?.quote ?? '0'), parse(manual?.quote ?? '0')), parse(folded?.quote ?? '0')),
      count: (bot?.count ?? 0) + (manual?.count ?? 0) + Number(folded?.count ?? 0),
    };
  }

  /**
   * The account's fills on the pair, its bots' and its manual ones, in (after, until], in the replay's
   * order (domain/account-replay.ts). `afterCheckpoint`: only those the pair's replay checkpoint has not
   * folded (its bot fills are deleted; its manual ones marked).
   */
  async fills(adminId: number, coinId: number, after: Date, until: Date, afterCheckpoint = false): Promise<AccountFill[]> {
    const [bot, manual] = await Promise.all([
      this.db
        .select({ id: robotFills.id, at: robotFills.at, side: robotFills.side, price: robotFills.price, amount: robotFills.amount, feeQuote: robotFills.fee })
        .from(robotFills)
        .innerJoin(robots, eq(robots.id, robotFills.robotId))
        .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), gt(robotFills.at, after), lte(robotFills.at, until))),
      this.db
        .select({ id: manualFills.id, at: manualFills.at, side: manualFills.side, price: manualFills.price, amount: manualFills.amount, feeQuote: manualFills.feeQuote })
        .from(manualFills)
        .where(and(eq(manualFills.adminId, adminId), eq(manualFills.coinId, coinId), gt(manualFills.at, after), lte(manualFills.at, until), afterCheckpoint ? eq(manualFills.checkpointed, false) : undefined)),
    ]);
    // Before the checkpoint, the bots' fills retention packed replay in their places (those past the ledger's days are gone).
    const packed = afterCheckpoint ? [] : await this.packedFills(adminId, coinId, after, until);
    const all = [...bot.map((f) => ({ ...f, origin: 'bot' as const })), ...packed, ...manual.map((f) => ({ ...f, origin: 'manual' as const }))];
    return all.sort((a, b) => byReplayOrder({ ...a, at: a.at.getTime() }, { ...b, at: b.at.getTime() }));
  }

  /** The account's bots' fills on the pair in (after, until] that retention packed (robot_fill_packs), as the replay reads them. */
  private async packedFills(adminId: number, coinId: number, after: Date, until: Date): Promise<AccountFill[]> {
    const packs = await this.db
      .select({ pack: robotFillPacks.pack })
      .from(robotFillPacks)
      .innerJoin(robots, eq(robots.id, robotFillPacks.robotId))
      .where(and(eq(robots.adminId, adminId), eq(robots.coinId, coinId), gt(robotFillPacks.lastAt, after), lte(robotFillPacks.firstAt, until)));
    return packs.flatMap(({ pack }) =>
      decodeFillPack(pack)
        .filter((f) => f.at > after.getTime() && f.at <= until.getTime())
        .map((f) => ({ id: f.id, at: new Date(f.at), side: f.side, price: f.price, amount: f.amount, feeQuote: f.fee, origin: 'bot' as const })),
    );
  }

  /** The pair's replay checkpoint (retention folded its oldest fills into it), or undefined when none was. */
  async replayCheckpoint(adminId: number, coinId: number): Promise<{ throughAt: Date; state: ReplayState } | undefined> {
    const [row] = await this.db
      .select()
      .from(pairFillCheckpoints)
      .where(and(eq(pairFillCheckpoints.adminId, adminId), eq(pairFillCheckpoints.coinId, coinId)));
    return row && { throughAt: row.throughAt, state: replayStateOf(row) };
  }
}

/** A checkpoint row as the replay's state. */
export function replayStateOf(row: Pick<typeof pairFillCheckpoints.$inferSelect, 'base' | 'avgCost' | 'realised' | 'fees' | 'trades' | 'botTrades'>): ReplayState {
  return {
    position: positionOf({ positionAfter: row.base, avgCostAfter: row.avgCost }),
    realized: row.realised,
    fees: row.fees,
    trades: Number(row.trades),
    botTrades: Number(row.botTrades),
  };
}

export function slotKey(adminId: number, coinId: number, slotAt: number): string {
  return `${adminId}:${coinId}:${slotAt}`;
}
