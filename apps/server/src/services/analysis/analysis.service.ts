import {
  ANALYSIS_CYCLE_HOURS_DEFAULT,
  ANALYSIS_RANGE_DEFAULT_DAYS,
  ErrorCode,
  type AnalysisPanel,
  type AnalysisRangeQuery,
  type AnalysisSettings,
  type AnalysisSettingsRequest,
  type AnalysisSummary,
  type BalanceSnapshotDto,
  type Coin,
} from '@makerdesk/contract';
import { add } from '@makerdesk/decimal';
import { feeValueInQuote } from '@makerdesk/engine';
import { clientOrderOrigin, type Exchange, type Market, type MyTrade } from '@makerdesk/exchange';
import { AppError } from '../../domain/app-error.ts';
import type { AnalysisRepository, AnalysisSettingsRow, SnapshotRow } from '../../repositories/analysis.repository.ts';
import type { AdminRow } from '../../domain/account.ts';
import type { OrderOriginRepository } from '../../repositories/order-origin.repository.ts';
import { ORDER_LOOKUPS_PER_READ, resolveClientIds } from '../orders/order-origins.ts';
import type { ApiKeyMaterial } from '../../domain/key-material.ts';
import { venueCall } from '../../domain/exchange-errors.ts';
import { analysisFigures, cycleSlot, valueOf, type AnalysisTrade, type BalancePoint } from './analysis-figures.ts';
import { snapshotsCsv } from './snapshots-csv.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The venue's fills are read this many at a time, from where the last read stopped (its cursor). */
export const MANUAL_FILL_PAGE = 500;
/** At most this many pages per read: a longer burst is caught up over the next reads, none lost. */
export const MANUAL_FILL_PAGES_PER_READ = 10;

export interface AnalysisDeps {
  repo: Pick<
    AnalysisRepository,
    'targets' | 'settingsOf' | 'allSettings' | 'saveSettings' | 'insertSnapshot' | 'takenSlots' | 'first' | 'count' | 'snapshotsIn' | 'insertManualFills' | 'botOrderNos' | 'knownTradeIds' | 'fills' | 'volume' | 'replayCheckpoint'
  >;
  coins: { requireUsablePair(admin: AdminRow, coinId: number): Promise<Coin>; findCoin(coinId: number): Promise<Coin | null> };
  credentials: { materialOf(adminId: number, coinId: number): Promise<ApiKeyMaterial | null> };
  /** The client order ids the server knows (bots' journal, console orders, orders read once) and the copy's cursors. */
  origins: Pick<OrderOriginRepository, 'clientIdsOf' | 'remember' | 'cursorOf' | 'saveCursor'>;
  gateway: { forKey(material: ApiKeyMaterial): Promise<Exchange> };
  now?: () => number;
  log?: { warn(obj: unknown, msg?: string): void };
  /** The copy's page size and pages per read (tests shrink them). */
  manualFillPaging?: { page: number; pagesPerRead: number };
}

interface Venue {
  exchange: Exchange;
  market: Market;
  credentialId: number;
}

/** Balances as the venue answers them (available and frozen apart) and the price, at a time. */
interface AccountReading {
  at: number;
  baseAvailable: string;
  baseFrozen: string;
  quoteAvailable: string;
  quoteFrozen: string;
  price: string | null;
}

/**
 * The trades (oldest first) after the cursor's: those after it where the page holds it (venues paging
 * by id answer from it), else those not older than it (venues paging by time answer its millisecond again).
 */
export function tradesAfter(oldestFirst: MyTrade[], cursor: { id: string; timestamp: number } | null): MyTrade[] {
  if (cursor === null) return oldestFirst;
  const at = oldestFirst.findIndex((t) => t.id === cursor.id);
  return at >= 0 ? oldestFirst.slice(at + 1) : oldestFirst.filter((t) => t.timestamp >= cursor.timestamp);
}

/** A reading as the figures use it: totals of each asset. */
function pointOf(r: AccountReading): BalancePoint {
  return { at: r.at, base: add(r.baseAvailable, r.baseFrozen), quote: add(r.quoteAvailable, r.quoteFrozen), price: r.price };
}

