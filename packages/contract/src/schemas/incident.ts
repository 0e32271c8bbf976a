import { z } from 'zod';
import { epochMs, idParam } from './common.ts';
import { tradingLogLevels } from './trading-log.ts';

/**
 * The incident centre (issue 18 §1): what went wrong on a pair, per reader read or unread. Kinds:
 * a monitor's alert, an emergency stop (who pressed it and what it cancelled), a bot stopped by its
 * failures or by a guard, a key throttled or refused by the venue, a stream or venue down, a pair's
 * liquidity obligation breached, kept again, or its period's uptime out of reach (issue 20). Titles
 * and texts are stored as server texts and answered in the request's language (`lang` header).
 */
export const incidentKinds = ['monitor_alert', 'emergency_stop', 'bot_stopped', 'key_throttled', 'venue_down', 'venue_up', 'stream_down', 'stream_up', 'key_refused', 'obligation_breach', 'obligation_recovered', 'obligation_at_risk'] as const;
export type IncidentKind = (typeof incidentKinds)[number];
export const incidentLevels = tradingLogLevels;
export type IncidentLevel = (typeof incidentLevels)[number];

/** How many incidents one list answers at most (newest first). */
export const INCIDENT_LIST_MAX = 200;
/** How many ids one read call marks at most. */
export const INCIDENT_READ_IDS_MAX = 500;

export const incident = z.object({
  id: z.number().int(),
  level: z.enum(incidentLevels),
  kind: z.enum(incidentKinds),
  coinId: z.number().int(),
  /** The pair's symbol, for a list across pairs. */
  coinName: z.string(),
  robotId: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
  createdAt: epochMs,
  /** When the reader marked it read; null: unread. */
  readAt: epochMs.nullable(),
});
export type Incident = z.infer<typeof incident>;

/** A pair halted by an emergency stop, until one of its bots is switched on again. */
export const haltedPair = z.object({
  coinId: z.number().int(),
  coinName: z.string(),
  /** The emergency stop's incident. */
  incidentId: z.number().int(),
  /** Who pressed it (an account) or what asked for it (a monitor). */
  by: z.string(),
  at: epochMs,
  ordersCancelled: z.number().int(),
  botsStopped: z.number().int(),
  /** "Halted by … at …: N orders cancelled, M bots stopped", in the request's language. */
  text: z.string(),
});
export type HaltedPair = z.infer<typeof haltedPair>;

/**
 * Newest first, at most `limit`. Without `coinId`: every pair the reader may use. The main account
 * sees every incident of a pair; a restricted account its own (its bots', its keys', its stops') and
 * the pair-wide ones (an emergency stop of the whole pair, a venue down).
 */
export const incidentListQuery = z.object({
  coinId: idParam.optional(),
  limit: z.coerce.number<number>().int().min(1).max(INCIDENT_LIST_MAX).default(50),
});
export const incidentListResponse = z.object({
  items: z.array(incident),
  /** Unread incidents the reader may see (on the pair, or on all the reader's pairs). */
  unread: z.number().int(),
  /** Pairs halted by an emergency stop (the pair asked for, or all the reader's). */
  halted: z.array(haltedPair),
});
export type IncidentListResponse = z.infer<typeof incidentListResponse>;

/** Marks the given incidents read; without ids, every incident of `coinId` (or of every pair without it). */
export const incidentReadRequest = z.object({
  ids: z.array(idParam).min(1).max(INCIDENT_READ_IDS_MAX).optional(),
  coinId: idParam.optional(),
});
export type IncidentReadRequest = z.infer<typeof incidentReadRequest>;
export const incidentReadResponse = z.object({ marked: z.number().int(), unread: z.number().int() });
