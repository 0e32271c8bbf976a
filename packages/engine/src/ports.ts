import type { LiquidityObligationTerms, PriceMode, RobotActivity, RobotTypeKey, ServerText } from '@makerdesk/contract';
import type { Exchange, OrderBook, Side, TimeInForce } from '@makerdesk/exchange';

/**
 * How the engine talks to the world. The server implements these with repositories and the
 * exchange gateway; tests implement them in memory. Interfaces only: no drizzle, no fastify here.
 */

/** A bot as stored. `config` has been checked against its type's schema when it was saved. */
export interface RobotRecord {
  id: number;
  adminId: number;
  coinId: number;
  /** The pair, `BASE/QUOTE`. */
  symbol: string;
  type: RobotTypeKey;
  config: Record<string, unknown>;
  status: 'running' | 'stopped';
  startMode: 'now' | 'scheduled';
  startAt: number | null;
  priceMode: PriceMode;
  /** The strategy's state after its last tick; null before the first. */
  state: unknown;
  /** When it was last switched on, epoch ms. */
  startedAt: number | null;
}

export interface RobotStore {
  /** Bots switched on, when the engine starts. */
  listRunning(): Promise<RobotRecord[]>;
  get(id: number): Promise<RobotRecord | null>;
  saveState(id: number, state: unknown): Promise<void>;
  /**
   * The engine stops a bot by itself (repeated failures, the strategy's stop): switch off, with the
   * reason (in English, and as a server text the console renders in the reader's language).
   */
  markStopped(id: number, reason: string, text?: ServerText): Promise<void>;
  /** Several bots switched off with one reason in one write (an emergency stop); without it, markStopped each. */
  markManyStopped?(ids: number[], reason: string, text?: ServerText): Promise<void>;
  /**
   * Bots switched off whose journal still has orders not final: a stop whose cancels had not all
   * finished when the server went down. The engine cancels them at start; without it, none is swept.
   */
  listStoppedWithLiveOrders?(): Promise<RobotRecord[]>;
}

/**
 * The journal's states of an order.
 * - sending: written, venue call not answered yet (a crash here leaves it to the start-up lookup);
 * - unknown: the answer was lost (timeout, 5xx, reset); resolved by looking it up by client order id;
 * - open: resting on the venue (partly filled or not);
 * - canceling: a cancel was sent and not confirmed;
 * - final: filled, canceled (maybe partly filled), rejected (the venue refused it, nothing rests).
 */
export const journalStates = ['sending', 'unknown', 'open', 'canceling', 'filled', 'canceled', 'rejected'] as const;
export type JournalState = (typeof journalStates)[number];
export const FINAL_JOURNAL_STATES: ReadonlySet<JournalState> = new Set(['filled', 'canceled', 'rejected']);

