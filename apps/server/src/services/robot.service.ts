import {
  botExposure,
  ErrorCode,
  isRiskControlType,
  exposureShortfalls,
  robotConfigJsonSchema,
  shareOf,
  robotTypeKeys,
  robotTypes,
  SCHEDULED_START_MIN_MINUTES,
  SMART_TARGET_MIN_MINUTES,
  PUMP_TARGET_MIN_MINUTES,
  PUMP_TARGET_TEXT,
  type Coin,
  type FieldError,
  type PairDefaults,
  type RobotDetailDto,
  type RobotDto,
  type RobotFigures,
  type RobotTypeItem,
  type RobotTypeKey,
  type RobotUpdateRequest,
  DEFAULT_LANG,
  type Lang,
  type ServerText,
  botTypeKey,
  renderServerText,
  text,
  verbatim,
} from '@makerdesk/contract';
import { add, compare, div, isDecimal, mul } from '@makerdesk/decimal';
import { formatAmount } from '@makerdesk/format';
import { computeFigures, figureWindows, uptimeIn, type BotEngineApi } from '@makerdesk/engine';
import { botScope, isOwnClientOrderId, type Balance, type Exchange, type Market } from '@makerdesk/exchange';
import { AppError } from '../domain/app-error.ts';
import { toOrderDto } from './orders/order-mapper.ts';
import { robotDisplayName } from './orders/order-source.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { RobotChanges, RobotListRow } from '../repositories/robot.repository.ts';
import { venueCall } from '../domain/exchange-errors.ts';
import type { ExchangeGateway, KeySession } from '../venues/exchange-gateway.ts';
import type { AdminRow } from '../domain/account.ts';
import type { CoinService } from './coin.service.ts';
import type { CredentialService } from './credential.service.ts';
import type { IncidentService } from './incidents/incident.service.ts';
import { toTradingLog } from './trading-log.service.ts';

/** The client order id scope of a bot's orders (`makerDeskClientOrderId`), so its detail shows its own orders only. */
export function robotScope(robotId: number): string {
  return botScope(robotId);
}

const RECENT_LOGS = 50;
/** How many of its latest orders and fills the detail drawer lists. */
const RECENT_ORDERS = 30;
export const SCHEDULED_START_TEXT = `The scheduled start must be at least ${SCHEDULED_START_MIN_MINUTES} minute from now`;
export const SMART_TARGET_TEXT = `The target date must be at least ${SMART_TARGET_MIN_MINUTES} minutes after the start`;

/** Types with a target date: how far after the start it must lie (smart execution 60 minutes, pump and dump 1 minute). */
const TARGET_RULES: Partial<Record<RobotTypeKey, { minutes: number; text: string }>> = {
  smart_sell: { minutes: SMART_TARGET_MIN_MINUTES, text: SMART_TARGET_TEXT },
  smart_buy: { minutes: SMART_TARGET_MIN_MINUTES, text: SMART_TARGET_TEXT },
  pump_oscillating: { minutes: PUMP_TARGET_MIN_MINUTES, text: PUMP_TARGET_TEXT },
  pump_rapid: { minutes: PUMP_TARGET_MIN_MINUTES, text: PUMP_TARGET_TEXT },
  pump_ratio: { minutes: PUMP_TARGET_MIN_MINUTES, text: PUMP_TARGET_TEXT },
};

/** Defaults for a pair whose market or price cannot be read (no pair asked, no key, venue down). */
export function fallbackPair(symbol = 'BTC/USDT', price = '1'): PairDefaults {
  return { symbol, price, pricePrecision: 4, amountPrecision: 4, minAmount: '0.0001', minNotional: '1' };
}

type TypeRegistry = Record<RobotTypeKey, (typeof robotTypes)[RobotTypeKey]>;

/**
 * Bots (spec §7 robot calls): every account sees and changes only its own bots, on pairs it may use
 * (restricted accounts: the pairs bound to them). Saving checks the type's config schema (spec §5
 * bounds and texts), the start and target times, and DESIGN §8 (simulation-only types need a
 * simulator key), then hands the change to the engine.
 */
