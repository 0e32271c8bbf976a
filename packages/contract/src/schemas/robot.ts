import { z } from 'zod';
import { epochMs, idParam } from './common.ts';
import { order } from './order.ts';
import { robotCategories } from './robot-configs/robot-type-definition.ts';
import { robotTypeKeys, robotTypes, type RobotTypeKey } from './robot-configs/robot-types.ts';
import { tradingLog } from './trading-log.ts';
import { serverText } from '../server-texts/server-text.ts';

export const robotStatuses = ['running', 'stopped'] as const;
export type RobotStatus = (typeof robotStatuses)[number];
export const startModes = ['now', 'scheduled'] as const;
export const priceModes = ['normal', 'safe'] as const;
export type PriceMode = (typeof priceModes)[number];

/**
 * What the engine is doing with a bot right now, beside its switch (`status`):
 * scheduled (waiting for its start time), starting (reconciling before it quotes), active,
 * throttled (the venue rate-limited its key; backing off), stopping, idle (switched off).
 */
export const robotActivities = ['idle', 'scheduled', 'starting', 'active', 'throttled', 'stopping'] as const;
export type RobotActivity = (typeof robotActivities)[number];

/** Figures of one window (last hour, today, all time). Amounts are decimal strings in base or quote. */
export const robotFigures = z.object({
  from: epochMs,
  to: epochMs,
  ordersPlaced: z.number().int(),
  ordersFilled: z.number().int(),
  ordersCanceled: z.number().int(),
  tradeCount: z.number().int(),
  baseVolume: z.string(),
  quoteVolume: z.string(),
  /** Fees converted to quote at the fill price. */
  fees: z.string(),
  /** Bought minus sold base, and the quote that moved the other way (both signed). */
  inventoryChange: z.object({ base: z.string(), quote: z.string() }),
  /** Average cost of the bot's base position (average-cost method); null when it holds none. */
  averageCost: z.string().nullable(),
  realizedPnl: z.string(),
  /** (mid − average cost) × position; null when there is no mid. */
  unrealizedPnl: z.string().nullable(),
  /** Value now against simply holding the starting balances: Δquote + Δbase × mid − fees; null without a mid. */
  pnlVsHold: z.string().nullable(),
  uptimeMs: z.number().int(),
});
export type RobotFigures = z.infer<typeof robotFigures>;

/** A bot's own quotes against its pair's obligation; figures are decimal strings, null when a side has no order. */
export const robotObligationProgress = z.object({
  /** The own best bid and ask's spread in bps (rounded up to 0.1, DESK.md), and the cap. */
  spreadBps: z.string().nullable(),
  maxSpreadBps: z.string(),
  /** The band in % of mid, and the own depth per side within it (quote) against the minimum. */
  depthWithinPct: z.string(),
  bidQuote: z.string(),
  askQuote: z.string(),
  minDepthQuote: z.string(),
  /** Both the spread and the depth on both sides hold. */
  met: z.boolean(),
  /** The bot's funds could not cover the obligation at its last tick: it quotes what it can. */
  shortOfFunds: z.boolean(),
});
export type RobotObligationProgress = z.infer<typeof robotObligationProgress>;

/** What a bot's last action was: placed, requoted, cancelled, filled, guarded (a guard held an order back), started, stopped, failed. */
export const robotActionKinds = ['placed', 'requoted', 'cancelled', 'filled', 'guarded', 'started', 'stopped', 'failed'] as const;
export type RobotActionKind = (typeof robotActionKinds)[number];

/**
 * What the bot holds and does now, computed by the server that runs it (issue 18 §5). Prices and
 * amounts are decimal strings; a side with no own order is null.
 */