export interface JournalOrder {
  robotId: number;
  clientOrderId: string;
  tag: string;
  symbol: string;
  side: Side;
  price: string;
  amount: string;
  timeInForce: TimeInForce;
  state: JournalState;
  orderNo: string | null;
  filledAmount: string;
  /** Quote value of the fills. */
  filledValue: string;
  /** Why it was rejected, or the last venue error about it. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

export type JournalPatch = Partial<Pick<JournalOrder, 'state' | 'orderNo' | 'filledAmount' | 'filledValue' | 'error' | 'updatedAt'>>;

/** A fill as the engine records it: the increase of an order's filled amount seen by reconciliation. */
export interface FillRecord {
  robotId: number;
  clientOrderId: string;
  side: Side;
  /** Average price of this increment. */
  price: string;
  amount: string;
  quoteAmount: string;
  /** In quote, estimated from the pair's fee rate (maker for resting orders, taker for IOC). */
  fee: string;
  /** The order's filled amount after this fill: with clientOrderId, the idempotency key. */
  filledAfter: string;
  at: number;
}

export interface OrderJournal {
  /**
   * Written before the venue call; must be durable when it resolves. An order whose client order id
   * is already journalled is left as it is (idempotent: reconciliation inserts what it adopts from
   * the venue, then settles it, whether or not a row existed).
   */
  insert(orders: JournalOrder[]): Promise<void>;
  /** State changes and the fills they reveal, in one transaction; a fill already recorded (same key) is skipped. */
  settle(changes: { robotId: number; clientOrderId: string; patch: JournalPatch }[], fills: FillRecord[]): Promise<void>;
  /** The bot's orders not yet final. */
  live(robotId: number): Promise<JournalOrder[]>;
}

export interface TradingLogEntry {
  robotId: number;
  coinId: number;
  adminId: number;
  level: 'info' | 'warn' | 'error';
  /** The line in English: stored only for a line without a key (a verbatim text); a keyed line's English renders from its key. */
  message: string;
  /** The line as a server text, rendered in each reader's language. */
  text: ServerText;
  at: number;
}

/** Fire and forget: the sink batches and must not throw into the engine. */
export interface TradingLogSink {
  write(entry: TradingLogEntry): void;
}

/** An alert a risk-control bot raised (NotifyIntent), with the bot and pair it is about. */
export interface AlertRequest {
  adminId: number;
  coinId: number;
  robotId: number;
  level: 'info' | 'warn' | 'error';
  /** The title and text in English (for readers of the raw rows and channels without a language). */
  title: string;
  text: string;
  /** The title and text as server texts: each channel and reader gets them in their language. */
  message?: { title: ServerText; text: ServerText };
  at: number;
}

/**
 * Delivers alerts to the account's channels (Telegram, webhook, e-mail). The runtime has already
 * written the alert to the trading log; a failed delivery is logged there, never retried by the engine.
 */
export interface AlertPort {
  raise(alert: AlertRequest): Promise<void>;
}

export interface PairStopRequest {
  adminId: number;
  coinId: number;
  /** The bot that asks (a monitor): it is never among the bots stopped, and stops itself if it means to. */
  robotId: number;
  /** In English. */
  reason: string;
  /** The reason as a server text, rendered in each reader's language. */
  reasonText?: ServerText;
}

/**
 * The pair's emergency stop: every running bot of the account on the pair, risk-control bots and the
 * caller aside, is switched off with the reason "emergency stop: <reason>" and its orders cancelled.
 * Resolves once they are stopped, with their ids; must never wait for the calling bot's own tick.
 */
export interface PairGuardPort {
  emergencyStop(request: PairStopRequest): Promise<{ stopped: number[] }>;
}

/** One bot of the pair and its all-time figures, as monitors read them. Amounts in quote unless named. */
export interface PairBotFigures {
  id: number;
  type: RobotTypeKey;
  status: 'running' | 'stopped';
  trades: number;
  baseVolume: string;
  quoteVolume: string;
  fees: string;
  realizedPnl: string;
  /** Null when the mid price is unknown. */
  unrealizedPnl: string | null;
  /** Trade P&L − fees: the value now against holding the starting balances (the figures' pnlVsHold); null when the mid is unknown. */
  totalPnl: string | null;
}

/** The account's bots on a pair (risk-control bots aside), with their figures at `mid`. */
export interface PairFiguresPort {
  read(query: { adminId: number; coinId: number; mid: string | null }): Promise<PairBotFigures[]>;
}

/**
 * The pair's liquidity obligation (issue 20) as a bot quoting to it reads it each tick: null when the
 * pair has none. The server answers from a cache refreshed when the obligation changes.
 */
export interface PairObligationPort {
  read(coinId: number): Promise<LiquidityObligationTerms | null>;
}

export interface VenueSession {
  /** The venue itself: the engine puts each call behind its call timeout and the key's rate budget. */
  exchange: Exchange;
  /** One rate budget per venue key: bots and manual calls on the same key share it. */
  budgetKey: string;
  /** True on the built-in simulator (DESIGN §8: simulation-only types run here alone). */
  simulated: boolean;
  /** The venue as people name it (`binance (sandbox)`), for incidents; the budget key's platform without it. */
  venue?: string;
}

export interface VenueSessions {
  /**
   * The bot's session with its owner's current key. Asked at every tick (keep it cheap): a session
   * with another `budgetKey` than the bot's means its key was changed, and it switches to it.
   */
  open(robot: RobotRecord): Promise<VenueSession>;
}

/** A key's pair whose venue stream is down (its bots poll), as the incident centre is told it. */
export interface FeedOutage {
  /** The bot that saw it (one of the key's bots on the pair), and its owner and pair. */
  robotId: number;
  adminId: number;
  coinId: number;
  symbol: string;
  /** The venue as people name it. */
  venue: string;
  /** The venue key's budget key: one outage per key and pair. */
  budgetKey: string;
  /** Since when the stream is down (epoch ms). */
  since: number;
  at: number;
}

/**
 * The incident centre as the engine tells it of streams down (issue 19): a key's pair whose stream
 * has been down for FEED_DOWN_INCIDENT_MS (once per outage, whichever of its bots saw it first),
 * and its recovery. Fire and forget: must not throw into the engine.
 */
export interface FeedIncidentPort {
  streamDown(outage: FeedOutage): void;
  streamUp(outage: FeedOutage & { downMs: number }): void;
}

/** Public market data of any platform (simulator reference venue, or a ccxt venue without a key). */
export interface ReferencePrices {
  book(source: { platform: string; symbol: string }, depth: number): Promise<OrderBook>;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the engine reports as it works: the WebSocket and /backend/metrics listen. */
export interface EngineObserver {
  activity?(robotId: number, activity: RobotActivity): void;
  tick?(robotId: number, durationMs: number, ok: boolean): void;
  /** From the tick's start to the venue's answer to its first placement. */
  tickToOrder?(ms: number): void;
  /** How late a tick started after the time it was due (a busy process shows here first). */
  tickLateness?(ms: number): void;
  order?(robotId: number, event: 'placed' | 'canceled' | 'filled' | 'rejected'): void;
  /** A fill pushed by a live venue's stream, in the bot's journal: ms from the venue's update time (issue 19). */
  streamedFill?(ms: number): void;
  venueError?(kind: string): void;
}
