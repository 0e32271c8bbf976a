import {
  DESK_FILLS_CSV_MAX_ROWS,
  ErrorCode,
  type BotPnlDto,
  type Coin,
  type DeskEquity,
  type DeskEquityQuery,
  type DeskFill,
  type DeskFillsFilters,
  type DeskFillsQuery,
  type DeskFillsResponse,
  type DeskPairPnl,
  type DeskPnl,
  type DeskPnlAll,
  type DeskPnlAllQuery,
  type DeskPnlQuery,
  type DeskQuoteTotal,
  type Lang,
  messageFor,
  type PnlPartsDto,
} from '@makerdesk/contract';
import { add, div, minus, parse, sign } from '@makerdesk/decimal';
import { dailyBars, equityCurve, FLAT, pnlOfSums, pnlWindowStart, sumParts, sumVsHold, sumWindow, type PnlFill, type PnlParts, type Position, type SourcePnl } from '@makerdesk/engine';
import { candleIntervalMs, type CandleInterval, type Exchange, type Market } from '@makerdesk/exchange';
import type { AdminRow } from '../../domain/account.ts';
import { AppError } from '../../domain/app-error.ts';
import { venueCall } from '../../domain/exchange-errors.ts';
import { foldedEquityCurve } from '../../domain/folded-ledger.ts';
import type { ApiKeyMaterial } from '../../domain/key-material.ts';
import type { BotWindowRow, DeskRepository, LedgerFilter, LedgerRow, ManualFillRow } from '../../repositories/desk.repository.ts';
import { pageWindow } from '../../repositories/query-kit.ts';
import { attributeFill, robotDisplayName, type SourceReader } from '../orders/order-source.ts';
import { fillsCsv } from './fills-csv.ts';

const DAY = 86_400_000;
/** Most candles an equity curve samples. */
const EQUITY_POINTS_MAX = 500;
/** Pairs whose P&L the desk-wide view reads at once (each one reads its venue). */
export const DESK_PAIRS_IN_PARALLEL = 4;

export interface DeskDeps {
  repo: Pick<DeskRepository, 'botWindows' | 'manualFills' | 'ledger' | 'botFills' | 'botFolds' | 'tradedPairs'>;
  coins: { requireUsablePair(admin: AdminRow, coinId: number): Promise<Coin>; listFor(admin: AdminRow): Promise<Coin[]> };
  credentials: { materialOf(adminId: number, coinId: number): Promise<ApiKeyMaterial | null> };
  gateway: { forKey(material: ApiKeyMaterial): Promise<Exchange> };
  /** Copies the account's new non-bot fills from the venue first (data analysis does the copying). */
  manualFills: { syncManualFills(admin: AdminRow, coin: Coin): Promise<void> };
  now?: () => number;
  log?: { warn(obj: unknown, msg?: string): void };
}

function parts(p: PnlParts): PnlPartsDto {
  return { total: p.total, realised: p.realised, unrealised: p.unrealised, fees: p.fees };
}

function position(base: string | null, avg: string | null): Position {
  return base === null || sign(base) === 0 ? FLAT : { base: parse(base), avgCost: avg === null ? null : parse(avg) };
}

/** A bot's window from its ledger's sums: the rows already carry the average-cost rule's realised P&L and position. */
function botSums(row: BotWindowRow) {
  return {
    start: position(row.startBase, row.startAvg),
    end: position(row.endBase, row.endAvg),
    realised: parse(row.realised),
    fees: parse(row.fees),
    baseChange: minus(row.boughtBase, row.soldBase),
    quoteChange: minus(row.soldQuote, row.boughtQuote),
    fillCount: row.fillCount,
  };
}

/**
 * The desk's P&L (DESK.md "P&L") and its fills ledger, per account and pair: each of the account's
 * bots from its own ledger (robot_fills), the fills no bot made (manual_fills, copied from the venue)
 * as one "manual" source, and the desk as their sum. A restricted account sees its own desk only:
 * every read is the signed-in account's.
 */
