import { CLIENT_ORDER_ID_PREFIX, isExchangeError, type Order } from '@makerdesk/exchange';
import { venueReason } from '../domain/exchange-errors.ts';
import { ErrorCode, isRiskControlType, MAIN_ACCOUNT, type EmergencyStopPreview, type EmergencyStopResponse } from '@makerdesk/contract';
import type { BotEngineApi, EmergencyStopResult, RobotRecord } from '@makerdesk/engine';
import { AppError } from '../domain/app-error.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { toRobotRecord, type RobotListRow } from '../repositories/robot.repository.ts';
import type { ExchangeGateway } from '../venues/exchange-gateway.ts';
import type { AdminRow } from '../domain/account.ts';
import type { CredentialService } from './credential.service.ts';
import type { RaiseAlert } from '../alerts/alert-dispatcher.ts';
import type { IncidentService } from './incidents/incident.service.ts';
import { emergencyStopTexts } from './incidents/incident-texts.ts';
import { nestText, renderServerText, text, verbatim, type Lang, type ServerText } from '@makerdesk/contract';

/** Who or what asks for a stop: the words go to the bots' stop reason and the pair's trading log. */
export interface EmergencyStopCause {
  /** What happened, e.g. "stop button pressed", "price 31000 above the bound 30000". */
  reason: string;
  /** The reason as a server text (a monitor's rule), rendered in each reader's language. */
  reasonText?: ServerText;
  /** Who, when an account: its name (as every reader reads it). */
  by?: string;
  /** Who, when a monitor asked: its bot id ("bot #4" / "机器人 #4" in each reader's language). */
  byBot?: number;
  /** Only this account's bots (a sub-account pressing the button); absent: every bot of the pair. */
  ownerId?: number;
  /** The account the pair's log line is filed under (the presser, or the monitor's owner). */
  logAdminId?: number;
  /** Bots left running (a monitor's stop spares itself and the other risk-control bots). */
  spare?: (robot: { id: number; type: string }) => boolean;
  /** The stop button (its reason then reads in each reader's language). */
  pressed?: boolean;
}

/** An order (or a venue) not seen cancelled: `message` in English for the log, `text` (when the server words it) for people. */
export type StopFailure = EmergencyStopResponse['failed'][number] & { text?: ServerText };

export type PairStopResult = Omit<EmergencyStopResponse, 'manualCancelled' | 'manualOpenOrders' | 'failed'> & { failed: StopFailure[] };

/** A bot's client order id (`MD` + `b<id>` + `Z…`); every other order of the account on the pair is manual. */
const BOT_ORDER = new RegExp(`^${CLIENT_ORDER_ID_PREFIX}b\\d+Z`);
const isManual = (o: Order) => !BOT_ORDER.test(o.clientOrderId ?? '');

/**
 * The emergency stop of a pair (Risk control; DESIGN §7): every bot of the pair the caller may stop is
 * switched off with the reason and its orders cancelled, answered when the last cancel is acknowledged.
 * Who may stop whose bots: the main account stops every account's bots on the pair (it oversees the
 * desk); a sub-account stops its own bots, on a pair bound to it. A pair disabled or expired can still
 * be stopped: stopping never needs the pair to be tradable. Manual orders (the caller's orders that no
 * bot placed) are cancelled only when asked. Two stops of one pair run one after the other.
 */
export class EmergencyStopService {
  private readonly running = new Map<number, Promise<unknown>>();

  constructor(
    private readonly repos: Pick<Repositories, 'robots' | 'robotJournal' | 'tradingLogs' | 'coins'>,
    private readonly credentials: Pick<CredentialService, 'materialFor'>,
    private readonly gateway: Pick<ExchangeGateway, 'session'>,
    private readonly engine: Pick<BotEngineApi, 'emergencyStop'>,
    private readonly now: () => number = Date.now,
    /** The incident centre (the stop, who and what, halting the pair) and the alert channels (the account's that stopped). */
    private readonly report: { incidents?: Pick<IncidentService, 'record'>; alerts?: { raise(alert: RaiseAlert): Promise<unknown> } } = {},
  ) {}