export function toPoint(row: SnapshotRow): BalancePoint {
  return pointOf({ ...row, at: row.at.getTime() });
}

export function toSnapshotDto(row: SnapshotRow): BalanceSnapshotDto {
  return {
    at: row.at.getTime(),
    slotAt: row.slotAt.getTime(),
    base: { available: row.baseAvailable, frozen: row.baseFrozen, total: add(row.baseAvailable, row.baseFrozen) },
    quote: { available: row.quoteAvailable, frozen: row.quoteFrozen, total: add(row.quoteAvailable, row.quoteFrozen) },
    price: row.price,
  };
}

function settingsDto(coinId: number, row: AnalysisSettingsRow | undefined): AnalysisSettings {
  return {
    coinId,
    initialFunds: row?.initialFunds ?? null,
    initialToken: row?.initialToken ?? null,
    cycleHours: row?.cycleHours ?? ANALYSIS_CYCLE_HOURS_DEFAULT,
    updatedAt: row ? row.updatedAt.getTime() : null,
  };
}

/**
 * Data analysis (spec §3): balance snapshots of each account and pair at every data-cycle slot, the
 * account's manual fills copied from its venue, and the figures read from both.
 */
export class AnalysisService {
  private readonly now: () => number;
  constructor(private readonly deps: AnalysisDeps) {
    this.now = deps.now ?? Date.now;
  }

  async settings(admin: AdminRow, coinId: number): Promise<AnalysisSettings> {
    await this.deps.coins.requireUsablePair(admin, coinId);
    return settingsDto(coinId, await this.deps.repo.settingsOf(admin.id, coinId));
  }

  async saveSettings(admin: AdminRow, req: AnalysisSettingsRequest): Promise<AnalysisSettings> {
    await this.deps.coins.requireUsablePair(admin, req.coinId);
    const row = await this.deps.repo.saveSettings({ adminId: admin.id, coinId: req.coinId, initialFunds: req.initialFunds, initialToken: req.initialToken, cycleHours: req.cycleHours });
    return settingsDto(req.coinId, row);
  }

  private async venue(adminId: number, coin: Coin): Promise<Venue | null> {
    const material = await this.deps.credentials.materialOf(adminId, coin.coinId);
    if (!material) return null;
    const exchange = await this.deps.gateway.forKey(material);
    const market = (await exchange.loadMarkets()).find((m) => m.symbol === coin.coinName);
    if (!market) throw new AppError(ErrorCode.PAIR_NOT_LISTED_ON_VENUE);
    return { exchange, market, credentialId: material.id };
  }

  /** The account's balances of the pair's two assets and the pair's price, read from the venue now. */
  private async readAccount(venue: Venue): Promise<AccountReading> {
    const [balances, ticker] = await Promise.all([venue.exchange.fetchBalances(), venue.exchange.fetchTicker(venue.market.symbol)]);
    const find = (asset: string) => balances.find((b) => b.asset === asset) ?? { available: '0', frozen: '0' };
    const { available: baseAvailable, frozen: baseFrozen } = find(venue.market.base);
    const { available: quoteAvailable, frozen: quoteFrozen } = find(venue.market.quote);
    return { at: this.now(), baseAvailable, baseFrozen, quoteAvailable, quoteFrozen, price: ticker.last };
  }

  /**
   * Reads the account's balances and the pair's price and keeps them as the slot's snapshot, then
   * copies its new manual fills. False when the slot already had one or the account has no key.
   * Venue failures are thrown to the caller (the scheduler logs and skips them).
   */
  async takeSnapshot(adminId: number, coinId: number, cycleHours?: number): Promise<boolean> {
    const coin = await this.deps.coins.findCoin(coinId);
    if (!coin || coin.status === 'disabled') return false;
    const venue = await this.venue(adminId, coin);
    if (!venue) return false;
    const hours = cycleHours ?? (await this.deps.repo.settingsOf(adminId, coinId))?.cycleHours ?? ANALYSIS_CYCLE_HOURS_DEFAULT;
    const { at, ...reading } = await this.readAccount(venue);
    const written = await this.deps.repo.insertSnapshot({ adminId, coinId, credentialId: venue.credentialId, slotAt: new Date(cycleSlot(at, hours)), at: new Date(at), ...reading });
    await this.copyManualFills(adminId, coinId, venue);
    return written;
  }