export class DeskService {
  private readonly now: () => number;
  constructor(private readonly deps: DeskDeps) {
    this.now = deps.now ?? Date.now;
  }

  private async venue(admin: AdminRow, coin: Coin): Promise<{ exchange: Exchange; market: Market } | null> {
    const material = await this.deps.credentials.materialOf(admin.id, coin.coinId);
    if (!material) return null;
    const exchange = await this.deps.gateway.forKey(material);
    const market = (await exchange.loadMarkets()).find((m) => m.symbol === coin.coinName);
    if (!market) throw new AppError(ErrorCode.PAIR_NOT_LISTED_ON_VENUE);
    return { exchange, market };
  }

  /** Mean of the best bid and ask; the last trade when a side is empty; null when the venue has neither. */
  private async midNow(exchange: Exchange, symbol: string): Promise<string | null> {
    const book = await exchange.fetchOrderBook(symbol, 5);
    const bid = book.bids[0]?.[0];
    const ask = book.asks[0]?.[0];
    if (bid !== undefined && ask !== undefined) return div(add(bid, ask), '2', { decimals: 18, rounding: 'half-even' });
    return (await exchange.fetchTicker(symbol)).last;
  }

  /** The pair's price at a past moment: the open of its 1-minute candle; null when the venue has none that old. */
  private async midAt(exchange: Exchange, symbol: string, at: number): Promise<string | null> {
    try {
      const [candle] = await exchange.fetchCandles(symbol, '1m', { since: at - 60_000, limit: 2 });
      return candle && candle.time <= at ? candle.close : null;
    } catch (err) {
      this.deps.log?.warn({ err, symbol }, 'desk P&L: no candle at the window start; its mid is taken as now');
      return null;
    }
  }

  async pnl(admin: AdminRow, query: DeskPnlQuery, lang: Lang): Promise<DeskPnl> {
    const { pricePrecision: _precision, ...pnl } = await this.pnlAt(admin, query, lang, this.now());
    return pnl;
  }

  /** One pair's P&L for the window ending at `to`: the one computation behind `pnl` and `pnlAll`. */
  private async pnlAt(admin: AdminRow, query: DeskPnlQuery, lang: Lang, to: number): Promise<DeskPnl & { pricePrecision: number | null }> {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    const [base = '', quote = ''] = coin.coinName.split('/');
    await this.deps.manualFills.syncManualFills(admin, coin);
    const venue = await venueCall(() => this.venue(admin, coin));
    const from = pnlWindowStart(query.window, to);
    const [bots, manualRows] = await Promise.all([this.deps.repo.botWindows(admin.id, coin.coinId, new Date(from), new Date(to)), this.deps.repo.manualFills(admin.id, coin.coinId, new Date(to))]);
    const mid = venue ? await venueCall(() => this.midNow(venue.exchange, coin.coinName)) : null;
    const midStart = query.window === 'all' || !venue ? null : await this.midAt(venue.exchange, coin.coinName, from);
    // Without a mid (no key, or an empty venue) nothing is unrealised: the positions are valued at their own cost.
    const valueAt = (p: Position, m: string | null) => m ?? p.avgCost ?? '0';
    const botPnls: (BotPnlDto & { vsHold: string })[] = bots.map((row) => {
      const sums = botSums(row);
      const p = pnlOfSums(sums, valueAt(sums.start, midStart ?? mid), valueAt(sums.end, mid));
      return { robotId: row.robotId, name: robotDisplayName({ id: row.robotId, type: row.type, description: row.description }, lang), ...parts(p), vsHold: p.vsHold };
    });
    const manual = this.manualPnl(manualRows, from, midStart ?? mid, mid);
    const desk = sumParts([...botPnls, manual.pnl]);
    return {
      coinId: coin.coinId,
      window: query.window,
      from,
      to,
      base,
      quote,
      mid,
      midStart,
      ...desk,
      vsHold: sumVsHold([...botPnls, manual.pnl]),
      bots: botPnls.map(({ vsHold: _vsHold, ...bot }) => bot),
      manual: parts(manual.pnl),
      unvaluedFees: manual.unvalued,
      pricePrecision: venue?.market.pricePrecision ?? null,
    };
  }