  /**
   * What the monitors call (and the button, through `stopFor`): stops the pair's bots (all of them, or
   * `cause.ownerId`'s) and cancels their orders. Resolves when the last cancel is acknowledged, or
   * after the engine's wait limit with the orders still live in `failed` (they are still cancelled in
   * the background). Unknown pair: PAIR_NOT_FOUND.
   */
  async emergencyStop(coinId: number, cause: EmergencyStopCause): Promise<PairStopResult> {
    const coin = await this.repos.coins.findById(coinId);
    if (!coin) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    return this.oneAtATime(coinId, async () => {
      const startedAt = this.now();
      const rows = await this.repos.robots.listOnPair(coinId, cause.ownerId);
      const targets = await this.reachable(rows.filter((r) => !cause.spare?.(r)));
      const why = reasonTextOf(cause);
      const result: EmergencyStopResult =
        targets.length > 0
          ? await this.engine.emergencyStop({ robots: targets, ...engineReason(text('monitor.causeBy', { ...nestText('breach', why), ...stopByParams(cause) })) })
          : { robotsStopped: [], ordersCancelled: 0, ordersFilled: 0, failed: [], elapsedMs: 0 };
      const elapsedMs = this.now() - startedAt;
      const level = result.failed.length > 0 ? 'warn' : 'info';
      const summary = text('monitor.pairStopSummary', {
        ...nestText('cause', why),
        pair: coin.coinName,
        ...stopByParams(cause),
        stoppedBots: result.robotsStopped.length,
        cancelled: result.ordersCancelled,
        filled: result.ordersFilled,
        ...(result.failed.length > 0 ? { pending: '@monitor.pairStopPending', pendingOrders: result.failed.length } : {}),
        ms: elapsedMs,
      });
      await this.repos.tradingLogs.append({
        coinId,
        adminId: cause.logAdminId ?? null,
        robotId: null,
        level,
        text: summary,
      });
      await this.reportStop(coinId, coin.coinName, cause, result, startedAt, level);
      return {
        robotsStopped: result.robotsStopped.length,
        robotIds: [...result.robotsStopped].sort((a, b) => a - b),
        ordersCancelled: result.ordersCancelled,
        ordersFilled: result.ordersFilled,
        failed: result.failed,
        elapsedMs,
      };
    });
  }

  /**
   * The stop as an incident of the pair (of the whole pair, or of the sub-account whose bots it
   * stopped), which halts the pair until a bot runs again, and as an alert on the channels of the
   * account that stopped it. Neither ever fails the stop.
   */
  private async reportStop(coinId: number, pair: string, cause: EmergencyStopCause, result: EmergencyStopResult, at: number, level: 'info' | 'warn'): Promise<void> {
    const made = emergencyStopTexts({
      pair,
      by: stopper(cause),
      ...(cause.pressed ? {} : { reason: reasonTextOf(cause) }),
      at,
      ordersCancelled: result.ordersCancelled,
      botsStopped: result.robotsStopped.length,
      failed: result.failed.length,
    });
    await this.report.incidents?.record({
      coinId,
      // Whose stop it is: a restricted account sees its own, never the main account's (who pressed it is the main account's business).
      adminId: cause.ownerId ?? cause.logAdminId ?? null,
      actorAdminId: cause.pressed ? (cause.logAdminId ?? null) : null,
      level: 'warn',
      kind: 'emergency_stop',
      title: made.title,
      text: made.text,
      details: made.details,
    });
    if (cause.logAdminId !== undefined && this.report.alerts) {
      await this.report.alerts
        .raise({
          adminId: cause.logAdminId,
          coinId,
          level: level === 'info' ? 'warn' : 'error',
          title: renderServerText(made.title, 'en_US'),
          text: renderServerText(made.text, 'en_US'),
          message: { title: made.title, text: made.text },
        })
        .catch(() => undefined);
    }
  }

  /**
   * Every bot of an account, on every pair, stopped with the reason and its orders cancelled, as the
   * stop button does: before the account is deleted (its bots and their journal go with it, so no
   * order may be left resting untracked) or when it is suspended (it may not trade any more).
   * Resolves with the ids stopped once the cancels are acknowledged, or at the engine's wait limit.
   */
  async stopAccount(adminId: number, reason: ServerText): Promise<number[]> {
    const targets = await this.reachable(await this.repos.robots.listOwnedBy(adminId));
    if (targets.length === 0) return [];
    const result = await this.engine.emergencyStop({ robots: targets, ...engineReason(reason) });
    return [...result.robotsStopped].sort((a, b) => a - b);
  }

  /**
   * POST /robot/emergencyStop: the stop button of an account, then (if asked) its manual orders on the
   * pair. The pair's risk-control monitors keep running, as through a monitor's stop: they place no
   * orders, and they are what tells the desk how the market moves after the stop.
   */
  async stopFor(admin: AdminRow, coinId: number, cancelManual = false, lang: Lang = 'en_US'): Promise<EmergencyStopResponse> {
    await this.requirePair(admin, coinId);
    const startedAt = this.now();
    const bots = await this.emergencyStop(coinId, {
      reason: 'stop button pressed',
      pressed: true,
      by: admin.account,
      logAdminId: admin.id,
      spare: (robot) => isRiskControlType(robot.type),
      ...(admin.mainAccountId === MAIN_ACCOUNT ? {} : { ownerId: admin.id }),
    });
    const manual = await this.manual(admin, coinId, cancelManual);
    const elapsedMs = cancelManual ? this.now() - startedAt : bots.elapsedMs;
    const failed = [...bots.failed, ...manual.failed].map(({ text: said, ...f }) => ({ ...f, message: renderServerText(said ?? verbatim(f.message), lang) }));
    return { ...bots, failed, manualCancelled: manual.cancelled, manualOpenOrders: manual.open, elapsedMs };
  }