  /**
   * Manual fills come from the venue's own trade history: it is the only place that knows when a
   * resting manual order filled. Fills of the account's bot orders are skipped (robot_fills has them).
   * Each new fill keeps its fee as charged, that fee valued in quote (DESK.md: a third asset at its
   * price then, never 0), and its order's client order id (the console's, or another client's).
   *
   * The copy pages through the venue's fills from its cursor (the last trade it passed, kept per
   * account and pair with the key it read), so a burst of fills between two reads is copied whole:
   * none missed, none twice (a trade id is copied once), and a restart resumes at the cursor. The first
   * read of a key starts at its latest page. A trade whose order is not known yet and could not be read
   * (over the read's bound of order reads, or the venue did not answer) stops the read there: the next
   * read resumes with it.
   */
  private async copyManualFills(adminId: number, coinId: number, venue: Venue): Promise<void> {
    const stored = await this.deps.origins.cursorOf(adminId, coinId);
    let cursor = stored && stored.credentialId === venue.credentialId ? { id: stored.tradeId, timestamp: stored.at.getTime() } : null;
    let lookups = ORDER_LOOKUPS_PER_READ;
    const { page: size, pagesPerRead } = this.deps.manualFillPaging ?? { page: MANUAL_FILL_PAGE, pagesPerRead: MANUAL_FILL_PAGES_PER_READ };
    for (let page = 0; page < pagesPerRead; page++) {
      const answered = await venue.exchange.fetchMyTrades(venue.market.symbol, cursor ? { limit: size, from: cursor } : { limit: size });
      const trades = tradesAfter([...answered].reverse(), cursor);
      if (trades.length === 0) return;
      const { passed, asked } = await this.copyPage(adminId, coinId, venue, trades, lookups);
      lookups -= asked;
      if (passed) {
        cursor = { id: passed.id, timestamp: passed.timestamp };
        await this.deps.origins.saveCursor(adminId, coinId, { credentialId: venue.credentialId, tradeId: passed.id, at: new Date(passed.timestamp) });
      }
      if (passed !== trades.at(-1) || answered.length < size) return;
    }
  }

  /** Copies a page of trades (oldest first) up to the first whose order stays unknown; answers the last trade passed. */
  private async copyPage(adminId: number, coinId: number, venue: Venue, trades: MyTrade[], lookups: number): Promise<{ passed: MyTrade | undefined; asked: number }> {
    // The trades' days: an old bot order's number may be only in its fills' pack (retention packed them).
    const around = { from: Math.min(...trades.map((t) => t.timestamp)), to: Math.max(...trades.map((t) => t.timestamp)) };
    const bots = await this.deps.repo.botOrderNos(adminId, coinId, [...new Set(trades.map((t) => t.orderNo))], around);
    const known = await this.deps.repo.knownTradeIds(adminId, coinId, trades.map((t) => t.id));
    const others = trades.filter((t) => !bots.has(t.orderNo));
    const { clientIds, unresolved, asked } = await resolveClientIds(this.deps.origins, { exchange: venue.exchange, symbol: venue.market.symbol, coinId }, others.map((t) => t.orderNo), lookups, this.deps.log);
    const waiting = new Set(unresolved);
    const stop = trades.findIndex((t) => waiting.has(t.orderNo));
    const done = stop < 0 ? trades : trades.slice(0, stop);
    const { base, quote } = venue.market;
    const rows = [];
    for (const t of done) {
      if (bots.has(t.orderNo) || known.has(t.id)) continue;
      // A bot's order the journal does not number yet (its placement's answer still awaited or lost):
      // its fills reach robot_fills once the bot resolves it, never manual_fills.
      const clientOrderId = clientIds.get(t.orderNo) ?? null;
      if (clientOrderOrigin(clientOrderId).kind === 'bot') continue;
      const third = t.feeAsset !== base && t.feeAsset !== quote ? await this.priceAt(venue, `${t.feeAsset}/${quote}`, t.timestamp) : null;
      rows.push({
        adminId,
        coinId,
        tradeId: t.id,
        orderNo: t.orderNo,
        side: t.side,
        price: t.price,
        amount: t.amount,
        fee: t.fee,
        feeAsset: t.feeAsset,
        feeQuote: feeValueInQuote({ amount: t.fee, asset: t.feeAsset }, { base, quote }, t.price, third),
        clientOrderId,
        at: new Date(t.timestamp),
      });
    }
    await this.deps.repo.insertManualFills(rows);
    return { passed: done.at(-1), asked };
  }