  /**
   * The P&L across the desk's pairs for one window (all of them ending at the same moment): each pair
   * the account trades and may see, by the same computation as `pnl`, a few pairs at a time; a pair
   * whose venue (or anything else) fails shows why, not its figures, and the others still answer.
   * Totals are per quote asset: pairs quoted in different assets are never summed together.
   */
  async pnlAll(admin: AdminRow, query: DeskPnlAllQuery, lang: Lang): Promise<DeskPnlAll> {
    const to = this.now();
    const from = pnlWindowStart(query.window, to);
    const [traded, visible] = await Promise.all([this.deps.repo.tradedPairs(admin.id), this.deps.coins.listFor(admin)]);
    const tradedIds = new Set(traded);
    const coins = visible.filter((c) => tradedIds.has(c.coinId)).sort((a, b) => a.coinName.localeCompare(b.coinName) || a.coinId - b.coinId);
    const pairs = await inBatches(coins, DESK_PAIRS_IN_PARALLEL, async (coin): Promise<DeskPairPnl> => {
      const quote = coin.coinName.split('/')[1] ?? '';
      try {
        const p = await this.pnlAt(admin, { coinId: coin.coinId, window: query.window }, lang, to);
        return { coinId: coin.coinId, coinName: coin.coinName, quote: p.quote, total: p.total, realised: p.realised, unrealised: p.unrealised, fees: p.fees, vsHold: p.vsHold, unvaluedFees: p.unvaluedFees, pricePrecision: p.pricePrecision, unavailable: null };
      } catch (err) {
        const known = err instanceof AppError ? err : null;
        if (!known) this.deps.log?.warn({ err, coinId: coin.coinId }, 'desk P&L across pairs: a pair failed');
        const code = known?.code ?? ErrorCode.INTERNAL_ERROR;
        const reason = { code, msg: messageFor(code, lang, known?.params) };
        return { coinId: coin.coinId, coinName: coin.coinName, quote, total: null, realised: null, unrealised: null, fees: null, vsHold: null, unvaluedFees: 0, pricePrecision: null, unavailable: reason };
      }
    });
    return { window: query.window, from, to, pairs, totals: quoteTotals(pairs) };
  }

  private manualPnl(rows: readonly ManualFillRow[], from: number, midStart: string | null, mid: string | null): { pnl: SourcePnl; unvalued: number } {
    const fills: PnlFill[] = rows.map((r) => ({ at: r.at.getTime(), side: r.side, price: parse(r.price), amount: parse(r.amount), feeQuote: r.feeQuote === null ? '0' : parse(r.feeQuote) }));
    const before = fills.filter((f) => f.at < from);
    const inside = fills.filter((f) => f.at >= from);
    const unvalued = rows.filter((r) => r.at.getTime() >= from && r.feeQuote === null).length;
    const start = sumWindow(FLAT, before).end;
    const sums = sumWindow(start, inside);
    return { pnl: pnlOfSums(sums, midStart ?? sums.start.avgCost ?? '0', mid ?? sums.end.avgCost ?? '0'), unvalued };
  }