export class RobotService {
  constructor(
    private readonly repos: Pick<Repositories, 'robots' | 'robotJournal' | 'tradingLogs' | 'transaction'>,
    private readonly coins: Pick<CoinService, 'requireUsablePair'>,
    private readonly credentials: Pick<CredentialService, 'materialFor'>,
    private readonly gateway: Pick<ExchangeGateway, 'session'>,
    private readonly engine: Pick<BotEngineApi, 'apply' | 'runtime'>,
    private readonly now: () => number = Date.now,
    private readonly types: TypeRegistry = robotTypes,
    /** The incident centre: a pair halted by an emergency stop runs again once one of its bots is switched on. */
    private readonly halts?: Pick<IncidentService, 'botSwitchedOn'>,
  ) {}

  async list(admin: AdminRow, coinId: number, lang: Lang = 'en_US'): Promise<RobotDto[]> {
    const coin = await this.coins.requireUsablePair(admin, coinId);
    const rows = await this.repos.robots.listFor(admin.id, coinId);
    if (rows.length === 0) return [];
    return this.dtos(rows, await this.mid(admin, coin), lang);
  }

  async get(admin: AdminRow, id: number, coinId?: number, lang: Lang = 'en_US'): Promise<RobotDto> {
    const { row, coin } = await this.owned(admin, id, coinId);
    const [dto] = await this.dtos([row], await this.mid(admin, coin), lang);
    return dto!;
  }

  async lastHour(admin: AdminRow, id: number, coinId?: number): Promise<RobotFigures> {
    return (await this.get(admin, id, coinId)).figures.lastHour;
  }

  async today(admin: AdminRow, id: number, coinId?: number): Promise<RobotFigures> {
    return (await this.get(admin, id, coinId)).figures.today;
  }

  /** The bot, its own open orders on the venue (by its client order id scope), its latest journalled orders and fills, and its recent log. */
  async detail(admin: AdminRow, id: number, lang: Lang = DEFAULT_LANG): Promise<RobotDetailDto> {
    const { row, coin } = await this.owned(admin, id);
    const session = await this.session(admin, coin.coinId);
    const [open, logs, recentOrders, recentFills] = await Promise.all([
      venueCall(() => session.exchange.fetchOpenOrders(coin.coinName)),
      this.repos.tradingLogs.listByCoin(coin.coinId, { limit: RECENT_LOGS, offset: 0 }, { robotId: id }),
      this.repos.robotJournal.recentOrders(id, RECENT_ORDERS),
      this.repos.robotJournal.recentFills(id, RECENT_ORDERS),
    ]);
    const [dto] = await this.dtos([row], await this.midOf(session.exchange, coin.coinName), lang);
    return {
      ...dto!,
      openOrders: open
        .filter((o) => isOwnClientOrderId(o.clientOrderId, robotScope(id)))
        .map((o) => toOrderDto(o, { kind: 'bot', robotId: id, robotName: robotDisplayName(row, lang) })),
      recentOrders,
      recentFills,
      recentLogs: logs.rows.map((r) => toTradingLog(r, lang)),
    };
  }