  /** A fee asset's price against the quote at a fill's time: its 1-minute candle then, else its last price now; null when the venue lists no such pair. */
  private async priceAt(venue: Venue, symbol: string, at: number): Promise<string | null> {
    try {
      const markets = await venue.exchange.loadMarkets();
      if (!markets.some((m) => m.symbol === symbol)) return null;
      const [candle] = await venue.exchange.fetchCandles(symbol, '1m', { since: at - 60_000, limit: 1 });
      if (candle && candle.time <= at) return candle.close;
      return (await venue.exchange.fetchTicker(symbol)).last;
    } catch (err) {
      this.deps.log?.warn({ err, symbol }, 'analysis: no price for a fee asset; that fee is left unvalued');
      return null;
    }
  }

  /** Copies the account's new manual fills of the pair now (best effort: a venue that does not answer leaves those copied so far). */
  async syncManualFills(admin: AdminRow, coin: Coin): Promise<void> {
    await this.refreshManualFills(admin.id, coin);
  }

  private range(query: AnalysisRangeQuery): { from: number; to: number } {
    const to = query.to ?? this.now();
    const from = query.from ?? to - ANALYSIS_RANGE_DEFAULT_DAYS * DAY;
    if (from >= to) throw new AppError(ErrorCode.INVALID_DATE_RANGE);
    return { from, to };
  }

  /** The first read of a pair takes its first snapshot, so the screen has a start point at once. */
  private async startPoint(adminId: number, coin: Coin): Promise<void> {
    if ((await this.deps.repo.count(adminId, coin.coinId)) > 0) {
      await this.refreshManualFills(adminId, coin);
      return;
    }
    if (!(await this.deps.credentials.materialOf(adminId, coin.coinId))) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    await venueCall(() => this.takeSnapshot(adminId, coin.coinId));
  }

  /** The account's balances and the pair's price now, as a snapshot would read them; null when the venue does not answer (logged). */
  private async liveReading(adminId: number, coin: Coin): Promise<BalancePoint | null> {
    try {
      const venue = await this.venue(adminId, coin);
      return venue ? pointOf(await this.readAccount(venue)) : null;
    } catch (err) {
      this.deps.log?.warn({ err, adminId, coinId: coin.coinId }, 'analysis: live balances not read; the figures end at the last snapshot');
      return null;
    }
  }

  /** Best effort: a venue that does not answer leaves the fills copied so far. */
  private async refreshManualFills(adminId: number, coin: Coin): Promise<void> {
    try {
      const venue = await this.venue(adminId, coin);
      if (venue) await this.copyManualFills(adminId, coin.coinId, venue);
    } catch (err) {
      this.deps.log?.warn({ err, adminId, coinId: coin.coinId }, 'analysis: manual fills not refreshed');
    }
  }