  /**
   * The equity curve of the desk (each source replayed on its own, then summed) or of one bot: the
   * cumulative total P&L at each candle close since the first fill and at the mid now, and its daily bars.
   * A bot's fills retention pruned are read from its folded days and checkpoint (`foldedEquityCurve`).
   */
  async equity(admin: AdminRow, query: DeskEquityQuery): Promise<DeskEquity> {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    const [, quote = ''] = coin.coinName.split('/');
    if (query.robotId === undefined) await this.deps.manualFills.syncManualFills(admin, coin);
    const venue = await venueCall(() => this.venue(admin, coin));
    const [botRows, manualRows, folds] = await Promise.all([
      this.deps.repo.botFills(admin.id, coin.coinId, query.robotId ?? null),
      query.robotId === undefined ? this.deps.repo.manualFills(admin.id, coin.coinId, new Date(this.now())) : Promise.resolve([]),
      this.deps.repo.botFolds(admin.id, coin.coinId, query.robotId ?? null),
    ]);
    const toFill = (r: ManualFillRow): PnlFill => ({ at: r.at.getTime(), side: r.side, price: parse(r.price), amount: parse(r.amount), feeQuote: r.feeQuote === null ? '0' : parse(r.feeQuote) });
    const sources = new Map<string, PnlFill[]>();
    for (const r of botRows) {
      const key = `b${r.robotId}`;
      const list = sources.get(key) ?? [];
      list.push(toFill(r));
      sources.set(key, list);
    }
    // A bot whose oldest fills retention folded starts where they did, and its curve reads them from its days and checkpoint.
    for (const robotId of folds.keys()) if (!sources.has(`b${robotId}`)) sources.set(`b${robotId}`, []);
    if (manualRows.length > 0) sources.set('manual', manualRows.map(toFill));
    const foldedFirst = [...folds.values()].flatMap((f) => f.days.map((d) => d.firstAt));
    const first = Math.min(...[...sources.values()].map((f) => f[0]?.at ?? Infinity), ...foldedFirst);
    if (!venue || !Number.isFinite(first)) return { quote, points: [], daily: [] };
    const mids = await this.midSeries(venue.exchange, coin.coinName, first);
    const points = mids.map((m) => ({ at: m.at, total: '0' }));
    for (const [key, fills] of sources) {
      const folded = key.startsWith('b') ? folds.get(Number(key.slice(1))) : undefined;
      const curve = folded ? foldedEquityCurve(fills, mids, folded) : equityCurve(fills, mids);
      curve.forEach((p, i) => (points[i]!.total = add(points[i]!.total, p.total)));
    }
    return { quote, points, daily: dailyBars(points) };
  }

  /** The pair's price from `since` to now: candle closes at a step that keeps the curve under ~500 points, then the mid now. */
  private async midSeries(exchange: Exchange, symbol: string, since: number): Promise<{ at: number; mid: string }[]> {
    const now = this.now();
    const span = now - since;
    const interval: CandleInterval = span <= 2 * DAY ? '5m' : span <= 20 * DAY ? '1h' : '1d';
    const step = candleIntervalMs[interval];
    const candles = await exchange.fetchCandles(symbol, interval, { since: since - step, limit: EQUITY_POINTS_MAX });
    const out = candles.filter((c) => c.time + step <= now).map((c) => ({ at: c.time + step, mid: c.close }));
    const mid = await this.midNow(exchange, symbol);
    if (mid !== null) out.push({ at: now, mid });
    return out;
  }

  private filterOf(admin: AdminRow, coinId: number, q: DeskFillsFilters): LedgerFilter {
    const table = q.robotId !== undefined || q.source === 'bot' ? 'bot' : q.source === 'manual' || q.source === 'other' ? 'nonBot' : null;
    return {
      adminId: admin.id,
      coinId,
      from: q.from === undefined ? null : new Date(q.from),
      to: q.to === undefined ? null : new Date(q.to),
      robotId: q.robotId ?? null,
      table: q.robotId !== undefined && (q.source === 'manual' || q.source === 'other') ? 'bot' : table,
      manualOnly: q.source === 'manual' ? true : q.source === 'other' ? false : null,
    };
  }