  /** PUT /robot/update: creates (no id) or changes a bot, then the engine picks the change up. */
  async update(admin: AdminRow, req: RobotUpdateRequest): Promise<{ id: number }> {
    const coin = await this.coins.requireUsablePair(admin, req.coinId);
    const existing = req.id !== undefined ? (await this.owned(admin, req.id, req.coinId)).row : undefined;
    const material = await this.credentials.materialFor(admin, req.coinId);
    if (!material) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    const definition = this.types[req.type];
    if (definition.simulationOnly && material.platformCode !== 'sim') throw new AppError(ErrorCode.ROBOT_SIMULATION_ONLY);

    const parsed = definition.config.safeParse(req.config);
    if (!parsed.success) {
      throw configError(parsed.error.issues.map((i) => ({ field: ['config', ...i.path].join('.'), message: i.message })));
    }
    const config = parsed.data as Record<string, unknown>;
    const now = this.now();
    const switchingOn = req.status === 'running' && existing?.status !== 'running';
    const startAt = req.startMode === 'scheduled' ? (req.startAt ?? null) : null;
    const startChanged = switchingOn || req.startMode !== existing?.startMode || startAt !== (existing?.startAt?.getTime() ?? null);
    const issues: FieldError[] = [];
    if (req.status === 'running' && startAt !== null && startChanged && startAt < now + SCHEDULED_START_MIN_MINUTES * 60_000) {
      issues.push({ field: 'startAt', message: SCHEDULED_START_TEXT });
    }
    const target = TARGET_RULES[req.type];
    if (target && req.status === 'running') {
      const targetAt = Number(config.targetAt);
      const targetChanged = startChanged || targetAt !== Number(existing?.config.targetAt);
      if (targetChanged && targetAt < (startAt ?? now) + target.minutes * 60_000) issues.push({ field: 'config.targetAt', message: target.text });
    }
    if (issues.length > 0) throw configError(issues);
    // A running configuration the key's available balance cannot fund needs the caller's confirmation.
    if (req.status === 'running' && req.confirmExposure !== true) await this.guardExposure(material, coin.coinName, req.type, config);

    const at = new Date(now);
    const values = {
      coinId: req.coinId,
      credentialId: material.id,
      type: req.type,
      config,
      status: req.status,
      startMode: req.startMode,
      startAt: startAt === null ? null : new Date(startAt),
      priceMode: req.priceMode,
      description: req.description ?? existing?.description ?? '',
    };
    const id = await this.repos.transaction(async (tx) => {
      let robotId: number;
      let line: ServerText;
      if (!existing) {
        const row = await tx.robots.insert({ ...values, adminId: admin.id, stopReason: null, startedAt: req.status === 'running' ? at : null });
        robotId = row.id;
        line = text('bots.created', { type: `@${botTypeKey(req.type)}`, id: robotId, state: req.status === 'running' ? '@bots.state.on' : '@bots.state.off', account: admin.account });
      } else {
        robotId = existing.id;
        const changes: RobotChanges = { ...values, updatedAt: at };
        if (existing.type !== req.type) changes.state = null;
        if (switchingOn) Object.assign(changes, { startedAt: at, stopReason: null, stopReasonText: null });
        if (req.status === 'stopped' && existing.status === 'running') {
          changes.stopReason = `Stopped by ${admin.account}`;
          changes.stopReasonText = text('bots.stopReason.byUser', { account: admin.account });
        }
        await tx.robots.update(robotId, changes);
        line = text(
          switchingOn ? 'bots.switchedOn' : req.status === 'stopped' && existing.status === 'running' ? 'bots.switchedOff' : 'bots.changed',
          { id: robotId, account: admin.account },
        );
      }
      // A scheduled bot's uptime starts at its start time.
      if (req.status === 'running') await tx.robots.openRun(robotId, startAt !== null && startAt > now ? new Date(startAt) : at);
      else await tx.robots.closeRun(robotId, at);
      await tx.tradingLogs.append({ coinId: coin.coinId, adminId: admin.id, robotId, level: 'info', text: line, createdAt: at });
      return robotId;
    });
    if (switchingOn && !isRiskControlType(req.type)) await this.halts?.botSwitchedOn(coin.coinId);
    try {
      await this.engine.apply(id);
    } catch (err) {
      const line = text('bots.applyFailed', { id, error: err instanceof Error ? err.message : String(err) });
      await this.repos.tradingLogs.append({ coinId: coin.coinId, adminId: admin.id, robotId: id, level: 'error', text: line });
    }
    return { id };
  }