  async summary(admin: AdminRow, query: AnalysisRangeQuery): Promise<AnalysisSummary> {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    const asked = this.range(query);
    await this.startPoint(admin.id, coin);
    // A range ending "now" includes the start point just taken.
    const { from, to } = query.to === undefined ? this.range(query) : asked;
    const [settingsRow, first, count, rows] = await Promise.all([
      this.deps.repo.settingsOf(admin.id, coin.coinId),
      this.deps.repo.first(admin.id, coin.coinId),
      this.deps.repo.count(admin.id, coin.coinId),
      this.deps.repo.snapshotsIn(admin.id, coin.coinId, new Date(from), new Date(to)),
    ]);
    const settings = settingsDto(coin.coinId, settingsRow);
    // Retention folded the pair's oldest fills into its checkpoint: the replay resumes there with the
    // fills it has not folded. A range ending before the checkpoint's last fill replays what is kept.
    const checkpoint = first ? await this.deps.repo.replayCheckpoint(admin.id, coin.coinId) : undefined;
    const resume = checkpoint && checkpoint.throughAt.getTime() <= to ? checkpoint : undefined;
    const fills = first ? await this.deps.repo.fills(admin.id, coin.coinId, new Date(0), new Date(to), resume !== undefined) : [];
    const trades: AnalysisTrade[] = fills.map((f) => ({ ...f, at: f.at.getTime() }));
    // A range that has not ended (no end, or one not before now: the console asks up to the next
    // minute) runs to now: the balances and price read live (not kept) follow the last snapshot, so
    // "value now" is now's and "since the last snapshot" is what changed since it.
    const points = rows.map(toPoint);
    const runsToNow = query.to === undefined || query.to >= this.now();
    const live = runsToNow && first ? await this.liveReading(admin.id, coin) : null;
    if (live && live.at > (points.at(-1)?.at ?? 0)) points.push(live);
    const figures = first ? analysisFigures({ snapshots: points, first: toPoint(first), start: settings, trades, replayFrom: resume?.state }) : null;
    const [base = '', quote = ''] = coin.coinName.split('/');
    const cycleMs = settings.cycleHours * HOUR;
    return {
      coinId: coin.coinId,
      symbol: coin.coinName,
      base,
      quote,
      from,
      to,
      settings,
      firstAt: first ? first.at.getTime() : null,
      nextSnapshotAt: cycleSlot(this.now(), settings.cycleHours) + cycleMs,
      snapshotCount: count,
      figures,
    };
  }

  async snapshots(admin: AdminRow, query: AnalysisRangeQuery): Promise<{ from: number; to: number; list: BalanceSnapshotDto[] }> {
    await this.deps.coins.requireUsablePair(admin, query.coinId);
    const { from, to } = this.range(query);
    const rows = await this.deps.repo.snapshotsIn(admin.id, query.coinId, new Date(from), new Date(to));
    return { from, to, list: rows.map(toSnapshotDto) };
  }

  /** The range's snapshots as CSV, with the value and P&L the charts show; a file name for the download. */
  async exportCsv(admin: AdminRow, query: AnalysisRangeQuery): Promise<{ fileName: string; csv: string }> {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    const { from, to } = this.range(query);
    const [settingsRow, first, rows] = await Promise.all([
      this.deps.repo.settingsOf(admin.id, coin.coinId),
      this.deps.repo.first(admin.id, coin.coinId),
      this.deps.repo.snapshotsIn(admin.id, coin.coinId, new Date(from), new Date(to)),
    ]);
    const settings = settingsDto(coin.coinId, settingsRow);
    const figures = first ? analysisFigures({ snapshots: rows.map(toPoint), first: toPoint(first), start: settings, trades: [] }) : null;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');
    return {
      fileName: `${coin.coinName.replace('/', '-')}_${iso(from)}_${iso(to)}.csv`,
      csv: snapshotsCsv(rows.map(toSnapshotDto), figures?.series ?? []),
    };
  }

  /**
   * The control panel's figures that need history: the account's value now and its traded volume on
   * the pair in the last 24 hours and since its first fill, both read from the same tables at the same
   * instant (24H volume was read from these tables while total volume came from the venue's latest
   * fills, polled at other times, so the 24H figure could read lower than the total). The P&L windows
   * (last hour, today) are the desk P&L's (GET /desk/pnl).
   */
  async panel(admin: AdminRow, coinId: number): Promise<AnalysisPanel> {
    const coin = await this.deps.coins.requireUsablePair(admin, coinId);
    const venue = await venueCall(() => this.venue(admin.id, coin));
    if (!venue) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    await this.startPoint(admin.id, coin);
    const reading = pointOf(await venueCall(() => this.readAccount(venue)));
    const now = reading.at;
    const [volume24h, volumeTotal] = await Promise.all([
      this.deps.repo.volume(admin.id, coinId, new Date(now - DAY), new Date(now)),
      this.deps.repo.volume(admin.id, coinId, new Date(0), new Date(now)),
    ]);
    return { value: valueOf(reading, reading.price), volume24h, volumeTotal };
  }
}