  /** GET /robot/emergencyStop/preview: the bots a stop would reach now and the caller's manual orders. */
  async preview(admin: AdminRow, coinId: number): Promise<EmergencyStopPreview> {
    await this.requirePair(admin, coinId);
    const rows = await this.repos.robots.listOnPair(coinId, admin.mainAccountId === MAIN_ACCOUNT ? undefined : admin.id);
    const running = rows.filter((r) => r.status === 'running' && !isRiskControlType(r.type));
    return {
      runningRobots: running.length,
      runningMonitors: rows.filter((r) => r.status === 'running' && isRiskControlType(r.type)).length,
      otherAccountsRobots: running.filter((r) => r.adminId !== admin.id).length,
      manualOpenOrders: (await this.manual(admin, coinId, false)).open,
    };
  }

  private async requirePair(admin: AdminRow, coinId: number): Promise<void> {
    if (!(await this.repos.coins.findById(coinId))) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    if (admin.mainAccountId !== MAIN_ACCOUNT && !(await this.repos.coins.isBound(admin.id, coinId))) throw new AppError(ErrorCode.FORBIDDEN);
  }

  /** The caller's manual orders on the pair: cancelled when asked, then counted. No key, or a venue that cannot be read: none counted, said in `failed`. */
  private async manual(admin: AdminRow, coinId: number, cancel: boolean): Promise<{ open: number; cancelled: number; failed: StopFailure[] }> {
    const material = await this.credentials.materialFor(admin, coinId);
    const coin = await this.repos.coins.findById(coinId);
    if (!material || !coin) return { open: 0, cancelled: 0, failed: [] };
    try {
      const { exchange } = await this.gateway.session(material);
      const open = (await exchange.fetchOpenOrders(coin.coinName)).filter(isManual);
      if (!cancel || open.length === 0) return { open: open.length, cancelled: 0, failed: [] };
      const failed: StopFailure[] = [];
      let cancelled = 0;
      if (exchange.capabilities.batchCancel) {
        const answers = await exchange.cancelOrders(coin.coinName, open.map((o) => o.orderNo));
        cancelled = answers.filter((o) => o.status === 'canceled' || o.status === 'partial_canceled').length;
      } else {
        await Promise.all(
          open.map((o) =>
            exchange.cancelOrder(coin.coinName, o.orderNo).then(
              () => cancelled++,
              (err: unknown) => failed.push({ robotId: null, clientOrderId: o.clientOrderId, orderNo: o.orderNo, kind: 'no_answer', message: refusalOf(err) }),
            ),
          ),
        );
      }
      const left = (await exchange.fetchOpenOrders(coin.coinName)).filter(isManual).length;
      return { open: left, cancelled, failed };
    } catch (err) {
      const why = text('bots.emergency.manualUnreadable', { error: refusalOf(err) });
      return { open: 0, cancelled: 0, failed: [{ robotId: null, clientOrderId: null, orderNo: null, kind: 'no_venue', message: renderServerText(why, 'en_US'), text: why }] };
    }
  }

  /** The bots a stop reaches: the running ones, and those already off whose journal still has orders live (a stop whose cancels failed). */
  private async reachable(rows: RobotListRow[]): Promise<RobotRecord[]> {
    const live = await this.repos.robotJournal.liveCounts(rows.filter((r) => r.status !== 'running').map((r) => r.id));
    return rows.filter((r) => r.status === 'running' || (live.get(r.id) ?? 0) > 0).map(toRobotRecord);
  }

  private oneAtATime<T>(coinId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.running.get(coinId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.running.set(coinId, next);
    void next.catch(() => undefined).finally(() => {
      if (this.running.get(coinId) === next) this.running.delete(coinId);
    });
    return next;
  }
}

/** The cause's reason as a server text: a monitor's rule, the stop button, or its words as written. */
function reasonTextOf(cause: EmergencyStopCause): ServerText {
  return cause.reasonText ?? (cause.pressed ? text('incident.reasonStopButton') : verbatim(cause.reason));
}

/** Who stopped, for a server text: a monitor as "bot #4" in the reader's language, an account by its name. */
function stopByParams(cause: EmergencyStopCause): Record<string, string | number> {
  return cause.byBot !== undefined ? { stopBy: '@monitor.botRef', stopBot: cause.byBot } : { stopBy: cause.by ?? '' };
}

/** Who stopped, for the incident: a monitor by its bot id, an account by its name. */
function stopper(cause: EmergencyStopCause): { bot: number } | string {
  return cause.byBot !== undefined ? { bot: cause.byBot } : (cause.by ?? '');
}

/** The engine's stop reason: as a server text (the bots' stop reason, each reader's language), and in English for the log. */
function engineReason(reason: ServerText): { reason: string; reasonText: ServerText } {
  return { reason: renderServerText(reason, 'en_US'), reasonText: reason };
}


function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** What people may read of a venue's failure: its own short words (never ccxt's URL and raw answer), or the message. */
function refusalOf(err: unknown): string {
  return isExchangeError(err) ? venueReason(err) : messageOf(err);
}