  /** GET /robot/init/list: every type the engine runs, with its schema and defaults for the pair asked about. */
  async typeList(admin: AdminRow, coinId?: number): Promise<RobotTypeItem[]> {
    const coin = coinId === undefined ? null : await this.coins.requireUsablePair(admin, coinId);
    const pair = coin === null ? fallbackPair() : await this.pairDefaults(admin, coin);
    // A pair whose key is on a live venue takes no simulation-only type (DESIGN §8).
    const live = coin !== null && ((await this.credentials.materialFor(admin, coin.coinId))?.platformCode ?? 'sim') !== 'sim';
    const now = this.now();
    return robotTypeKeys.map((type) => {
      const d = this.types[type];
      return {
        type,
        category: d.category,
        name: d.name,
        nameZh: d.nameZh,
        description: d.description,
        descriptionZh: d.descriptionZh,
        simulationOnly: d.simulationOnly,
        available: !(d.simulationOnly && live),
        quoting: d.quoting,
        follows: d.follows,
        schema: robotConfigJsonSchema(type),
        defaults: d.defaults(pair, now) as Record<string, unknown>,
      };
    });
  }

  /** The pair's market and current price through the caller's key; the fallback for whatever cannot be read. */
  private async pairDefaults(admin: AdminRow, coin: Coin): Promise<PairDefaults> {
    const material = await this.credentials.materialFor(admin, coin.coinId);
    if (!material) return fallbackPair(coin.coinName);
    try {
      const { exchange } = await this.gateway.session(material);
      const [markets, price] = await Promise.all([exchange.loadMarkets(), this.midOf(exchange, coin.coinName)]);
      const market = markets.find((m) => m.symbol === coin.coinName);
      if (!market || price === null || compare(price, '0') <= 0) return fallbackPair(coin.coinName, price !== null && compare(price, '0') > 0 ? price : '1');
      return {
        symbol: coin.coinName,
        price,
        pricePrecision: market.pricePrecision,
        amountPrecision: market.amountPrecision,
        minAmount: market.minAmount,
        minNotional: market.minNotional,
      };
    } catch {
      return fallbackPair(coin.coinName);
    }
  }

  /**
   * Refuses (1030082) a configuration whose single order, or whose whole ladder, on either side the
   * key's available balance cannot fund (botExposure, valued at the pair's mid). What cannot be read
   * from the venue (down, no market) is not held against the caller: the engine's placements meet the
   * venue's own balance checks then.
   */
  private async guardExposure(material: Parameters<ExchangeGateway['session']>[0], symbol: string, type: RobotTypeKey, config: Record<string, unknown>): Promise<void> {
    let read: { market: Market; price: string; balances: Balance[] } | null = null;
    try {
      const { exchange } = await this.gateway.session(material);
      const [markets, price, balances] = await Promise.all([exchange.loadMarkets(), this.midOf(exchange, symbol), exchange.fetchBalances()]);
      const market = markets.find((m) => m.symbol === symbol);
      if (market && price !== null) read = { market, price, balances };
    } catch {
      read = null;
    }
    if (read === null) return;
    const { market, price, balances } = read;
    const available = (asset: string) => balances.find((b) => b.asset === asset)?.available ?? '0';
    const [short] = exposureShortfalls(botExposure(type, config, price), { base: available(market.base), quote: available(market.quote) });
    if (!short) return;
    const unit = short.asset === 'quote' ? market.quote : market.base;
    const digits = short.asset === 'quote' ? 2 : market.amountPrecision;
    const amount = (v: string) => `${formatAmount(v, { digits, padZeros: short.asset === 'quote' })} ${unit}`;
    const share = shareOf(short.needed, short.available);
    throw new AppError(ErrorCode.BOT_EXPOSURE_UNFUNDED, {
      needed: amount(short.needed),
      available: amount(short.available),
      share: share === null ? '—' : `${formatAmount(mul(share, '100'), { digits: 2, padZeros: true })}%`,
    });
  }

