import type { ServerText } from '@makerdesk/contract';

/**
 * The incident centre as the engine host reaches it (`EngineHostDeps.incidents`, given by
 * services.ts): a monitor's alert and a bot that stopped itself (repeated failures, a guard, a refused
 * key) become incidents; a bot's failure also goes to its owner's alert channels. Both never throw.
 */
export interface IncidentSeam {
  monitorAlert(alert: { adminId: number; coinId: number; robotId?: number; level: 'info' | 'warn' | 'error'; title: string; text: string; message?: { title: ServerText; text: ServerText } }): Promise<void>;
  /** `reason` in English (what classifies the stop), `said` the stop reason as stored (the incident's words, in each reader's language). */
  botStopped(robotId: number, reason: string, said?: ServerText): Promise<void>;
  /** The venue rate-limited the bot's key (the bot shows "throttled"); told at most once a while per bot. */
  keyThrottled(robotId: number): Promise<void>;
  /** A key's pair whose stream has been down past a minute (its bots poll), and back (issue 19). */
  feedChanged?(change: { type: 'down'; since: number } | { type: 'up'; since: number; downMs: number }, scope: { adminId: number; coinId: number; robotId: number; venue: string; symbol: string }): Promise<void>;
}