  async fills(admin: AdminRow, query: DeskFillsQuery, lang: Lang): Promise<DeskFillsResponse> {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    await this.deps.manualFills.syncManualFills(admin, coin);
    const [base = '', quote = ''] = coin.coinName.split('/');
    const filter = this.filterOf(admin, coin.coinId, query);
    // A bot asked for with a non-bot source matches nothing.
    if (query.robotId !== undefined && (query.source === 'manual' || query.source === 'other')) return { list: [], total: 0, current: query.current, pageSize: query.pageSize, base, quote };
    const page = await this.deps.repo.ledger(filter, pageWindow(query.current, query.pageSize));
    return { list: page.rows.map((r) => fillDto(r, quote, lang, admin)), total: page.total, current: query.current, pageSize: query.pageSize, base, quote };
  }

  async fillsCsv(admin: AdminRow, query: DeskFillsFilters, lang: Lang): Promise<{ fileName: string; csv: string }> {
    const coin = await this.deps.coins.requireUsablePair(admin, query.coinId);
    await this.deps.manualFills.syncManualFills(admin, coin);
    const [, quote = ''] = coin.coinName.split('/');
    const none = query.robotId !== undefined && (query.source === 'manual' || query.source === 'other');
    const page = none ? { rows: [], total: 0 } : await this.deps.repo.ledger(this.filterOf(admin, coin.coinId, query), { limit: DESK_FILLS_CSV_MAX_ROWS, offset: 0 });
    const iso = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');
    const span = `${query.from === undefined ? 'start' : iso(query.from)}_${iso(query.to ?? this.now())}`;
    return { fileName: `fills_${coin.coinName.replace('/', '-')}_${span}.csv`, csv: fillsCsv(page.rows.map((r) => fillDto(r, quote, lang, admin))) };
  }
}

/** The pairs' figures summed per quote asset (the available ones), quotes in order of first appearance. */
export function quoteTotals(pairs: readonly DeskPairPnl[]): DeskQuoteTotal[] {
  const byQuote = new Map<string, DeskPairPnl[]>();
  for (const p of pairs) byQuote.set(p.quote, [...(byQuote.get(p.quote) ?? []), p]);
  return [...byQuote].map(([quote, rows]) => {
    const shown = rows.flatMap((r) => (r.total !== null && r.realised !== null && r.unrealised !== null && r.fees !== null && r.vsHold !== null ? [{ total: r.total, realised: r.realised, unrealised: r.unrealised, fees: r.fees, vsHold: r.vsHold }] : []));
    return { quote, ...sumParts(shown), vsHold: sumVsHold(shown), pairs: shown.length, unavailablePairs: rows.length - shown.length };
  });
}

/** `fn` over the items, at most `limit` at once, the answers in the items' order. */
async function inBatches<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * A ledger row as the API shows it; a bot's fee is estimated in quote by the engine (its asset is the
 * quote). Its source by the one fill rule (`attributeFill`): the ledger holds the reader's own bots only.
 */
export function fillDto(r: LedgerRow, quote: string, lang: Lang, reader: SourceReader): DeskFill {
  const n = (v: string | null) => (v === null ? null : parse(v));
  const common = { at: r.at.getTime(), side: r.side, price: parse(r.price), amount: parse(r.amount), fee: n(r.fee), feeQuote: n(r.feeQuote), orderNo: r.orderNo };
  if (r.kind === 'bot') {
    const robots = new Map(r.robotId === null ? [] : [[r.robotId, { id: r.robotId, adminId: reader.id, type: r.robotType ?? '', description: r.robotDescription ?? '' }]]);
    return { id: `b${r.id}`, ...common, feeAsset: quote, source: attributeFill({ ledger: 'botLedger', robotId: r.robotId }, robots, reader, lang) };
  }
  return { id: `m${r.id}`, ...common, feeAsset: r.feeAsset, source: attributeFill({ ledger: 'manualLedger', clientOrderId: r.clientOrderId }, new Map(), reader, lang) };
}