  private async owned(admin: AdminRow, id: number, coinId?: number): Promise<{ row: RobotListRow; coin: Coin }> {
    const row = await this.repos.robots.findById(id);
    // Another account's bot answers as if it did not exist.
    if (!row || row.adminId !== admin.id || (coinId !== undefined && row.coinId !== coinId)) throw new AppError(ErrorCode.INVALID_ROBOT_ID);
    const coin = await this.coins.requireUsablePair(admin, row.coinId);
    return { row, coin };
  }

  private async session(admin: AdminRow, coinId: number): Promise<KeySession> {
    const material = await this.credentials.materialFor(admin, coinId);
    if (!material) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    return venueCall(() => this.gateway.session(material));
  }

  /** The pair's mid through the caller's key; null when it cannot be had (figures then leave out what needs it). */
  private async mid(admin: AdminRow, coin: Coin): Promise<string | null> {
    const material = await this.credentials.materialFor(admin, coin.coinId);
    if (!material) return null;
    try {
      return await this.midOf((await this.gateway.session(material)).exchange, coin.coinName);
    } catch {
      return null;
    }
  }

  private async midOf(exchange: Exchange, symbol: string): Promise<string | null> {
    try {
      // A pair whose book comes by stream: its mid from there, no request (a busy key's budget queues requests).
      if (exchange.answersLocally?.('fetchOrderBook', [symbol, 1]) === true) {
        const { bids, asks } = await exchange.fetchOrderBook(symbol, 1);
        if (bids[0] && asks[0]) return div(add(bids[0][0], asks[0][0]), '2', { decimals: 12, rounding: 'half-even' });
      }
      const ticker = await exchange.fetchTicker(symbol);
      if (isDecimal(ticker.bid) && isDecimal(ticker.ask)) return div(add(ticker.bid, ticker.ask), '2', { decimals: 12, rounding: 'half-even' });
      return isDecimal(ticker.last) ? ticker.last : null;
    } catch {
      return null;
    }
  }

  /** DTOs of bots of one pair, their figures read in bulk (a few aggregated selects for any number of bots). */
  private async dtos(rows: RobotListRow[], mid: string | null, lang: Lang): Promise<RobotDto[]> {
    const now = this.now();
    const windows = figureWindows(now);
    const order = [windows.lastHour, windows.today, windows.allTime] as const;
    const ids = rows.map((r) => r.id);
    const [data, runs] = await Promise.all([this.repos.robotJournal.figuresData(ids, [...order]), this.repos.robots.runsOf(ids)]);
    return rows.map((row) => {
      const d = data.get(row.id)!;
      const own = runs.filter((r) => r.robotId === row.id);
      const [lastHour, today, allTime] = order.map((window, i) =>
        computeFigures({ fills: d.fills[i]!, orderCounts: d.orders[i]!, window, position: d.position, mid, uptimeMs: uptimeIn(own, window, now) }),
      ) as [RobotFigures, RobotFigures, RobotFigures];
      return {
        id: row.id,
        coinId: row.coinId,
        coinName: row.coinName,
        type: row.type as RobotTypeKey,
        status: row.status,
        stopReason: row.status === 'running' ? null : stopReasonIn(row, lang),
        description: row.description,
        priceMode: row.priceMode,
        startMode: row.startMode,
        startAt: row.startAt?.getTime() ?? null,
        config: row.config,
        runtime: this.engine.runtime(row.id),
        figures: { lastHour, today, allTime },
        createdAt: row.createdAt.getTime(),
        updatedAt: row.updatedAt.getTime(),
      };
    });
  }
}

/** A stopped bot's reason in the reader's language; one stored before server texts (no text) as it was written. */
function stopReasonIn(row: RobotListRow, lang: Lang): string | null {
  if (row.stopReasonText) return renderServerText(row.stopReasonText, lang);
  return row.stopReason === null ? null : renderServerText(verbatim(row.stopReason), lang);
}

function configError(fields: FieldError[]): AppError {
  return new AppError(ErrorCode.INVALID_ROBOT_CONFIG, { detail: fields.map((f) => `${f.field}: ${f.message}`).join('; ') }, fields);
}