export const robotLiveFigures = z.object({
  /** The best bid and ask among the bot's own resting orders, and their spread in basis points of their mid. */
  quote: z.object({ bid: z.string().nullable(), ask: z.string().nullable(), spreadBps: z.string().nullable() }),
  /**
   * The key's base holding at the last tick (`base`), its share of the pair's value at the mid
   * (`share`, a fraction) and the bot's inventory target share where its type has one (`target`).
   */
  inventory: z.object({ base: z.string().nullable(), share: z.string().nullable(), target: z.string().nullable() }),
  lastAction: z.object({ at: epochMs, kind: z.enum(robotActionKinds), reason: serverText }).nullable(),
  /** Orders placed, cancels sent and fills seen in the last hour of this run; orderToFill = orders / fills (null without fills). */
  lastHour: z.object({ orders: z.number().int(), cancels: z.number().int(), fills: z.number().int(), orderToFill: z.string().nullable() }),
  /**
   * Churn (issue 19): placements and cancels per minute over the last `windowSec` of this run (or
   * since it started, when shorter; never less than a minute), one decimal; null before the run's first tick.
   * A quoting bot on a live venue has a placement budget (`budget`, placements a minute: its key's
   * daily order cap shared among the key's running bots, at most 5) and widens its refresh tolerance
   * while it places faster: `refreshTolerance` is the tolerance its last tick used (null for a bot
   * without one; `budget` null where none applies, e.g. the simulator in process). Past its budget
   * the bot defers placements to later ticks (keeping the orders they would replace): `deferred` is
   * how many it deferred in the last minute (a placement deferred over several ticks counts at each;
   * null where no budget applies).
   */
  perMinute: z.object({
    placements: z.string().nullable(),
    cancels: z.string().nullable(),
    windowSec: z.number().int(),
    refreshTolerance: z.string().nullable(),
    budget: z.string().nullable(),
    deferred: z.number().int().nullable(),
  }),
  /** Errors of this run (failed ticks, venue refusals, warnings and errors it logged), and the last. */
  errors: z.object({ count: z.number().int(), last: z.object({ at: epochMs, text: serverText }).nullable() }),
  /**
   * How close the bot runs to its pair's obligation (issue 20 §6), for a bot quoting to it: its own
   * spread against the cap, and its own depth per side within the band of mid against the minimum
   * (quote). Absent for every other bot, and before the tick that first read an obligation.
   */
  obligation: robotObligationProgress.nullable().optional(),
});
export type RobotLiveFigures = z.infer<typeof robotLiveFigures>;

/** The window of the per-minute churn figures (ten minutes). */
export const CHURN_WINDOW_SEC = 600;

export const EMPTY_LIVE_FIGURES: RobotLiveFigures = {
  quote: { bid: null, ask: null, spreadBps: null },
  inventory: { base: null, share: null, target: null },
  lastAction: null,
  lastHour: { orders: 0, cancels: 0, fills: 0, orderToFill: null },
  perMinute: { placements: null, cancels: null, windowSec: CHURN_WINDOW_SEC, refreshTolerance: null, budget: null, deferred: null },
  errors: { count: 0, last: null },
};

/**
 * How a live bot's venue data reaches it now (issue 19, the exchange's FeedStatus): pushed by the
 * venue's stream, or read by REST polling because the venue has none (`unsupported`) or its stream
 * is down (`down`), since `since`.
 */
export const robotFeed = z.object({
  mode: z.enum(['stream', 'polling']),
  since: epochMs,
  reason: z.enum(['unsupported', 'down']).nullable(),
});
export type RobotFeed = z.infer<typeof robotFeed>;

export const robotRuntime = robotLiveFigures.extend({
  activity: z.enum(robotActivities),
  lastTickAt: epochMs.nullable(),
  nextTickAt: epochMs.nullable(),
  consecutiveFailures: z.number().int(),
  /** When throttled: until when the key is backing off. */
  throttledUntil: epochMs.nullable(),
  openOrders: z.number().int(),
  /**
   * How its venue's data reaches the bot: null on the simulator, and for a bot not running or whose
   * venue tells nothing. Absent from servers before issue 19 (read as null).
   */
  feed: robotFeed.nullable().optional(),
});
export type RobotRuntime = z.infer<typeof robotRuntime>;

