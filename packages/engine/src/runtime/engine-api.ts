import type { RobotRuntime, RobotTypeKey, ServerText } from '@makerdesk/contract';
import type { Exchange } from '@makerdesk/exchange';
import type { AlertPort, Clock, EngineObserver, FeedIncidentPort, OrderJournal, PairFiguresPort, PairObligationPort, PairGuardPort, ReferencePrices, RobotRecord, RobotStore, TradingLogSink, VenueSessions } from '../ports.ts';
import type { AnyStrategy } from '../strategy.ts';
import type { CancelFailure } from './executor.ts';

/** Finds the strategy of a type; undefined for a type the engine cannot run. */
export type StrategyRegistry = (type: RobotTypeKey) => AnyStrategy | undefined;

/**
 * One rate budget per venue key, shared by every bot and manual call on that key. `wrap` gives a
 * venue whose calls wait for the key's budget; a 429/418 answer (ExchangeError 'rate_limited',
 * with `retryAfterMs` in its params when the venue said) pauses the whole key until then, and the
 * failed call is not retried by the budget (the caller decides), so there is never a retry storm.
 */
export interface RateBudgets {
  wrap(exchange: Exchange, budgetKey: string): Exchange;
  /** Epoch ms until which the key backs off, or null. */
  throttledUntil(budgetKey: string): number | null;
  /**
   * The part of the key's venue limits this process may use, in (0, 1] (several servers sharing the
   * keys each take their share); 1 when left out.
   */
  shareOf?(budgetKey: string): number;
}

export interface EngineDeps {
  robots: RobotStore;
  journal: OrderJournal;
  logs: TradingLogSink;
  venues: VenueSessions;
  references: ReferencePrices;
  strategies: StrategyRegistry;
  budgets: RateBudgets;
  clock?: Clock;
  observer?: EngineObserver;
  /** Alert channels for risk-control bots' notices; without it notices go to the trading log only. */
  alerts?: AlertPort;
  /** The pair's emergency stop; without it a bot asking for one fails its tick. */
  pairGuard?: PairGuardPort;
  /** The pair's bots' figures, for the report and the drawdown guard; without it they read none. */
  pairFigures?: PairFiguresPort;
  /** The pairs' liquidity obligations, for bots quoting to them; without it such a bot reads none (it quotes as configured). */
  obligations?: PairObligationPort;
  /** Streams down past a minute and back (issue 19); without it they show in the bots' runtime and log only. */
  feedIncidents?: FeedIncidentPort;
}

export interface EmergencyStopRequest {
  /** The bots to stop, as stored: those running are switched off; any bot given has its live orders cancelled. */
  robots: RobotRecord[];
  /** Why (who pressed it, or which monitor rule fired): the bots' stop reason and trading log say it. */
  reason: string;
  /** The reason as a server text (a monitor's rule), rendered in each reader's language; without it the reason reads as written. */
  reasonText?: ServerText;
  /** Answer after this at the latest (default EMERGENCY_STOP_WAIT_MS). */
  waitMs?: number;
}

export type EmergencyFailureKind = CancelFailure['kind'] | 'unresolved' | 'no_venue';

/** An order the stop could not see cancelled before it answered (or a bot whose venue could not be reached: no order named). */
export interface EmergencyStopFailure {
  robotId: number;
  clientOrderId: string | null;
  orderNo: string | null;
  kind: EmergencyFailureKind;
  /** In English, for the server's log (a venue's own words as it gave them). */
  message: string;
  /** What the engine itself says, in each reader's language; without it the message reads as written. */
  text?: ServerText;
}

export interface EmergencyStopResult {
  /** Bots that were switched on and now are off. */
  robotsStopped: number[];
  ordersCancelled: number;
  /** Orders that filled before their cancel reached the venue. */
  ordersFilled: number;
  failed: EmergencyStopFailure[];
  /** From the start of the stop to the last cancel acknowledged (or to giving up the wait). */
  elapsedMs: number;
}

/** What the server drives: the engine host in main.ts and the robot service. */
export interface BotEngineApi {
  /**
   * Loads the bots switched on, reconciles each with its venue, then schedules them; and cancels the
   * orders left live by bots switched off. `{ running: false }` (a server among several, whose bots
   * come by lease through `adopt`) does the latter only.
   */
  start(options?: { running?: boolean }): Promise<void>;
  /**
   * After a bot was created, changed, switched on or off (PUT /robot/update): picks the change up.
   * Switched off: no further ticks, its own orders cancelled (never another's), activity idle.
   */
  apply(robotId: number): Promise<void>;
  /**
   * Stops the given bots of one pair at once and cancels their orders: from the call on none of them
   * places anything (a tick already running included); each is switched off with the reason (it does
   * not start again with the server); their own orders are cancelled concurrently, cancels first in
   * the key's budget. Resolves when the last cancel is acknowledged, or after `waitMs` with what is
   * still live (those are still cancelled in the background, and the bot's log says how it ended).
   */
  emergencyStop(request: EmergencyStopRequest): Promise<EmergencyStopResult>;
  /**
   * Several servers (leases): runs a bot this process now holds, as a restart does: reconciled with
   * its venue (the journal's orders looked up, the venue's own orders adopted) before it quotes.
   * False when the bot is not switched on (or the engine is shutting down); true when it runs here.
   */
  adopt(robotId: number): Promise<boolean>;
  /**
   * Several servers: the bot goes to another process. No further ticks or placements (a tick in
   * flight finishes first), its orders are NOT cancelled and it stays switched on; the engine forgets
   * it, and whoever adopts it next reconciles from the journal.
   */
  release(robotId: number): Promise<void>;
  /** The bots this engine runs now. */
  held(): number[];
  /** What the engine is doing with a bot now (idle for a bot it does not run). */
  runtime(robotId: number): RobotRuntime;
  /**
   * Graceful: no new orders from now on; the quoting bots' resting orders cancelled within
   * BOT_SHUTDOWN_CANCEL_MS; bots stay marked running so they re-quote at the next start.
   */
  shutdown(): Promise<void>;
}