export const robot = z.object({
  id: z.number().int(),
  coinId: z.number().int(),
  coinName: z.string(),
  type: z.enum(robotTypeKeys),
  status: z.enum(robotStatuses),
  /** Why the bot last stopped (by the user, or by itself after repeated failures); null while running. */
  stopReason: z.string().nullable(),
  description: z.string(),
  priceMode: z.enum(priceModes),
  startMode: z.enum(startModes),
  startAt: epochMs.nullable(),
  config: z.record(z.string(), z.unknown()),
  runtime: robotRuntime,
  figures: z.object({ lastHour: robotFigures, today: robotFigures, allTime: robotFigures }),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type RobotDto = z.infer<typeof robot>;

export const robotListQuery = z.object({ coinId: idParam });
export const robotListResponse = z.array(robot);
export const robotIdParams = z.object({ id: idParam });
export const robotByIdQuery = z.object({ coinId: idParam.optional() });
export const robotFiguresResponse = robotFigures;

/** One of the bot's orders as its journal keeps it (the detail drawer's recent orders). */
export const robotJournalOrder = z.object({
  clientOrderId: z.string(),
  orderNo: z.string().nullable(),
  tag: z.string(),
  side: z.enum(['buy', 'sell'] as const),
  price: z.string(),
  amount: z.string(),
  filledAmount: z.string(),
  state: z.enum(['sending', 'unknown', 'open', 'canceling', 'filled', 'canceled', 'rejected'] as const),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type RobotJournalOrder = z.infer<typeof robotJournalOrder>;

/** One of the bot's fills; the fee is in quote (estimated from the pair's fee rate). */
export const robotFill = z.object({
  clientOrderId: z.string(),
  side: z.enum(['buy', 'sell'] as const),
  price: z.string(),
  amount: z.string(),
  quoteAmount: z.string(),
  fee: z.string(),
  at: epochMs,
});
export type RobotFill = z.infer<typeof robotFill>;

export const robotDetail = robot.extend({
  openOrders: z.array(order),
  /** The bot's latest orders from its journal, newest first. */
  recentOrders: z.array(robotJournalOrder),
  /** The bot's latest fills, newest first. */
  recentFills: z.array(robotFill),
  recentLogs: z.array(tradingLog),
});
export type RobotDetailDto = z.infer<typeof robotDetail>;

/**
 * PUT /robot/update: creates (no id) or changes a bot. `config` is checked against the type's own
 * schema on the server (robotTypes[type].config), so every spec §5 bound answers with its message.
 */
export const robotUpdateRequest = z
  .object({
    id: idParam.optional(),
    coinId: idParam,
    type: z.enum(robotTypeKeys, { message: 'Invalid robot type' }),
    config: z.record(z.string(), z.unknown()),
    status: z.enum(robotStatuses),
    startMode: z.enum(startModes),
    startAt: epochMs.optional(),
    priceMode: z.enum(priceModes),
    description: z.string().trim().max(200).optional(),
    /** Saves a configuration whose orders the key's available balance cannot fund (1030082 without it), after the console's confirmation. */
    confirmExposure: z.boolean().optional(),
  })
  .refine((v) => v.startMode === 'now' || v.startAt !== undefined, { message: 'A scheduled start needs a time', path: ['startAt'] });
export type RobotUpdateRequest = z.infer<typeof robotUpdateRequest>;
export const robotUpdateResponse = z.object({ id: z.number().int() });

export const robotTypeItem = z.object({
  type: z.enum(robotTypeKeys),
  category: z.enum(robotCategories),
  name: z.string(),
  nameZh: z.string(),
  description: z.string(),
  descriptionZh: z.string(),
  simulationOnly: z.boolean(),
  /**
   * False when the type cannot run on the pair asked about: a simulation-only type while the caller's
   * key for the pair is on a live venue (DESIGN §8; saving it answers 1030034).
   */
  available: z.boolean(),
  quoting: z.boolean(),
  follows: z.boolean(),
  /** JSON Schema of the config, with the bounds (`x-min`, `x-max`), titles and kinds the form renders. */
  schema: z.record(z.string(), z.unknown()),
  /** A valid config for the pair asked for. */
  defaults: z.record(z.string(), z.unknown()),
});
export type RobotTypeItem = z.infer<typeof robotTypeItem>;
export const robotInitListQuery = z.object({ coinId: idParam.optional() });
export const robotInitListResponse = z.array(robotTypeItem);

/**
 * GET /robot/referencePrice (issue 19): a followed pair's public price on its platform, for the form's
 * 5 % price-gap check: `sim` is the simulator's reference venue, any other code a ccxt venue read
 * without a key (its ticker: last trade, else the mid of bid and ask). Cached briefly on the server.
 * `price` is null when the venue cannot be read or has no price for the pair.
 */
export const robotReferencePriceQuery = z.object({
  platform: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{1,32}$/, { message: 'Invalid platform code' }),
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,15}\/[A-Z0-9]{1,15}$/, { message: 'Use the form BASE/QUOTE, e.g. BTC/USDT' }),
});
export const robotReferencePriceResponse = z.object({ platform: z.string(), symbol: z.string(), price: z.string().nullable(), at: epochMs });
export type RobotReferencePrice = z.infer<typeof robotReferencePriceResponse>;

/** The JSON Schema of a type's config, as GET /robot/init/list sends it. */
export function robotConfigJsonSchema(type: RobotTypeKey): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(robotTypes[type].config, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema;
}

/** Parses a config for its type; answers the parsed config or the field issues (path and spec text). */
export function parseRobotConfig(type: RobotTypeKey, config: unknown):
  | { ok: true; config: Record<string, unknown> }
  | { ok: false; issues: { field: string; message: string }[] } {
  const result = robotTypes[type].config.safeParse(config);
  if (result.success) return { ok: true, config: result.data as Record<string, unknown> };
  return { ok: false, issues: result.error.issues.map((i) => ({ field: i.path.join('.') || 'config', message: i.message })) };
}

/**
 * POST /robot/emergencyStop: stops every bot of the pair the caller may stop (a sub-account: its own,
 * on a pair bound to it; the main account: every account's) and cancels their orders. The caller's
 * manual orders on the pair (orders no bot placed) are left alone unless `cancelManual`; the answer
 * counts them, so the console can ask about them separately.
 */
export const emergencyStopRequest = z.object({ coinId: idParam, cancelManual: z.boolean().optional() });
export type EmergencyStopRequestBody = z.infer<typeof emergencyStopRequest>;

/**
 * Why an order is not (yet) seen cancelled: no_answer (the cancel's answer was lost or is late),
 * venue_refused, rate_limited, unresolved (a placement or cancel not confirmed yet), no_venue (the
 * bot's venue could not be opened: no order named).
 */
export const emergencyStopFailureKinds = ['no_answer', 'venue_refused', 'rate_limited', 'unresolved', 'no_venue'] as const;
export type EmergencyStopFailureKind = (typeof emergencyStopFailureKinds)[number];

export const emergencyStopFailure = z.object({
  /** Null for a manual order. */
  robotId: z.number().int().nullable(),
  clientOrderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  kind: z.enum(emergencyStopFailureKinds),
  message: z.string(),
});

export const emergencyStopResponse = z.object({
  /** Bots that were switched on and are now off ("emergency stop" in their status and log). */
  robotsStopped: z.number().int(),
  robotIds: z.array(z.number().int()),
  /** Bot orders cancelled (acknowledged by the venue). */
  ordersCancelled: z.number().int(),
  /** Bot orders that filled before their cancel reached the venue. */
  ordersFilled: z.number().int(),
  /** Orders not seen cancelled when the stop answered; the server keeps cancelling them and logs how each ended. */
  failed: z.array(emergencyStopFailure),
  /** Manual orders cancelled (only with cancelManual). */
  manualCancelled: z.number().int(),
  /** The caller's manual orders still open on the pair. */
  manualOpenOrders: z.number().int(),
  /** From the request to the last cancel acknowledged, in ms. */
  elapsedMs: z.number().int(),
});
export type EmergencyStopResponse = z.infer<typeof emergencyStopResponse>;

/** GET /robot/emergencyStop/preview: what a stop of the pair would reach now, for the confirmation. */
export const emergencyStopPreviewQuery = z.object({ coinId: idParam });
export const emergencyStopPreviewResponse = z.object({
  /** Running bots the stop halts (risk-control monitors are not among them: they keep watching). */
  runningRobots: z.number().int(),
  /** Running risk-control monitors of the pair the caller may stop: they place no orders and keep running. */
  runningMonitors: z.number().int(),
  /** Bots whose owner is another account (the main account stops every account's). */
  otherAccountsRobots: z.number().int(),
  manualOpenOrders: z.number().int(),
});
export type EmergencyStopPreview = z.infer<typeof emergencyStopPreviewResponse>;
